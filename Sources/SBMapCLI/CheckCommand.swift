import ArgumentParser
import SBMapAnalysis
import SBMapModel

/// `sbmap check`: findings only, for CI gates and Xcode build phases.
struct CheckCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Report broken storyboard links and other findings.",
        discussion: """
        Prints every finding to stderr as 'path:line:col: error|warning|note: message [code]' and ends with a
        one-line summary. Exit 0 when clean, 1 on errors (or warnings with --strict), 64 on bad usage.

        Examples:
          sbmap check .
          sbmap check App --exclude 'Legacy/*' --strict
          sbmap check App/Base.lproj/Main.storyboard App/Settings.storyboard
          sbmap check . --findings-format github     # annotations in GitHub Actions
        """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var findings: FindingOptions

    func run() throws {
        let resolved = try inputs.resolved()
        let result = try resolved.analyse()
        var timer = PhaseTimer()
        let reporter = FindingsReporter(options: findings.merged(with: resolved.config))
        reporter.report(result.findings)
        timer.mark("print findings")
        reporter.summary(result.counts.summaryLine)
        timer.mark("summary")
        let fails = reporter.fails(result.findings)
        Teardown.inBackground(consume result)
        if fails { throw ExitCode(1) }
    }
}
