import IconForgeKit
import Raster

extension RewriteOutcome {
    /// " (N translucent pixels composited over #RRGGBB)" when pixels were flattened, else nothing.
    func flatteningNote(over background: RGBColor) -> String {
        flattenedPixels > 0 ? " (\(flattenedPixels) translucent pixels composited over \(background))" : ""
    }
}
