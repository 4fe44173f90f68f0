import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapModel

/// `sbmap export`: the resolved graph as data.
struct ExportCommand: ParsableCommand {
    enum Format: String, ExpressibleByArgument, CaseIterable {
        case json
    }

    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Write the resolved graph as JSON (schema: docs/graph-schema.md).",
        discussion: """
        The same input always gives byte-identical output. Findings go to stderr, as with 'check',
        and decide the exit code the same way.

        Examples:
          sbmap export App -o graph.json
          sbmap export App -o - | jq '.nodes[] | select(.resolution.state == "unresolved")'
        """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var findings: FindingOptions

    @Option(help: "Output format.")
    var format: Format = .json

    @Option(name: .shortAndLong, help: ArgumentHelp("Output file, or - for stdout.", valueName: "file"))
    var output: String = "-"

    func run() throws {
        let resolved = try inputs.resolved()
        let result = try resolved.analyse()
        try ReadFiles.refuse(output, result.filesRead)
        let graph = result.graph
        var timer = PhaseTimer()
        let reporter = FindingsReporter(options: findings.merged(with: resolved.config))
        try reporter.report(graph.diagnostics)
        timer.mark("print findings")
        do {
            try OutputFile.write(to: output) { sink in try GraphJSON.write(graph, to: sink) }
            timer.mark("write JSON")
        } catch let failure as OutputFile.Failure {
            FindingsReporter.writeToStandardError("sbmap: error: \(failure.description)\n")
            throw ExitCode.runFailed
        }
        reporter.summary(result.counts.summaryLine)
        let fails = reporter.fails(graph.diagnostics)
        Teardown.inBackground(consume result)
        if fails { throw ExitCode.findings }
    }
}
