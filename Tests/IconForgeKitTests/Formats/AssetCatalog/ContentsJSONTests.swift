import IconForgeKit
import Testing

@Suite("ContentsJSON")
struct ContentsJSONTests {
    @Test("renders Xcode's layout: sorted keys, space before the colon, two-space indent, final newline")
    func xcodeLayout() {
        let json = ContentsJSON.object([
            "info": .info,
            "images": .array([.object(["size": .string("20x20"), "idiom": .string("iphone"), "filename": .string("a \"b\".png")])]),
            "properties": .object(["flag": .bool(true), "ratio": .number(0.5)]),
        ])
        #expect(json.rendered == """
            {
              "images" : [
                {
                  "filename" : "a \\"b\\".png",
                  "idiom" : "iphone",
                  "size" : "20x20"
                }
              ],
              "info" : {
                "author" : "xcode",
                "version" : 1
              },
              "properties" : {
                "flag" : true,
                "ratio" : 0.5
              }
            }

            """)
    }

    @Test("what JSONSerialization reads converts back, booleans and numbers kept apart")
    func roundTrip() {
        let value = ContentsJSON(any: ["a": [1, true, "x", 2.5] as [Any]] as [String: Any])
        #expect(value == .object(["a": .array([.integer(1), .bool(true), .string("x"), .number(2.5)])]))
    }
}
