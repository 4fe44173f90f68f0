import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapModel
import SBMapRender
import SBMapReport
import SBMapSettings

/// `sbmap export`: the resolved graph as data.
struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the resolved graph as JSON (schema: docs/graph-schema.md).",
        discussion: """
        The same input always gives byte-identical output. Findings go to stderr, as with 'check', and decide the exit code the same way.

        Examples:
          sbmap export App -o graph.json
          sbmap export App | jq '.nodes[] | select(.resolution.state == "unresolved")'
        """)

    struct Output: ParsableArguments {
        @Option(name: .shortAndLong, help: ArgumentHelp("Output file, or - for stdout.", valueName: "file"), completion: .file())
        var output: String = "-"

        @Option(help: "Output format.")
        var format: Format = .json

        func validate() throws {
            // A map's extension on the JSON graph: the file would not be what its name says.
            if let named = OutputFormat(path: output), named != .json {
                throw ValidationError("export writes the graph as JSON, but '-o \(output)' is named as a map (\(named.name)): name it .json, or draw the map with 'sbmap render'")
            }
        }
    }

    @OptionGroup(title: HelpSection.inputs) var inputs: InputOptions
    @OptionGroup(title: HelpSection.output) var destination: Output
    @OptionGroup(title: HelpSection.findings) var findings: FindingOptions
    @OptionGroup(title: HelpSection.findings) var baseline: BaselineOptions
    @OptionGroup(title: HelpSection.findings) var level: FailOnOption

    var output: String { destination.output }

    func validate() throws {
        try level.check(strict: findings.strict)
    }

    func run() throws {
        let resolved = try inputs.resolved()
        let known = try baseline.load()
        let result = try resolved.analyse()
        let ending = FindingsGate(findings: findings, config: resolved.config, baseline: known, failOn: level.failOn)
        try ReadFiles.refuse(outputs: [output, ending.reporter.options.outputPath], read: result.filesRead,
                             also: ReadFiles.settingsInputs(config: resolved.config, baseline: baseline.path))
        let graph = result.graph
        var timer = PhaseTimer()
        let reported = try ending.report(graph.diagnostics)
        timer.mark("print findings")
        do {
            try OutputFile.write(to: output) { sink in try GraphJSON.write(graph, to: sink) }
            timer.mark("write JSON")
        } catch let failure as OutputFile.Failure {
            FindingsReporter.writeToStandardError("sbmap: error: \(failure.description)\n")
            throw ExitCode.runFailed
        }
        let counts = result.counts
        Teardown.inBackground(consume result)
        try ending.finish(reported, counts: counts)
    }
}
