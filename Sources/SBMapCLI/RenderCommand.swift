import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapModel
import SBMapRender
import SBMapReport
import SBMapSettings
import SBMapStyle

/// `sbmap render`: the map, laid out and drawn by Graphviz inside the process.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the map as SVG, PNG, PDF, DOT, Mermaid or Markdown.",
        discussion: """
        One cluster per storyboard, scenes drawn by role, segues by kind; cross-file links and unresolved references stand out by shape and line style. Storyboards are grouped by the app target that builds them when the scan finds Xcode projects or Swift packages. Prints the same findings as 'check' and exits the same way, so one CI step can both draw the map and gate the build.

        The output file's extension picks the format; --format names it where there is no extension (-o -), and must agree with the extension where there is one.

        Big apps: above the budget (--max-nodes, --max-edges) a plain render draws the overview, one node per storyboard, and says so. --focus draws one storyboard or scene with its neighbours; --all -o DIR writes the overview and one focus map per storyboard, with an index (maps.json), in one run.

        Examples:
          sbmap render App -o map.svg
          sbmap render App -o map.png --theme dark --direction TB
          sbmap render App -o map.pdf --theme print --label identifier
          sbmap render App -o - --format dot | less
          sbmap render App -o map.svg --theme ./my-theme.yaml   # an edited copy
          sbmap render App -o overview.svg --view overview
          sbmap render App -o settings.svg --focus Settings --hops 2
          sbmap render App -o login.svg --focus Main:LoginViewController
          sbmap render App --all -o maps/
          sbmap render App --view overview -o - --format markdown   # a PR comment
        """)

    /// What to write, and which map.
    struct Output: ParsableArguments {
        @Option(name: .shortAndLong, help: ArgumentHelp("Output file (its extension picks the format), or - for stdout; with --all, a folder.", valueName: "file"),
                completion: .file())
        var output: String

        @Option(help: "svg, png, pdf, dot, mermaid (.mmd), markdown (.md) or json; by default from the output file's extension (svg with --all).")
        var format: OutputFormat?

        @Option(help: ArgumentHelp("What to draw: auto (everything, or the overview when that is over the budget), full or overview.", valueName: "view"))
        var view: ViewChoice = .auto

        @Option(help: ArgumentHelp("Draw one storyboard, or one scene, with its neighbours: a storyboard name (or path), then optionally :SCENE (storyboard ID, class or object id).", valueName: "storyboard[:scene]"))
        var focus: String?

        @Flag(help: "Write the overview and one focus map per storyboard into the folder given by -o, with maps.json.")
        var all = false

        @Flag(help: "With --all: write into a folder that is not empty and holds no earlier maps.json.")
        var force = false
    }

    /// PNG resolution: `render`'s own rendering options (a site draws SVG).
    struct PNGOptions: ParsableArguments {
        @Option(help: ArgumentHelp("PNG resolution, when the map fits the pixel budget (default 96).", valueName: "dpi"))
        var dpi: Double?

        @Option(name: .customLong("max-pixels"), help: ArgumentHelp("Most pixels a PNG may have (default: 500,000 per scene, from 16,000,000 up to 64,000,000); larger maps are drawn at a lower resolution, with a note.", valueName: "count"))
        var maxPixels: Int?

        func validate() throws {
            if let dpi, !(dpi > 0 && dpi <= 1200) { throw ValidationError("--dpi must be between 1 and 1200") }
            if let maxPixels, maxPixels <= 0 { throw ValidationError("--max-pixels must be positive") }
        }
    }

    struct SVGOptions: ParsableArguments {
        @Option(name: .customLong("id-prefix"), help: ArgumentHelp("Put PREFIX before every id in the SVG, so maps inlined in one page share none (default: the map's name, such as overview-, full- or Settings-; \"\" for none).", valueName: "prefix"))
        var idPrefix: String?
    }

    @OptionGroup(title: HelpSection.inputs) var inputs: InputOptions
    @OptionGroup(title: HelpSection.output) var destination: Output
    @OptionGroup(title: HelpSection.rendering) var map: MapOptions
    @OptionGroup(title: HelpSection.rendering) var png: PNGOptions
    @OptionGroup(title: HelpSection.rendering) var svg: SVGOptions
    @OptionGroup(title: HelpSection.findings) var findings: FindingOptions
    @OptionGroup(title: HelpSection.findings) var baseline: BaselineOptions
    @OptionGroup(title: HelpSection.findings) var level: FailOnOption

    var output: String { destination.output }
    var format: OutputFormat? { destination.format }
    var view: ViewChoice { destination.view }
    var focus: String? { destination.focus }
    var all: Bool { destination.all }
    var force: Bool { destination.force }
    var dpi: Double? { png.dpi }
    var maxPixels: Int? { png.maxPixels }

    enum ViewChoice: String, ExpressibleByArgument, CaseIterable {
        case auto, full, overview
    }

    func validate() throws {
        if all {
            if focus != nil { throw ValidationError("--all already draws every storyboard; leave out --focus") }
            if view != .auto { throw ValidationError("--all draws the overview and every focus map; leave out --view") }
            if output == "-" { throw ValidationError("--all writes many files: give a folder with -o, e.g. -o maps") }
        } else if focus != nil, view != .auto {
            throw ValidationError("--focus draws one storyboard; leave out --view")
        }
        if !all {
            try Self.checkFormat(format, output: output)
        }
        if all, svg.idPrefix != nil {
            throw ValidationError("--all gives each map its own id prefix (its name); leave out --id-prefix")
        }
        if force, !all { throw ValidationError("--force applies to --all (a folder of maps); a single map file is always replaced") }
        try level.check(strict: findings.strict)
    }

    /// The format of a single map: named by the output's extension, or by `--format` where there is none (stdout,
    /// a name without a known extension). Both given and different is a mistake: `--format png -o map.svg` would
    /// put PNG bytes in a file every viewer opens as SVG.
    static func checkFormat(_ format: OutputFormat?, output: String) throws {
        let named = output == "-" ? nil : OutputFormat(path: output)
        if let format, let named, format != named {
            throw ValidationError("--format \(format.name) contradicts the output '\(output)', whose extension means \(named.name): name the file .\(format.fileExtension), or leave out --format")
        }
        if format == nil, named == nil {
            throw ValidationError(output == "-"
                ? "say which format to write to stdout with --format svg|png|pdf|dot|mermaid|markdown|json"
                : "cannot tell the format from '\(output)'; use a .svg, .png, .pdf, .dot, .mmd, .md or .json name, or --format")
        }
    }

    func run() throws {
        let resolved = try inputs.resolved()
        let file = resolved.config?.render ?? ConfigFile.RenderDefaults()
        var settings = try map.settings(resolved)
        settings.render.pngDPI = dpi ?? file.dpi ?? 96
        settings.render.pngPixelBudget = maxPixels ?? file.maxPixels
        // One map: the flag, else the settings file's; a run of many maps gives each its own (`SVGIDPrefix.default`).
        if !all { settings.render.idPrefix = svg.idPrefix ?? file.idPrefix }
        let known = try baseline.load()
        if all {
            try OutputFolder(path: output, manifest: AllMaps.manifest, subfolders: ["storyboards"], command: "render --all")
                .prepare(force: force, inputs: resolved.paths)
        }
        let result = try resolved.analyse()
        let ending = FindingsGate(findings: findings, config: resolved.config, baseline: known, failOn: level.failOn)
        try ReadFiles.refuse(outputs: [all ? nil : output, ending.reporter.options.outputPath], read: result.filesRead,
                             also: ReadFiles.settingsInputs(config: resolved.config, theme: map.theme, baseline: baseline.path))
        let counts = result.counts
        let graph = map.drawn(result.graph)
        let format = self.format ?? (all ? .svg : OutputFormat(path: output) ?? .svg)
        let found = graph.diagnostics
        let renderDiagnostics: [Diagnostic]
        if all {
            renderDiagnostics = try AllMaps(folder: output, format: format, settings: settings)
                .write(graph, counts: counts, ending: ending)
        } else {
            renderDiagnostics = try renderOne(consume graph, format: format, settings: settings, ending: ending)
        }
        try ending.finish(try ending.report(found + renderDiagnostics), counts: counts)
    }

    /// One map to `output`; returns the render's own findings.
    /// Takes the graph: once the view is made, the whole graph is let go before Graphviz runs (on a big app the
    /// overview is a small graph, and the full one most of the memory).
    private func renderOne(_ graph: consuming StoryboardGraph, format: OutputFormat, settings: MapOptions.Settings,
                           ending: FindingsGate) throws -> [Diagnostic] {
        var requested: MapView?
        switch view {
        case .full: requested = .full
        case .overview: requested = .overview
        case .auto: requested = nil
        }
        if let focus {
            switch FocusSelection.select(focus, in: graph) {
            case .success(let (storyboard, scene)):
                requested = .focus(FocusView(storyboard: storyboard, scene: scene, hops: settings.hops))
            case .failure(let failure): throw ValidationError(failure.description)
            }
        }
        let plan = MapPlan.choose(requested, for: graph, budget: settings.budget)
        if let notice = plan.notice { FindingsReporter.writeToStandardError("sbmap: \(notice)\n") }
        let view = plan.map(of: graph)
        let found = graph.diagnostics
        Teardown.inBackground(consume graph)
        let rendered: Rendered
        do {
            rendered = try MapOutput.write(view, as: format, options: settings.render)
        } catch let error as RenderError {
            _ = try ending.report(found + error.diagnostics)
            FindingsReporter.writeToStandardError("sbmap: error: \(error.message)\n")
            throw ExitCode.runFailed
        }
        do {
            try OutputFile.write(rendered.data, to: output)
        } catch let failure as OutputFile.Failure {
            _ = try ending.report(found)
            FindingsReporter.writeToStandardError("sbmap: error: \(failure.description)\n")
            throw ExitCode.runFailed
        }
        return rendered.diagnostics
    }
}
