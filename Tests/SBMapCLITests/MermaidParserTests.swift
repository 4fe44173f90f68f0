import Foundation
import Testing

/// Mermaid's own library: `$SBMAP_MERMAID`, or `.build/mermaid/mermaid.min.js` of this repository, which
/// scripts/fetch-mermaid.sh fetches (Mermaid 11.16.0, pinned, from the artoo-mermaid wheel on PyPI) when it is missing.
enum MermaidLibrary {
    static let source: String? = TestAssets.path(environment: "SBMAP_MERMAID", cached: ".build/mermaid/mermaid.min.js",
                                                 fetchedBy: "scripts/fetch-mermaid.sh", fetching: Chromium.executable != nil)
        .flatMap { try? String(contentsOfFile: $0, encoding: .utf8) }

    static let missing = "Mermaid not found and scripts/fetch-mermaid.sh could not fetch it (no network or no pip to download the artoo-mermaid wheel; or set SBMAP_MERMAID=/path/to/mermaid.min.js): the test that parses sbmap's Mermaid with Mermaid's own parser is skipped"

    /// Parses each text with `mermaid.parse` in one headless Chromium page; returns `name: error` for each that
    /// Mermaid rejects (an empty list: every one parses).
    static func rejections(_ texts: [(name: String, text: String)]) throws -> [String] {
        let library = try #require(source)
        let browser = try Chromium()
        defer { browser.close() }
        let page = try BrowserPage(browser)
        try page.evaluate(library + "\n;0")
        try page.evaluate("mermaid.initialize({ startOnLoad: false, securityLevel: 'strict' }); 0")
        var out: [String] = []
        for (name, text) in texts {
            let literal = String(decoding: try JSONSerialization.data(withJSONObject: [text]), as: UTF8.self).dropFirst().dropLast()
            let error = try page.string("""
                (async () => { try { await mermaid.parse(\(literal)); return ''; }
                               catch (e) { return String((e && e.message) || e) || 'rejected'; } })()
                """)
            if !error.isEmpty { out.append("\(name): \(error)\n\(text)") }
        }
        return out
    }

    /// The ```mermaid blocks of a Markdown text.
    static func blocks(inMarkdown text: String) -> [String] {
        var blocks: [String] = []
        var current: [Substring]?
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            if current == nil, line == "```mermaid" {
                current = []
            } else if current != nil, line == "```" {
                blocks.append(current!.joined(separator: "\n") + "\n")
                current = nil
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}

/// Every Mermaid block sbmap writes (`render --format mermaid` of every view, the Markdown's, the diff summary's)
/// is read by Mermaid's own parser, not only checked against the grammar's rules: names with quotes, brackets, `#`,
/// `;`, `%%`, Mermaid's keywords, unicode and very long names included.
@Suite(.serialized, .enabled(if: Chromium.executable != nil, Comment(rawValue: Chromium.missing)))
struct MermaidParserTests {
    /// Names that mean something to Mermaid's grammar, to HTML, or to a Markdown fence.
    static let hostileNames = [
        #"Quote"Double'Single"#, "Brackets[x](y){z}<w>", "Hash#35;and#Semi;colon", "Percent%%{init: {'theme':'dark'}}%%",
        "end", "click", "subgraph", "style", "classDef", "linkStyle", "graph TD", "A-->B", "pipe|bar|", "back`tick`",
        "Ünïcødé 地図 🗺 ‮RTL", "amp&amp;lt;", String(repeating: "VeryLongName", count: 40), "```", "%% comment",
    ]

    /// One storyboard per hostile name (file names that are Mermaid keywords too), each scene named by it in class,
    /// Storyboard ID, title and segue identifier, linked by references, one of which does not resolve.
    static func hostileApp() throws -> URL {
        var files: [String: String] = [:]
        let names = hostileNames
        for (k, name) in names.enumerated() {
            let value = SiteFixtures.xml(name)
            let next = (k + 1) % names.count
            let file = k == 0 ? "end" : k == 1 ? "click" : "Board\(k)"
            let nextFile = next == 0 ? "end" : next == 1 ? "click" : "Board\(next)"
            files["App/\(file).storyboard"] = XML.storyboard(initial: "s\(k)",
                XML.scene("s\(k)", attributes: #"customClass="\#(value)" storyboardIdentifier="\#(value)" title="\#(value)""#,
                          body: """
                              <connections>
                                  <segue destination="ref\(k)" kind="show" identifier="\(value)" id="g\(k)"/>
                                  <segue destination="gone\(k)" kind="show" identifier="\(value)2" id="h\(k)"/>
                              </connections>
                          """),
                XML.reference("ref\(k)", storyboard: nextFile, identifier: SiteFixtures.xml(names[next])),
                XML.reference("gone\(k)", storyboard: value, identifier: value))
        }
        files["App/Coordinator.swift"] = """
            import UIKit

            final class Coordinator {
                func start() {
                    let a = UIStoryboard(name: "end", bundle: nil).instantiateViewController(withIdentifier: "\(SiteFixtures.swift(names[0]))")
                    let b = UIStoryboard(name: "click", bundle: nil).instantiateViewController(withIdentifier: "\(SiteFixtures.swift(names[3]))")
                    _ = (a, b)
                }
            }

            """
        return try Harness.project(files)
    }

    /// The Mermaid of every view of the app at `root`: `render --all --format mermaid` (the overview and every focus
    /// map), the full map, and the Markdown of the full map and the overview.
    static func renders(of root: URL, label: String) throws -> [(name: String, text: String)] {
        var out: [(name: String, text: String)] = []
        let all = try Harness.run(["render", ".", "--all", "-o", "mermaid-maps", "--format", "mermaid"], in: root)
        #expect(all.status <= 1, "\(all.stderr)")
        let folder = root.appendingPathComponent("mermaid-maps")
        let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "mmd" } ?? []
        for file in files.sorted(by: { $0.path < $1.path }) {
            out.append(("\(label) --all \(file.lastPathComponent)", try String(contentsOf: file, encoding: .utf8)))
        }
        for view in ["full", "overview"] {
            let mermaid = try Harness.run(["render", ".", "--view", view, "--format", "mermaid", "-o", "-"], in: root)
            #expect(mermaid.status <= 1, "\(mermaid.stderr)")
            out.append(("\(label) --view \(view) --format mermaid", mermaid.stdout))
            let markdown = try Harness.run(["render", ".", "--view", view, "--format", "markdown", "-o", "-"], in: root)
            #expect(markdown.status <= 1, "\(markdown.stderr)")
            let blocks = MermaidLibrary.blocks(inMarkdown: markdown.stdout)
            #expect(blocks.count == 1, "the Markdown of the \(view) map has its Mermaid block")
            out += blocks.map { ("\(label) --view \(view) --format markdown", $0) }
        }
        return out
    }

    @Test(.enabled(if: MermaidLibrary.source != nil, Comment(rawValue: MermaidLibrary.missing)))
    func everyMermaidBlockSbmapWritesParses() throws {
        var texts = try Self.renders(of: SiteFixtures.tabApp(), label: "tab app")
        texts += try Self.renders(of: Self.hostileApp(), label: "hostile names")
        texts += try Self.renders(of: SiteFixtures.hostileApp(), label: "script payloads")

        // The diff summary's picture: a change to the hostile app that breaks a link, adds and removes scenes.
        let base = try Self.hostileApp()
        let head = base.appendingPathComponent("head")
        try FileManager.default.createDirectory(at: head, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: base.appendingPathComponent("App"), to: head.appendingPathComponent("App"))
        let changed = head.appendingPathComponent("App/Board3.storyboard")
        let text = try String(contentsOf: changed, encoding: .utf8)
        try text.replacingOccurrences(of: "storyboardIdentifier=", with: "storyboardIdentifier=\"renamed\" x=")
            .write(to: changed, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(at: head.appendingPathComponent("App/Board5.storyboard"))
        let diff = try Harness.run(["diff", "App", "head/App", "--summary", "summary.md", "--fail-on", "never"], in: base)
        #expect(diff.status == 0, "\(diff.stderr)")
        let summary = try String(contentsOf: base.appendingPathComponent("summary.md"), encoding: .utf8)
        let blocks = MermaidLibrary.blocks(inMarkdown: summary)
        #expect(blocks.count == 1, "the diff summary has its Mermaid picture:\n\(summary)")
        texts += blocks.map { ("diff summary", $0) }

        #expect(texts.count >= 40, "every view of three apps and the diff summary (\(texts.count) blocks)")
        let rejected = try MermaidLibrary.rejections(texts)
        #expect(rejected.isEmpty, "Mermaid 11.16 rejects \(rejected.count) of \(texts.count) blocks:\n\(rejected.joined(separator: "\n\n"))")
    }

    /// The check can fail: Mermaid's parser rejects what its grammar does not allow.
    @Test(.enabled(if: MermaidLibrary.source != nil, Comment(rawValue: MermaidLibrary.missing)))
    func mermaidsParserRejectsBrokenBlocks() throws {
        let rejected = try MermaidLibrary.rejections([
            ("a quote inside a quoted label", "flowchart LR\n  n1[\"a\"b\"]\n"),
            ("a keyword as a node id", "flowchart LR\n  end --> n1\n"),
            ("a good block", "flowchart LR\n  n1[\"a #35; b\"] --> n2\n"),
        ])
        #expect(rejected.count == 2, "\(rejected)")
        #expect(!rejected.contains { $0.hasPrefix("a good block") })
    }
}
