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

    public init(svg: [UInt8], nodeIDs: [String: String], hops: Int = 0) {
        self.svg = svg
        self.nodeIDs = nodeIDs
        self.hops = hops
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
    public var skipped: Set<String>
    /// Whether the overview was left out so.
    public var overviewSkipped: Bool

    public init(overview: SiteMap?, focus: [String: SiteMap], diagnostics: [Diagnostic] = [], failures: [String] = [],
                skipped: Set<String> = [], overviewSkipped: Bool = false) {
        self.overview = overview
        self.focus = focus
        self.diagnostics = diagnostics
        self.failures = failures
        self.skipped = skipped
        self.overviewSkipped = overviewSkipped
    }

    /// Draws the overview and every focus map of `graph` as SVG. `progress(done, total)` is called after each map.
    public static func draw(_ graph: StoryboardGraph, options: SiteOptions,
                            progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> SiteMaps {
        let render = { var r = options.render; r.format = .svg; return r }()
        let storyboards = graph.storyboards.map(\.path).sorted()
        let total = storyboards.count + 1
        let focusIndex = FocusView.Index(graph)
        let counter = Counter()

        /// One map: styled on any thread; laid out by Graphviz one at a time (the renderer serializes it). A map left
        /// out by the layout budget is no failure: its page shows the tables, and the note says why.
        @Sendable func draw(_ view: StoryboardGraph, _ what: String, hops: Int,
                            allowance: Double) -> Result<(SiteMap?, [Diagnostic]), DrawFailure> {
            defer { progress(counter.next(), total) }
            var options = render
            options.layoutAllowance = allowance
            options.layoutSubject = what
            do {
                let rendered = try Renderer.render(view, options: options)
                let svg = try SVGInliner.inline(rendered.data)
                return .success((SiteMap(svg: svg, nodeIDs: rendered.nodeIDs, hops: hops), rendered.diagnostics))
            } catch let error as RenderError where error.skipped {
                // Planned above, so not reached; the renderer's own check stays the guard.
                return .success((nil, error.diagnostics))
            } catch let error as RenderError {
                return .failure(DrawFailure(message: "\(what): \(error.message)", diagnostics: error.diagnostics))
            } catch {
                return .failure(DrawFailure(message: "\(what): \(error)", diagnostics: []))
            }
        }

        /// A map's view: how far it reaches, and the note when that is less than asked.
        @Sendable func view(_ k: Int) -> (view: StoryboardGraph, hops: Int, note: Diagnostic?) {
            if k == 0 { return (OverviewView.make(graph), 0, nil) }
            let path = storyboards[k - 1]
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
            return (view, reach, note)
        }

        // The whole site's layout time is bounded, not only each map's: the plans are chosen in a fixed order (the
        // overview, then by path) against what the maps before left, so the same input gets the same site. The views
        // and their costs are made on every core, a chunk at a time, and no further once the budget is spent: every
        // later map is left out whatever it costs (styling 8,000 maps only to leave them out was most of a site of
        // 10,000 storyboards).
        var run = LayoutRun(budget: render.layoutBudget)
        var planning: [(view: StoryboardGraph, hops: Int, note: Diagnostic?, plan: LayoutPlan, allowance: Double)] = []
        while planning.count < total, !run.isSpent {
            let start = planning.count
            let chunk = parallelMap(count: min(64, total - start)) { k in
                let made = view(start + k)
                return (made, Renderer.layoutCost(made.view, options: render))
            }
            for (made, cost) in chunk {
                let (plan, allowance) = run.plan(for: cost, options: render)
                planning.append((made.view, made.hops, made.note, plan, allowance))
            }
        }
        let planned = planning
        let drawn = planned.indices.filter { planned[$0].plan.effort != .skipped }
        let what: @Sendable (Int) -> String = { k in k == 0 ? "the overview" : "the map of \(storyboards[k - 1])" }
        // Styling runs on every core while Graphviz draws the previous map.
        let results = parallelMap(count: drawn.count) { d -> (Int, Result<(SiteMap?, [Diagnostic]), DrawFailure>) in
            let k = drawn[d]
            return (k, draw(planned[k].view, what(k), hops: planned[k].hops, allowance: planned[k].allowance))
        }

        var maps = SiteMaps(overview: nil, focus: [:])
        // One note for every map left out (a site of 10,000 storyboards left out 8,000), and the pages say so.
        let skipped = (0..<total).filter { $0 >= planned.count || planned[$0].plan.effort == .skipped }
        maps.overviewSkipped = skipped.first == 0
        maps.skipped = Set(skipped.filter { $0 > 0 }.map { storyboards[$0 - 1] })
        var findings = [run.skippedNote(skipped.map { (what($0), $0 < planned.count ? planned[$0].plan : nil) })].compactMap { $0 }
        findings += drawn.compactMap { planned[$0].note }
        for _ in skipped { progress(counter.next(), total) }
        for (k, result) in results {
            switch result {
            case .success(let (map, diagnostics)):
                if let map {
                    if k == 0 { maps.overview = map } else { maps.focus[storyboards[k - 1]] = map }
                }
                findings += diagnostics
            case .failure(let failure):
                maps.failures.append(failure.message)
                findings += failure.diagnostics
            }
        }
        // The same note from a thousand maps is one note.
        var seen = Set<Diagnostic>()
        maps.diagnostics = findings.filter { seen.insert($0).inserted }.sorted()
        return maps
    }

    struct DrawFailure: Error {
        var message: String
        var diagnostics: [Diagnostic]
    }
}

/// Counts finished maps across threads, for the progress line. `value` is only touched under `lock`.
private final class Counter: @unchecked Sendable {
    private var value = 0
    private let lock = NSLock()
    func next() -> Int { lock.withLock { value += 1; return value } }
}
