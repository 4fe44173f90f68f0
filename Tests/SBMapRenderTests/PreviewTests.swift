import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// Writes the sample app with every built-in theme to `$SBMAP_PREVIEW_DIR` (when set), for people
/// to look at. Without the variable it only checks that each render succeeds.
@Suite struct PreviewTests {
    @Test(arguments: BuiltinThemes.names)
    func preview(theme name: String) throws {
        let theme = try #require(try BuiltinThemes.theme(named: name))
        let dir = ProcessInfo.processInfo.environment["SBMAP_PREVIEW_DIR"]
        for format in [GraphvizFormat.png, .svg] {
            for direction in [Direction.leftToRight, .topToBottom] {
                let out = try Renderer.render(SampleGraphs.tabBarApp,
                                              options: RenderOptions(format: format, theme: theme,
                                                                     style: StyleOptions(direction: direction)))
                #expect(!out.data.isEmpty)
                if let dir {
                    let url = URL(fileURLWithPath: dir).appendingPathComponent("\(name)-\(direction.rawValue).\(format.rawValue)")
                    try Data(out.data).write(to: url)
                }
            }
        }
    }
}
