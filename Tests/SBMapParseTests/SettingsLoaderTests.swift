import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

private func settings(_ name: String, kind: InputFile.Kind = .infoPlist) throws -> Loaded<LoadedSettings> {
    try #require(SettingsLoader().load(Fixture.input(name, kind: kind)))
}

@Suite("Settings: Info.plist")
struct InfoPlistTests {
    @Test func readsEveryStoryboardKeyWithItsLocation() throws {
        let loaded = try settings("Info.plist")
        #expect(loaded.diagnostics.isEmpty)
        let value = try #require(loaded.value)
        #expect(value.path == "App/Info.plist")
        #expect(value.bundleIdentifier == "com.example.GoMap")
        #expect(value.entryPoints.map(\.role) == [.scene, .launch, .launchPad, .main, .mainPad])
        #expect(value.entryPoints.map(\.key) == ["UISceneStoryboardFile", "UILaunchStoryboardName", "UILaunchStoryboardName~ipad",
                                                 "UIMainStoryboardFile", "UIMainStoryboardFile~ipad"])
        #expect(value.entryPoints.map(\.storyboardName) == ["Main", "Launch Screen", "LaunchScreenPad", "MainStoryboard", "MainStoryboard_iPad"])
        let text = try Fixture.text("Info.plist")
        for entry in value.entryPoints {
            let expected = try #require(position(of: "string>\(entry.storyboardName)</string>", in: text))
            #expect(entry.location == SourceLocation(path: "App/Info.plist", line: expected.line, column: expected.column))
        }
    }

    @Test func extensionStoryboardAndBuildSettingIdentifiers() throws {
        let value = try #require(try settings("Extension-Info.plist").value)
        #expect(value.entryPoints.map(\.role) == [.extension])
        #expect(value.entryPoints.first?.key == "NSExtensionMainStoryboard")
        #expect(value.entryPoints.first?.storyboardName == "MainInterface")
        // `$(PRODUCT_BUNDLE_IDENTIFIER)` is not a bundle identifier the loader can know.
        #expect(value.bundleIdentifier == nil)
    }

    @Test func macMainStoryboardAndLaunchStoryboardDefinitions() throws {
        let value = try #require(try settings("Mac-Info.plist").value)
        #expect(value.entryPoints.map(\.role) == [.main, .launch, .launch])
        #expect(value.entryPoints.map(\.key) == ["NSMainStoryboardFile", "UILaunchStoryboardFile", "UILaunchStoryboardFile"])
        // The second name is written as CDATA.
        #expect(value.entryPoints.map(\.storyboardName) == ["Main", "LaunchDefault", "Launch Dark"])
    }

    @Test func binaryPlistsHaveNoLines() throws {
        let plist: [String: Any] = [
            "CFBundleIdentifier": "com.example.binary",
            "UIMainStoryboardFile": "Main",
            "NSExtension": ["NSExtensionMainStoryboard": "MainInterface"],
            "UIApplicationSceneManifest": ["UISceneConfigurations": ["UIWindowSceneSessionRoleApplication": [["UISceneStoryboardFile": "Scene"]]]],
        ]
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        #expect(data.starts(with: Array("bplist00".utf8)))
        let loaded = SettingsLoader().loadInfoPlist(bytes: data, path: "Binary/Info.plist")
        let value = try #require(loaded.value)
        #expect(loaded.diagnostics.isEmpty)
        #expect(value.bundleIdentifier == "com.example.binary")
        #expect(Set(value.entryPoints.map(\.storyboardName)) == ["Main", "MainInterface", "Scene"])
        #expect(value.entryPoints.allSatisfy { $0.location == SourceLocation(path: "Binary/Info.plist") })
    }

    @Test func malformedPlists() throws {
        let loader = SettingsLoader()
        let truncated = loader.loadInfoPlist(bytes: Array("<?xml version=\"1.0\"?>\n<plist version=\"1.0\">\n<dict>\n<key>UIMainStoryboardFile</key>\n".utf8), path: "Info.plist")
        #expect(truncated.value == nil)
        #expect(truncated.codes == ["malformed-plist"])
        #expect(truncated.diagnostics.first?.severity == .error)

        let binary = loader.loadInfoPlist(bytes: Array("bplist00 this is not really one".utf8), path: "Info.plist")
        #expect(binary.value == nil)
        #expect(binary.codes == ["malformed-plist"])

        let notAPlist = loader.loadInfoPlist(bytes: Array("<document/>".utf8), path: "Info.plist")
        #expect(notAPlist.codes == ["malformed-plist"])
        #expect(notAPlist.diagnostics.first?.message.contains("<document>") == true)

        let array = loader.loadInfoPlist(bytes: Array("<plist><array><string>Main</string></array></plist>".utf8), path: "Info.plist")
        #expect(array.codes == ["malformed-plist"])

        let empty = loader.loadInfoPlist(bytes: [UInt8](), path: "Info.plist")
        #expect(empty.value == nil)
        #expect(empty.codes == ["malformed-plist"])
    }

    @Test func plistsFollowTheSameSafetyRules() throws {
        let hostile = """
        <?xml version="1.0"?>
        <!DOCTYPE plist [ <!ENTITY x SYSTEM "file:///etc/passwd"> ]>
        <plist><dict><key>UIMainStoryboardFile</key><string>&x;</string></dict></plist>
        """
        let loaded = SettingsLoader().loadInfoPlist(bytes: Array(hostile.utf8), path: "Info.plist")
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["forbidden-dtd"])
        #expect(loaded.diagnostics.first?.location?.line == 2)
        #expect(loaded.diagnostics.allSatisfy { !$0.message.contains("root:") })
    }
}

@Suite("Settings: other kinds")
struct SettingsOtherKindsTests {
    @Test func ignoresFilesOfOtherKinds() {
        #expect(SettingsLoader().load(InputFile(kind: .swift, url: "/nonexistent.swift", path: "a.swift")) == nil)
        #expect(SettingsLoader().load(InputFile(kind: .projectFile, url: "/nonexistent/project.pbxproj", path: "p")) == nil)
    }

    @Test func unreadableProjectFile() throws {
        let loaded = try #require(ProjectFileLoader().load(InputFile(kind: .projectFile, url: "/nonexistent/project.pbxproj", path: "X.xcodeproj/project.pbxproj")))
        #expect(loaded.value == nil)
        #expect(loaded.codes == ["unreadable-file"])
    }
}

@Suite("Project loader")
struct ProjectLoaderTests {
    @Test func loadsInParallelAndKeepsInputOrder() throws {
        let names = ["Links.storyboard", "Mac.storyboard", "Main.storyboard", "Tabs.storyboard", "Watch.storyboard", "LaunchScreen.storyboard"]
        var files: [InputFile] = []
        for round in 0..<20 {  // enough files that several threads really run at once
            for name in names {
                files.append(InputFile(kind: .storyboard, url: Fixture.url(name).path, path: "r\(round)/\(name)"))
            }
        }
        files.append(Fixture.input("Info.plist", kind: .infoPlist))
        files.append(InputFile(kind: .swift, url: "/nonexistent/View.swift", path: "View.swift"))
        files.append(Fixture.input("project.pbxproj", kind: .projectFile))
        files.append(InputFile(kind: .storyboard, url: "/nonexistent/Gone.storyboard", path: "Gone.storyboard"))

        let project = ProjectLoader().load(files)
        #expect(project.storyboards.count == 121)
        #expect(project.storyboards.map(\.path) == files.filter { $0.kind == .storyboard }.map(\.path))
        #expect(project.settings.map(\.path) == ["App/Info.plist"])
        #expect(project.projects.map(\.path) == ["App/project.pbxproj"])
        #expect(project.storyboards.last?.codes == ["unreadable-file"])
        // Every copy loads exactly as a lone load does.
        for (index, name) in names.enumerated() {
            let alone = StoryboardLoader().load(InputFile(kind: .storyboard, url: Fixture.url(name).path, path: "r7/\(name)"))
            #expect(project.storyboards[7 * names.count + index] == alone)
        }
    }

    @Test func emptyInput() {
        #expect(ProjectLoader().load([]) == LoadedProject())
    }
}
