import Foundation

/// How bad a finding is. `check` fails (exit 1) on errors, and on anything with `--strict`.
public enum Severity: String, Sendable, Codable, Comparable, CaseIterable {
    case info
    case warning
    case error

    private var rank: Int {
        switch self {
        case .info: 0
        case .warning: 1
        case .error: 2
        }
    }

    public static func < (a: Severity, b: Severity) -> Bool { a.rank < b.rank }
}

/// The stable code of a finding. Codes are part of the output contract: CI scripts and
/// suppression lists match on them, so a code is never renamed once shipped.
/// `docs/diagnostics.md` explains each one and what to do about it.
public struct DiagnosticCode: RawRepresentable, Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(_ rawValue: String) { self.rawValue = rawValue }
    public init(from decoder: any Decoder) throws { rawValue = try decoder.singleValueContainer().decode(String.self) }
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(rawValue)
    }
    public var description: String { rawValue }
    public static func < (a: Self, b: Self) -> Bool { a.rawValue < b.rawValue }

    /// Every code sbmap reports (docs/diagnostics.md documents each; a test keeps the two in step). A config file
    /// may only name these.
    public static let known: [Self] = [
        .unreadableFile, .malformedXML, .notAStoryboard, .forbiddenDTD, .fileTooLarge, .encoding, .malformedPlist,
        .noStoryboards, .excludeMatchesNothing, .linkOutsideInputs, .lfsPointer, .duplicateStoryboardIdentifier, .duplicateObjectID, .missingDestination, .missingInitialScene,
        .localizationDivergence, .unknownStoryboard, .unknownIdentifier,
        .targetHasNoInitialScene, .ambiguousTarget, .externalBundle, .caseMismatch, .unconfiguredReference,
        .referenceCycle, .storyboardNotInTarget, .noProject, .projectPathCase, .missingEntryStoryboard, .codeUnknownStoryboard,
        .codeUnknownIdentifier, .codeUnknownSegue, .codeDynamic, .codeUnknownUnwind, .renderLimited, .graphvizMessage,
        .xibNotInTarget, .noteNamesNoScene, .codeUnknownNib,
    ]

    // Reading files.
    public static let unreadableFile = Self("unreadable-file")
    public static let malformedXML = Self("malformed-xml")
    public static let notAStoryboard = Self("not-a-storyboard")
    public static let forbiddenDTD = Self("forbidden-dtd")
    public static let fileTooLarge = Self("file-too-large")
    public static let encoding = Self("encoding")
    public static let malformedPlist = Self("malformed-plist")
    public static let noStoryboards = Self("no-storyboards")
    /// An `--exclude` glob (or a config file's `exclude:` entry) that matched nothing under the paths given.
    public static let excludeMatchesNothing = Self("exclude-matches-nothing")
    /// A symbolic link whose real target is outside the paths given: not followed, so nothing outside is read.
    public static let linkOutsideInputs = Self("link-outside-inputs")
    /// A Git LFS pointer where a storyboard, plist or project should be: the checkout did not fetch the file.
    public static let lfsPointer = Self("lfs-pointer")

    // One storyboard on its own.
    public static let duplicateStoryboardIdentifier = Self("duplicate-storyboard-identifier")
    public static let duplicateObjectID = Self("duplicate-object-id")
    public static let missingDestination = Self("missing-destination")
    public static let missingInitialScene = Self("missing-initial-scene")

    // Names across files.
    public static let localizationDivergence = Self("localization-divergence")

    // Cross-file references (storyboard references and runtime-attribute links).
    public static let unknownStoryboard = Self("unknown-storyboard")
    public static let unknownIdentifier = Self("unknown-identifier")
    public static let targetHasNoInitialScene = Self("target-without-initial-scene")
    public static let ambiguousTarget = Self("ambiguous-target")
    public static let externalBundle = Self("external-bundle")
    public static let caseMismatch = Self("case-mismatch")
    public static let unconfiguredReference = Self("unconfigured-reference")
    public static let referenceCycle = Self("reference-cycle")

    // Targets (project.pbxproj, Package.swift).
    /// A name exists, but only in storyboards that no target of the naming file holds.
    public static let storyboardNotInTarget = Self("storyboard-not-in-target")
    /// Files no project describes: names resolve by nearest folder (a note about the run).
    public static let noProject = Self("no-project")
    /// A path a project names exists only with other letter case: Xcode on a Mac finds it, sbmap reads it too.
    public static let projectPathCase = Self("project-path-case")
    /// A xib with a screen (its File's Owner or a top-level object is a view controller) that no target copies.
    public static let xibNotInTarget = Self("xib-not-in-target")

    // Settings (.sbmap.yml).
    /// A note of `notes:` whose key names no scene or screen of the map.
    public static let noteNamesNoScene = Self("note-names-no-scene")

    // Entry points (Info.plist, project.pbxproj).
    public static let missingEntryStoryboard = Self("missing-entry-storyboard")

    // Links made in code.
    public static let codeUnknownStoryboard = Self("code-unknown-storyboard")
    public static let codeUnknownIdentifier = Self("code-unknown-identifier")
    public static let codeUnknownSegue = Self("code-unknown-segue")
    public static let codeDynamic = Self("code-dynamic")
    /// An unwind segue's action is implemented by no scanned class (the unwind pass over code).
    public static let codeUnknownUnwind = Self("code-unknown-unwind")
    /// A nib name (`init(nibName:bundle:)`, `UINib(nibName:bundle:)`, …) that no xib of the targets compiling the call has.
    public static let codeUnknownNib = Self("code-unknown-nib")

    // Rendering.
    public static let renderLimited = Self("render-limited")
    public static let graphvizMessage = Self("graphviz")
}

/// One finding: what went wrong, where, and what to do about it.
public struct Diagnostic: Hashable, Sendable, Codable, Comparable {
    public var severity: Severity
    public var code: DiagnosticCode
    /// What went wrong, as one sentence. It names the offending value.
    public var message: String
    /// Where. `nil` only for findings about the run as a whole.
    public var location: SourceLocation?
    /// What to do about it, when there is something better to say than the message.
    public var hint: String?
    /// What the analysis knows that makes the finding less sure to matter; the severity step lowers `severity` by
    /// them (`FindingFact`). Not part of the JSON.
    public var facts: [FindingFact]
    /// What the finding is about, from the facts its maker had in hand and never from its wording or its line: the
    /// storyboard and Storyboard ID a reference names, the segue identifier, the call's callee and argument, the
    /// exclude pattern. Empty when the code and the file say it all (a file that is not valid XML). With the code and
    /// the file it is the finding's identity (`key(file:)`), which baselines and `sbmap diff` match on.
    public var about: String

    public init(_ severity: Severity, _ code: DiagnosticCode, _ message: String,
                at location: SourceLocation?, about: String = "", facts: [FindingFact] = [], hint: String? = nil) {
        self.severity = severity
        self.code = code
        self.message = message
        self.location = location
        self.hint = hint
        self.facts = facts
        self.about = about
    }

    /// The finding's identity: its code, `file` (its path as the caller names it, e.g. relative to the repository's
    /// root) and what it is about. Two findings with the same key are the same finding, however they are worded and
    /// wherever in the file they moved.
    public func key(file: String) -> FindingKey {
        FindingKey(code: code.rawValue, file: file, about: about)
    }

    /// Xcode's one-line format: `path:line:col: error: message [code]`.
    /// Xcode and the usual CI annotators know `error`, `warning` and `note`.
    public var xcodeLine: String {
        let level = severity == .info ? "note" : severity.rawValue
        let text = hint.map { "\(message) (\($0))" } ?? message
        let prefix = location.map { "\($0): " } ?? "sbmap: "
        return "\(prefix)\(level): \(text) [\(code.rawValue)]"
    }

    // JSON keeps a finding flat, as CI tools expect: `file`, `line`, `column` beside `code` and `message`.
    private enum CodingKeys: String, CodingKey {
        case severity, code, message, hint, file, line, column
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(severity, forKey: .severity)
        try c.encode(code, forKey: .code)
        try c.encode(message, forKey: .message)
        try c.encodeIfPresent(hint, forKey: .hint)
        if let location {
            try c.encode(location.path, forKey: .file)
            try c.encode(location.line, forKey: .line)
            try c.encode(location.column, forKey: .column)
        }
    }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        severity = try c.decode(Severity.self, forKey: .severity)
        code = try c.decode(DiagnosticCode.self, forKey: .code)
        message = try c.decode(String.self, forKey: .message)
        hint = try c.decodeIfPresent(String.self, forKey: .hint)
        facts = []
        about = ""
        if let file = try c.decodeIfPresent(String.self, forKey: .file) {
            location = SourceLocation(path: file, line: try c.decodeIfPresent(Int.self, forKey: .line) ?? 0,
                                      column: try c.decodeIfPresent(Int.self, forKey: .column) ?? 0)
        }
    }

    /// The old identity, kept only to read version-1 baselines: the message without the numbers that say where
    /// (`Main.storyboard:12:5` becomes `Main.storyboard`, `lines 12, 30` becomes `line`). It changes with the wording
    /// and strips `:N` inside names; everything else matches on `key(file:)`.
    public var subject: String {
        var text = message
        for (pattern, replacement) in [(#"(:[0-9]+){1,2}\b"#, ""),
                                       (#"\b(line|column|col)s? [0-9]+((, |,? and )[0-9]+)*"#, "$1")] {
            text = text.replacingOccurrences(of: pattern, with: replacement, options: .regularExpression)
        }
        return text
    }

    /// Findings sort by place, then by code and text, so every output lists them in one order.
    public static func < (a: Diagnostic, b: Diagnostic) -> Bool {
        let la = a.location ?? SourceLocation(path: "")
        let lb = b.location ?? SourceLocation(path: "")
        if la != lb { return la < lb }
        if a.code != b.code { return a.code < b.code }
        if a.message != b.message { return a.message < b.message }
        return a.severity < b.severity
    }
}

/// A finding's identity (`Diagnostic.key(file:)`): code, file and what it is about; never its message or its line.
public struct FindingKey: Hashable, Sendable, Codable, Comparable {
    public var code: String
    /// The file, relative to the repository's root; empty for a finding about the run as a whole.
    public var file: String
    public var about: String

    public init(code: String, file: String, about: String) {
        self.code = code
        self.file = file
        self.about = about
    }

    public static func < (a: Self, b: Self) -> Bool { (a.file, a.code, a.about) < (b.file, b.code, b.about) }
}

extension Array where Element == Diagnostic {
    public func count(of severity: Severity) -> Int { reduce(0) { $0 + ($1.severity == severity ? 1 : 0) } }
}
