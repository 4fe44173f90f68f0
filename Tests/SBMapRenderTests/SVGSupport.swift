import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle

/// Renders and parses SVG for the tests.
enum SVG {
    static func render(_ graph: StoryboardGraph, theme: String = "default", style: StyleOptions = StyleOptions(),
                       engine: LayoutEngine = .dot) throws -> (text: String, doc: XMLDocument, rendered: Rendered) {
        try render(MapGraph.full(graph), theme: theme, style: style, engine: engine)
    }

    static func render(_ map: MapGraph, theme: String = "default", style: StyleOptions = StyleOptions(),
                       engine: LayoutEngine = .dot) throws -> (text: String, doc: XMLDocument, rendered: Rendered) {
        let theme = try BuiltinThemes.theme(named: theme)!
        let out = try Renderer.render(map, options: RenderOptions(format: .svg, engine: engine, theme: theme, style: style))
        let text = String(decoding: out.data, as: UTF8.self)
        let doc = try XMLDocument(data: Data(out.data), options: [])
        return (text, doc, out)
    }

    /// Every element, depth first.
    static func elements(_ doc: XMLDocument) -> [XMLElement] {
        doc.rootElement().map(elements) ?? []
    }

    /// An element and everything inside it, depth first.
    static func elements(_ root: XMLElement) -> [XMLElement] {
        var out: [XMLElement] = []
        func walk(_ node: XMLNode) {
            if let e = node as? XMLElement { out.append(e) }
            for child in node.children ?? [] { walk(child) }
        }
        walk(root)
        return out
    }

    /// The `<g>` groups whose class list contains every one of `classes`. Legend samples are left
    /// out unless `legend-item` is asked for.
    static func groups(_ doc: XMLDocument, _ classes: String...) -> [XMLElement] {
        elements(doc).filter { e in
            guard e.name == "g", let cls = attr(e, "class") else { return false }
            let set = Set(cls.split(separator: " ").map(String.init))
            if !classes.contains(where: { $0.hasPrefix("legend") }), set.contains(where: { $0.hasPrefix("legend") }) {
                return false
            }
            return classes.allSatisfy(set.contains)
        }
    }

    /// An attribute's value. (`attribute(forName:)` misses attributes of namespaced elements in
    /// swift-corelibs-foundation, so the list is searched by name.)
    static func attr(_ e: XMLElement, _ name: String) -> String? {
        e.attributes?.first { $0.name == name }?.stringValue
    }

    /// The tooltip of a node or edge group (`xlink:title` on its anchor).
    static func tooltip(_ group: XMLElement) -> String? {
        for e in elements(group) where e.name == "a" {
            if let t = e.attributes?.first(where: { $0.name == "xlink:title" || $0.localName == "title" })?.stringValue {
                return t
            }
        }
        return nil
    }

    /// The legend's title and the words of its entries (`legend-text` nodes).
    static func legendTexts(_ doc: XMLDocument) -> [String] {
        groups(doc, "cluster", "legend").flatMap(texts) + groups(doc, "legend-text").flatMap(texts)
    }

    /// All text drawn inside an element.
    static func texts(_ e: XMLElement) -> [String] {
        elements(e).filter { $0.name == "text" }.compactMap(\.stringValue)
    }
}

