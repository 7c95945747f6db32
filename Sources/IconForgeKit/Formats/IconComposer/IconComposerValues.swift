/// A value an `icon.json` property can hold, read from and written back to JSON. Anything a value does
/// not model (a key inside an object) is kept, so a rewritten file loses nothing.
package protocol IconComposerValue: Sendable, Equatable {
    /// Reads the value; `place` names it in errors ("groups[0].layers[1].position").
    init(json: ContentsJSON, place: String) throws(IconComposerError)
    /// The value as JSON.
    var json: ContentsJSON { get }
}

/// How `icon.json` names appearances in its specialisations.
extension Appearance {
    /// The `appearance` value of a specialisation for this appearance; light is the unspecialised default.
    var specializationKey: String? { self == .light ? nil : rawValue }

    /// The appearances a specialisation may name. Icon Composer writes `light` for the default appearance.
    static let specializationKeys: Set<String> = ["light", "dark", "tinted"]

    /// True for a specialisation's appearance that means the default one: none, or `light`.
    static func isDefault(_ appearance: String?) -> Bool { appearance == nil || appearance == "light" }
}

/// A property that may vary by appearance or idiom: written as `key` (one value), as
/// `key-specializations` (a list of `{appearance, idiom, value}`), or — which actool resolves by taking the
/// plain value and ignoring the list — both.
package struct Specialized<Value: IconComposerValue>: Sendable, Equatable {
    /// One value of a specialisation list.
    package struct Entry: Sendable, Equatable {
        /// "dark", "tinted", or nil for the default.
        package var appearance: String?
        /// An idiom ("square", "macOS", …), or nil for every idiom.
        package var idiom: String?
        /// The value.
        package var value: Value
        /// Keys of the entry IconForge does not model.
        package var other: [String: ContentsJSON] = [:]

        package init(appearance: String? = nil, idiom: String? = nil, value: Value) {
            self.appearance = appearance
            self.idiom = idiom
            self.value = value
        }
    }

    /// The plain `key`, when the file has it.
    package var plain: Value?
    /// The `key-specializations` list, when the file has it.
    package var entries: [Entry]?

    /// A property with neither form.
    package init() {}

    /// A property with one plain value.
    package init(_ value: Value) { plain = value }

    /// A property written as a specialisation list.
    package init(entries: [Entry]) { self.entries = entries }

    /// True when the file has neither form.
    package var isAbsent: Bool { plain == nil && entries == nil }

    /// The value for `appearance` on the iOS square canvas, as actool resolves it: the plain value when there
    /// is one, else the entry for that appearance, else the default entry (no appearance, or `light`). Entries of the
    /// `square` idiom are that canvas's own and come before those for every idiom (ByteSized's sparkle, only
    /// `"idiom": "square"` at scale 5.5, is that large in its iOS export); other idioms' apply to other canvases and are passed over.
    package func value(for appearance: Appearance) -> Value? {
        if let plain { return plain }
        guard let entries else { return nil }
        let general = entries.filter { $0.idiom == Self.squareIdiom } + entries.filter { $0.idiom == nil }
        if let key = appearance.specializationKey, let match = general.first(where: { $0.appearance == key }) { return match.value }
        return general.first(where: { Appearance.isDefault($0.appearance) })?.value
    }

    /// The idiom of the square canvas iOS and iPadOS icons are drawn on (Icon Composer's "iOS / macOS" squares).
    static var squareIdiom: String { "square" }

    /// Every value the property can take, for checks that apply to all of them.
    package var allValues: [Value] { (plain.map { [$0] } ?? []) + (entries ?? []).map(\.value) }
}

/// The fields of one JSON object being read into a model: typed accessors that name the place in errors,
/// and what is left over (kept verbatim).
struct IconComposerFields {
    var rest: [String: ContentsJSON]
    let place: String

    init(_ json: ContentsJSON, place: String) throws(IconComposerError) {
        guard let fields = json.fields else { throw .invalidValue(place, "must be an object") }
        rest = fields
        self.place = place
    }

    func at(_ key: String) -> String { place.isEmpty ? key : place + "." + key }

    /// Takes `key` (and `key-specializations`) out of the fields.
    mutating func property<Value: IconComposerValue>(_ key: String) throws(IconComposerError) -> Specialized<Value> {
        var result = Specialized<Value>()
        if let json = rest.removeValue(forKey: key) { result.plain = try Value(json: json, place: at(key)) }
        let listKey = key + "-specializations"
        if let json = rest.removeValue(forKey: listKey) {
            guard let items = json.array else { throw .invalidValue(at(listKey), "must be an array of {appearance, value}") }
            var entries: [Specialized<Value>.Entry] = []
            for (index, item) in items.enumerated() {
                var fields = try IconComposerFields(item, place: at(listKey) + "[\(index)]")
                guard let valueJSON = fields.rest.removeValue(forKey: "value") else {
                    throw .invalidValue(fields.place, "has no \"value\"")
                }
                var entry = Specialized<Value>.Entry(value: try Value(json: valueJSON, place: fields.at("value")))
                entry.appearance = try fields.string("appearance")
                entry.idiom = try fields.string("idiom")
                entry.other = fields.rest
                entries.append(entry)
            }
            result.entries = entries
        }
        return result
    }

    /// Takes a plain value out of the fields.
    mutating func value<Value: IconComposerValue>(_ key: String) throws(IconComposerError) -> Value? {
        guard let json = rest.removeValue(forKey: key) else { return nil }
        return try Value(json: json, place: at(key))
    }

    mutating func string(_ key: String) throws(IconComposerError) -> String? { try value(key) }
}

extension Dictionary where Key == String, Value == ContentsJSON {
    /// Writes a property back in the form (or forms) it was read in.
    mutating func put<V: IconComposerValue>(_ property: Specialized<V>, _ key: String) {
        if let plain = property.plain { self[key] = plain.json }
        if let entries = property.entries {
            self[key + "-specializations"] = .array(entries.map { entry in
                var fields = entry.other
                if let appearance = entry.appearance { fields["appearance"] = .string(appearance) }
                if let idiom = entry.idiom { fields["idiom"] = .string(idiom) }
                fields["value"] = entry.value.json
                return .object(fields)
            })
        }
    }
}

extension Double: IconComposerValue {
    package init(json: ContentsJSON, place: String) throws(IconComposerError) {
        guard let value = json.double else { throw .invalidValue(place, "must be a number") }
        self = value
    }

    package var json: ContentsJSON { .number(self) }
}

extension Bool: IconComposerValue {
    package init(json: ContentsJSON, place: String) throws(IconComposerError) {
        guard let value = json.bool else { throw .invalidValue(place, "must be true or false") }
        self = value
    }

    package var json: ContentsJSON { .bool(self) }
}

extension String: IconComposerValue {
    package init(json: ContentsJSON, place: String) throws(IconComposerError) {
        guard let value = json.string else { throw .invalidValue(place, "must be a string") }
        self = value
    }

    package var json: ContentsJSON { .string(self) }
}

extension ContentsJSON: IconComposerValue {
    /// Any JSON, for properties IconForge keeps but does not interpret (`blur-material`, which may be `null`).
    package init(json: ContentsJSON, place: String) { self = json }

    package var json: ContentsJSON { self }
}

/// What a canvas or a layer is filled with.
package enum IconComposerFill: IconComposerValue {
    /// `"none"`.
    case none
    /// `"automatic"`: the system's default for the appearance.
    case automatic
    /// `"system-light"`, `"system-dark"`: the system's light or dark backgrounds.
    case systemLight, systemDark
    /// `{"solid": colour}`.
    case solid(String)
    /// `{"automatic-gradient": colour}`: a gradient the system derives from one colour; other keys of the object
    /// are kept (Icon Composer writes an `orientation` beside it, as beside a linear gradient: Synesthia's canvas).
    case automaticGradient(String, other: [String: ContentsJSON] = [:])
    /// `{"linear-gradient": [colour, colour]}`, top to bottom; other keys of the object (an orientation) are kept.
    case linearGradient([String], other: [String: ContentsJSON])

    package init(json: ContentsJSON, place: String) throws(IconComposerError) {
        if let name = json.string {
            switch name {
            case "none": self = .none
            case "automatic": self = .automatic
            case "system-light": self = .systemLight
            case "system-dark": self = .systemDark
            default: throw .invalidValue(place, "'\(name)' is not a fill (none, automatic, system-light, system-dark, or an object)")
            }
            return
        }
        var fields = try IconComposerFields(json, place: place)
        if let colour: String = try fields.value("solid") {
            self = .solid(colour)
        } else if let colour: String = try fields.value("automatic-gradient") {
            self = .automaticGradient(colour, other: fields.rest)
            return
        } else if let stops = fields.rest.removeValue(forKey: "linear-gradient") {
            guard let items = stops.array, !items.isEmpty else { throw .invalidValue(place + ".linear-gradient", "must be an array of colours") }
            var colours: [String] = []
            for (index, item) in items.enumerated() {
                guard let text = item.string else { throw .invalidValue(place + ".linear-gradient[\(index)]", "must be a colour string") }
                colours.append(text)
            }
            self = .linearGradient(colours, other: fields.rest)
            return
        } else {
            throw .invalidValue(place, "is not a fill (expected solid, linear-gradient or automatic-gradient)")
        }
        guard fields.rest.isEmpty else { throw .invalidValue(place, "has unknown keys: \(fields.rest.keys.sorted().joined(separator: ", "))") }
    }

    package var json: ContentsJSON {
        switch self {
        case .none: .string("none")
        case .automatic: .string("automatic")
        case .systemLight: .string("system-light")
        case .systemDark: .string("system-dark")
        case .solid(let colour): .object(["solid": .string(colour)])
        case .automaticGradient(let colour, let other): .object(other.merging(["automatic-gradient": .string(colour)]) { $1 })
        case .linearGradient(let colours, let other): .object(other.merging(["linear-gradient": .array(colours.map { .string($0) })]) { $1 })
        }
    }

    /// The colour strings the fill holds.
    package var colours: [String] {
        switch self {
        case .solid(let colour), .automaticGradient(let colour, _): [colour]
        case .linearGradient(let colours, _): colours
        default: []
        }
    }
}

/// Where a layer or group sits: a scale about the canvas centre, then a translation in points.
package struct IconComposerPosition: IconComposerValue {
    /// 1 draws the layer at its own size (a 1024 px PNG fills the 1024 pt canvas).
    package var scale: Double
    /// Points right and down (Icon Composer's canvas has y growing downwards).
    package var translation: (x: Double, y: Double)
    /// Keys IconForge does not model.
    package var other: [String: ContentsJSON] = [:]

    package init(scale: Double = 1, translation: (x: Double, y: Double) = (0, 0)) {
        self.scale = scale
        self.translation = translation
    }

    package init(json: ContentsJSON, place: String) throws(IconComposerError) {
        var fields = try IconComposerFields(json, place: place)
        scale = try fields.value("scale") ?? 1
        guard scale.isFinite, scale > 0, scale <= 100 else { throw .invalidValue(fields.at("scale"), "must be a number between 0 and 100") }
        translation = (0, 0)
        if let items = fields.rest.removeValue(forKey: "translation-in-points") {
            guard let pair = items.array, pair.count == 2, let x = pair[0].double, let y = pair[1].double,
                  abs(x) <= 100_000, abs(y) <= 100_000 else {
                throw .invalidValue(fields.at("translation-in-points"), "must be [x, y] in points")
            }
            translation = (x, y)
        }
        other = fields.rest
    }

    package var json: ContentsJSON {
        .object(other.merging(["scale": .number(scale),
                               "translation-in-points": .array([.number(translation.x), .number(translation.y)])]) { $1 })
    }

    package static func == (lhs: IconComposerPosition, rhs: IconComposerPosition) -> Bool {
        lhs.scale == rhs.scale && lhs.translation == rhs.translation && lhs.other == rhs.other
    }
}

/// A group's shadow: `neutral`, `layer-color` or `none`, with an opacity.
package struct IconComposerShadow: IconComposerValue {
    package var kind: String
    package var opacity: Double
    package var other: [String: ContentsJSON] = [:]

    package init(kind: String, opacity: Double) {
        self.kind = kind
        self.opacity = opacity
    }

    package init(json: ContentsJSON, place: String) throws(IconComposerError) {
        var fields = try IconComposerFields(json, place: place)
        kind = try fields.string("kind") ?? "neutral"
        opacity = try fields.value("opacity") ?? 0.5
        other = fields.rest
    }

    package var json: ContentsJSON { .object(other.merging(["kind": .string(kind), "opacity": .number(opacity)]) { $1 }) }
}

/// A group's translucency: whether it is on, and how much.
package struct IconComposerTranslucency: IconComposerValue {
    package var enabled: Bool
    package var value: Double
    package var other: [String: ContentsJSON] = [:]

    package init(enabled: Bool, value: Double) {
        self.enabled = enabled
        self.value = value
    }

    package init(json: ContentsJSON, place: String) throws(IconComposerError) {
        var fields = try IconComposerFields(json, place: place)
        enabled = try fields.value("enabled") ?? false
        value = try fields.value("value") ?? 0.5
        other = fields.rest
    }

    package var json: ContentsJSON { .object(other.merging(["enabled": .bool(enabled), "value": .number(value)]) { $1 }) }
}
