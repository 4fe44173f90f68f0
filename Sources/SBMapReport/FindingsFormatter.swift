import SBMapModel

/// One way of writing findings (`--findings-format`): the whole text for a run's findings, already made printable.
public protocol FindingsFormatter {
    /// The findings, in their order, as one text: lines for a log, or one document.
    func text(for diagnostics: [Diagnostic]) -> String
}

/// A format of one line per finding, which CI logs and Xcode read as they come.
public protocol LineFindingsFormatter: FindingsFormatter, Sendable {
    /// One finding's line, without its line break.
    func line(for diagnostic: Diagnostic) -> String
}

extension LineFindingsFormatter {
    public func text(for diagnostics: [Diagnostic]) -> String {
        // A large app can have thousands of findings, and making their lines is most of the work of printing them:
        // runs of them are made on every core, then joined in order.
        let perRun = 256
        return parallelMap(count: (diagnostics.count + perRun - 1) / perRun) { r in
            var text = ""
            for k in r * perRun..<min((r + 1) * perRun, diagnostics.count) {
                text += line(for: diagnostics[k]) + "\n"
            }
            return text
        }.joined()
    }
}

/// `path:line:col: error: message [code]`, which Xcode and most CI systems annotate; coloured at a terminal.
public struct XcodeFindings: LineFindingsFormatter {
    /// ANSI colour on the level word, for a person at a terminal.
    public var colour: Bool

    public init(colour: Bool = false) { self.colour = colour }

    public func line(for diagnostic: Diagnostic) -> String {
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
    }
}

/// GitHub Actions workflow commands (`::error file=…,line=…::…`), which the run's page shows as annotations.
public struct GitHubAnnotations: LineFindingsFormatter {
    /// Files are named from the repository's root, where GitHub places them; `nil`: as the findings name them.
    public var paths: RepositoryPaths?

    public init(paths: RepositoryPaths?) { self.paths = paths }

    public func line(for diagnostic: Diagnostic) -> String {
        let level = switch diagnostic.severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "notice"
        }
        var properties: [String] = []
        if let location = diagnostic.location {
            properties.append("file=\(Self.property(paths?.relative(location.path) ?? location.path))")
            if location.line > 0 { properties.append("line=\(location.line)") }
            if location.column > 0 { properties.append("col=\(location.column)") }
        }
        properties.append("title=\(Self.property("sbmap \(diagnostic.code.rawValue)"))")
        let message = diagnostic.hint.map { "\(diagnostic.message) (\($0))" } ?? diagnostic.message
        return "::\(level) \(properties.joined(separator: ","))::\(Self.data(message))"
    }

    /// GitHub's escaping for workflow-command data and properties.
    public static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    public static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}
