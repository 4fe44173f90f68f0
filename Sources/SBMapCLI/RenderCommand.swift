import ArgumentParser
import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle

extension LayoutEngine: ExpressibleByArgument {}
extension Direction: ExpressibleByArgument {}
extension LabelMode: ExpressibleByArgument {}
extension OutputFormat: ExpressibleByArgument {}

/// `sbmap render`: the map, laid out and drawn by Graphviz inside the process.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Draw the map as SVG, PNG, PDF or DOT.",
        discussion: """
        One cluster per storyboard, scenes drawn by role, segues by kind; cross-file links and unresolved
        references stand out by shape and line style. Prints the same findings as 'check' and exits the same
        way, so one CI step can both draw the map and gate the build.

        Examples:
          sbmap render App -o map.svg
          sbmap render App -o map.png --theme dark --direction TB
          sbmap render App -o map.pdf --theme print --label identifier
          sbmap render App -o - --format dot | less
          sbmap render App -o map.svg --theme ./my-theme.yaml     # a copy of themes/default.yaml, edited
        """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var findings: FindingOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file (its extension picks the format), or - for stdout.", valueName: "file"))
    var output: String

    @Option(help: "svg, png, pdf or dot; by default from the output file's extension.")
    var format: OutputFormat?

    @Option(help: ArgumentHelp("A built-in theme (\(BuiltinThemes.names.joined(separator: ", "))) or a theme file (YAML or JSON).", valueName: "name|file"))
    var theme: String = "default"

    @Option(help: "Graphviz layout: dot, neato, fdp, sfdp, circo or twopi.")
    var layout: LayoutEngine = .dot

    @Option(help: "Flow direction: LR (left to right) or TB (top to bottom).")
    var direction: Direction = .leftToRight

    @Option(help: "What a scene shows first: class, identifier (storyboard ID) or title.")
    var label: LabelMode = .class

    @Flag(inversion: .prefixedNo, help: "Draw the legend (by default, as the theme says).")
    var legend: Bool?

    @Option(help: ArgumentHelp("PNG resolution, when the map fits the pixel budget.", valueName: "dpi"))
    var dpi: Double = 96

    @Option(name: .customLong("max-pixels"), help: ArgumentHelp("Most pixels a PNG may have; larger maps are drawn at a lower resolution, with a finding.", valueName: "count"))
    var maxPixels: Int = 16_000_000

    func validate() throws {
        if format == nil, OutputFormat(path: output) == nil {
            throw ValidationError(output == "-"
                ? "say which format to write to stdout with --format svg|png|pdf|dot"
                : "cannot tell the format from '\(output)'; use a .svg, .png, .pdf or .dot name, or --format")
        }
        guard dpi > 0, dpi <= 1200 else { throw ValidationError("--dpi must be between 1 and 1200") }
        guard maxPixels > 0 else { throw ValidationError("--max-pixels must be positive") }
    }

    func run() throws {
        let chosenTheme: Theme
        do {
            chosenTheme = try ThemeRef(parsing: theme).load()
        } catch {
            // A bad theme is bad input from the user: say what and where, and exit as a usage error.
            throw ValidationError("\(error)")
        }
        let graph = try Pipeline(inputs: inputs).run()
        let reporter = FindingsReporter(options: findings)
        let options = RenderOptions(
            format: format ?? OutputFormat(path: output) ?? .svg, engine: layout, theme: chosenTheme,
            style: StyleOptions(labelMode: label, direction: direction, legend: legend),
            pngDPI: dpi, pngPixelBudget: maxPixels)
        let rendered: Rendered
        do {
            rendered = try Renderer.render(graph, options: options)
        } catch let error as RenderError {
            reporter.report((graph.diagnostics + error.diagnostics).sorted())
            FindingsReporter.writeToStandardError("sbmap: error: \(error.message)\n")
            throw ExitCode(1)
        }
        let all = (graph.diagnostics + rendered.diagnostics).sorted()
        reporter.report(all)
        do {
            try OutputFile.write(rendered.data, to: output)
        } catch let failure as OutputFile.Failure {
            FindingsReporter.writeToStandardError("sbmap: error: \(failure.description)\n")
            throw ExitCode(1)
        }
        var final = graph
        final.diagnostics = all
        reporter.summary(Summary.line(for: final))
        if reporter.fails(all) { throw ExitCode(1) }
    }
}
