import IconForgeKit
import Testing

@Suite("generate's printed paths")
struct ShownPathTests {
    @Test("a file written beside res/ (Android's ic_launcher-playstore.png, '../' in the output folder) is printed without res/..")
    func besideRes() {
        #expect(GeneratedFile.shown("../ic_launcher-playstore.png", in: "mobile/src/main/res") == "mobile/src/main/ic_launcher-playstore.png")
        #expect(GeneratedFile.shown("../ic_launcher-playstore.png", in: "mobile/src/main/res/") == "mobile/src/main/ic_launcher-playstore.png")
        #expect(GeneratedFile.shown("../ic_launcher-playstore.png", in: "res") == "ic_launcher-playstore.png")
        #expect(GeneratedFile.shown("../ic_launcher-playstore.png", in: "/work/app/src/main/res") == "/work/app/src/main/ic_launcher-playstore.png")
        #expect(GeneratedFile.shown("../index.html", in: "/public") == "/index.html")
        // Files inside the folder, and a folder whose last name is not a plain one, are joined as they are.
        #expect(GeneratedFile.shown("mipmap-mdpi/ic_launcher.png", in: "res") == "res/mipmap-mdpi/ic_launcher.png")
        #expect(GeneratedFile.shown("../x.png", in: "..") == "../../x.png")
        #expect(GeneratedFile.shown("x.png", in: "") == "x.png")
    }
}
