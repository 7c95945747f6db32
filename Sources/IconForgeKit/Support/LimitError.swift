/// Why IconForge refuses work before starting it: an image beyond the memory and size limits (`--max-memory`,
/// `--max-pixels`), or more than one run makes. The description follows the path of the file concerned.
public enum LimitError: Error, Sendable, Equatable, CustomStringConvertible {
    /// An output whose size is beyond the limits; `refusal` says which limit and how to raise it.
    case output(refusal: String)
    /// An Icon Composer bundle drawn at a size beyond the limits.
    case drawing(refusal: String)
    /// A layer of an Icon Composer bundle placed at a scale whose image is beyond the limits.
    case placedLayer(refusal: String)
    /// A web manifest that names more icons than IconForge renders for one: how many, and the most.
    case manifestIcons(count: Int, limit: Int)
    /// A run that would write more pixels than one run writes: its files, its megapixels, and the most.
    case runPixels(files: Int, megapixels: Int, limit: Int)

    public var description: String {
        switch self {
        case .output(let refusal): "cannot make \(refusal)"
        case .drawing(let refusal): "cannot draw it at \(refusal)"
        case .placedLayer(let refusal): "is placed at a scale that needs \(refusal)"
        case .manifestIcons(let count, let limit): "lists \(count) icons to render, more than the \(limit) IconForge renders for a manifest"
        case .runPixels(let files, let megapixels, let limit):
            "the run would write \(files) files of \(megapixels) megapixels in all, more than the \(limit) IconForge writes in one run"
        }
    }
}
