import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing

/// No label on a map cuts a word: text too long for its box wraps at spaces and, when it still does not fit, ends in
/// `…` after a whole word. The full text stays in the tooltip.
@Suite struct LabelWordsTests {
    /// The lines of drawn text that end a word early: a `…` after a part of a word. Each `<text>` of a node, edge or
    /// cluster is checked against that element's tooltip: the word before a `…` must be a whole word of the tooltip,
    /// unless it is the line's only word (a name longer than a line, cut at its end). Marks such as `{ }`, `↗` or `⚠`
    /// (no letter or digit) are not words.
    static func cutWords(inSVG data: Data) throws -> [String] {
        let doc = try XMLDocument(data: data, options: [])
        var bad: [String] = []
        func walk(_ node: XMLNode, tooltip: String?) {
            guard let element = node as? XMLElement else { return }
            var tip = tooltip
            if element.name == "a", let title = element.attributes?.first(where: { $0.name == "xlink:title" })?.stringValue {
                tip = title
            }
            if element.name == "g", element.attributes?.first(where: { $0.name == "class" })?.stringValue != nil {
                // A new node, edge or cluster: its own tooltip, found in its anchor below.
                tip = Self.tooltip(of: element)
            }
            if element.name == "text", let line = element.stringValue, line.contains("…"), let tip {
                if !Self.cutsWholeWords(line, fullText: tip) { bad.append("\(line)   (tooltip: \(tip.prefix(120)))") }
            }
            for child in element.children ?? [] { walk(child, tooltip: tip) }
        }
        if let root = doc.rootElement() { walk(root, tooltip: nil) }
        return bad
    }

    static func tooltip(of group: XMLElement) -> String? {
        var stack: [XMLNode] = group.children ?? []
        while !stack.isEmpty {
            let node = stack.removeFirst()
            guard let e = node as? XMLElement else { continue }
            if e.name == "g", e.attributes?.contains(where: { $0.name == "class" }) == true { continue }
            if e.name == "a", let t = e.attributes?.first(where: { $0.name == "xlink:title" })?.stringValue { return t }
            stack += e.children ?? []
        }
        return nil
    }

    static func cutsWholeWords(_ line: String, fullText: String) -> Bool {
        let words = Set(fullText.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init))
        for piece in line.components(separatedBy: "…").dropLast() {
            let tokens = piece.split(separator: " ").map(String.init)
                .filter { $0.contains { $0.isLetter || $0.isNumber } }
            // A `…` after a space, a `/` or a quote is at a word's boundary (a path that lost its middle folders).
            guard let last = tokens.last, let end = piece.last, end.isLetter || end.isNumber else { continue }
            if tokens.count == 1, line.split(separator: " ").filter({ $0.contains { $0.isLetter || $0.isNumber } }).count == 1 {
                continue  // the line's single word, cut at its end
            }
            // Whole if the tooltip has it as a word, or as the start of one followed by punctuation (`'Library',`).
            if !words.contains(where: { $0 == last || ($0.hasPrefix(last) && !$0.dropFirst(last.count).first!.isLetter
                                                           && !$0.dropFirst(last.count).first!.isNumber) }) {
                return false
            }
        }
        return true
    }

    @Test func longNamesWrapAtSpacesOnTheRenderedMap() throws {
        let long = "AdvancedSettingsAndPreferences"
        let title = "Choose how and when this app may send you notifications about new messages and replies"
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "a",
                XML.scene("a", attributes: "title=\"\(title)\"",
                          body: XML.segue("s1", to: "r", identifier: "show the advanced settings of notifications and sounds")),
                XML.reference("r", storyboard: long, identifier: "notificationPreferencesDetailScene"),
                XML.reference("p", storyboard: "PaymentsKitCheckoutFlow", identifier: nil)),
        ])
        for label in ["class", "title"] {
            let run = try Harness.run(["render", "App", "-o", "map-\(label).svg", "--label", label], in: root)
            #expect(run.status != 2, "\(run.stderr)")
            let svg = try Data(contentsOf: root.appendingPathComponent("map-\(label).svg"))
            let text = String(decoding: svg, as: UTF8.self)
            // Long enough to need three lines, and whole in them: a segue identifier wraps, and the
            // reason has lines of its own.
            #expect(!text.contains("…"), "no label of the fixture needs cutting")
            #expect(text.contains(">show the advanced settings of</text>"), "the identifier wraps at a space")
            #expect(try Self.cutWords(inSVG: svg) == [])
            // The reason is short and whole; the tooltip keeps the resolver's own words.
            #expect(text.contains("✗ no storyboard named"))
            #expect(text.contains("no storyboard named &#39;\(long)&#39;") || text.contains("no storyboard named '\(long)'"))
        }
    }

    @Test func theCheckFindsAWordCutInTwo() throws {
        #expect(!Self.cutsWholeWords("unresolve…'advancedSettings' in…", fullText: "unresolved: no storyboard named 'advancedSettings' in bundle"))
        #expect(!Self.cutsWholeWords("no storyboar…'Library'", fullText: "no storyboard named 'Library'"))
        #expect(Self.cutsWholeWords("✗ no storyboard named…", fullText: "Reason: no storyboard named 'Library'"))
        #expect(Self.cutsWholeWords("{ } ConfirmYourBidViewCon…", fullText: "ConfirmYourBidViewController"))
    }

    /// Every app of the real-app set (docs/real-apps.md) at `SBMAP_APPS` or /work/apps: its full map and its overview.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: RealAppSet.folder)))
    func noLabelOfARealAppCutsAWord() throws {
        let out = Harness.newFolder()
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        var checked = 0
        for app in RealAppSet.apps() {
            for view in ["full", "overview"] {
                let file = out.appendingPathComponent("\(app.folder)-\(view).svg")
                let run = try Harness.run(["render", app.scan, "-o", file.path, "--view", view, "--no-config"], in: out)
                guard run.status != 2, let svg = try? Data(contentsOf: file) else {
                    Issue.record("\(app.folder) \(view): \(run.stderr.suffix(300))")
                    continue
                }
                let bad = try Self.cutWords(inSVG: svg)
                #expect(bad.isEmpty, "\(app.folder) \(view):\n\(bad.prefix(10).joined(separator: "\n"))")
                checked += 1
            }
        }
        #expect(checked >= 2)
    }
}

/// The real-app regression set (Tests/RealApps/manifest.tsv), extracted outside the repository by
/// scripts/real-apps.sh --extract; tests that use it skip when it is absent.
enum RealAppSet {
    static var folder: String { ProcessInfo.processInfo.environment["SBMAP_APPS"] ?? "/work/apps" }

    /// Each app of the manifest that is there: its folder name and the folder to scan.
    static func apps() -> [(folder: String, scan: String)] {
        let manifest = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("RealApps/manifest.tsv")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8) else { return [] }
        return text.split(separator: "\n").compactMap { line -> (String, String)? in
            let columns = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            guard !line.hasPrefix("#"), columns.count >= 7, columns[0] != "folder" else { return nil }
            let scan = "\(folder)/\(columns[0])/\(columns[6])"
            return FileManager.default.fileExists(atPath: scan) ? (columns[0], scan) : nil
        }
    }
}
