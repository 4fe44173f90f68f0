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

    public init(overview: SiteMap?, focus: [String: SiteMap], diagnostics: [Diagnostic] = [], failures: [String] = []) {
        self.overview = overview
        self.focus = focus
        self.diagnostics = diagnostics
        self.failures = failures
    }

    /// Draws the overview and every focus map of `graph` as SVG, all held at once: for tests and small apps. `Site`
    /// draws them a few at a time instead, and writes each page as soon as its map is drawn.
    public static func draw(_ graph: StoryboardGraph, options: SiteOptions) -> SiteMaps {
        let drawer = MapDrawer(graph, options: options)
        let storyboards = graph.storyboards.map(\.path).sorted()
        let drawn = parallelMap(count: storyboards.count + 1) { k in
            k == 0 ? drawer.overview() : drawer.focus(storyboards[k - 1])
        }
        var maps = SiteMaps(overview: drawn[0].map, focus: [:])
        var findings: [Diagnostic] = []
        for (k, one) in drawn.enumerated() {
            if k > 0, let map = one.map { maps.focus[storyboards[k - 1]] = map }
            if let failure = one.failure { maps.failures.append(failure) }
            findings += one.diagnostics
        }
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
    }

    let graph: StoryboardGraph
    let options: SiteOptions
    private let render: RenderOptions
    private let focusIndex: FocusView.Index

    init(_ graph: StoryboardGraph, options: SiteOptions) {
        self.graph = graph
        self.options = options
        render = { var r = options.render; r.format = .svg; return r }()
        focusIndex = FocusView.Index(graph)
    }

    func overview() -> Drawn {
        draw(OverviewView.make(graph), "the overview", hops: 0)
    }

    /// The focus map of the storyboard at `path`, with fewer hops than asked when the neighbourhood is over the budget.
    func focus(_ path: String) -> Drawn {
        var reach = options.hops
        var view = FocusView(storyboard: path, hops: reach).make(graph, index: focusIndex)
        while reach > 0, !options.budget.admits(view) {
            reach -= 1
            view = FocusView(storyboard: path, hops: reach).make(graph, index: focusIndex)
        }
        var drawn = draw(view, "the map of \(path)", hops: reach)
        if reach < options.hops {
            drawn.diagnostics.append(Diagnostic(
                .info, .renderLimited,
                "the map of \(path) on its site page reaches \(reach) of \(options.hops) hops: more would be over the budget (--max-nodes \(options.budget.nodes), --max-edges \(options.budget.edges))",
                at: SourceLocation(path: path)))
        }
        return drawn
    }

    private func draw(_ view: StoryboardGraph, _ what: String, hops: Int) -> Drawn {
        do {
            let rendered = try Renderer.render(view, options: render)
            let svg = try SVGInliner.inline(rendered.data)
            return Drawn(map: SiteMap(svg: svg, nodeIDs: rendered.nodeIDs, hops: hops), failure: nil,
                         diagnostics: rendered.diagnostics)
        } catch let error as RenderError {
            return Drawn(map: nil, failure: "\(what): \(error.message)", diagnostics: error.diagnostics)
        } catch {
            return Drawn(map: nil, failure: "\(what): \(error)", diagnostics: [])
        }
    }

    /// The same note from a thousand maps is one note; sorted.
    static func distinct(_ findings: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return findings.filter { seen.insert($0).inserted }.sorted()
    }
}
