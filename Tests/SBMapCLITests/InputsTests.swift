import Foundation
import SBMapDiscover
import Testing

/// "Read only the project" (docs/robustness.md, Inputs): links that leave the scanned folders, config paths that
/// leave the config's folder, theme paths that name other files, YAML aliases, and Git LFS pointers.
@Suite struct InputsTests {
    static let lfsPointer = """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 12345

        """

    // MARK: - Git LFS pointers

    /// A checkout without LFS: the storyboard, an Info.plist and the project are pointers. Each is one warning that
    /// says how to fetch it; a reference, a code load and an entry point naming the storyboard are unknown (a note at
    /// most), not broken; the run is clean (exit 0) and everything else is mapped.
    @Test func lfsPointersAreWarningsAndLinksIntoThemAreUnknown() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(
                initial: "a",
                XML.scene("a", attributes: #"customClass="HomeViewController""#, body: XML.segue("g1", to: "r")),
                XML.reference("r", storyboard: "Settings", identifier: "Privacy")),
            "App/Settings.storyboard": Self.lfsPointer,
            "App/Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>UIMainStoryboardFile</key><string>Settings</string></dict></plist>
                """,
            "Widget/Info.plist": Self.lfsPointer,
            "App/App.xcodeproj/project.pbxproj": Self.lfsPointer,
            "App/Home.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    func open() {
                        let vc = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Account")
                        present(vc, animated: true)
                    }
                }
                """,
        ])
        let run = try Harness.run(["check", "."], in: root)
        let findings = Robust.findings(run.stderr)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(findings.filter { $0.level == "error" }.isEmpty, "\(run.stderr)")
        for path in ["App/Settings.storyboard", "Widget/Info.plist", "App/App.xcodeproj/project.pbxproj"] {
            #expect(findings.filter { $0.path == path }.map { "\($0.level) \($0.code)" } == ["warning lfs-pointer"], "\(run.stderr)")
        }
        #expect(run.stderr.contains("Git LFS pointer"))
        #expect(run.stderr.contains("git lfs pull"))
        #expect(run.stderr.contains("lfs: true"))
        // The reference and the code load: notes.
        #expect(findings.contains { $0.path == "App/Main.storyboard" && $0.level == "note" && $0.code == "unknown-storyboard" }, "\(run.stderr)")
        #expect(findings.contains { $0.path == "App/Home.swift" && $0.level == "note" && $0.code == "code-unknown-storyboard" }, "\(run.stderr)")
        #expect(!run.stderr.contains("holds no XML"))
        #expect(run.stderr.contains("1 storyboard"), "\(run.stderr)")
    }

    /// A storyboard that is broken (not a pointer) and named in code: "could not be read", a warning as for a
    /// reference to it, not "does not exist" (an error that blamed the call).
    @Test func codeNamingABrokenStoryboardIsNotAMissingStoryboard() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", attributes: #"customClass="HomeViewController""#)),
            "App/Broken.storyboard": "<document><scenes>",
            "App/Home.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    func open() { _ = UIStoryboard(name: "Broken", bundle: nil).instantiateInitialViewController() }
                }
                """,
        ])
        let run = try Harness.run(["check", "App"], in: root)
        let code = Robust.findings(run.stderr).filter { $0.path == "App/Home.swift" }
        #expect(code.map { "\($0.level) \($0.code)" } == ["warning code-unknown-storyboard"], "\(run.stderr)")
        #expect(run.stderr.contains("could not be read"))
    }
}
