import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapModel
import SBMapReport
import SBMapSettings

/// `--fail-on` of the commands that see one state of the app (check, render, export, site): the level of finding
/// that fails the gate. `diff --fail-on` has its own vocabulary, about what the change brings.
enum GateLevel: String, ExpressibleByArgument, CaseIterable {
    case error, warning, never
}

/// `--fail-on LEVEL`, the same option in every command that sees one state of the app.
struct FailOnOption: ParsableArguments {
    @Option(name: .customLong("fail-on"), help: "When to exit 1: error (default; any error), warning (any error or warning, as --strict), never.")
    var failOn: GateLevel?

    /// `--strict` means `--fail-on warning`: with another level it would mean nothing.
    func check(strict: Bool) throws {
        if strict, let failOn, failOn != .warning {
            throw ValidationError("--strict means --fail-on warning; leave out one of them")
        }
    }
}

/// How every command ends: its findings, less those the baseline knows, written in the chosen format
/// (`FindingsReporter`), the one-line summary, and the exit code: 1 when what is reported reaches the gate's level,
/// 2 when the run itself failed (which wins), 0 otherwise. `check`, `render`, `export`, `site` and `diff` all end
/// here, so `--baseline`, `--fail-on`, `--strict`, the findings formats and the exit codes mean the same in each.
struct FindingsGate {
    /// The findings after the baseline, and how many it kept back.
    struct Reported {
        var findings: [Diagnostic]
        var excused: Int
    }

    var reporter: FindingsReporter
    /// Known findings, left out of the report and the gate (`--baseline`).
    var baseline: Baseline?
    /// The level that fails the run; `nil`: errors, or warnings too with `--strict` (or `findings.strict`).
    var failOn: GateLevel?
    /// The settings file's folder: the repository's root when git knows none (`RepositoryPaths`).
    var settingsFolder: String?

    /// Writes `findings` (those made while drawing decided by the settings' policy first), less those the baseline
    /// knows; returns what was reported. A `--findings-output` that cannot be written is a failed run (exit 2).
    func report(_ findings: [Diagnostic]) throws -> Reported {
        var decided = reporter.decided(findings)
        // The analysis's findings come sorted (a large app has thousands): only findings added after it are placed.
        if zip(decided, decided.dropFirst()).contains(where: { $1 < $0 }) { decided.sort() }
        let (reported, excused) = BaselineOptions.filter(decided, by: baseline,
                                                         paths: RepositoryPaths.find(settingsFolder: settingsFolder))
        try reporter.report(reported)
        return Reported(findings: reported, excused: excused)
    }

    /// The summary (`counts`, with the findings reported and the baseline's note), then the exit code.
    func finish(_ reported: Reported, counts: GraphCounts, runFailed: Bool = false) throws {
        try finish(reported, summary: counts.with(findings: reported.findings).summaryLine + BaselineOptions.note(reported.excused),
                   runFailed: runFailed)
    }

    /// The summary line, then the exit code: 2 when the run failed, 1 when `fails` (by default: a reported finding
    /// at the gate's level), else 0.
    func finish(_ reported: Reported, summary: String, runFailed: Bool = false, fails: Bool? = nil) throws {
        reporter.summary(summary)
        if runFailed { throw ExitCode.runFailed }
        if fails ?? self.fails(reported.findings) { throw ExitCode.findings }
    }

    /// Whether these findings fail the run at the gate's level.
    func fails(_ findings: [Diagnostic]) -> Bool {
        failOn != .never && reporter.fails(findings)
    }
}

extension FindingsGate {
    /// The gate of a command's findings options, settings file, baseline and `--fail-on`. A `--fail-on` given wins
    /// over the settings file's `findings.strict`, as every flag does.
    init(findings: FindingOptions, config: ConfigFile?, baseline: Baseline? = nil, failOn: GateLevel? = nil) {
        var options = findings.merged(with: config)
        if let failOn { options.strict = failOn == .warning }
        reporter = FindingsReporter(options: options, config: config)
        self.baseline = baseline
        self.failOn = failOn
        settingsFolder = config?.folder
    }
}
