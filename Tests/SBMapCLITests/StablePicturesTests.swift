import Foundation
import Testing

/// A picture changes only when the map does: no source line in an id, a tooltip or a comment, and no width that
/// depends on the fonts of the machine that drew it.
@Suite struct StablePicturesTests {
    /// Main's tab bar references Feed and Settings; Feed's list opens its detail from code, twice in one file (two
    /// links between the same ends); a coordinator loads Settings and a storyboard that does not exist; two scenes of
    /// Settings share a Storyboard ID.
    static func app() -> [String: String] {
        [
            "App/Main.storyboard": XML.storyboard(initial: "tab",
                XML.scene("tab", element: "tabBarController", attributes: #"customClass="RootTabBarController""#, body: """
                    <connections>
                        <segue destination="feedRef" kind="relationship" relationship="viewControllers" id="r1"/>
                        <segue destination="settingsRef" kind="relationship" relationship="viewControllers" id="r2"/>
                    </connections>
                """),
                XML.reference("feedRef", storyboard: "Feed"),
                XML.reference("settingsRef", storyboard: "Settings")),
            "App/Feed.storyboard": XML.storyboard(initial: "list",
                XML.scene("list", element: "tableViewController", attributes: #"customClass="FeedViewController""#,
                          body: XML.segue("f1", to: "detail", identifier: "showPost")),
                XML.scene("detail", attributes: #"customClass="FeedDetailViewController" storyboardIdentifier="FeedDetail""#)),
            "App/Settings.storyboard": XML.storyboard(initial: "settings",
                XML.scene("settings", attributes: #"customClass="WWWWWWWWWWWWWWWWSettingsViewController""#),
                // Two scenes with one Storyboard ID: an error whose message names their lines.
                XML.scene("about", attributes: #"customClass="AboutViewController" storyboardIdentifier="Info""#),
                XML.scene("licenses", attributes: #"customClass="LicensesViewController" storyboardIdentifier="Info""#)),
            "App/FeedViewController.swift": """
                import UIKit

                final class FeedViewController: UITableViewController {
                    func open() {
                        let detail = storyboard!.instantiateViewController(withIdentifier: "FeedDetail")
                        show(detail, sender: nil)
                    }
                    func openAgain() {
                        let detail = storyboard!.instantiateViewController(withIdentifier: "FeedDetail")
                        present(detail, animated: true)
                    }
                }

                """,
            "App/AppCoordinator.swift": """
                import UIKit

                final class AppCoordinator {
                    func start() {
                        let settings = UIStoryboard(name: "Settings", bundle: nil).instantiateInitialViewController()
                        let help = UIStoryboard(name: "Help", bundle: nil).instantiateInitialViewController()
                        _ = (settings, help)
                    }
                }

                """,
        ]
    }

    /// The same app with a comment line at the top of every file (after a storyboard's XML declaration).
    static func withCommentLines(_ files: [String: String]) -> [String: String] {
        files.mapValues { text in
            if text.hasPrefix("<?xml") {
                let end = text.firstIndex(of: "\n")!
                return String(text[...end]) + "<!-- a comment line -->\n" + text[text.index(after: end)...]
            }
            return "// a comment line\n" + text
        }
    }

    /// Every picture sbmap draws of the app in `folder`: SVG, DOT and Mermaid of the overview, a focus map and the
    /// full map, by file name.
    static func pictures(in folder: URL) throws -> [String: Data] {
        var out: [String: Data] = [:]
        for format in ["svg", "dot", "mmd"] {
            for (name, view) in [("overview", ["--view", "overview"]), ("focus", ["--focus", "Feed"]), ("full", ["--view", "full"])] {
                let file = "\(name).\(format)"
                let run = try Harness.run(["render", "."] + view + ["-o", file], in: folder)
                #expect(run.status <= 1, "\(file): \(run.stderr)")
                out[file] = try Data(contentsOf: folder.appendingPathComponent(file))
            }
        }
        return out
    }

    @Test func aLineInsertedAtTheTopOfEveryFileChangesNoPicture() throws {
        var files: [String: String] = [:]
        for (path, text) in Self.app() { files["base/" + path] = text }
        for (path, text) in Self.withCommentLines(Self.app()) { files["head/" + path] = text }
        let root = try Harness.project(files)
        let before = try Self.pictures(in: root.appendingPathComponent("base"))
        let after = try Self.pictures(in: root.appendingPathComponent("head"))
        #expect(before.count == 9)
        for (file, bytes) in before.sorted(by: { $0.key < $1.key }) {
            #expect(after[file] == bytes, "\(file) changed when a line was inserted at the top of every file")
        }
        // The map does have what the lines used to be in: files in tooltips, the two code links of one file.
        let svg = String(decoding: before["full.svg"] ?? Data(), as: UTF8.self)
        #expect(svg.contains("File: App/FeedViewController.swift"))
        // Feed's list opens FeedDetail twice alike (only the line differs): one edge, `×2` (not two arrows in one).
        #expect(svg.components(separatedBy: "class=\"edge code").count - 1 >= 3, "one edge from Feed's list, two from the coordinator")
        #expect(svg.contains(">×2</text>"), "the two alike links from Feed's list are one edge with their count")

        // The JSON keeps the lines in its location fields, and only there: the ids are the same.
        func ids(_ side: String) throws -> [String] {
            let run = try Harness.run(["export", ".", "-o", "-"], in: root.appendingPathComponent(side))
            let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
            let nodes = (json["nodes"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            let edges = (json["edges"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? String }
            return nodes + edges
        }
        let baseIDs = try ids("base")
        #expect(baseIDs == (try ids("head")))
        #expect(baseIDs.contains("code:App/FeedViewController.swift#App/Feed.storyboard#list->App/Feed.storyboard#detail~2"),
                "\(baseIDs)")

        let diff = try Harness.run(["diff", "base", "head", "--summary", "-", "-o", "diff.svg"], in: root)
        #expect(diff.status == 0, "\(diff.stderr)")
        #expect(diff.stdout.hasPrefix("## No storyboard change\n"), "\(diff.stdout)")
        #expect(!diff.stdout.contains("removed") && !diff.stdout.contains("added"), "\(diff.stdout)")
    }

    /// The same map drawn where fontconfig finds no font at all gives the same SVG: text is measured with
    /// Graphviz's built-in metrics, not with whatever font this machine has (pango made this map 1.6 times as wide
    /// with no fonts as with DejaVu Sans).
    @Test func theSVGIsTheSameWhateverFontsAreInstalled() throws {
        let root = try Harness.project(Self.app().merging([
            "no-fonts.conf": """
                <?xml version="1.0"?>
                <!DOCTYPE fontconfig SYSTEM "fonts.dtd">
                <fontconfig></fontconfig>

                """,
        ]) { a, _ in a })
        let normal = try Harness.run(["render", ".", "--view", "full", "-o", "-", "--format", "svg"], in: root)
        let noFonts = try Harness.run(["render", ".", "--view", "full", "-o", "-", "--format", "svg"], in: root,
                                      environment: ["FONTCONFIG_FILE": root.appendingPathComponent("no-fonts.conf").path])
        #expect(normal.status == 1 && noFonts.status == 1, "the duplicate Storyboard ID is an error: \(normal.stderr)")
        #expect(normal.stdoutBytes.count > 1000)
        #expect(normal.stdoutBytes == noFonts.stdoutBytes, "the SVG depends on the fonts installed")
        // PNG and PDF are drawn with the fonts installed, measured by them: they still come out.
        let png = try Harness.run(["render", ".", "--view", "full", "-o", "map.png"], in: root)
        #expect(png.status == 1, "\(png.stderr)")
        let bytes = try Data(contentsOf: root.appendingPathComponent("map.png"))
        #expect(bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]))
    }
}
