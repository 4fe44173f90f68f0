import SBMapModel
import SBMapRender
import SBMapStyle

/// What a site looks like and links to.
public struct SiteOptions: Hashable, Sendable {
    /// The site's name, in every page's title and header (the app's name).
    public var title: String
    /// `--source-url`: turns every `path:line` into a link; `nil` leaves them as text.
    public var sourceLinks: SourceLinks?
    /// Theme, label mode, direction, legend and layout of the maps (the format is always SVG).
    public var render: RenderOptions
    /// How far a storyboard's focus map reaches into its neighbours.
    public var hops: Int
    /// Above this a focus map is drawn with fewer hops.
    public var budget: MapBudget
    /// Named in the footer and the `generator` meta tag: `sbmap 0.2.0`. No date: the same input gives the same bytes.
    public var generator: String
    /// The commit the app's files are at (`git rev-parse HEAD`), named in the footer; `nil` outside a git work tree.
    public var commit: String?
    /// The commit's date (`2026-11-28`, the committer's), named beside it.
    public var commitDate: String?
    /// Whether the scanned files differ from the commit (`git status`): the footer says "with local changes".
    public var localChanges: Bool
    /// The app's counts, when the graph given to the site is not the whole analysis (the maps leave out the types
    /// only test bundles compile): the pages then say what `check` says. `nil`: counted from the graph given.
    public var counts: GraphCounts?

    public init(title: String, sourceLinks: SourceLinks? = nil, render: RenderOptions, hops: Int = 1,
                budget: MapBudget = MapBudget(), generator: String = "sbmap", commit: String? = nil,
                commitDate: String? = nil, localChanges: Bool = false, counts: GraphCounts? = nil) {
        self.counts = counts
        self.commitDate = commitDate
        self.localChanges = localChanges
        self.title = title
        self.sourceLinks = sourceLinks
        self.render = render
        self.hops = hops
        self.budget = budget
        self.generator = generator
        self.commit = commit
    }

    /// Whether the maps are drawn on a dark canvas (`--theme dark`): their pages are then dark too.
    var darkMaps: Bool {
        let hex = render.theme.canvas.background.graphviz
        guard hex.hasPrefix("#"), hex.count >= 7 else { return false }
        let digits = Array(hex.dropFirst())
        func channel(_ k: Int) -> Double { Double(Int(String(digits[k..<k + 2]), radix: 16) ?? 255) / 255 }
        // Relative luminance (sRGB, without the gamma curve: this only tells dark from light).
        return 0.2126 * channel(0) + 0.7152 * channel(2) + 0.0722 * channel(4) < 0.4
    }
}

/// One file of a site: its path relative to the site's folder, and its bytes.
public struct SiteFile: Hashable, Sendable {
    public var path: String
    public var bytes: [UInt8]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
    }
}

/// A static, self-contained site of an app's storyboards: no server, no network, no inline code.
///
///     index.html                 the overview map, counts, entry points, every storyboard
///     storyboards/NAME.html      one storyboard: its focus map, scenes, links out, who references each scene
///     findings.html              every finding, grouped by code
///     diagnostics.html           what each finding code means (docs/diagnostics.md)
///     maps/overview.svg, maps/storyboards/NAME.svg   each map to download: SVG and JSON, and PNG and PDF within a budget
///     assets/sbmap.css, assets/sbmap-maps.css (the maps in dark mode), assets/sbmap.js, assets/search-index.js
///     sbmap-site.json            what was written (the next run removes pages of storyboards that are gone)
///
/// `write` draws the maps (Graphviz) and makes the pages a few at a time, handing each file on as it is made;
/// `build` collects them (tests, small apps). `SitePages.make` alone is a pure function of the graph and the drawn
/// maps, so the pages can be tested without Graphviz. The same input gives the same bytes.
public struct Site: Sendable {
    /// Sorted by path.
    public var files: [SiteFile]
    /// Findings of the renders.
    public var diagnostics: [Diagnostic]
    /// Maps that could not be drawn (their pages say so).
    public var failures: [String]

    /// Every file of the site in memory, sorted by path.
    public static func build(_ graph: StoryboardGraph, options: SiteOptions,
                             progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> Site {
        var files: [SiteFile] = []
        let report = write(graph, options: options, progress: progress) { files.append($0) }
        return Site(files: files.sorted { $0.path < $1.path }, diagnostics: report.diagnostics, failures: report.failures)
    }

    /// What writing a site found: the findings of the renders, and the maps that could not be drawn.
    public struct Report: Sendable {
        public var diagnostics: [Diagnostic]
        public var failures: [String]
    }

    /// Draws the maps and makes the pages a few at a time, handing each file to `sink` as soon as it is made, so that
    /// a site of a thousand storyboards never holds more than a few maps and pages in memory. The overview is drawn
    /// first; the storyboard pages come in path order (each followed by its map's files), then the overview's files,
    /// the index, the other pages and the assets, and the manifest last. A sink that throws stops the run: the error
    /// is rethrown.
    @discardableResult
    public static func write(_ graph: StoryboardGraph, options: SiteOptions,
                             progress: @Sendable (Int, Int) -> Void = { _, _ in },
                             to sink: (SiteFile) throws -> Void) rethrows -> Report {
        let drawer = MapDrawer(graph, options: options)
        let storyboards = graph.storyboards.sorted { $0.path < $1.path }
        let total = storyboards.count + 1
        var findings: [Diagnostic] = []
        var failures: [String] = []
        var written: [String] = []
        func take(_ drawn: MapDrawer.Drawn) {
            if let failure = drawn.failure { failures.append(failure) }
            findings += drawn.diagnostics
        }
        // The overview first: its layout (the largest, tens of MB for a thousand storyboards) is freed before the
        // tables the pages need are built. Its SVG waits for the index page.
        // The whole site's layout time is bounded, not only each map's: plans are charged in the order drawn.
        var run = LayoutRun(budget: options.render.layoutBudget)
        // The maps the budget left out, for one note (a site of 10,000 storyboards left out thousands).
        var leftOut: [(subject: String, plan: LayoutPlan?)] = []
        // The PNGs and PDFs to download have a budget of their own (`MapDrawer.downloadsRun`).
        var extras = drawer.downloadsRun()
        let overviewPlan = drawer.planDownloads(drawer.plan([drawer.overviewView()], run: &run), run: &extras)[0]
        let overview = drawer.draw(overviewPlan)
        run.charge(measured: overview.seconds, for: overviewPlan.layout)
        if overview.leftOut { leftOut.append((overviewPlan.what, overviewPlan.layout)) }
        take(overview)
        progress(1, total)
        let pages = SitePages(graph, options: options)

        // A batch per round: styling and pages on every core while Graphviz draws one map at a time; the batch's
        // maps and pages are dropped once written.
        let batch = 8
        var done = 1
        for first in stride(from: 0, to: storyboards.count, by: batch) {
            let slice = Array(storyboards[first..<min(first + batch, storyboards.count)])
            let made: [(SiteFile, MapDrawer.Drawn, [SiteFile])]
            if run.isSpent {
                // Every later map is left out whatever it would cost: no view is made, nothing is styled (styling
                // thousands of maps only to leave them out was most of the time of a site of 10,000 storyboards).
                leftOut += slice.map { ("the map of \($0.path)", nil) }
                made = parallelMap(count: slice.count) { k in
                    (pages.storyboardPage(slice[k], map: nil, leftOut: true),
                     MapDrawer.Drawn(map: nil, failure: nil, diagnostics: [], leftOut: true), [])
                }
            } else {
                let planned = drawer.planDownloads(
                    drawer.plan(parallelMap(count: slice.count) { k in drawer.focusView(slice[k].path) }, run: &run), run: &extras)
                leftOut += planned.filter(\.leftOut).map { ($0.what, $0.layout) }
                made = parallelMap(count: slice.count) { k -> (SiteFile, MapDrawer.Drawn, [SiteFile]) in
                    var drawn = drawer.draw(planned[k])
                    let page = pages.storyboardPage(slice[k], map: drawn.map, leftOut: drawn.leftOut)
                    let downloads = drawn.map.map { MapDownloads.files(of: $0, page: page.path) } ?? []
                    drawn.map = nil
                    return (page, drawn, downloads)
                }
                // The time measured, where it exceeds the predictions, is charged before the next batch is planned.
                for (k, one) in made.enumerated() { run.charge(measured: one.1.seconds, for: planned[k].layout) }
            }
            for (page, drawn, downloads) in made {
                take(drawn)
                for file in [page] + downloads {
                    try sink(file)
                    written.append(file.path)
                }
                done += 1
                progress(done, total)
            }
        }
        if let note = run.skippedNote(leftOut) { findings.append(note) }
        for file in (overview.map.map { MapDownloads.files(of: $0, page: "index.html") } ?? [])
            + [pages.index(overview: overview.map, leftOut: overview.leftOut), pages.findings(), pages.diagnostics(), pages.searchIndex()]
            + SitePages.assets + [pages.mapsStyle()] {
            try sink(file)
            written.append(file.path)
        }
        try sink(pages.manifest(files: written + [manifest]))
        return Report(diagnostics: MapDrawer.distinct(findings), failures: failures)
    }

    /// The file that lists what a site holds (`SiteManifest`).
    public static let manifest = SiteManifest.fileName

    /// Whether `path` is a file `sbmap site` could have written: what a later run may remove when the manifest of an
    /// earlier one names it and the new site does not (an edited manifest must not make sbmap delete other files).
    public static func isOwnFile(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        func safe(_ part: Substring) -> Bool {
            !part.isEmpty && !part.hasPrefix(".") && part.unicodeScalars.allSatisfy {
                ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A)
                    || ($0.value >= 0x61 && $0.value <= 0x7A) || $0 == "-" || $0 == "_" || $0 == "."
            }
        }
        switch parts.count {
        case 1: return ["index.html", "findings.html", "diagnostics.html"].contains(String(parts[0]))
        case 2:
            switch parts[0] {
            case "storyboards": return safe(parts[1]) && parts[1].hasSuffix(".html")
            case "assets": return safe(parts[1]) && (parts[1].hasSuffix(".js") || parts[1].hasSuffix(".css"))
            case "maps": return ["overview.svg", "overview.json", "overview.png", "overview.pdf"].contains(String(parts[1]))
            default: return false
            }
        case 3:
            return parts[0] == "maps" && parts[1] == "storyboards" && safe(parts[2])
                && [".svg", ".json", ".png", ".pdf"].contains { parts[2].hasSuffix($0) }
        default: return false
        }
    }
}
