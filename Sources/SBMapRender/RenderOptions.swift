import SBMapModel
import SBMapStyle

/// The formats Graphviz draws, in process. (sbmap's own text formats are `TextFormat`; `OutputFormat` is either.)
public enum GraphvizFormat: String, Hashable, Sendable, CaseIterable {
    case svg
    case png
    case pdf
    /// Graphviz DOT text of the styled graph, before layout (lay it out with any Graphviz tool).
    case dot

    /// Whether the output is binary (not text).
    public var isBinary: Bool { self == .png || self == .pdf }
}

/// Graphviz layout engines. `dot` is the layered layout that reads best for navigation flows;
/// `sfdp` scales to very large maps.
public enum LayoutEngine: String, Hashable, Sendable, CaseIterable {
    case dot, neato, fdp, sfdp, circo, twopi
}

/// Everything a render needs besides the graph.
public struct RenderOptions: Hashable, Sendable {
    /// What Graphviz draws. (A text format is chosen with `OutputFormat` and written by `MapOutput`.)
    public var format: GraphvizFormat
    public var engine: LayoutEngine
    public var theme: Theme
    /// Label mode, direction and legend.
    public var style: StyleOptions
    /// PNG resolution when the map is small enough.
    public var pngDPI: Double
    /// The most pixels a PNG may have; bigger maps are drawn at a lower resolution, with a
    /// `render-limited` finding. PNG cost follows pixels, not the graph. `nil` is `PNGBudget.pixels(scenes:)`: a
    /// budget that grows with the map, so maps of up to about 100 scenes keep their resolution.
    public var pngPixelBudget: Int?
    /// Longest PNG side in pixels (cairo clamps images at 32,767).
    public var pngMaxSide: Int
    /// The most nodes `dot` lays out. Its crossing minimisation and ranking grow much faster than the graph
    /// (1,000 storyboards × 20 scenes ran for minutes), so above this a `dot` render is laid out by `sfdp`,
    /// with a `render-limited` note, instead of hanging.
    public var dotNodeLimit: Int = 2_000
    /// How much predicted layout time the map may take (`LayoutPlan`): over it, the map is drawn the cheap way.
    public var layoutBudget = LayoutBudget()
    /// Predicted seconds the run has left for this map (`LayoutRun` sets it for each map of a site); `nil` is the
    /// whole run budget, as for one `render`.
    public var layoutAllowance: Double?
    /// The engine a map of `nodes` nodes is laid out with before the layout budget is applied: `sfdp` for a `dot`
    /// map over `dotNodeLimit`.
    func layoutEngine(nodes: Int) -> LayoutEngine {
        engine == .dot && format != .dot && nodes > dotNodeLimit ? .sfdp : engine
    }

    /// Whether sbmap chooses the map's direction (the user set none): a map laid out in `style.direction` whose shape
    /// is more than twice off the aimed one (`aimedAspect`) is laid out the other way too, and the shape nearer the
    /// aim is kept (`Renderer.render(_:options:)`). Only for `dot`, and only when the layout budget admits the
    /// second layout. `false` keeps `style.direction`, as `--direction` asks.
    public var choosesDirection = false
    /// The shape aimed at, width over height (`--aspect`); `nil` is the theme's `canvas.aspect`, else 1 (square).
    public var aspect: Double?
    /// Into how many rows (columns, top to bottom) the boxes of a long flow are wrapped (`GraphBuilder.wrapRows`):
    /// set by the renderer when it chooses a map's shape, 1 otherwise.
    var wrapRows = 1
    /// The width over height a map whose direction sbmap chooses is aimed at.
    public var aimedAspect: Double { aspect ?? theme.canvas.aspect ?? 1 }

    /// How the `render-limited` note about the layout names the map.
    public var layoutSubject = "the map"

    /// Put before every `id` in the SVG (and in `Rendered.nodeIDs`), so that maps inlined in one page share no id:
    /// their anchors, tooltips and a page's script each find their own map. `nil` derives it from the map
    /// (`SVGIDPrefix.default(for:)`: `overview-`, `full-`, `Settings-`); `""` leaves ids as they are. It is made a
    /// valid XML id (`SVGIDPrefix.sanitized`).
    public var idPrefix: String?

    public init(format: GraphvizFormat = .svg, engine: LayoutEngine = .dot, theme: Theme, style: StyleOptions = StyleOptions(),
                pngDPI: Double = 96, pngPixelBudget: Int? = nil, pngMaxSide: Int = 16_384) {
        self.format = format
        self.engine = engine
        self.theme = theme
        self.style = style
        self.pngDPI = pngDPI
        self.pngPixelBudget = pngPixelBudget
        self.pngMaxSide = pngMaxSide
    }
}

/// A finished render: the file's bytes, and what happened on the way.
public struct Rendered: Hashable, Sendable {
    public var format: OutputFormat
    public var data: [UInt8]
    /// Findings from styling and rendering (`render-limited`, Graphviz warnings as `graphviz`), sorted.
    public var diagnostics: [Diagnostic]
    /// The SVG `id` of each node drawn (`StyledNode.id`), by the model's node id: what a page that shows the map
    /// uses to find a scene in it. Markers (initial dots, entry points) are not nodes of the model and are not listed.
    public var nodeIDs: [String: String]
    /// What each style the map draws means (`StyledGraph.key`), also when the legend is not drawn in it: a page can
    /// show it beside the map.
    public var key: [LegendItem]
    /// The seconds Graphviz spent on the map (layout and drawing), measured: what a run of many maps charges its
    /// layout budget when a prediction fell short (`LayoutRun.charge`). Not part of equality: the clock is not output.
    public var seconds: Double = 0
    /// The laid-out map's width over its height (Graphviz's bounding box, without the pad); `nil` for DOT, which is
    /// not laid out.
    public var shape: Double?

    public init(format: OutputFormat, data: [UInt8], diagnostics: [Diagnostic], nodeIDs: [String: String] = [:],
                key: [LegendItem] = [], shape: Double? = nil) {
        self.shape = shape
        self.format = format
        self.data = data
        self.diagnostics = diagnostics
        self.nodeIDs = nodeIDs
        self.key = key
    }

    public static func == (a: Rendered, b: Rendered) -> Bool {
        a.format == b.format && a.data == b.data && a.diagnostics == b.diagnostics && a.nodeIDs == b.nodeIDs && a.key == b.key
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(format)
        hasher.combine(data)
        hasher.combine(diagnostics)
        hasher.combine(nodeIDs)
        hasher.combine(key)
    }
}

/// Why a render failed. `diagnostics` holds Graphviz's own messages as findings.
public struct RenderError: Error, Hashable, Sendable, CustomStringConvertible {
    public var message: String
    public var diagnostics: [Diagnostic]
    /// The map was left out on purpose (its layout was over the budget, `LayoutEffort.skipped`), not broken: a run of
    /// many maps goes on without it, and `diagnostics` holds the note that says so.
    public var skipped: Bool

    public init(_ message: String, diagnostics: [Diagnostic] = [], skipped: Bool = false) {
        self.message = message
        self.diagnostics = diagnostics
        self.skipped = skipped
    }

    public var description: String {
        ([message] + diagnostics.map(\.xcodeLine)).joined(separator: "\n")
    }
}

/// The pixel budget of a PNG when none is asked for (`RenderOptions.pngPixelBudget`).
///
/// A fixed 16 M pixels lowered the resolution of mid-sized maps: a real app of 6 storyboards and 46 scenes is
/// 6,606 × 2,419 px at 96 dpi, just over, and came out at 85.7 dpi. The budget grows with the scenes drawn, half a
/// million pixels each (real maps take 0.2–0.35 M per scene at 96 dpi), from 16 M up to a hard cap of 64 M pixels
/// (about 256 MB for cairo's image at 4 bytes a pixel), reached at 128 scenes: bigger and hostile maps are drawn at a
/// lower resolution, with the note, and memory stays bounded whatever the input.
public enum PNGBudget {
    public static let floor = 16_000_000
    public static let perScene = 500_000
    public static let cap = 64_000_000

    public static func pixels(scenes: Int) -> Int {
        scenes >= cap / perScene ? cap : max(floor, max(scenes, 0) * perScene)
    }
}

/// The prefix of a map's SVG ids (`RenderOptions.idPrefix`).
public enum SVGIDPrefix {
    /// The prefix a map gets when none is asked for: its view's name (`overview-`, `full-`, `diff-`), or for a focus map
    /// its storyboard's name (and scene), such as `Settings-`.
    public static func `default`(for view: MapView) -> String {
        switch view {
        case .full: return "full-"
        case .overview: return "overview-"
        case .diff: return "diff-"
        case .focus(let focus):
            var name = String(focus.storyboard.split(separator: "/").last ?? "focus")
            if name.hasSuffix(".storyboard") { name.removeLast(".storyboard".count) }
            if let scene = focus.scene, let objectID = scene.split(separator: "#").last { name += "-" + objectID }
            return sanitized(name) + "-"
        }
    }

    /// A short prefix that stands for `key` (a storyboard's path): `m` and eight hex digits of its FNV-1a hash, then
    /// `-`. A site names the maps of storyboards that share a name (two `Main.storyboard`s) apart with it.
    public static func short(_ key: String) -> String {
        "m" + TextSafety.shortHash(key) + "-"
    }

    /// `text` as the start of an XML id: ASCII letters, digits, `-`, `_` and `.`, any other character as `-`, and
    /// `_` before a first character that cannot start an id (a digit, `-`, `.`). At most 64 characters; empty stays
    /// empty (no prefix).
    public static func sanitized(_ text: String) -> String {
        var out = ""
        for scalar in text.unicodeScalars.prefix(64) {
            let ok = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                                        || scalar == "-" || scalar == "_" || scalar == ".")
            out.unicodeScalars.append(ok ? scalar : "-")
        }
        if let first = out.unicodeScalars.first, !(first.properties.isAlphabetic || first == "_") { out = "_" + out }
        return out
    }
}
