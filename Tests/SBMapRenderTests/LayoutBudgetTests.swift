import SBMapModel
@testable import SBMapRender
import SBMapStyle
import Testing

/// Every layout ends in bounded time, whatever its shape: the plan is chosen from a prediction of Graphviz's work
/// before the layout starts, a map over its budget is drawn the cheap way with a note that says so, and a run of many
/// maps is bounded as a whole. (Speed itself is measured in scripts/bench.sh --hostile, never here.)
@Suite struct LayoutBudgetTests {
    /// One storyboard of `scenes` scenes joined by `segues` random segues (a fixed seed): inside the node and edge
    /// budget at 150 and 600, and a dot layout that ran for minutes.
    static func dense(scenes: Int = 150, segues: Int = 600, path: String = "App/Dense.storyboard") -> StoryboardGraph {
        let nodes = (0..<scenes).map { k in
            SampleGraphs.scene(path, "VC-\(k)", customClass: "Dense\(k)ViewController", initial: k == 0, line: 10 + k)
        }
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next(_ bound: Int) -> Int {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((state >> 33) % UInt64(bound))
        }
        let kinds: [EdgeKind] = [.show, .presentation, .popoverPresentation]
        let edges = (0..<segues).map { n in
            let a = next(scenes)
            let b = (a + 1 + next(scenes - 1)) % scenes
            return SampleGraphs.edge(path, "s\(n)", nodes[a], nodes[b], kinds[n % 3], identifier: "s\(n)", line: 1_000 + n)
        }
        let storyboard = Storyboard(path: path, name: "Dense", platform: .iOS, initialScene: nodes[0].id)
        return StoryboardGraph(targets: [], storyboards: [storyboard], nodes: nodes, edges: edges, diagnostics: [])
    }

    func options(_ format: GraphvizFormat = .svg, engine: LayoutEngine = .dot) throws -> RenderOptions {
        RenderOptions(format: format, engine: engine, theme: try #require(try BuiltinThemes.theme(named: "default")))
    }

    func plan(_ graph: StoryboardGraph, _ options: RenderOptions) -> LayoutPlan {
        Renderer.plan(Stylist(theme: options.theme, options: options.style).style(graph), options: options)
    }

    @Test func theHostileStoryboardIsInsideTheNodeBudgetButGetsTheBoundedPlan() throws {
        let graph = Self.dense()
        #expect(MapBudget().admits(graph), "the node and edge budget lets it through: it does not bound the layout")
        let options = try options()
        let plan = plan(graph, options)
        #expect(plan.effort == .straight)
        #expect(plan.cost.dotSeconds > 60, "predicted at minutes, as measured")
        #expect(plan.engine(asked: .dot) == .sfdp)

        let rendered = try Renderer.render(graph, options: options)
        #expect(String(decoding: rendered.data, as: UTF8.self).contains("<svg"))
        let notes = rendered.diagnostics.filter { $0.code == .renderLimited && $0.severity == .info }
        #expect(notes.contains { $0.message.contains("laid out by sfdp with straight edges instead of dot") }, "\(notes)")
        #expect(notes.contains { $0.message.contains("150 nodes, 600 edges") || $0.message.contains("nodes, 60") })
        #expect(!rendered.diagnostics.contains { $0.severity != .info }, "a note: nothing is wrong with the app")
    }

    @Test func theBoundedPlanDrawsStraightEdges() throws {
        let styled = Stylist(theme: try options().theme).style(Self.dense())
        let text = String(decoding: try Renderer.dotText(styled, engine: .sfdp, straightEdges: true), as: UTF8.self)
        #expect(text.contains("splines=line"))
        #expect(!text.contains("splines=curved"))
    }

    @Test func normalMapsKeepTheirLayout() throws {
        // The golden maps, a sparse storyboard of 150 scenes, and the tab bar app: dot as themed, no note.
        for graph in [SampleGraphs.tabBarApp, Self.dense(scenes: 150, segues: 160)] {
            let plan = plan(graph, try options())
            #expect(plan.effort == .full, "\(plan.cost)")
            #expect(plan.finding(map: "the map", engine: .dot) == nil)
        }
        let rendered = try Renderer.render(SampleGraphs.tabBarApp, options: try options())
        #expect(!rendered.diagnostics.contains { $0.message.contains("straight edges") })
    }

    @Test func curvedEdgesAreNotDrawnOnADenseGraph() throws {
        // Graphviz 2.4x's curved edges (what sfdp draws for routed splines) trace every cycle: on the hostile storyboard
        // `--layout sfdp` never finished.
        let dense = plan(Self.dense(), try options(engine: .sfdp))
        #expect(dense.effort == .straight)
        #expect(dense.reason.contains("cycles"))
        #expect(plan(SampleGraphs.tabBarApp, try options(engine: .sfdp)).effort == .full)
    }

    @Test func aMapTheRunCannotAffordIsNotDrawnAndSaysSo() throws {
        var options = try options()
        options.layoutAllowance = 0.01
        options.layoutSubject = "the map of App/Dense.storyboard"
        #expect(plan(Self.dense(), options).effort == .skipped)
        do {
            _ = try Renderer.render(Self.dense(), options: options)
            Issue.record("a skipped map is not drawn")
        } catch let error as RenderError {
            #expect(error.skipped)
            #expect(error.diagnostics.contains {
                $0.code == .renderLimited && $0.severity == .info && $0.message.hasPrefix("the map of App/Dense.storyboard")
                    && $0.message.contains("was not drawn")
            })
        }
    }

    @Test func aRunOfManyMapsIsBoundedAsAWhole() throws {
        let options = try options()
        let cost = Renderer.layoutCost(Self.dense(), options: options)
        let each = cost.straightSeconds + LayoutCost.mapOverheadSeconds
        var run = LayoutRun(budget: LayoutBudget(mapSeconds: 5, runSeconds: 3 * each + 0.001))
        var plans: [LayoutEffort] = []
        for _ in 0..<10 {
            let allowance = run.plan(for: cost, options: options).allowance
            plans.append(LayoutPlan.choose(cost, engine: .dot, splines: "spline", budget: run.budget, allowance: allowance).effort)
        }
        #expect(plans == [.straight, .straight, .straight] + Array(repeating: .skipped, count: 7))
        #expect(run.remaining < cost.straightSeconds)
        // Thousands of small maps are bounded too: each drawn map is charged its overhead besides its layout.
        let small = Renderer.layoutCost(SampleGraphs.tabBarApp, options: options)
        var many = LayoutRun(budget: LayoutBudget())
        let drawn = (0..<10_000).count { _ in
            let allowance = many.plan(for: small, options: options).allowance
            return LayoutPlan.choose(small, engine: .dot, splines: "spline", budget: many.budget, allowance: allowance).effort != .skipped
        }
        #expect(drawn > 1_000 && drawn < 4_001, "\(drawn)")
    }

    @Test func theCostModelSeesRanksNotSize() {
        // A chain of 2,000 nodes is long and thin: one node a rank.
        let chain = LayoutCost(nodes: 2_000, edges: (0..<1_999).map { ($0, $0 + 1, 1, true) })
        #expect(chain.ranks == 2_000 && chain.virtualNodes == 0 && chain.rankWork == 2_000 && chain.cycles == 0)
        // A cycle is broken, not followed forever; a long back edge crosses every rank between.
        let ring = LayoutCost(nodes: 4, edges: [(0, 1, 1, true), (1, 2, 1, true), (2, 3, 1, true), (3, 0, 1, true)])
        #expect(ring.ranks == 4 && ring.virtualNodes == 2 && ring.cycles == 1)
        // Edges left out of the ranking do not make ranks.
        let flat = LayoutCost(nodes: 3, edges: [(0, 1, 1, false), (1, 2, 1, false)])
        #expect(flat.ranks == 1 && flat.rankWork == 9)
    }

    // MARK: Every engine and spline mode, each within the budget

    func options(engine: LayoutEngine, splines: String) throws -> RenderOptions {
        var options = try options(engine: engine)
        options.theme.canvas.splines = splines
        return options
    }

    func notes(_ rendered: Rendered) -> [String] {
        rendered.diagnostics.filter { $0.code == .renderLimited && $0.severity == .info }.map(\.message)
    }

    /// `layout: circo` in a pull request's `.sbmap.yml`: circo on the dense storyboard ran for minutes (predicted at a
    /// straight layout's fraction of a second before). Now it is predicted over the budget and laid out by sfdp.
    @Test func circoOnADenseStoryboardFallsBackToSfdpAndSaysSo() throws {
        let graph = Self.dense()
        let options = try options(engine: .circo, splines: "spline")
        let plan = plan(graph, options)
        #expect(plan.cost.circoSeconds > 60, "measured: over 200 s")
        #expect(plan.effort == .straight)
        #expect(plan.engine(asked: .circo) == .sfdp)
        let rendered = try Renderer.render(graph, options: options)
        #expect(notes(rendered).contains { $0.contains("was laid out by sfdp with straight edges instead of circo: circo would take about") },
                "\(notes(rendered))")
        // A small map keeps circo.
        #expect(self.plan(SampleGraphs.tabBarApp, options).effort == .full)
    }

    /// neato and fdp compare every pair of nodes: a map of thousands of scenes is laid out by sfdp.
    @Test func forceDirectedEnginesFallBackOnLargeMaps() throws {
        let large = LayoutCost(nodes: 3_000, edges: (0..<2_999).map { ($0, $0 + 1, 1, true) })
        for engine in [LayoutEngine.neato, .fdp] {
            let plan = LayoutPlan.choose(large, engine: engine, splines: "line", budget: LayoutBudget(), allowance: 40)
            #expect(plan.effort == .straight && plan.engine(asked: engine) == .sfdp, "\(engine)")
            #expect(plan.finding(map: "the map", engine: engine)?.message.contains("instead of \(engine.rawValue): \(engine.rawValue) would take about") == true)
        }
        let twopi = LayoutPlan.choose(large, engine: .twopi, splines: "line", budget: LayoutBudget(), allowance: 40)
        #expect(twopi.effort == .full, "twopi is about linear")
    }

    /// `splines: ortho` in a theme a pull request adds: with dot, a map whose layout fits but whose orthogonal routing
    /// would not gets polyline edges along the same layout.
    @Test func orthoEdgesOverTheBudgetAreDrawnAsPolylines() throws {
        let graph = Self.dense(scenes: 150, segues: 160)
        let options = try options(engine: .dot, splines: "ortho")
        let plan = plan(graph, options)
        #expect(plan.cost.dotSeconds < 5)
        #expect(plan.cost.orthoSeconds > 5, "measured: 3.3 s on a quiet machine")
        #expect(plan.effort == .polyline)
        #expect(plan.engine(asked: .dot) == .dot)
        let styled = Stylist(theme: options.theme).style(graph)
        let text = String(decoding: try Renderer.dotText(styled, engine: .dot, polylineEdges: true), as: UTF8.self)
        #expect(text.contains("splines=polyline") && !text.contains("splines=ortho"))
        let rendered = try Renderer.render(graph, options: options)
        #expect(notes(rendered).contains {
            $0.contains("was drawn with polyline edges instead of orthogonal ones: orthogonal edges (splines: ortho) would take about")
        }, "\(notes(rendered))")
        // Ortho on a small map is drawn as themed.
        #expect(self.plan(SampleGraphs.tabBarApp, options).effort == .full)
    }

    /// Other engines route polylines around every node: where ortho is over the budget, their edges are straight.
    @Test func orthoEdgesWithNeatoBecomeStraight() throws {
        let options = try options(engine: .neato, splines: "ortho")
        let plan = plan(Self.dense(), options)
        #expect(plan.effort == .straight)
        #expect(plan.engine(asked: .neato) == .neato, "neato's own layout fits")
        #expect(plan.finding(map: "the map", engine: .neato)?.message.contains("was drawn with straight edges: orthogonal edges (splines: ortho) would take about") == true)
    }

    /// The run is charged the time a map took where it exceeds its plan's charge and the clock's slack: a model that
    /// misjudges an input cannot make a run of many maps unbounded.
    @Test func theRunIsChargedTheTimeMeasured() throws {
        let options = try options()
        let cost = Renderer.layoutCost(SampleGraphs.tabBarApp, options: options)
        var run = LayoutRun(budget: LayoutBudget(mapSeconds: 5, runSeconds: 40))
        let (plan, _) = run.plan(for: cost, options: options)
        let afterPlan = run.remaining
        run.charge(measured: plan.seconds + 0.5, for: plan)
        #expect(run.remaining == afterPlan, "within the slack: the plans stay the same on any machine")
        run.charge(measured: 30, for: plan)
        #expect(abs(run.remaining - (afterPlan - (30 - plan.seconds - LayoutCost.mapOverheadSeconds - LayoutRun.measuredSlack))) < 1e-9)
        run.charge(measured: 100, for: plan)
        #expect(run.isSpent)
    }
}
