import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Testing
import SBMapModel
import SBMapRender
import SBMapStyle

/// The legend explains the map without competing with it: on a map of 10 scenes or more it takes at most a tenth of
/// the picture. Measured as the real-app figures are (scripts/legend-area.py): the box of the `legend`
/// group's outlines over the SVG's `viewBox`.
@Suite struct LegendSizeTests {
    /// The legend's share of the picture's area, or `nil` when the map has no legend.
    static func legendShare(_ doc: XMLDocument) throws -> Double? {
        let root = try #require(doc.rootElement())
        let view = try #require(SVG.attr(root, "viewBox")).split(separator: " ").compactMap { Double($0) }
        try #require(view.count == 4)
        guard let legend = SVG.elements(doc).first(where: { $0.name == "g" && SVG.attr($0, "class")?.split(separator: " ").contains("legend") == true })
        else { return nil }
        var xs: [Double] = [], ys: [Double] = []
        for shape in SVG.elements(legend) where shape.name == "polygon" || shape.name == "path" {
            let numbers = Self.numbers(SVG.attr(shape, "points") ?? SVG.attr(shape, "d") ?? "")
            for k in stride(from: 0, to: numbers.count - 1, by: 2) {
                xs.append(numbers[k])
                ys.append(numbers[k + 1])
            }
        }
        guard let x0 = xs.min(), let x1 = xs.max(), let y0 = ys.min(), let y1 = ys.max() else { return nil }
        return (x1 - x0) * (y1 - y0) / (view[2] * view[3])
    }

    static func numbers(_ text: String) -> [Double] {
        var out: [Double] = [], current = ""
        for ch in text {
            if ch.isNumber || ch == "." || (ch == "-" && current.isEmpty) {
                current.append(ch)
            } else {
                if let v = Double(current) { out.append(v) }
                current = ch == "-" ? "-" : ""
            }
        }
        if let v = Double(current) { out.append(v) }
        return out
    }

    /// Shaped like the apps of the real-app set where the legend was biggest (Rocket.Chat, openfoodfacts): many small
    /// storyboards (a navigation controller and a few scenes each), storyboard references between some, types in code
    /// that show the first scene of others, and one app entry.
    static func appShaped(storyboards: Int, codeTypes: Int) -> StoryboardGraph {
        var sbs: [Storyboard] = [], nodes: [Node] = [], edges: [Edge] = []
        var roots: [Node] = []
        for s in 0..<storyboards {
            let path = "App/S\(s)/Flow\(s).storyboard"
            let nav = SampleGraphs.scene(path, "NAV-\(s)", "navigationController", initial: true)
            var previous = SampleGraphs.scene(path, "VC-\(s)-0", customClass: "Flow\(s)RootViewController", identifier: "Root\(s)")
            nodes += [nav, previous]
            edges.append(SampleGraphs.edge(path, "root\(s)", nav, previous, .relationship, relationship: "rootViewController"))
            for k in 1..<(2 + s % 4) {
                let next = SampleGraphs.scene(path, "VC-\(s)-\(k)", customClass: "Flow\(s)Step\(k)ViewController", line: 10 + k)
                nodes.append(next)
                edges.append(SampleGraphs.edge(path, "show\(s)-\(k)", previous, next, k % 3 == 2 ? .presentation : .show,
                                               identifier: "step\(k)"))
                previous = next
            }
            roots.append(nav)
            let entry = s == 0 ? [EntryPoint(role: .main, key: "UIMainStoryboardFile",
                                             declaredAt: SourceLocation(path: "App/Info.plist", line: 30))] : []
            sbs.append(Storyboard(path: path, name: "Flow\(s)", platform: .iOS, initialScene: nav.id, entryPoints: entry))
        }
        // Every third storyboard opens the next one through a storyboard reference.
        for s in stride(from: 0, to: storyboards - 1, by: 3) {
            let path = sbs[s].path
            let ref = SampleGraphs.reference(path, "REF-\(s)", storyboard: sbs[s + 1].name, resolution: .resolved(roots[s + 1].id))
            nodes.append(ref)
            edges.append(SampleGraphs.edge(path, "toRef\(s)", nodes.first { $0.objectID == "VC-\(s)-0" }!, ref, .show))
            edges.append(SampleGraphs.link(ref, roots[s + 1]))
        }
        for c in 0..<codeTypes {
            let type = "Coordinator\(c)"
            let code = Node(id: Node.codeID(type: type), storyboard: nil, objectID: nil, element: "code", role: .code,
                            customClass: type, label: type, location: SourceLocation(path: "App/\(type).swift", line: 5))
            nodes.append(code)
            for target in [roots[(c * 2 + 1) % storyboards], roots[(c * 5 + 2) % storyboards]] {
                edges.append(Edge(id: "code:\(type)->\(target.id)", from: code.id, to: target.id, kind: .code,
                                  crossFile: true, location: SourceLocation(path: "App/\(type).swift", line: 9)))
            }
        }
        return StoryboardGraph(storyboards: sbs, nodes: nodes, edges: edges)
    }

    static let maps: [(name: String, map: MapGraph)] = [
        ("tab-bar app, full", MapGraph.full(SampleGraphs.tabBarApp)),
        ("app-shaped, 12 storyboards, full", MapGraph.full(appShaped(storyboards: 12, codeTypes: 3))),
        ("app-shaped, 12 storyboards, overview", OverviewView.make(appShaped(storyboards: 12, codeTypes: 3))),
        ("app-shaped, 8 storyboards, overview", OverviewView.make(appShaped(storyboards: 8, codeTypes: 8))),
        ("app-shaped, 30 storyboards, overview", OverviewView.make(appShaped(storyboards: 30, codeTypes: 4))),
    ]

    @Test(arguments: [Direction.leftToRight, .topToBottom])
    func theLegendTakesATenthOfAMapOfTenScenesOrMore(direction: Direction) throws {
        for (name, map) in Self.maps {
            let (_, doc, rendered) = try SVG.render(map, style: StyleOptions(direction: direction))
            let styled = Stylist(theme: try BuiltinThemes.theme(named: "default")!).style(map)
            #expect(styled.sceneCount >= 10, "\(name): \(styled.sceneCount) nodes")
            #expect(rendered.key.count >= 3, "\(name): the legend has something to say")
            let share = try #require(try Self.legendShare(doc), "\(name): no legend")
            #expect(share <= 0.10, "\(name), \(direction): the legend takes \(Int((share * 100).rounded()))% of the map")
        }
    }

    /// The measure itself: the box of every outline in the legend group, over the picture.
    @Test func theMeasureSeesTheLegendsBox() throws {
        let svg = """
            <svg viewBox="0.00 0.00 200.00 100.00"><g id="m" class="graph"><polygon points="0,0 200,0 200,100 0,100"/>
            <g id="legend" class="node legend"><path d="M10,-10C10,-10 110,-10 110,-10 110,-60 10,-60"/>
            <polygon points="20,-20 30,-20 30,-30"/></g></g></svg>
            """
        let share = try #require(try Self.legendShare(XMLDocument(data: Data(svg.utf8), options: [])))
        #expect(abs(share - 0.25) < 0.001)
    }
}
