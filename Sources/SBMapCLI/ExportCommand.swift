import ArgumentParser
import Foundation
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
        let graph = try Pipeline().run(resolved)
        let reporter = FindingsReporter(options: findings.merged(with: resolved.config))
        reporter.report(graph.diagnostics)
        do {
            try OutputFile.write(try GraphJSON.encode(graph), to: output)
        } catch let failure as OutputFile.Failure {
            FindingsReporter.writeToStandardError("sbmap: error: \(failure.description)\n")
            throw ExitCode(1)
        }
        reporter.summary(Summary.line(for: graph))
        let fails = reporter.fails(graph.diagnostics)
        Teardown.inBackground(consume graph)
        if fails { throw ExitCode(1) }
    }
}

/// The JSON form of the graph: keys sorted, so the bytes depend only on the graph.
public enum GraphJSON {
    public static func encode(_ graph: StoryboardGraph) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(graph)) + [UInt8(ascii: "\n")]
    }
}
