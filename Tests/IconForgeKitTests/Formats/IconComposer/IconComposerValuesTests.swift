import IconForgeKit
import Testing

@Suite("IconComposerValues")
struct IconComposerValuesTests {
    @Test("an entry of the square idiom is the iOS canvas's value (ByteSized's sparkle, scale 5.5 only for \"square\"), before one for every idiom; another idiom's is passed over")
    func squareIdiom() {
        // ByteSized's iPadTranslucent layer: hidden on the square canvas only.
        let hidden = Specialized<Bool>(entries: [.init(idiom: "square", value: true)])
        #expect(hidden.value(for: .light) == true && hidden.value(for: .dark) == true)
        // The square entry before the general one; an appearance's own entry before either default.
        let scale = Specialized<Double>(entries: [.init(value: 1), .init(idiom: "square", value: 5.5), .init(appearance: "dark", value: 2)])
        #expect(scale.value(for: .light) == 5.5)
        #expect(scale.value(for: .dark) == 2)
        // Another idiom's entry is another canvas's.
        #expect(Specialized<Double>(entries: [.init(idiom: "watchOS", value: 3)]).value(for: .light) == nil)
        #expect(Specialized<Double>(entries: [.init(idiom: "watchOS", value: 3), .init(value: 1)]).value(for: .light) == 1)
    }
}
