import Foundation
import SBMapModel

/// Prints findings to stderr, one per line, and the summary that closes every run.
/// Data goes to stdout; findings never do, so `sbmap export -o - | jq` always sees clean JSON.
struct FindingsReporter {
    var options: FindingOptions
    var colour: Bool

    init(options: FindingOptions, environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.options = options
        // Colour only for a person at a terminal: never in a pipe or a log, never under NO_COLOR.
        self.colour = isatty(STDERR_FILENO) == 1 && environment["NO_COLOR"] == nil && environment["TERM"] != "dumb"
    }

    func report(_ diagnostics: [Diagnostic]) {
        // A large app can have thousands of findings, and making their lines is most of the work of printing them:
        // runs of them are made on every core, then written in order.
        let perRun = 256
        let runs = parallelMap(count: (diagnostics.count + perRun - 1) / perRun) { r in
            var text = ""
            for k in r * perRun..<min((r + 1) * perRun, diagnostics.count)
            where !options.quiet || diagnostics[k].severity == .error {
                text += line(for: Self.printable(diagnostics[k])) + "\n"
            }
            return text
        }
        Self.writeToStandardError(runs.joined())
    }

    func summary(_ line: String) {
        Self.writeToStandardError("sbmap: \(line)\n")
    }

    /// Whether these findings fail the run (exit 1).
    func fails(_ diagnostics: [Diagnostic]) -> Bool {
        diagnostics.contains { $0.severity == .error || (options.strict && $0.severity == .warning) }
    }

    func line(for diagnostic: Diagnostic) -> String {
        switch options.format {
        case .xcode:
            let plain = diagnostic.xcodeLine
            guard colour else { return plain }
            let level = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            let code = switch diagnostic.severity {
            case .error: "\u{1B}[1;31m"
            case .warning: "\u{1B}[1;33m"
            case .info: "\u{1B}[1;36m"
            }
            return plain.replacingOccurrences(of: " \(level): ", with: " \(code)\(level):\u{1B}[0m ",
                                              options: [], range: plain.range(of: " \(level): "))
        case .github:
            let level = switch diagnostic.severity {
            case .error: "error"
            case .warning: "warning"
            case .info: "notice"
            }
            var properties: [String] = []
            if let location = diagnostic.location {
                properties.append("file=\(Self.githubProperty(location.path))")
                if location.line > 0 { properties.append("line=\(location.line)") }
                if location.column > 0 { properties.append("col=\(location.column)") }
            }
            properties.append("title=\(Self.githubProperty("sbmap \(diagnostic.code.rawValue)"))")
            let message = diagnostic.hint.map { "\(diagnostic.message) (\($0))" } ?? diagnostic.message
            return "::\(level) \(properties.joined(separator: ","))::\(Self.githubData(message))"
        }
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

    /// GitHub's escaping for workflow-command data and properties.
    static func githubData(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    static func githubProperty(_ text: String) -> String {
        githubData(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }

    static func writeToStandardError(_ text: String) {
        guard !text.isEmpty else { return }
        FileHandle.standardError.write(Data(text.utf8))
    }
}
