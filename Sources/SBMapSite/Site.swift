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

    public init(title: String, sourceLinks: SourceLinks? = nil, render: RenderOptions, hops: Int = 1,
                budget: MapBudget = MapBudget(), generator: String = "sbmap") {
        self.title = title
        self.sourceLinks = sourceLinks
        self.render = render
        self.hops = hops
        self.budget = budget
        self.generator = generator
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
///     assets/sbmap.css, assets/sbmap.js, assets/search-index.js
///     sbmap-site.json            what was written (the next run removes pages of storyboards that are gone)
///
/// `build` draws the maps (Graphviz) and then makes the pages; `SitePages.make` alone is a pure function of the
/// graph and the drawn maps, so the pages can be tested without Graphviz. The same input gives the same bytes.
public struct Site: Sendable {
    /// Sorted by path.
    public var files: [SiteFile]
    /// Findings of the renders.
    public var diagnostics: [Diagnostic]
    /// Maps that could not be drawn (their pages say so).
    public var failures: [String]

    public static func build(_ graph: StoryboardGraph, options: SiteOptions,
                             progress: @Sendable (Int, Int) -> Void = { _, _ in }) -> Site {
        let maps = SiteMaps.draw(graph, options: options, progress: progress)
        return Site(files: SitePages.make(graph, maps: maps, options: options), diagnostics: maps.diagnostics,
                    failures: maps.failures)
    }

    /// The file that lists what a site holds.
    public static let manifest = "sbmap-site.json"

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
        case 1: return ["index.html", "findings.html"].contains(String(parts[0]))
        case 2:
            switch parts[0] {
            case "storyboards": return safe(parts[1]) && parts[1].hasSuffix(".html")
            case "assets": return safe(parts[1]) && (parts[1].hasSuffix(".js") || parts[1].hasSuffix(".css"))
            default: return false
            }
        default: return false
        }
    }
}
