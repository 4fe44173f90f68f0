// SBMapRenderProbe: renders one graph in a process of its own (not installed; used by the tests).
//
//   SBMapRenderProbe GRAPH.json ENGINE FORMAT OUT    render GRAPH (sbmap's JSON, docs/graph-schema.md) with the
//                                                    default theme through ENGINE to FORMAT, into OUT
//
// Graphviz runs inside the process, so a Graphviz crash kills whatever process renders. The tests
// (`RenderCrashTests`) run renders here, in a child process, to see a crash as an exit status instead of
// losing the test run to it. Exit status: 0 rendered, 2 the render failed with an error, 64 bad usage;
// anything else (134, a signal, AddressSanitizer's report) is a crash.
import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 4,
      let engine = LayoutEngine(rawValue: arguments[arguments.startIndex + 1]),
      let format = GraphvizFormat(rawValue: arguments[arguments.startIndex + 2]) else {
    FileHandle.standardError.write(Data("usage: SBMapRenderProbe GRAPH.json dot|neato|fdp|sfdp|circo|twopi svg|png|pdf|dot OUT\n".utf8))
    exit(64)
}
let input = URL(fileURLWithPath: arguments[arguments.startIndex])
let output = URL(fileURLWithPath: arguments[arguments.startIndex + 3])
do {
    let graph = try JSONDecoder().decode(StoryboardGraph.self, from: Data(contentsOf: input))
    let theme = try ThemeRef.default.load()
    let rendered = try Renderer.render(graph, options: RenderOptions(format: format, engine: engine, theme: theme))
    try Data(rendered.data).write(to: output)
    for diagnostic in rendered.diagnostics { print(diagnostic.xcodeLine) }
} catch {
    FileHandle.standardError.write(Data("SBMapRenderProbe: \(error)\n".utf8))
    exit(2)
}
