import Foundation
import SBMapAnalysis
import SBMapModel
import SBMapReport
import SBMapSettings

/// Prints findings to stderr (or to `--findings-output`), in the format chosen, and the summary that closes every
/// run. Data goes to stdout; findings never do, so `sbmap export -o - | jq` always sees clean JSON.
struct FindingsReporter {
    var options: FindingOptions
    var formatter: any FindingsFormatter

    /// The settings file's policy, for the findings made while drawing (`decided`).
    var policy: FindingPolicy

    /// `config` is the settings file in effect: its folder is the repository's root when git does not know one
    /// (`RepositoryPaths`: GitHub annotations and SARIF name files from the root), and its `findings:` policy
    /// decides the findings made while drawing.
    init(options: FindingOptions, environment: [String: String] = ProcessInfo.processInfo.environment,
         config: ConfigFile? = nil) {
        self.options = options
        policy = config?.findingPolicy ?? FindingPolicy()
        let settingsFolder = config?.folder
        switch options.format {
        case .xcode:
            // Colour only for a person at a terminal: never in a pipe or a log, never under NO_COLOR.
            let colour = options.outputPath == nil && isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil
                && environment["TERM"] != "dumb"
            formatter = XcodeFindings(colour: colour)
        case .github: formatter = GitHubAnnotations(paths: RepositoryPaths.find(settingsFolder: settingsFolder))
        case .sarif: formatter = SARIFFindings(paths: RepositoryPaths.find(settingsFolder: settingsFolder), version: SBMapCommand.version)
        }
    }

    /// Writes the findings (with `--quiet`, only errors), names from the input made printable.
    /// A `--findings-output` file that cannot be written ends the run as failed (exit 2).
    func report(_ diagnostics: [Diagnostic]) throws {
        let decided = decided(diagnostics)
        let shown = options.quiet ? decided.filter { $0.severity == .error } : decided
        // SARIF names a file by its URI, percent-encoded, so it keeps the real name (escaped, it would point at a
        // file that does not exist); its messages are made printable like every other format's.
        let keepsPaths = formatter is SARIFFindings
        let text = formatter.text(for: shown.map { Self.printable($0, paths: !keepsPaths) })
        // GitHub's format is sbmap's own annotations, their data escaped (`GitHubAnnotations.data`); any other
        // text that looks like a workflow command came from a name and is neutralised.
        let safe = keepsPaths || formatter is GitHubAnnotations ? text : Self.neutralised(text)
        if let path = options.outputPath {
            try OutputFile.write(Array(safe.utf8), to: path)
        } else if !safe.isEmpty {
            FileHandle.standardError.write(Data(safe.utf8))
        }
    }

    /// `diagnostics` with the findings made while drawing (`render-limited`, `graphviz`), which the analysis's
    /// severity step never saw, passed through the same policy (`.sbmap.yml`'s levels and suppressions). Every
    /// other finding has passed it once already, in `Analysis.run`, and is left as it is.
    func decided(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        guard !policy.isEmpty else { return diagnostics }
        let drawing: Set<DiagnosticCode> = [.renderLimited, .graphvizMessage]
        guard diagnostics.contains(where: { drawing.contains($0.code) }) else { return diagnostics }
        return diagnostics.filter { !drawing.contains($0.code) } + policy.decide(diagnostics.filter { drawing.contains($0.code) },
                                                                                  from: FileManager.default.currentDirectoryPath)
    }

    func summary(_ line: String) {
        Self.writeToStandardError("sbmap: \(line)\n")
    }

    /// Whether these findings fail the run (exit 1).
    func fails(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error || (options.strict && $0.severity == .warning) }
    }

    /// Findings quote names from the input, which anyone can edit: control characters and
    /// bidirectional overrides are shown as escapes, so a name cannot fake a line or recolour a terminal.
    static func printable(_ diagnostic: Diagnostic, paths: Bool = true) -> Diagnostic {
        var safe = diagnostic
        safe.message = printable(diagnostic.message)
        safe.hint = diagnostic.hint.map(printable)
        if paths, let location = diagnostic.location { safe.location?.path = printable(location.path) }
        return safe
    }

    /// `text` with every line that a CI runner would take for a workflow command (`::stop-commands::`,
    /// `::add-mask::`, a forged `::error`) made plain: such a line can only come from a name in the input, since
    /// sbmap's own annotations are written by `GitHubAnnotations` and not through here. The line is kept, behind
    /// `prefix`, so that nothing is lost.
    static func neutralised(_ text: String, prefix: String = "sbmap: ") -> String {
        guard text.contains("::") else { return text }
        return text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.drop(while: { $0 == " " || $0 == "\t" || $0 == "\r" }).hasPrefix("::") ? prefix + line : String(line)
        }.joined(separator: "\n")
    }

    static func printable(_ text: String) -> String {
        // Nearly every text is printable ASCII, which needs no change: checked byte by byte, without decoding.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            let value = scalar.value
            let isControl = value < 0x20 || (0x7F...0x9F).contains(value)
            let isBidi = (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
                || value == 0x200E || value == 0x200F || value == 0x061C
            if isControl || isBidi {
                result += "\\u{" + String(value, radix: 16, uppercase: true) + "}"
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// Writes `text` to stderr, every line that could pass for a workflow command neutralised (`neutralised`):
    /// messages quote names from `.sbmap.yml`, themes, arguments and the app, which a pull request may have written.
    static func writeToStandardError(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(neutralised(text).utf8))
    }
}
