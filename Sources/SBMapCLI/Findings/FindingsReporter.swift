import Foundation
import SBMapModel

/// Prints findings to stderr (or to `--findings-output`), in the format chosen, and the summary that closes every
/// run. Data goes to stdout; findings never do, so `sbmap export -o - | jq` always sees clean JSON.
struct FindingsReporter {
    var options: FindingOptions
    var formatter: any FindingsFormatter

    init(options: FindingOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        switch options.format {
        case .xcode:
            // Colour only for a person at a terminal: never in a pipe or a log, never under NO_COLOR.
            let colour = options.outputPath == nil && isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil
                && environment["TERM"] != "dumb"
            formatter = XcodeFindings(colour: colour)
        case .github: formatter = GitHubAnnotations()
        case .sarif: formatter = SARIFFindings(root: SARIFFindings.repositoryRoot())
        }
    }

    /// Writes the findings (with `--quiet`, only errors), names from the input made printable.
    /// A `--findings-output` file that cannot be written ends the run as failed (exit 2).
    func report(_ diagnostics: [Diagnostic]) throws {
        let shown = options.quiet ? diagnostics.filter { $0.severity == .error } : diagnostics
        let text = formatter.text(for: shown.map(Self.printable))
        if let path = options.outputPath {
            try OutputFile.write(Array(text.utf8), to: path)
        } else {
            Self.writeToStandardError(text)
        }
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
    static func printable(_ diagnostic: Diagnostic) -> Diagnostic {
        var safe = diagnostic
        safe.message = printable(diagnostic.message)
        safe.hint = diagnostic.hint.map(printable)
        if let location = diagnostic.location { safe.location?.path = printable(location.path) }
        return safe
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

    static func writeToStandardError(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
