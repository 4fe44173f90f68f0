import SBMapModel
@testable import SBMapParse
import Testing

/// `.xcconfig` files, as NetNewsWire's targets use them (a real app): settings, includes, and what
/// is never read.
@Suite("Projects: .xcconfig build settings")
struct XcconfigReaderTests {
    static func reader(_ files: [String: String]) -> XcconfigReader {
        XcconfigReader(read: { path in files[path].map { Array($0.utf8) } })
    }

    static func value(_ settings: PlistValue, _ key: String) -> String? { settings[key]?.stringValue?.0 }

    @Test func settingsCommentsSemicolonsAndIncludesInOrder() {
        let settings = Self.reader([
            "xcconfig/App.xcconfig": """
                // The Mac app
                #include "./common/Common.xcconfig"
                #include? "Missing.xcconfig"
                SDKROOT = macosx; // after the include, so it wins
                INFOPLIST_FILE = "Mac/Resources/Info.plist"
                INFOPLIST_KEY_NSMainStoryboardFile[sdk=macosx*] = Main
                URL = https://example.com
                not a setting
                """,
            "xcconfig/common/Common.xcconfig": "SDKROOT = iphoneos\r\nPRODUCT_NAME = NetNewsWire\r\n",
        ]).settings(at: "xcconfig/App.xcconfig")
        #expect(Self.value(settings, "SDKROOT") == "macosx")
        #expect(Self.value(settings, "PRODUCT_NAME") == "NetNewsWire", "from the include, relative to the including file")
        #expect(Self.value(settings, "INFOPLIST_FILE") == "Mac/Resources/Info.plist")
        #expect(Self.value(settings, "INFOPLIST_KEY_NSMainStoryboardFile[sdk=macosx*]") == "Main")
        #expect(Self.value(settings, "URL") == "https:", "// starts a comment even in a value, as Xcode reads it")
        #expect(settings["not a setting"] == nil)
        #expect(settings["SDKROOT"]?.stringValue?.1 == SourceLocation(path: "xcconfig/App.xcconfig", line: 4, column: 11))
    }

    @Test func includeCyclesAndAbsoluteIncludesAreNotFollowed() {
        let settings = Self.reader([
            "A.xcconfig": "#include \"B.xcconfig\"\n#include \"/etc/shared.xcconfig\"\n#include \"<DEVELOPER_DIR>/x.xcconfig\"\nA = 1\n",
            "B.xcconfig": "#include \"A.xcconfig\"\nB = 2\n",
            "/etc/shared.xcconfig": "SECRET = 1\n",
        ]).settings(at: "A.xcconfig")
        #expect(Self.value(settings, "A") == "1")
        #expect(Self.value(settings, "B") == "2")
        #expect(settings["SECRET"] == nil)
    }

    /// The loader reads an `.xcconfig` beside the project, and nothing absolute or above the folder the scan
    /// started from.
    @Test func theLoaderReadsNothingOutsideTheScan() throws {
        let loader = ProjectFileLoader()
        let file = InputFile(kind: .projectFile, url: "/repo/App/App.xcodeproj/project.pbxproj", path: "App/App.xcodeproj/project.pbxproj")
        let read = try #require(loader.reader(beside: file))
        #expect(read("/etc/passwd") == nil)
        #expect(read("../outside.xcconfig") == nil)
        let up = InputFile(kind: .projectFile, url: "../App/App.xcodeproj/project.pbxproj", path: "../App/App.xcodeproj/project.pbxproj")
        let readUp = try #require(loader.reader(beside: up))
        #expect(readUp("../../elsewhere.xcconfig") == nil)
    }

    /// A configuration's own settings win over its `.xcconfig`'s, and the target's over the project's.
    @Test func aConfigurationsOwnSettingsWinOverItsXcconfig() throws {
        let project = """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \t\tFX = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = App.xcconfig; sourceTree = "<group>"; };
            \t\tFP = {isa = PBXFileReference; lastKnownFileType = text.xcconfig; path = Project.xcconfig; sourceTree = "<group>"; };
            \t\tG0 = {isa = PBXGroup; children = (FX, FP); sourceTree = "<group>"; };
            \t\tT1 = {isa = PBXNativeTarget; buildConfigurationList = L1; buildPhases = (); name = App; productType = "com.apple.product-type.application"; };
            \t\tC1 = {isa = XCBuildConfiguration; baseConfigurationReference = FX; buildSettings = {PRODUCT_BUNDLE_IDENTIFIER = com.example.own; }; name = Release; };
            \t\tC0 = {isa = XCBuildConfiguration; baseConfigurationReference = FP; buildSettings = {}; name = Release; };
            \t\tL1 = {isa = XCConfigurationList; buildConfigurations = (C1); };
            \t\tL0 = {isa = XCConfigurationList; buildConfigurations = (C0); };
            \t\tX1 = {isa = PBXProject; buildConfigurationList = L0; mainGroup = G0; projectDirPath = ""; targets = (T1); };
            \t};
            \trootObject = X1;
            }
            """
        let files = [
            "App.xcconfig": "PRODUCT_BUNDLE_IDENTIFIER = com.example.xcconfig\nINFOPLIST_FILE = App/Info.plist\n",
            "Project.xcconfig": "SDKROOT = appletvos\nINFOPLIST_FILE = Other/Info.plist\n",
        ]
        let loaded = ProjectFileLoader().loadProjectFile(bytes: Array(project.utf8), path: "App.xcodeproj/project.pbxproj",
                                                         readFile: { path in files[path].map { Array($0.utf8) } })
        let target = try #require(loaded.value?.targets.first)
        #expect(target.bundleIdentifier == "com.example.own")
        #expect(target.infoPlistFile == "App/Info.plist", "the target's xcconfig before the project's")
        #expect(target.platforms == [.tvOS], "the project's xcconfig, where the target sets nothing")
    }
}
