import Foundation
import Testing

/// Every command ends through one gate (`FindingsGate`): `--baseline`, `--fail-on`, `--strict`, the findings formats,
/// the summary and the exit codes mean the same in `check`, `render`, `export`, `site` and `diff`.
@Suite struct OneGateTests {
    /// The commands that see one state of the app, each with the output it needs (in a folder of the test's).
    static let commands: [[String]] = [["check"], ["render", "-o", "map.svg"], ["export", "-o", "graph.json"], ["site", "-o", "site"]]

    /// `command` on `App`, with `extra` options.
    static func arguments(_ command: [String], _ extra: String...) -> [String] {
        [command[0], "App"] + command.dropFirst() + extra
    }

    /// GateTests' app with one reference to a storyboard that does not exist: an error, or a warning when
    /// `.sbmap.yml` sets `unknown-storyboard` to warning.
    static func app(missing: [String] = ["Help"], warning: Bool = false) throws -> URL {
        var files = GateTests.app(missing: missing)
        if warning { files[".sbmap.yml"] = "findings:\n  severity:\n    unknown-storyboard: warning\n" }
        return try Harness.project(files)
    }

    @Test(arguments: commands)
    func failOnWarningExitsAsCheckDoes(_ command: [String]) throws {
        let root = try Self.app(warning: true)
        let check = try Harness.run(["check", "App", "--fail-on", "warning"], in: root)
        #expect(check.status == 1, "\(check.stderr)")
        #expect(check.stderr.contains("warning: storyboard reference names storyboard 'Help'"), "\(check.stderr)")
        let run = try Harness.run(Self.arguments(command, "--fail-on", "warning"), in: root)
        #expect(run.status == check.status, "\(command): \(run.stderr)")
        #expect(try Harness.run(Self.arguments(command), in: root).status == 0, "a warning fails no gate by default")
        #expect(try Harness.run(Self.arguments(command, "--strict"), in: root).status == 1, "--strict is --fail-on warning")
        // An error fails every gate but `never`.
        let errors = try Self.app()
        #expect(try Harness.run(Self.arguments(command), in: errors).status == 1)
        #expect(try Harness.run(Self.arguments(command, "--fail-on", "never"), in: errors).status == 0)
        let contradiction = try Harness.run(Self.arguments(command, "--strict", "--fail-on", "never"), in: errors)
        #expect(contradiction.status == 64 && contradiction.stderr.contains("--strict means --fail-on warning"), "\(contradiction.stderr)")
    }

    /// `check --write-baseline` records the known finding; every command then leaves it out of the report, the
    /// summary's counts and the gate, and says how many it kept back. A finding the baseline does not know still fails.
    @Test(arguments: commands)
    func theBaselineSuppressesItsFindings(_ command: [String]) throws {
        let root = try Self.app()
        #expect(try Harness.run(["check", "App", "--write-baseline", "b.json"], in: root).status == 1)
        let known = try Harness.run(Self.arguments(command, "--baseline", "b.json"), in: root)
        #expect(known.status == 0, "\(command): \(known.stderr)")
        #expect(!known.stderr.contains("'Help'"), "\(command): \(known.stderr)")
        #expect(known.stderr.contains("0 errors, 0 warnings") && known.stderr.contains("(1 known finding in the baseline not reported)"),
                "\(command): \(known.stderr)")

        try GateTests.write(GateTests.app(missing: ["Help", "Gone"]), into: root)
        let added = try Harness.run(Self.arguments(command, "--baseline", "b.json"), in: root)
        #expect(added.status == 1, "\(command): \(added.stderr)")
        #expect(added.stderr.contains("'Gone'") && !added.stderr.contains("'Help'"), "\(command): \(added.stderr)")
    }

    /// A run that fails (exit 2) still reports its findings first, and through the same baseline.
    @Test func aFailedRunReportsThroughTheBaselineToo() throws {
        let root = try Self.app(missing: ["Help", "Gone"])
        try GateTests.write(GateTests.app(missing: ["Help"]), into: root)
        _ = try Harness.run(["check", "App", "--write-baseline", "b.json"], in: root)
        try GateTests.write(GateTests.app(missing: ["Help", "Gone"]), into: root)
        for command in [["render", "App", "-o", "no/such/map.svg"], ["export", "App", "-o", "no/such/graph.json"]] {
            let run = try Harness.run(command + ["--baseline", "b.json"], in: root)
            #expect(run.status == 2, "\(command): \(run.stderr)")
            #expect(run.stderr.contains("'Gone'") && !run.stderr.contains("'Help'"), "\(command): \(run.stderr)")
        }
    }

    @Test func exportWithABaselineWritesTheWholeGraph() throws {
        let root = try Self.app()
        _ = try Harness.run(["check", "App", "--write-baseline", "b.json"], in: root)
        let plain = try Harness.run(["export", "App"], in: root)
        let known = try Harness.run(["export", "App", "--baseline", "b.json"], in: root)
        #expect(known.status == 0 && plain.status == 1)
        // The baseline is about what is reported and what fails; the data keeps every finding.
        #expect(known.stdoutBytes == plain.stdoutBytes)
    }

    /// README's exit table is true of every command: 0 clean, 1 findings at the gate's level, 2 a failed run, 64 bad
    /// usage; and every command's help offers the gate's options.
    @Test func everyCommandKeepsTheExitTable() throws {
        let readme = try String(contentsOf: ConfigFileTests.repository.appendingPathComponent("README.md"), encoding: .utf8)
        let table = readme.components(separatedBy: "| exit | meaning |").dropFirst().first ?? ""
        let rows = table.split(separator: "\n").dropFirst().prefix { $0.hasPrefix("|") }
        let codes = rows.compactMap { Int32($0.split(separator: "|").first?.trimmingCharacters(in: .whitespaces) ?? "") }
        #expect(codes == [0, 1, 2, 64], "\(rows)")
        #expect(rows.first { $0.hasPrefix("| 1 ") }?.contains("every command") == true, "\(rows)")

        let clean = try Self.app(missing: [])
        let errors = try Self.app()
        for command in Self.commands {
            let name = command[0]
            #expect(try Harness.run(Self.arguments(command), in: clean).status == 0, "\(name)")
            #expect(try Harness.run(Self.arguments(command), in: errors).status == 1, "\(name)")
            #expect(try Harness.run(Self.arguments(command, "--fail-on", "sometimes"), in: errors).status == 64, "\(name)")
            #expect(try Harness.run(Self.arguments(command, "--findings-output", "no/such/f.txt"), in: errors).status == 2, "\(name)")
            let help = try Harness.run([name, "--help"], in: clean).stdout
            #expect(help.contains("--baseline <file>") && help.contains("--fail-on <fail-on>"), "\(name): \(help)")
        }

        // diff: the same codes, its --fail-on about what the change brings.
        let root = Harness.newFolder()
        try DiffCommandTests.write(GateTests.app(missing: []), to: root.appendingPathComponent("base"))
        try DiffCommandTests.write(GateTests.app(missing: []), to: root.appendingPathComponent("same"))
        try DiffCommandTests.write(GateTests.app(missing: ["Help"]), to: root.appendingPathComponent("head"))
        #expect(try Harness.run(["diff", "base", "same"], in: root).status == 0)
        #expect(try Harness.run(["diff", "base", "head"], in: root).status == 1)
        #expect(try Harness.run(["diff", "base", "head", "--fail-on", "never"], in: root).status == 0)
        #expect(try Harness.run(["diff", "base", "head", "--fail-on", "sometimes"], in: root).status == 64)
        #expect(try Harness.run(["diff", "base", "head", "--findings-output", "no/such/f.txt"], in: root).status == 2)
        let diffHelp = try Harness.run(["diff", "--help"], in: root).stdout
        #expect(diffHelp.contains("--baseline <file>") && diffHelp.contains("--fail-on <fail-on>"), "\(diffHelp)")
    }
}
