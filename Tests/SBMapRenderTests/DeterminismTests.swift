import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

@Suite struct DeterminismTests {
    func render(_ graph: StoryboardGraph, _ format: GraphvizFormat) throws -> [UInt8] {
        let theme = try BuiltinThemes.theme(named: "default")!
        return try Renderer.render(graph, options: RenderOptions(format: format, theme: theme)).data
    }

    @Test(arguments: [GraphvizFormat.svg, .dot])
    func sameInputSameBytes(_ format: GraphvizFormat) throws {
        let first = try render(SampleGraphs.tabBarApp, format)
        let second = try render(SampleGraphs.tabBarApp, format)
        let sameTwice = first == second
        #expect(sameTwice)
        _ = try render(SampleGraphs.tiny, format)  // another graph in between
        _ = try render(SampleGraphs.tiny, .png)
        let third = try render(SampleGraphs.tabBarApp, format)
        let sameAfterOthers = first == third
        #expect(sameAfterOthers)
    }

    @Test func concurrentRendersAreSerializedAndIdentical() async throws {
        let expected = try render(SampleGraphs.tabBarApp, .svg)
        let results = try await withThrowingTaskGroup(of: [UInt8].self) { group in
            for i in 0..<6 {
                group.addTask {
                    let theme = try BuiltinThemes.theme(named: "default")!
                    let graph = i % 2 == 0 ? SampleGraphs.tabBarApp : SampleGraphs.tiny
                    let engine: LayoutEngine = i % 3 == 0 ? .sfdp : .dot
                    let out = try Renderer.render(graph, options: RenderOptions(format: .svg, engine: engine, theme: theme))
                    return i % 2 == 0 && engine == .dot ? out.data : []
                }
            }
            var all: [[UInt8]] = []
            for try await r in group where !r.isEmpty { all.append(r) }
            return all
        }
        #expect(!results.isEmpty)
        for r in results {
            let same = r == expected
            #expect(same)
        }
    }
}
