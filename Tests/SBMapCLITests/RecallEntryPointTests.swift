import Foundation
import Testing

/// Issue 20, entry points: every build configuration's Info.plist (class 8), paths as Xcode resolves them on a Mac
/// (class 9), `~ipad` keys that an iPhone-only target never reads, and a launch storyboard without an initial scene
/// (class 11). Each with its counter-case.
@Suite struct RecallEntryPointTests {
    typealias R = RecallClassesTests

    /// A project of app targets, each with its build configurations (name → build settings, as written inside
    /// `buildSettings = { … }`) and the files its resources phase holds. `base` names a configuration's `.xcconfig`.
    static func pbxproj(_ targets: [(name: String, configurations: [(name: String, settings: String, base: String?)],
                                     resources: [String])]) -> String {
        var objects = ""
        var children: [String] = []
        var targetIDs: [String] = []
        var refs: [String: String] = [:]
        func ref(_ path: String) -> String {
            if let id = refs[path] { return id }
            let id = "F\(refs.count + 1)"
            refs[path] = id
            objects += "\t\t\(id) = {isa = PBXFileReference; path = \"\(path)\"; sourceTree = SOURCE_ROOT; };\n"
            children.append(id)
            return id
        }
        for (t, target) in targets.enumerated() {
            var files: [String] = []
            for (k, path) in target.resources.enumerated() {
                objects += "\t\tB\(t)_\(k) = {isa = PBXBuildFile; fileRef = \(ref(path)); };\n"
                files.append("B\(t)_\(k)")
            }
            var configurationIDs: [String] = []
            for (c, configuration) in target.configurations.enumerated() {
                let base = configuration.base.map { "baseConfigurationReference = \(ref($0)); " } ?? ""
                objects += "\t\tC\(t)_\(c) = {isa = XCBuildConfiguration; \(base)buildSettings = {\(configuration.settings)}; name = \(configuration.name); };\n"
                configurationIDs.append("C\(t)_\(c)")
            }
            objects += """
                \t\tR\(t) = {isa = PBXResourcesBuildPhase; files = (\(files.joined(separator: ", "))); };
                \t\tL\(t) = {isa = XCConfigurationList; buildConfigurations = (\(configurationIDs.joined(separator: ", "))); };
                \t\tT\(t) = {isa = PBXNativeTarget; buildConfigurationList = L\(t); buildPhases = (R\(t)); name = \(target.name); productType = "com.apple.product-type.application"; };

                """
            targetIDs.append("T\(t)")
        }
        return """
            // !$*UTF8*$!
            {
            \tarchiveVersion = 1;
            \tobjectVersion = 56;
            \tobjects = {
            \(objects)\t\tG0 = {isa = PBXGroup; children = (\(children.joined(separator: ", "))); sourceTree = "<group>"; };
            \t\tX1 = {isa = PBXProject; mainGroup = G0; projectDirPath = ""; targets = (\(targetIDs.joined(separator: ", "))); };
            \t};
            \trootObject = X1;
            }

            """
    }

    static let main = XML.storyboard(initial: "h", XML.scene("h"))
    static func plist(_ pairs: (String, String)...) -> String { MultiAppRepositoryTests.plist(pairs) }

    /// Class 8: a Beta configuration with its own Info.plist, an `.xcconfig` that sets one, and an `[sdk=…]`
    /// condition: each plist is read, and its findings say which configuration. The counter-case: Debug and Release
    /// share one plist, whose finding is made once. And `~ipad` keys: read in a universal
    /// target (an error), never read in an iPhone-only one (a note saying why).
    @Test func everyConfigurationsInfoPlistIsRead() throws {
        let root = try Harness.project([
            "App/Main.storyboard": Self.main,
            "App/Info.plist": Self.plist(("UIMainStoryboardFile", "Main"), ("UIMainStoryboardFile~ipad", "MainPad")),
            "App/Info-Beta.plist": Self.plist(("UIMainStoryboardFile", "Mian")),
            "App/Info-Alpha.plist": Self.plist(("UIMainStoryboardFile", "Mainn")),
            "App/Info-TV.plist": Self.plist(("UIMainStoryboardFile", "MainTV")),
            "App/Alpha.xcconfig": "INFOPLIST_FILE = App/Info-Alpha.plist\n",
            "Phone/Main.storyboard": Self.main,
            "Phone/Info.plist": Self.plist(("UIMainStoryboardFile", "Main"), ("UIMainStoryboardFile~ipad", "PhonePad")),
            "App.xcodeproj/project.pbxproj": Self.pbxproj([
                (name: "App", configurations: [
                    (name: "Debug", settings: #"INFOPLIST_FILE = "App/Info.plist"; SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = "1,2"; "#, base: nil),
                    (name: "Release", settings: #"INFOPLIST_FILE = "App/Info.plist"; "INFOPLIST_FILE[sdk=appletvos*]" = "App/Info-TV.plist"; SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = "1,2"; "#, base: nil),
                    (name: "Beta", settings: #"INFOPLIST_FILE = "App/Info-Beta.plist"; SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = "1,2"; "#, base: nil),
                    (name: "Alpha", settings: #"SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = "1,2"; "#, base: "App/Alpha.xcconfig"),
                 ], resources: ["App/Main.storyboard"]),
                (name: "Phone", configurations: [
                    (name: "Debug", settings: #"INFOPLIST_FILE = "Phone/Info.plist"; SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = 1; "#, base: nil),
                    (name: "Release", settings: #"INFOPLIST_FILE = "Phone/Info.plist"; SDKROOT = iphoneos; TARGETED_DEVICE_FAMILY = 1; "#, base: nil),
                 ], resources: ["Phone/Main.storyboard"]),
            ]),
        ])
        let all = try R.findings(root)
        let beta = R.finding(all, at: "App/Info-Beta.plist:6:")
        #expect(R.level(beta) == "error" && beta!.contains("missing-entry-storyboard") && beta!.contains("(in configuration Beta of App)")
                    && beta!.contains("'Mian'"), "\(all)")
        let alpha = R.finding(all, at: "App/Info-Alpha.plist:6:")
        #expect(R.level(alpha) == "error" && alpha!.contains("in configuration Alpha of App"), "\(all)")
        let tv = R.finding(all, at: "App/Info-TV.plist:6:")
        #expect(R.level(tv) == "error" && tv!.contains("in configuration Release (sdk=appletvos*) of App"), "\(all)")
        // Shared by Debug and Release: one finding, naming both.
        let shared = all.filter { $0.contains("App/Info.plist:") }
        #expect(shared.count == 1 && R.level(shared[0]) == "error" && shared[0].contains("'MainPad'")
                    && shared[0].contains("(in configurations Debug, Release of App)"), "\(all)")
        // An iPhone-only target never reads `~ipad` keys.
        let pad = R.finding(all, at: "Phone/Info.plist:8:")
        // (Both of its configurations use its one plist: no configuration to name.)
        #expect(R.level(pad) == "note" && pad!.contains("'PhonePad'") && pad!.contains("TARGETED_DEVICE_FAMILY = 1")
                    && !pad!.contains("configuration"), "\(all)")
    }

    /// Class 9: `INFOPLIST_FILE = myapp/Info.plist` where the folder is `MyApp/` builds on a Mac: the plist is read,
    /// with a note. The counter-case: two files that differ only in letter case: no guess, a note.
    @Test func pathsResolveAsOnAMacsDisk() throws {
        let root = try Harness.project([
            "MyApp/Main.storyboard": Self.main,
            "MyApp/Info.plist": Self.plist(("UIMainStoryboardFile", "Mian")),
            "Other/Main.storyboard": Self.main,
            "Other/Info.plist": Self.plist(("UIMainStoryboardFile", "Nope")),
            "Other/info.plist": Self.plist(("UIMainStoryboardFile", "Nope")),
            "App.xcodeproj/project.pbxproj": Self.pbxproj([
                (name: "App", configurations: [(name: "Release", settings: #"INFOPLIST_FILE = myapp/Info.plist; SDKROOT = iphoneos; "#, base: nil)],
                 resources: ["MyApp/Main.storyboard"]),
                (name: "Other", configurations: [(name: "Release", settings: #"INFOPLIST_FILE = Other/INFO.plist; SDKROOT = iphoneos; "#, base: nil)],
                 resources: ["Other/Main.storyboard"]),
            ]),
        ])
        let all = try R.findings(root)
        let key = R.finding(all, at: "MyApp/Info.plist:6:")
        #expect(R.level(key) == "error" && key!.contains("'Mian'"), "\(all)")
        let note = all.filter { $0.contains("project-path-case") && $0.contains("'myapp/Info.plist'") }
        #expect(note.count == 1 && R.level(note[0]) == "note" && note[0].contains("exists only as 'MyApp/Info.plist'"), "\(all)")
        let ambiguous = all.filter { $0.contains("project-path-case") && $0.contains("'Other/INFO.plist'") }
        #expect(ambiguous.count == 1 && ambiguous[0].contains("does not guess"), "\(all)")
        #expect(!all.contains { $0.contains("Other/Info.plist:") || $0.contains("Other/info.plist:") }, "\(all)")
    }

    /// Class 11: the launch screen is the launch storyboard's initial view controller; without one the app opens on
    /// a blank screen (a warning). The counter-cases: a launch storyboard with one, one with no scene at all (a
    /// blank launch screen on purpose, as Texture's samples have), and a macOS main storyboard without one (normal),
    /// give nothing.
    @Test func aLaunchStoryboardWithoutAnInitialScene() throws {
        let root = try Harness.project([
            "App/Main.storyboard": Self.main,
            "App/LaunchScreen.storyboard": XML.storyboard(XML.scene("l")),
            "App/Info.plist": Self.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "LaunchScreen")),
            "Good/Main.storyboard": Self.main,
            "Good/Launch.storyboard": XML.storyboard(initial: "l", XML.scene("l")),
            "Good/Info.plist": Self.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "Launch")),
            "Both/Screen.storyboard": XML.storyboard(XML.scene("b")),
            "Both/Info.plist": Self.plist(("UILaunchStoryboardName", "Screen"), ("UIMainStoryboardFile", "Screen")),
            "Two/Main.storyboard": Self.main,
            "Two/Launch2.storyboard": XML.storyboard(XML.scene("t")),
            "Two/A/Info.plist": Self.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "Launch2")),
            "Two/B/Info.plist": Self.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "Launch2")),
            "Blank/Main.storyboard": Self.main,
            "Blank/Launch.storyboard": XML.storyboard(),
            "Blank/Info.plist": Self.plist(("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "Launch")),
            "Mac/Main.storyboard": XML.storyboard(platform: "MacOSX.Cocoa", XML.scene("m", element: "viewController")),
            "Mac/Info.plist": Self.plist(("NSMainStoryboardFile", "Main")),
        ])
        let all = try R.findings(root)
        let launch = R.finding(all, at: "App/Info.plist:8:")
        #expect(R.level(launch) == "warning" && launch!.contains("missing-initial-scene") && launch!.contains("blank screen"), "\(all)")
        #expect(!all.contains { $0.contains("Good/") || $0.contains("Blank/") || $0.contains("Mac/") }, "\(all)")
        // Both the launch screen and the main storyboard: each key says what it breaks.
        #expect(R.level(R.finding(all, at: "Both/Info.plist:6:")) == "warning", "\(all)")
        #expect(R.level(R.finding(all, at: "Both/Info.plist:8:")) == "error", "\(all)")
        // Two apps' keys name one launch storyboard: a finding at each.
        for app in ["A", "B"] { #expect(R.level(R.finding(all, at: "Two/\(app)/Info.plist:8:")) == "warning", "\(app): \(all)") }
    }
}
