import SBMapModel
import SBMapRender
import SBMapSite
import SBMapStyle
import Testing

/// A site of many maps ends in bounded time as a whole: the maps are planned in a fixed order
/// against one layout budget, and a map the run cannot afford is left out (its page keeps the tables), with a note,
/// not a failure.
@Suite struct SiteLayoutBudgetTests {
    static let dense = "App/Dense.storyboard"
    static let small = "App/Small.storyboard"

    /// Dense: 150 scenes and 600 random segues (a fixed seed), inside the node budget; Small: three scenes in a row.
    static func app() -> StoryboardGraph {
        let scenes = (0..<150).map { SiteGraphs.scene(dense, "VC-\($0)", customClass: "Dense\($0)ViewController", line: 10 + $0) }
        var state: UInt64 = 12_345
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        var edges = (0..<600).map { n in
            let a = next(150), b = (a + 1 + next(149)) % 150
            return Edge(id: "\(dense)#s\(n)", from: scenes[a].id, to: scenes[b].id, kind: .show, identifier: "s\(n)",
                        location: SourceLocation(path: dense, line: 1_000 + n, column: 13))
        }
        let row = (0..<3).map { SiteGraphs.scene(small, "SM-\($0)", customClass: "Small\($0)ViewController", line: 10 + $0) }
        edges += zip(row, row.dropFirst()).map { a, b in
            Edge(id: "\(small)#\(a.id)", from: a.id, to: b.id, kind: .show, location: SourceLocation(path: small, line: 50))
        }
        return StoryboardGraph(targets: [], storyboards: [Storyboard(path: dense, name: "Dense", platform: .iOS),
                                                          Storyboard(path: small, name: "Small", platform: .iOS)],
                               nodes: scenes + row, edges: edges, diagnostics: [])
    }

    func options(runSeconds: Double) throws -> SiteOptions {
        var render = RenderOptions(format: .svg, theme: try #require(try BuiltinThemes.theme(named: "default")))
        render.layoutBudget = LayoutBudget(mapSeconds: 5, runSeconds: runSeconds)
        return SiteOptions(title: "Hostile", render: render)
    }

    @Test func theDenseMapIsDrawnTheCheapWayWithANote() throws {
        let maps = SiteMaps.draw(Self.app(), options: try options(runSeconds: 40))
        #expect(maps.failures.isEmpty)
        #expect(maps.overview != nil && maps.focus[Self.dense] != nil && maps.focus[Self.small] != nil)
        #expect(maps.diagnostics.contains {
            $0.code == .renderLimited && $0.severity == .info
                && $0.message.hasPrefix("the map of \(Self.dense) (") && $0.message.contains("straight edges")
        }, "\(maps.diagnostics)")
    }

    @Test func aMapTheRunCannotAffordIsLeftOutWithANoteNotAFailure() throws {
        // Enough for the overview and the small map, not for the dense one even with straight edges.
        let maps = SiteMaps.draw(Self.app(), options: try options(runSeconds: 0.2))
        #expect(maps.failures.isEmpty, "over the budget is not broken: \(maps.failures)")
        #expect(maps.overview != nil && maps.focus[Self.small] != nil)
        #expect(maps.focus[Self.dense] == nil)
        #expect(maps.diagnostics.contains {
            $0.code == .renderLimited && $0.message.hasPrefix("the map of \(Self.dense) (") && $0.message.contains("was not drawn")
        }, "\(maps.diagnostics)")
        // The same input gets the same plans: the budget is predicted seconds, not the clock.
        let again = SiteMaps.draw(Self.app(), options: try options(runSeconds: 0.2))
        #expect(again.diagnostics == maps.diagnostics && again.focus.keys.sorted() == maps.focus.keys.sorted())
    }

    /// Maps left out are one note, not one each (a site of 10,000 storyboards printed 8,009 lines), and each page
    /// says in words that its map was left out to keep the run bounded, and how to draw it.
    @Test func mapsLeftOutAreOneNoteAndTheirPagesSaySo() throws {
        // The overview's layout and overhead, and nothing after it.
        let options = try options(runSeconds: LayoutCost.mapOverheadSeconds + 0.0001)
        let graph = Self.app()
        let maps = SiteMaps.draw(graph, options: options)
        #expect(maps.failures.isEmpty, "left out is not broken: \(maps.failures)")
        #expect(maps.overview != nil && maps.focus.isEmpty)
        #expect(maps.leftOut == [Self.dense, Self.small] && !maps.overviewLeftOut)
        let notes = maps.diagnostics.filter { $0.code == .renderLimited && $0.message.contains("not drawn") }
        #expect(notes.count == 1, "\(notes.map(\.message))")
        #expect(notes.first?.message.hasPrefix("2 maps were not drawn, to keep the run bounded") == true)
        #expect(notes.first?.message.contains("the first: the map of \(Self.dense); the map of \(Self.small)") == true)

        let pages = SitePages.make(graph, maps: maps, options: options)
        let dense = try #require(pages.first { $0.path.hasPrefix("storyboards/") && $0.path.contains("Dense") })
        let text = String(decoding: dense.bytes, as: UTF8.self)
        #expect(text.contains("This map was left out to keep the run bounded"))
        #expect(text.contains("--focus \(Self.dense) -o map.svg"))
        #expect(!text.contains("could not be drawn"))
    }
}
