import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// Storyboards that nothing links (coordinator-style apps) are laid out in rows, not in one tall column.
@Suite struct IslandLayoutTests {
    func islands(_ count: Int) -> StoryboardGraph {
        var graph = StoryboardGraph()
        for index in 0..<count {
            let path = "App/Screen\(index).storyboard"
            let scene = SampleGraphs.scene(path, "s\(index)", customClass: "Screen\(index)ViewController", initial: true)
            graph.storyboards.append(Storyboard(path: path, name: "Screen\(index)", platform: .iOS, initialScene: scene.id))
            graph.nodes.append(scene)
        }
        return graph
    }

    /// The distinct left edges of the storyboard clusters' frames in the SVG.
    func clusterColumns(_ graph: StoryboardGraph, direction: Direction) throws -> (columns: Int, rows: Int) {
        let svg = try SVG.render(graph, style: StyleOptions(direction: direction, legend: false))
        var xs: Set<Int> = [], ys: Set<Int> = []
        for cluster in SVG.groups(svg.doc, "cluster") {
            guard let polygon = SVG.elements(cluster).first(where: { $0.name == "polygon" || $0.name == "path" }),
                  let points = SVG.attr(polygon, "points") ?? SVG.attr(polygon, "d") else { continue }
            let numbers = points.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
            guard numbers.count >= 2 else { continue }
            let pairs = stride(from: 0, to: numbers.count - 1, by: 2).map { (numbers[$0], numbers[$0 + 1]) }
            xs.insert(Int((pairs.map(\.0).min() ?? 0) / 10))
            ys.insert(Int((pairs.map(\.1).min() ?? 0) / 10))
        }
        return (xs.count, ys.count)
    }

    @Test func manyUnlinkedStoryboardsFormAGrid() throws {
        let leftToRight = try clusterColumns(islands(16), direction: .leftToRight)
        #expect(leftToRight.columns > 1)
        #expect(leftToRight.rows < 16)
        let topToBottom = try clusterColumns(islands(16), direction: .topToBottom)
        #expect(topToBottom.columns > 1)
    }

    @Test func theGridAddsNoVisibleEdges() throws {
        let svg = try SVG.render(islands(9))
        #expect(SVG.groups(svg.doc, "edge").allSatisfy { SVG.attr($0, "class")?.contains("layout") == false })
        #expect(!svg.text.contains("class=\"layout"))
    }
}
