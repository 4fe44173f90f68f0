import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// A map comes out near the shape it is aimed at (about 1:1, `--aspect` for another) when sbmap chooses its direction:
/// a long flow is laid out the other way or wrapped into rows (docs/themes.md).
@Suite struct MapShapeTests {
    typealias S = SampleGraphs

    /// Eight storyboards in one flow: each one's list shows its detail, which opens the next storyboard through a
    /// reference. Left to right it is one long row of boxes.
    static var longFlow: StoryboardGraph {
        var storyboards: [Storyboard] = [], nodes: [Node] = [], edges: [Edge] = []
        let names = ["Welcome", "Account", "Catalog", "Product", "Basket", "Delivery", "Payment", "Receipt"]
        var previous: Node?
        for (k, name) in names.enumerated() {
            let path = "Shop/\(name).storyboard"
            let list = S.scene(path, "L\(k)-01", customClass: "\(name)ViewController", initial: true)
            let detail = S.scene(path, "D\(k)-01", customClass: "\(name)DetailViewController")
            storyboards.append(Storyboard(path: path, name: name, platform: .iOS, initialScene: list.id))
            nodes += [list, detail]
            edges.append(S.edge(path, "s\(k)", list, detail, .show))
            if let previous {
                let ref = S.reference(previous.storyboard!, "R\(k)-01", storyboard: name, resolution: .resolved(list.id))
                nodes.append(ref)
                edges.append(S.edge(previous.storyboard!, "r\(k)", previous, ref, .show))
                edges.append(S.link(ref, list))
            }
            previous = detail
        }
        return StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges)
    }

    static func render(_ graph: StoryboardGraph, direction: Direction = .leftToRight, chooses: Bool,
                       aspect: Double? = nil) throws -> (shape: Double, data: [UInt8]) {
        var options = RenderOptions(format: .svg, theme: try #require(try BuiltinThemes.theme(named: "default")),
                                    style: StyleOptions(direction: direction))
        options.choosesDirection = chooses
        options.aspect = aspect
        let out = try Renderer.render(MapGraph.full(graph), options: options)
        let doc = try XMLDocument(data: Data(out.data), options: [])
        let root = try #require(doc.rootElement())
        let box = try #require(SVG.attr(root, "viewBox")).split(separator: " ").compactMap { Double($0) }
        try #require(box.count == 4 && box[3] > 0)
        // The shape as the SVG's reader sees it: its viewBox, width over height.
        return (box[2] / box[3], out.data)
    }

    /// Without the choice (a user's `--direction LR`) the flow is one long row: the problem this fixes.
    @Test func aUsersDirectionIsKept() throws {
        let kept = try Self.render(Self.longFlow, chooses: false)
        #expect(kept.shape > 3, "one row of eight boxes left to right: \(kept.shape)")
        let down = try Self.render(Self.longFlow, direction: .topToBottom, chooses: false)
        #expect(down.shape < 1 / 3, "a user's TB is kept too, however tall: \(down.shape)")
    }

    /// By default the long row is turned or wrapped: its SVG is at most 2.2:1 either way, and the same bytes twice.
    @Test func aLongFlowComesOutNearSquare() throws {
        let chosen = try Self.render(Self.longFlow, chooses: true)
        #expect(chosen.shape <= 2.2 && chosen.shape >= 1 / 2.2, "shape \(chosen.shape)")
        let again = try Self.render(Self.longFlow, chooses: true)
        let same = again.data == chosen.data
        #expect(same, "the same bytes twice")
    }

    /// `--aspect` asks for another shape: a wide one keeps more of the row, a tall one gives a tall map.
    @Test func aspectChangesTheChoice() throws {
        let square = try Self.render(Self.longFlow, chooses: true).shape
        let wide = try Self.render(Self.longFlow, chooses: true, aspect: 4).shape
        let tall = try Self.render(Self.longFlow, chooses: true, aspect: 0.3).shape
        #expect(wide > square, "aimed at 4:1: \(wide), at 1:1: \(square)")
        #expect(wide >= 2 && wide <= 8, "within twice of 4:1: \(wide)")
        #expect(tall < square && tall < 1, "aimed at 0.3:1: \(tall)")
    }

    /// A map that is near its aim is laid out once, as asked: the same bytes as without the choice.
    @Test func aMapNearItsAimIsLeftAlone() throws {
        let graph = StoryboardGraph(
            storyboards: Array(Self.longFlow.storyboards.prefix(1)),
            nodes: Self.longFlow.nodes.filter { $0.storyboard == "Shop/Welcome.storyboard" && $0.role != .reference },
            edges: Self.longFlow.edges.filter { $0.id == "Shop/Welcome.storyboard#s0" })
        // Two scenes side by side and the legend: 3.3:1, near an aim of 3:1 (at 1:1 it is turned).
        let chosen = try Self.render(graph, chooses: true, aspect: 3)
        let asked = try Self.render(graph, chooses: false)
        #expect(chosen.shape <= 6 && chosen.shape >= 1.5, "\(chosen.shape)")
        let same = chosen.data == asked.data
        #expect(same, "laid out once, as asked")
    }
}
