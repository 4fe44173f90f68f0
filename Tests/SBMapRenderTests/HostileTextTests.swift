import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// Names come from files anyone could write, and the map is published on docs sites.
@Suite struct HostileTextTests {
    static let nasty: [String] = [
        "<script>alert(1)</script>",
        "\"><script>alert(2)</script><g onload=\"alert(3)",
        "' onmouseover='alert(4)",
        "javascript:alert(5)",
        "\\N \\G \\E \\T \\H \\L \\n \\l \\r \\\\",
        "<<b>html</b>>",
        "&lt;script&gt;alert(6)&lt;/script&gt; &amp; &#60;",
        "ctrl\u{0}\u{1}\u{7}\u{1B}[31m\u{7F}end",
        "rtl\u{202E}gnp.exe\u{202C} \u{2066}iso\u{2069} zw\u{200B}j\u{FEFF}",
        "line\nbreak\r\ttab\u{2028}sep",
        String(repeating: "W", count: 10_000),
        "]]><!-- --><![CDATA[x",
    ]

    static func graph(_ text: String) -> StoryboardGraph {
        let path = "App/\(text.prefix(300)).storyboard"
        let a = Node(id: "\(path)#A1", storyboard: path, objectID: "A1", element: "viewController", role: .plain,
                     customClass: text, storyboardIdentifier: text, title: text, label: text, initial: true,
                     location: SourceLocation(path: path, line: 3, column: 1))
        let b = Node(id: "\(path)#\(text)", storyboard: path, objectID: text, element: "viewControllerPlaceholder",
                     role: .reference, label: text, link: LinkTarget(mechanism: .storyboardReference, storyboardName: text,
                                                                    identifier: text),
                     resolution: Resolution(state: .unresolved, reason: text))
        let e = Edge(id: "\(path)#\(text)-edge", from: a.id, to: b.id, kind: EdgeKind(text), identifier: text,
                     creationSelector: text, customClass: text)
        return StoryboardGraph(storyboards: [Storyboard(path: path, name: text, platform: .iOS, initialScene: a.id,
                                                        entryPoints: [EntryPoint(role: .main, key: text,
                                                                                 declaredAt: SourceLocation(path: text))])],
                               nodes: [a, b], edges: [e])
    }

    @Test(arguments: nasty.indices)
    func svgStaysText(_ index: Int) throws {
        let text = Self.nasty[index]
        let (svg, doc, _) = try SVG.render(Self.graph(text))
        let all = SVG.elements(doc)
        #expect(!all.contains { $0.name == "script" || $0.name == "foreignObject" || $0.name == "b" })
        for e in all {
            for attr in e.attributes ?? [] {
                let name = attr.name ?? ""
                #expect(!name.lowercased().hasPrefix("on"), "injected attribute \(name)")
                if name == "href" || name == "xlink:href" {
                    Issue.record("input text reached a link: \(attr.stringValue ?? "")")
                }
                #expect(!(attr.stringValue ?? "").lowercased().hasPrefix("javascript:"))
            }
        }
        // No control or bidi characters survive anywhere in the file.
        let forbidden = svg.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x202E, 0x2066, 0x2069, 0x200B, 0xFEFF].contains($0.value)
        }
        #expect(forbidden.isEmpty)
        // Labels are capped; the tooltip is capped too.
        for t in all where t.name == "text" { #expect((t.stringValue ?? "").count <= 80) }
        for a in all where a.name == "a" {
            let tip = a.attributes?.first { $0.name == "xlink:title" }?.stringValue ?? ""
            #expect(tip.count <= 600)
        }
    }

    @Test func graphvizEscapesShowAsWritten() throws {
        let (_, doc, _) = try SVG.render(Self.graph("\\N \\G \\L"), style: StyleOptions(labelMode: .title))
        let texts = SVG.elements(doc).filter { $0.name == "text" }.compactMap(\.stringValue)
        #expect(texts.contains("\\N \\G \\L"))
        // Tooltips never expand them either; backslashes show as the look-alike U+29F5.
        let tips = SVG.elements(doc).filter { $0.name == "a" }.compactMap { SVG.attr($0, "xlink:title") }
        #expect(tips.contains { $0.contains("Title: \u{29F5}N \u{29F5}G \u{29F5}L") })
    }

    @Test func entitiesShowAsWritten() throws {
        let (_, doc, _) = try SVG.render(Self.graph("&lt;b&gt; & &amp;"), style: StyleOptions(labelMode: .title))
        let texts = SVG.elements(doc).filter { $0.name == "text" }.compactMap(\.stringValue)
        #expect(texts.contains("&lt;b&gt; & &amp;"))
    }

    @Test(arguments: nasty.indices)
    func dotStaysWellFormed(_ index: Int) throws {
        let theme = try BuiltinThemes.theme(named: "default")!
        let out = try Renderer.render(Self.graph(Self.nasty[index]), options: RenderOptions(format: .dot, theme: theme))
        let text = String(decoding: out.data, as: UTF8.self)
        #expect(text.hasPrefix("digraph sbmap {"))
        #expect(text.hasSuffix("}\n"))
        #expect(!text.unicodeScalars.contains { $0.value == 0 || $0.value == 0x202E })
    }

    @Test func cleaningAndTokens() {
        #expect(TextSafety.clean(" a\u{202E}b\nc\t\u{0}d ") == "ab c d")
        #expect(TextSafety.capped("abcdef", 4) == "abc…")
        #expect(TextSafety.token("Main.storyboard#BYZ-38-t0r").hasPrefix("Main-storyboard-BYZ-38-t0r-"))
        #expect(TextSafety.token("a b") != TextSafety.token("a/b"))
        #expect(TextSafety.token("<script>").allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" })
    }
}
