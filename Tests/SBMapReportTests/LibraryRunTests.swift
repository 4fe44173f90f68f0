import Foundation
import SBMapAnalysis
import SBMapModel
import SBMapReport
import SBMapSettings
import Testing

/// A program using the library, not the `sbmap` command: it finds and reads the project's `.sbmap.yml`, runs the
/// analysis with what the file says, and writes the findings as SARIF and as GitHub annotations. (This target does
/// not depend on the CLI.)
@Suite struct LibraryRunTests {
    static func storyboard(_ scenes: String) -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <document type="com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB" version="3.0" toolsVersion="22505" targetRuntime="iOS.CocoaTouch" propertyAccessControl="none" useAutolayout="YES" initialViewController="a">
            <scenes>
        \(scenes)
            </scenes>
        </document>

        """
    }

    static func reference(_ id: String, storyboard: String) -> String {
        """
                <scene sceneID="s-\(id)">
                    <objects>
                        <viewControllerPlaceholder storyboardName="\(storyboard)" id="\(id)" sceneMemberID="viewController"/>
                    </objects>
                </scene>
        """
    }

    /// A project with a settings file: `App` read (`paths`), `App/Legacy` excluded, `unknown-storyboard` a warning,
    /// and the findings of `App/Old.storyboard` suppressed.
    static func project() throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("sbmap-library-\(UUID().uuidString)")
        let files = [
            ".sbmap.yml": """
                paths: [App]
                exclude: [App/Legacy]
                findings:
                  severity:
                    unknown-storyboard: warning
                  suppress:
                    - code: unknown-storyboard
                      paths: ["App/Old.storyboard"]
                """,
            "App/Main.storyboard": storyboard("""
                        <scene sceneID="s-a">
                            <objects>
                                <viewController id="a" sceneMemberID="viewController"/>
                            </objects>
                        </scene>
                """ + "\n" + reference("r", storyboard: "Help")),
            "App/Old.storyboard": storyboard(reference("a", storyboard: "Gone")),
            "App/Legacy/Legacy.storyboard": storyboard(reference("a", storyboard: "Ancient")),
        ]
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        }
        return root
    }

    @Test func aProgramLoadsTheSettingsRunsTheAnalysisAndWritesSARIFAndAnnotations() throws {
        let root = try Self.project()
        defer { try? FileManager.default.removeItem(at: root) }
        let cwd = FileManager.default.currentDirectoryPath
        let found = try #require(ConfigFile.find(from: root.path))
        let settings = try ConfigFile.load(path: found)
        #expect(settings.paths == ["App"])

        let result = try Analysis.run(inputs: settings.inputs(from: cwd), configuration: settings.analysisConfiguration(from: cwd))
        let unknown = result.findings.filter { $0.code == .unknownStoryboard }
        // Help: at the settings file's level; Gone: suppressed; Ancient: in an excluded folder, never read.
        #expect(unknown.count == 1 && unknown.first?.severity == .warning, "\(result.findings)")
        #expect(unknown.first?.message.contains("'Help'") == true)
        #expect(!result.findings.contains { $0.message.contains("Gone") || $0.message.contains("Ancient") }, "\(result.findings)")

        // Named from the project's root, whatever folder the program runs in.
        let paths = RepositoryPaths(root: root.path)
        let sarif = SARIFFindings(paths: paths, version: "1.0").text(for: result.findings)
        let log = try #require(try JSONSerialization.jsonObject(with: Data(sarif.utf8)) as? [String: Any])
        let run = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(run["results"] as? [[String: Any]])
        let first = try #require(results.first { $0["ruleId"] as? String == "unknown-storyboard" })
        #expect(first["level"] as? String == "warning")
        let location = ((first["locations"] as? [[String: Any]])?.first?["physicalLocation"] as? [String: Any])?["artifactLocation"] as? [String: Any]
        #expect(location?["uri"] as? String == "App/Main.storyboard" && location?["uriBaseId"] as? String == "%SRCROOT%", "\(sarif)")
        #expect(((run["tool"] as? [String: Any])?["driver"] as? [String: Any])?["version"] as? String == "1.0")

        let annotations = GitHubAnnotations(paths: paths).text(for: unknown)
        #expect(annotations.hasPrefix("::warning file=App/Main.storyboard,line="), "\(annotations)")
        #expect(annotations.contains("title=sbmap unknown-storyboard::"), "\(annotations)")
        #expect(XcodeFindings().text(for: unknown) == unknown.map { $0.xcodeLine + "\n" }.joined())
    }
}
