import ArgumentParser
import Foundation
import SBMapModel
import SBMapRender
import SBMapReport
import SBMapSettings
import SBMapStyle

extension LayoutEngine: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension LabelMode: ExpressibleByArgument {}

/// How maps look and how much each draws: shared by `render` and `site`. Each flag wins over the settings file's
/// `render:` defaults (docs/config.md), which win over the built-in defaults; `settings(_:)` is the one place that
/// merges them.
struct MapOptions: ParsableArguments {
    @Option(help: ArgumentHelp("A built-in theme (\(BuiltinThemes.names.joined(separator: ", "))) or a theme file (YAML or JSON).", valueName: "name|file"),
            completion: .list(BuiltinThemes.names))
    var theme: String?

    @Option(help: "Graphviz layout: dot (default), neato, fdp, sfdp, circo or twopi.")
    var layout: LayoutEngine?

    @Option(help: "Flow direction: LR (left to right) or TB (top to bottom). Without it, each map gets the direction, or its storyboards wrapped into rows, that comes nearest --aspect.")
    var direction: Direction?

    @Option(help: ArgumentHelp("The shape a map is aimed at, width over height (default 1, or render.aspect in .sbmap.yml, or the theme's canvas aspect): without --direction, a map more than twice off it is laid out the other way too, and the nearer shape is kept.", valueName: "ratio"))
    var aspect: Double?

    @Option(help: "What a scene shows first: class (default), identifier (storyboard ID) or title.")
    var label: LabelMode?

    @Flag(inversion: .prefixedNo, help: "Draw the legend (by default, as the theme says).")
    var legend: Bool?

    @Option(help: ArgumentHelp("How many links away from its focus a focus map draws scenes in full (--focus, --all, a site's storyboard pages; default 1).", valueName: "n"))
    var hops: Int?

    @Option(name: .customLong("max-nodes"), help: ArgumentHelp("The most nodes a map draws in full (default \(MapBudget().nodes)): above it a plain render draws the overview, and a storyboard's focus map (--all, site) reaches fewer hops.", valueName: "count"))
    var maxNodes: Int?

    @Option(name: .customLong("max-edges"), help: ArgumentHelp("The most edges a map draws in full (default \(MapBudget().edges)), as --max-nodes.", valueName: "count"))
    var maxEdges: Int?

    @Flag(name: .customLong("include-tests"), help: "Draw the types in code that only test bundles compile (left out by default; findings are the same either way).")
    var includeTests = false

    /// What the maps of the run draw of `graph`: without the types only test bundles compile, unless
    /// `--include-tests` (`TestOnlyTypes`). The findings stay whole.
    func drawn(_ graph: consuming StoryboardGraph) -> StoryboardGraph {
        includeTests ? graph : TestOnlyTypes.removed(from: graph)
    }

    func validate() throws {
        if let aspect, !(0.1...10).contains(aspect) { throw ValidationError("--aspect must be between 0.1 and 10 (width over height)") }
        if let hops, !(0...100).contains(hops) { throw ValidationError("--hops must be between 0 and 100") }
        if (maxNodes ?? 1) <= 0 || (maxEdges ?? 1) <= 0 { throw ValidationError("--max-nodes and --max-edges must be positive") }
    }

    /// What the maps of one run are drawn with: the flags, over the settings file's render defaults.
    struct Settings {
        /// Theme, layout, label mode, direction, legend (and the file's PNG resolution and pixel budget); SVG.
        var render: RenderOptions
        var hops: Int
        var budget: MapBudget
    }

    /// The settings of a run; a theme that cannot be loaded is bad usage (exit 64), with what and where.
    func settings(_ inputs: ResolvedInputs) throws -> Settings {
        let file = inputs.config?.render ?? ConfigFile.RenderDefaults()
        var render = RenderOptions(
            format: .svg, engine: layout ?? file.layout ?? .dot, theme: try Self.loadTheme(theme, config: inputs.config),
            style: StyleOptions(labelMode: label ?? file.label ?? .class, direction: direction ?? file.direction ?? .leftToRight,
                                legend: legend ?? file.legend),
            pngDPI: file.dpi ?? 96, pngPixelBudget: file.maxPixels)
        // A direction the user set, by flag or in the settings file, is kept; else each map gets the nearer shape.
        render.choosesDirection = direction == nil && file.direction == nil
        render.aspect = aspect ?? file.aspect
        return Settings(render: render, hops: hops ?? file.hops ?? 1,
                        budget: MapBudget(nodes: maxNodes ?? file.maxNodes ?? MapBudget().nodes,
                                          edges: maxEdges ?? file.maxEdges ?? MapBudget().edges))
    }

    /// The theme `flag` names, else the settings file's, else `default`. A theme file named in `.sbmap.yml` is
    /// relative to that file's folder, like every path in it.
    static func loadTheme(_ flag: String?, config: ConfigFile?) throws -> Theme {
        let fromFile = config?.render.theme.map { name in
            name.contains("/") || [".yaml", ".yml", ".json"].contains { name.hasSuffix($0) }
                ? config?.resolve(name, from: FileManager.default.currentDirectoryPath) ?? name : name
        }
        do {
            return try ThemeRef(parsing: flag ?? fromFile ?? "default").load()
        } catch {
            // A bad theme is bad input from the user: say what and where, and exit as a usage error.
            throw ValidationError("\(error)")
        }
    }
}

extension OutputFormat: ExpressibleByArgument {
    public init?(argument: String) { self.init(name: argument) }
    public static var allValueStrings: [String] { allCases.map(\.name) }
    public var defaultValueDescription: String { name }
}
