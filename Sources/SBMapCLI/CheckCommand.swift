import ArgumentParser
import SBMapAnalysis
import SBMapModel
import SBMapReport
import SBMapSettings

/// `sbmap check`: findings only, for CI gates and Xcode build phases.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report broken storyboard links and other findings.",
        discussion: """
        Prints every finding to stderr as 'path:line:col: error|warning|note: message [code]' and ends with a one-line summary. Exit 0 when clean, 1 on findings at the --fail-on level (errors by default), 2 when the run failed (a file that could not be read or written), 64 on bad usage.

        Examples:
          sbmap check .
          sbmap check App --exclude 'Legacy/*' --fail-on warning
          sbmap check App/Base.lproj/Main.storyboard App/Settings.storyboard
          sbmap check . --findings-format github   # annotations in GitHub Actions
          sbmap check . --write-baseline .sbmap-baseline.json   # today's findings
          sbmap check . --baseline .sbmap-baseline.json         # only new ones
        """)

    /// The level of finding that fails the gate: `diff --fail-on`'s vocabulary where it applies (`never`); `check`
    /// sees one revision, so "new" has no meaning here (with `--baseline`, every finding reported is new).
    typealias FailOn = GateLevel

    /// `check`'s own findings options: the baseline it writes and its gate.
    struct Gate: ParsableArguments {
        @Option(name: .customLong("write-baseline"), help: ArgumentHelp(
            "Record every finding of this run in a baseline file, for --baseline (docs/diagnostics.md#baseline).", valueName: "file"),
                completion: .file(extensions: ["json"]))
        var writeBaseline: String?

        @OptionGroup var level: FailOnOption
    }

    @OptionGroup(title: HelpSection.inputs) var inputs: InputOptions
    @OptionGroup(title: HelpSection.findings) var findings: FindingOptions
    @OptionGroup(title: HelpSection.findings) var baseline: BaselineOptions
    @OptionGroup(title: HelpSection.findings) var gate: Gate

    var writeBaseline: String? { gate.writeBaseline }
    var failOn: FailOn? { gate.level.failOn }

    func validate() throws {
        try gate.level.check(strict: findings.strict)
    }

    func run() throws {
        let resolved = try inputs.resolved()
        let result = try resolved.analyse()
        var timer = PhaseTimer()
        let known = try baseline.load()
        let ending = FindingsGate(findings: findings, config: resolved.config, baseline: known, failOn: failOn)
        try ReadFiles.refuse(outputs: [writeBaseline, ending.reporter.options.outputPath], read: result.filesRead,
                             also: ReadFiles.settingsInputs(config: resolved.config, baseline: baseline.path))
        if let writeBaseline {
            let paths = RepositoryPaths.find(settingsFolder: resolved.config?.folder)
            try OutputFile.write(Baseline(findings: result.findings, file: { paths.relative(Baseline.path(of: $0)) }).encoded(),
                                 to: writeBaseline)
        }
        let reported = try ending.report(result.findings)
        timer.mark("print findings")
        let counts = result.counts
        Teardown.inBackground(consume result)
        defer { timer.mark("summary") }
        try ending.finish(reported, counts: counts)
    }
}
