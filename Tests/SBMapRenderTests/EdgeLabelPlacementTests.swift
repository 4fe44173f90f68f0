import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
@testable import SBMapRender
import SBMapStyle
import Testing

/// Issue 30: every edge's text touches its edge's curve, and no two texts of a map overlap, measured over the SVG as
/// `scripts/map-figures.py` measures the real-app set (a text line's box from Helvetica's widths and its font size).
@Suite struct EdgeLabelPlacementTests {
    typealias S = SampleGraphs

    /// How far (pt) a label's nearest line may be from its curve: a few px, well under a line's height (the placement
    /// keeps Graphviz's line boxes, 1.2 font sizes high, within 4 pt; a line's box here is its font size high).
    static let tolerance = 5.0

    struct Text {
        let group: Int
        let line: String
        let box: EdgeLabelPlacement.Rect
    }

    /// Helvetica advance widths (per 1000 em) of ASCII 32…126, as Graphviz estimates text (textspan.c).
    static let helvetica: [Double] = [
        278, 278, 355, 556, 556, 889, 667, 191, 333, 333, 389, 584, 278, 333, 278, 278,
        556, 556, 556, 556, 556, 556, 556, 556, 556, 556, 278, 278, 584, 584, 584, 556,
        1015, 667, 667, 722, 722, 667, 611, 778, 722, 278, 500, 667, 556, 833, 722, 778,
        667, 778, 722, 667, 611, 722, 667, 944, 667, 667, 611, 278, 278, 278, 469, 556,
        333, 556, 556, 500, 556, 556, 278, 556, 556, 222, 222, 500, 222, 833, 556, 556,
        556, 556, 333, 500, 278, 556, 500, 722, 500, 500, 500, 334, 260, 334, 584,
    ]

    static func box(_ text: XMLElement) -> EdgeLabelPlacement.Rect {
        let line = text.stringValue ?? ""
        let size = Double(SVG.attr(text, "font-size") ?? "14") ?? 14
        let x = Double(SVG.attr(text, "x") ?? "0") ?? 0, y = Double(SVG.attr(text, "y") ?? "0") ?? 0
        let width = line.unicodeScalars.reduce(0.0) { sum, c in
            let v = Int(c.value)
            return sum + ((32...126).contains(v) ? helvetica[v - 32] : v > 0x2E80 ? 1000 : 600)
        } * size / 1000
        let anchor = SVG.attr(text, "text-anchor") ?? "start"
        let x0 = anchor == "middle" ? x - width / 2 : anchor == "end" ? x - width : x
        return .init(x0: x0, y0: y - 0.8 * size, x1: x0 + width, y1: y + 0.2 * size)
    }

    /// The map's text lines by group (node, edge or box), and each edge's curve with the boxes of its lines.
    static func measure(_ doc: XMLDocument) -> (overlaps: [String], away: [String]) {
        var texts: [Text] = []
        var away: [String] = []
        let groups = SVG.elements(doc).filter { g in
            g.name == "g" && (SVG.attr(g, "class") ?? "").split(separator: " ").contains { ["node", "edge", "cluster"].contains($0) }
        }
        for (index, g) in groups.enumerated() {
            let lines = SVG.elements(g).filter { $0.name == "text" && !($0.stringValue ?? "").trimmingCharacters(in: .whitespaces).isEmpty }
            texts += lines.map { Text(group: index, line: $0.stringValue ?? "", box: box($0)) }
            let classes = (SVG.attr(g, "class") ?? "").split(separator: " ")
            guard classes.contains("edge"), !lines.isEmpty, !classes.contains("legend-sample"),
                  let path = SVG.elements(g).first(where: { $0.name == "path" }), let d = SVG.attr(path, "d") else { continue }
            // Graphviz's `M x,y C x,y x,y x,y …`, every segment sampled about every 3 pt (chords of a long bend lie
            // off it by more than the tolerance).
            let numbers = FullMapLayoutTests.numbers(d)
            let controls = stride(from: 0, to: numbers.count - 1, by: 2).map { EdgeLabelPlacement.Point(x: numbers[$0], y: numbers[$0 + 1]) }
            let curve = EdgeLabelPlacement.sample(controls)
            let distance = lines.map(box).flatMap { b in curve.map { b.distance(to: $0) } }.min() ?? .infinity
            if distance > tolerance {
                away.append("\(SVG.attr(g, "id") ?? "?") \(lines.compactMap(\.stringValue)) \(Int(distance)) pt from its edge")
            }
        }
        var overlaps: [String] = []
        for (i, a) in texts.enumerated() {
            for b in texts[(i + 1)...] where a.group != b.group && a.box.overlaps(b.box) {
                overlaps.append("'\(a.line)' / '\(b.line)'")
            }
        }
        return (overlaps, away)
    }

    /// Storyboards in a cycle, each linked back to the one before by code links with identifiers: the links left out
    /// of the ranking are `xlabel`s, which Graphviz placed wherever there was room (on each other, far from their
    /// edge); and one scene with many labelled segues fanned out.
    static var crowded: StoryboardGraph {
        let paths = (1...3).map { "App/Part\($0).storyboard" }
        var storyboards: [Storyboard] = [], nodes: [Node] = [], edges: [Edge] = []
        var heads: [Node] = []
        for (k, path) in paths.enumerated() {
            let hub = S.scene(path, "HUB-0\(k)", customClass: "Part\(k)HubViewController", initial: true)
            storyboards.append(Storyboard(path: path, name: "Part\(k + 1)", platform: .iOS, initialScene: hub.id))
            nodes.append(hub)
            heads.append(hub)
            for j in 1...4 {
                let leaf = S.scene(path, "L\(k)\(j)-01", customClass: "Part\(k)Leaf\(j)ViewController",
                                   identifier: "Leaf\(k)\(j)", line: 10 + j)
                nodes.append(leaf)
                edges.append(S.edge(path, "s\(j)", hub, leaf, .show, identifier: "showLeaf\(j)FromThePartHub"))
            }
        }
        for k in 0..<paths.count {
            let next = heads[(k + 1) % paths.count]
            let ref = S.reference(paths[k], "REF-0\(k)", storyboard: "Part\((k + 1) % paths.count + 1)", resolution: .resolved(next.id))
            nodes.append(ref)
            edges.append(S.edge(paths[k], "r", heads[k], ref, .show, identifier: "openNextPart"))
            edges.append(S.link(ref, next))
            // Code in each part opens every leaf of the part before it: links against the flow.
            let before = (k + paths.count - 1) % paths.count
            for j in 1...4 {
                let leaf = nodes.first { $0.objectID == "L\(before)\(j)-01" }!
                edges.append(Edge(id: "code:\(k)->\(leaf.id)", from: heads[k].id, to: leaf.id, kind: .code,
                                  identifier: "Leaf\(before)\(j)", crossFile: true,
                                  location: SourceLocation(path: "App/Part\(k).swift", line: j)))
            }
        }
        return StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges)
    }

    static var fixtures: [(String, StoryboardGraph)] {
        [("tab bar app", S.tabBarApp), ("code cycle", S.codeCycle), ("crowded", crowded)]
    }

    @Test(arguments: ["full", "overview", "focus"], [Direction.leftToRight, .topToBottom])
    func everyEdgeLabelTouchesItsEdgeAndNoTextsOverlap(view: String, direction: Direction) throws {
        for (name, graph) in Self.fixtures {
            let map: MapGraph
            switch view {
            case "overview": map = OverviewView.make(graph)
            case "focus": map = FocusView(storyboard: graph.storyboards[0].path).make(graph)
            default: map = MapGraph.full(graph)
            }
            var style = StyleOptions()
            style.direction = direction
            let svg = try SVG.render(map, style: style)
            let (overlaps, away) = Self.measure(svg.doc)
            #expect(overlaps.isEmpty, "\(name), \(view), \(direction): overlapping texts \(overlaps)")
            #expect(away.isEmpty, "\(name), \(view), \(direction): \(away)")
        }
    }

    /// The placement itself: a text Graphviz put away from its curve, or on another text, is moved beside its own
    /// curve, onto no node and no other text; a text that is fine stays where it is.
    @Test func aTextAwayFromItsCurveOrOnAnotherIsMovedBesideItsCurve() {
        typealias P = EdgeLabelPlacement.Point
        let straight = EdgeLabelPlacement.sample([P(x: 0, y: 0), P(x: 0, y: 33), P(x: 0, y: 66), P(x: 0, y: 100)])
        let other = EdgeLabelPlacement.sample([P(x: 60, y: 0), P(x: 60, y: 33), P(x: 60, y: 66), P(x: 60, y: 100)])
        let fine = EdgeLabelPlacement.Label(width: 40, height: 12, center: P(x: 22, y: 50), curve: straight)
        let far = EdgeLabelPlacement.Label(width: 40, height: 12, center: P(x: 200, y: 50), curve: other)
        let onTop = EdgeLabelPlacement.Label(width: 40, height: 12, center: P(x: 30, y: 52), curve: other)
        let node = EdgeLabelPlacement.Rect(x0: 62, y0: 40, x1: 120, y1: 60)
        let placement = EdgeLabelPlacement(obstacles: [node], labels: [fine, far, onTop])
        let centres = placement.place()
        #expect(centres[0] == fine.center)
        var boxes: [EdgeLabelPlacement.Rect] = []
        for (k, label) in placement.labels.enumerated() {
            let r = EdgeLabelPlacement.Rect(center: centres[k], width: label.width, height: label.height)
            #expect(label.curve.contains { r.distance(to: $0) <= EdgeLabelPlacement.touching }, "label \(k) at \(centres[k])")
            #expect(!r.overlaps(node), "label \(k) on the node")
            #expect(!boxes.contains { $0.overlaps(r) }, "label \(k) on another")
            boxes.append(r)
        }
    }
}
