import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle

/// One map of the site, ready to inline: the checked SVG markup and where each model node is in it.
public struct SiteMap: Hashable, Sendable {
    /// `<svg …>…</svg>`, checked by `SVGInliner`.
    public var svg: [UInt8]
    /// Model node id → SVG id.
    public var nodeIDs: [String: String]
    /// How far a focus map reaches (fewer hops than asked when the neighbourhood was over the budget).
    public var hops: Int
    /// What the map's styles mean: the page shows it beside the map, which is drawn without a legend of its own.
    public var key: [LegendItem]

    public init(svg: [UInt8], nodeIDs: [String: String], hops: Int = 0, key: [LegendItem] = []) {
        self.svg = svg
        self.nodeIDs = nodeIDs
        self.hops = hops
        self.key = key
    }
}

/// Every map a site shows: the overview, and one focus map per storyboard, keyed by storyboard path.
public struct SiteMaps: Sendable {
    public var overview: SiteMap?
    public var focus: [String: SiteMap]
    /// Findings of the renders (each distinct one once), and notes for maps drawn with fewer hops.
    public var diagnostics: [Diagnostic]
    /// Maps that could not be drawn: `what: why`. Their pages say so instead of showing a map.
    public var failures: [String]
    /// Storyboards whose maps the site's layout budget left out (`LayoutEffort.skipped`): not broken, not drawn, to
    /// keep the run bounded. Their pages say so, and how to draw one.
    public var leftOut: Set<String>
    /// Whether the overview was left out so.
    public var overviewLeftOut: Bool

    public init(overview: SiteMap?, focus: [String: SiteMap], diagnostics: [Diagnostic] = [], failures: [String] = [],
                leftOut: Set<String> = [], overviewLeftOut: Bool = false) {
        self.overview = overview
        self.focus = focus
        self.diagnostics = diagnostics
        self.failures = failures
        self.leftOut = leftOut
        self.overviewLeftOut = overviewLeftOut
    }

    /// Draws the overview and every focus map of `graph` as SVG, all held at once: for tests and small apps. `Site`
    /// draws them a few at a time instead, and writes each page as soon as its map is drawn.
    public static func draw(_ graph: StoryboardGraph, options: SiteOptions) -> SiteMaps {
        let drawer = MapDrawer(graph, options: options)
        let storyboards = graph.storyboards.map(\.path).sorted()
        let planned = drawer.plan(parallelMap(count: storyboards.count + 1) { k in
            k == 0 ? drawer.overviewView() : drawer.focusView(storyboards[k - 1])
        })
        let drawn = parallelMap(count: planned.count) { k in drawer.draw(planned[k]) }
        var maps = SiteMaps(overview: drawn[0].map, focus: [:], overviewLeftOut: drawn[0].leftOut)
        var findings: [Diagnostic] = []
        for (k, one) in drawn.enumerated() {
            if k > 0, let map = one.map { maps.focus[storyboards[k - 1]] = map }
            if k > 0, one.leftOut { maps.leftOut.insert(storyboards[k - 1]) }
            if let failure = one.failure { maps.failures.append(failure) }
            findings += one.diagnostics
        }
        let run = LayoutRun(budget: drawer.options.render.layoutBudget)
        if let note = run.skippedNote(planned.filter(\.leftOut).map { ($0.what, $0.layout) }) { findings.append(note) }
        maps.diagnostics = MapDrawer.distinct(findings)
        return maps
    }
}

/// Draws one map of a site at a time: styled on any thread, laid out by Graphviz one at a time (the renderer
/// serializes it), checked for inlining.
struct MapDrawer: Sendable {
    /// One drawn map, or why it could not be drawn; the findings of its render.
    struct Drawn: Sendable {
        var map: SiteMap?
        var failure: String?
        var diagnostics: [Diagnostic]
        /// The run's layout budget left it out: not drawn, not failed (one note for all such maps, `LayoutRun.skippedNote`).
        var leftOut = false
        /// The seconds Graphviz spent on it (`Rendered.seconds`), which the run is charged where its plan fell short.
        var seconds = 0.0
    }

    let graph: StoryboardGraph
    let options: SiteOptions
    private let render: RenderOptions
    private let focusIndex: FocusView.Index

    init(_ graph: StoryboardGraph, options: SiteOptions) {
        self.graph = graph
        self.options = options
        render = { var r = options.render
            r.format = .svg
            // The legend is HTML beside the map (`Frame.key`): "Fit" then shows the map itself.
            r.style.legend = false
            return r }()
        focusIndex = FocusView.Index(graph)
    }

    /// One map to draw: its view, how far it reaches, a note when it reaches less than asked, what its layout would
    /// cost, and (once planned) the layout time the run allows it.
    struct Planned: Sendable {
        var view: MapGraph
        var what: String
        var hops: Int
        var note: Diagnostic?
        var cost: LayoutCost
        /// Before every id of its SVG: distinct for each map of the site, so maps on one page never share an id.
        var idPrefix: String
        var allowance: Double = 0
        /// The run's plan for its layout, once planned.
        var layout: LayoutPlan?
        /// Whether the run's budget leaves it out: it is then neither rendered nor given a note of its own.
        var leftOut: Bool { layout?.effort == .skipped }
    }

    func overviewView() -> Planned {
        let view = OverviewView.make(graph)
        return Planned(view: view, what: "the overview", hops: 0, note: nil, cost: Renderer.layoutCost(view, options: render),
                       idPrefix: SVGIDPrefix.default(for: .overview))
    }

    /// The focus map of the storyboard at `path`, with fewer hops than asked when the neighbourhood is over the budget.
    func focusView(_ path: String) -> Planned {
        var reach = options.hops
        var view = FocusView(storyboard: path, hops: reach).make(graph, index: focusIndex)
        while reach > 0, !options.budget.admits(view) {
            reach -= 1
            view = FocusView(storyboard: path, hops: reach).make(graph, index: focusIndex)
        }
        let note = reach < options.hops
            ? Diagnostic(.info, .renderLimited,
                         "the map of \(path) on its site page reaches \(reach) of \(options.hops) hops: more would be over the budget (--max-nodes \(options.budget.nodes), --max-edges \(options.budget.edges))",
                         at: SourceLocation(path: path))
            : nil
        return Planned(view: view, what: "the map of \(path)", hops: reach, note: note,
                       cost: Renderer.layoutCost(view, options: render), idPrefix: SVGIDPrefix.short(path))
    }

    /// Each map's layout allowance, charged against the whole site's run budget in the order given (the overview,
    /// then the storyboards by path): the site's layout time is bounded, not only each map's, and the same input
    /// gets the same plans. A site drawn in batches keeps one `LayoutRun` across them (`plan(_:run:)`).
    func plan(_ maps: [Planned]) -> [Planned] {
        var run = LayoutRun(budget: render.layoutBudget)
        return plan(maps, run: &run)
    }

    func plan(_ maps: [Planned], run: inout LayoutRun) -> [Planned] {
        maps.map { one in
            var one = one
            (one.layout, one.allowance) = run.plan(for: one.cost, options: render)
            return one
        }
    }

    /// Draws a planned map. A map the layout budget left out is no failure: its page shows the tables, and the
    /// note says why.
    func draw(_ planned: Planned) -> Drawn {
        if planned.leftOut { return Drawn(map: nil, failure: nil, diagnostics: [], leftOut: true) }
        var options = render
        options.layoutAllowance = planned.allowance
        options.layoutSubject = planned.what
        options.idPrefix = planned.idPrefix
        var drawn: Drawn
        do {
            let rendered = try Renderer.render(planned.view, options: options)
            let svg = try SVGInliner.inline(rendered.data)
            drawn = Drawn(map: SiteMap(svg: svg, nodeIDs: rendered.nodeIDs, hops: planned.hops, key: rendered.key), failure: nil,
                          diagnostics: rendered.diagnostics, seconds: rendered.seconds)
        } catch let error as RenderError where error.skipped {
            drawn = Drawn(map: nil, failure: nil, diagnostics: error.diagnostics)
        } catch let error as RenderError {
            drawn = Drawn(map: nil, failure: "\(planned.what): \(error.message)", diagnostics: error.diagnostics)
        } catch {
            drawn = Drawn(map: nil, failure: "\(planned.what): \(error)", diagnostics: [])
        }
        if let note = planned.note { drawn.diagnostics.append(note) }
        return drawn
    }

    /// The same note from a thousand maps is one note; sorted.
    static func distinct(_ findings: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return findings.filter { seen.insert($0).inserted }.sorted()
    }
}
