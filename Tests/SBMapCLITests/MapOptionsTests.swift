import Foundation
import SBMapModel
import Testing

/// `render` and `site` share one option group and one way of building their render options:
/// a flag of one is a flag of the other.
@Suite struct MapOptionsTests {
    /// The same flags, the same checks, in both commands.
    @Test func renderAndSiteTakeTheSameMapFlags() throws {
        let app = try SiteFixtures.tabApp()
        for command in [["render", ".", "-o", "map.svg"], ["site", ".", "-o", "site"]] {
            let bad = try Harness.run(command + ["--hops", "101"], in: app)
            #expect(bad.status == 64 && bad.stderr.contains("--hops must be between 0 and 100"), "\(command): \(bad.stderr)")
            let theme = try Harness.run(command + ["--theme", "no-such-theme"], in: app)
            #expect(theme.status == 64, "\(command): \(theme.stderr)")
            let good = try Harness.run(command + ["--layout", "sfdp", "--direction", "TB", "--label", "identifier",
                                                  "--no-legend", "--max-nodes", "50", "--max-edges", "80", "--hops", "2"],
                                       in: app)
            #expect(good.status <= 1, "\(command): \(good.stderr)")
        }
        // The layout flag reaches the site's maps: sfdp draws no ranks, so the overview's SVG differs from dot's.
        _ = try Harness.run(["site", ".", "-o", "dot-site"], in: app)
        let dot = try String(contentsOf: app.appendingPathComponent("dot-site/index.html"), encoding: .utf8)
        let sfdp = try String(contentsOf: app.appendingPathComponent("site/index.html"), encoding: .utf8)
        #expect(dot != sfdp)
    }

    /// `render -o x.json` writes the view's graph through the text writer, no Graphviz.
    @Test func renderWritesTheOverviewAsJSON() throws {
        let app = try SiteFixtures.tabApp()
        let run = try Harness.run(["render", ".", "--view", "overview", "-o", "overview.json"], in: app)
        #expect(run.status <= 1, "\(run.stderr)")
        let graph = try JSONDecoder().decode(StoryboardGraph.self,
                                             from: Data(contentsOf: app.appendingPathComponent("overview.json")))
        #expect(!graph.nodes.isEmpty && graph.nodes.allSatisfy { $0.role == .storyboard || $0.role == .code || $0.role == .codeTarget })
    }

    /// `--id-prefix` (and `render.id-prefix` in .sbmap.yml) puts a prefix before every id of one map; by default a map
    /// is prefixed with its name; `--all` gives each map its own.
    @Test func idPrefixFlagAndSettingsKey() throws {
        let app = try SiteFixtures.tabApp()
        func ids(_ file: String) throws -> [String] {
            let svg = try String(contentsOf: app.appendingPathComponent(file), encoding: .utf8)
                .replacingOccurrences(of: "&#45;", with: "-")
            return svg.components(separatedBy: " id=\"").dropFirst().compactMap { $0.split(separator: "\"").first.map(String.init) }
        }
        let asked = try Harness.run(["render", ".", "-o", "a.svg", "--view", "full", "--id-prefix", "docA-"], in: app)
        #expect(asked.status <= 1, "\(asked.stderr)")
        #expect(try ids("a.svg").allSatisfy { $0.hasPrefix("docA-") || $0.hasPrefix("a_docA-") })
        let named = try Harness.run(["render", ".", "-o", "b.svg", "--view", "overview"], in: app)
        #expect(named.status <= 1, "\(named.stderr)")
        #expect(try ids("b.svg").contains("overview-sbmap"))
        #expect(Set(try ids("a.svg")).isDisjoint(with: try ids("b.svg")))
        let all = try Harness.run(["render", ".", "--all", "-o", "maps", "--id-prefix", "x"], in: app)
        #expect(all.status == 64 && all.stderr.contains("--id-prefix"), "\(all.stderr)")
        try "render:\n  id-prefix: fromFile-\n".write(to: app.appendingPathComponent(".sbmap.yml"), atomically: true, encoding: .utf8)
        let configured = try Harness.run(["render", ".", "-o", "c.svg", "--view", "full"], in: app)
        #expect(configured.status <= 1, "\(configured.stderr)")
        #expect(try ids("c.svg").contains("fromFile-sbmap"))
    }

    /// `--aspect` (and the theme's `canvas.aspect`) aims the maps at another shape when sbmap chooses their direction;
    /// a direction the user set (`--direction`, or `render.direction` in .sbmap.yml) is kept whatever the aim.
    @Test func aspectFlagAndKeptDirection() throws {
        let app = try SiteFixtures.tabApp()
        let bad = try Harness.run(["render", ".", "--aspect", "0", "-o", "bad.svg"], in: app)
        #expect(bad.status == 64 && bad.stderr.contains("--aspect must be between 0.1 and 10"), "\(bad.stderr)")
        func map(_ flags: [String], _ name: String) throws -> String {
            let run = try Harness.run(["render", ".", "--view", "full", "-o", name] + flags, in: app)
            #expect(run.status <= 1, "\(flags): \(run.stderr)")
            return try String(contentsOf: app.appendingPathComponent(name), encoding: .utf8)
        }
        let tall = try map(["--aspect", "0.2"], "tall.svg")
        let wide = try map(["--aspect", "5"], "wide.svg")
        #expect(tall != wide, "the aim changes the choice")
        let lr = try map(["--direction", "LR"], "lr.svg")
        #expect(try map(["--direction", "LR", "--aspect", "0.2"], "lr-tall.svg") == lr, "--direction wins over --aspect")
        // The direction is kept; the aim still says where the legend goes (below or beside), so compare without it.
        let tb = try map(["--direction", "TB", "--no-legend"], "tb.svg")
        #expect(try map(["--direction", "TB", "--aspect", "5", "--no-legend"], "tb-wide.svg") == tb)
        let theme = app.appendingPathComponent("tall.yaml")
        try "extends: default\ncanvas:\n  aspect: 0.2\n".write(to: theme, atomically: true, encoding: .utf8)
        #expect(try map(["--theme", "tall.yaml"], "theme-tall.svg") == tall, "the theme's canvas.aspect is the flag's default")
        // `render.aspect` in .sbmap.yml: over the theme's, under the flag; out of range is a finding on its line.
        let config = app.appendingPathComponent(".sbmap.yml")
        try "render:\n  aspect: 0.2\n".write(to: config, atomically: true, encoding: .utf8)
        #expect(try map([], "file-tall.svg") == tall, "render.aspect aims the maps")
        #expect(try map(["--aspect", "5"], "file-flag-wide.svg") == wide, "--aspect wins over render.aspect")
        try "render:\n  aspect: 20\n".write(to: config, atomically: true, encoding: .utf8)
        let out = try Harness.run(["render", ".", "--view", "full", "-o", "x.svg"], in: app)
        #expect(out.status == 64 && out.stderr.contains("aspect"), "\(out.status) \(out.stderr)")
    }
}
