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
    /// The map's files to download beside its page (the SVG is `svg`).
    public var downloads: MapDownloads?

    public init(svg: [UInt8], nodeIDs: [String: String], hops: Int = 0, key: [LegendItem] = [], downloads: MapDownloads? = nil) {
        self.svg = svg
        self.nodeIDs = nodeIDs
        self.hops = hops
        self.key = key
        self.downloads = downloads
    }
}

/// What a map's page offers to download besides its SVG: the map's graph as JSON (what `sbmap export` writes, for the
/// view drawn), and the map as PNG and PDF when the site's budget for them allowed (`MapDrawer.planDownloads`).
public struct MapDownloads: Hashable, Sendable {
    public var json: [UInt8]
    public var png: [UInt8]?
    public var pdf: [UInt8]?

    public init(json: [UInt8], png: [UInt8]? = nil, pdf: [UInt8]? = nil) {
        self.json = json
        self.png = png
        self.pdf = pdf
    }

    /// The files of a map whose page is `page` (`storyboards/Feed.html`, `index.html`): `maps/storyboards/Feed.svg`,
    /// `maps/overview.svg`, … Page names are sbmap's own (`MapFileNames`), so these are too.
    static func base(of page: String) -> String {
        page == "index.html" ? "maps/overview" : "maps/" + String(page.dropLast(".html".count))
    }

    /// The files to write: the SVG (standalone, with its XML declaration), the JSON, and the PNG and PDF if drawn.
    static func files(of map: SiteMap, page: String) -> [SiteFile] {
        let base = base(of: page)
        var files = [SiteFile(path: base + ".svg", bytes: Array("<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"no\"?>\n".utf8) + map.svg + [0x0A])]
        guard let downloads = map.downloads else { return files }
        files.append(SiteFile(path: base + ".json", bytes: downloads.json))
        if let png = downloads.png { files.append(SiteFile(path: base + ".png", bytes: png)) }
        if let pdf = downloads.pdf { files.append(SiteFile(path: base + ".pdf", bytes: pdf)) }
        return files
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
        var extras = drawer.downloadsRun()
        let planned = drawer.planDownloads(drawer.plan(parallelMap(count: storyboards.count + 1) { k in
            k == 0 ? drawer.overviewView() : drawer.focusView(storyboards[k - 1])
        }), run: &extras)
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
        /// The layout time allowed for each of its PNG and PDF (`planDownloads`); `nil`: they are not drawn.
        var downloadAllowance: Double?
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
                         at: SourceLocation(path: path), about: "site page map hops")
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

    /// The budget of the PNGs and PDFs a site offers: each is laid out again (Graphviz draws one format per layout),
    /// so they get a run of their own, a sixteenth of the site's layout time (at most 2.5 s), and only maps whose
    /// layout takes under half a second: a small app gets them all, a site of a thousand storyboards the first two
    /// hundred or so. Maps past it offer their SVG and JSON, and their page says how to draw the rest.
    func downloadsRun() -> LayoutRun {
        let budget = render.layoutBudget
        return LayoutRun(budget: LayoutBudget(mapSeconds: min(budget.mapSeconds, 0.5), runSeconds: min(budget.runSeconds / 16, 2.5)))
    }

    /// Plans the PNG and PDF of each map that is drawn, in order, against `run` (`downloadsRun`).
    func planDownloads(_ maps: [Planned], run: inout LayoutRun) -> [Planned] {
        maps.map { one in
            var one = one
            guard !one.leftOut, !run.isSpent else { return one }
            var probe = run
            let (png, pngAllowance) = probe.plan(for: one.cost, options: render)
            let (pdf, _) = probe.plan(for: one.cost, options: render)
            if png.effort == .full, pdf.effort == .full {
                run = probe
                one.downloadAllowance = pngAllowance
            }
            return one
        }
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
            drawn = Drawn(map: SiteMap(svg: svg, nodeIDs: rendered.nodeIDs, hops: planned.hops, key: rendered.key,
                                       downloads: downloads(planned, options: options)),
                          failure: nil, diagnostics: rendered.diagnostics, seconds: rendered.seconds)
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

    /// The map's JSON, and its PNG and PDF when they were planned (a format that fails is left out: the SVG is there).
    func downloads(_ planned: Planned, options: RenderOptions) -> MapDownloads {
        var json: [UInt8] = []
        try? GraphJSON.write(planned.view.graph) { json.append(contentsOf: $0) }
        var out = MapDownloads(json: json)
        if let allowance = planned.downloadAllowance {
            var other = options
            other.layoutAllowance = allowance
            other.format = .png
            out.png = try? Renderer.render(planned.view, options: other).data
            other.format = .pdf
            out.pdf = try? Renderer.render(planned.view, options: other).data
        }
        return out
    }

    /// The same note from a thousand maps is one note; sorted.
    static func distinct(_ findings: [Diagnostic]) -> [Diagnostic] {
        var seen = Set<Diagnostic>()
        return findings.filter { seen.insert($0).inserted }.sorted()
    }
}
