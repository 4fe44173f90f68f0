import Foundation
import SBMapModel

/// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the format GitHub code scanning uploads: one run of
/// the tool `sbmap`, every finding code as a rule described by docs/diagnostics.md's codes table, and each finding
/// as a result at its file (relative to the repository's root, `%SRCROOT%`), line and column.
///
/// Every URI is a relative reference from `%SRCROOT%` (a file named `javascript:x.storyboard` is
/// `javascript%3Ax.storyboard`, never a URI with a scheme), every byte of a name percent-encoded as it is on disk;
/// messages have their `{` `}` doubled and `[` `]` escaped, so a name is never a placeholder or an embedded link. A
/// finding with no file (a mistyped `--exclude`, a map left undrawn) cannot be a result, which GitHub code scanning
/// requires to have a location: it is a tool notification of the run instead (`invocations`), which the upload
/// accepts and does not show as an alert. Each result carries its identity (`Diagnostic.key`) as a partial
/// fingerprint, so an alert follows its finding when lines move.
///
/// The document holds no absolute path, no time and no machine name: the same findings give the same bytes.
public struct SARIFFindings: FindingsFormatter {
    /// Where files are named from: `%SRCROOT%`, the repository's root (`RepositoryPaths`).
    public var paths: RepositoryPaths
    /// The tool's version, as the document names it (`sbmap`'s release, `0.2.0`).
    public var version: String

    public init(paths: RepositoryPaths, version: String) {
        self.paths = paths
        self.version = version
    }

    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    public func text(for diagnostics: [Diagnostic]) -> String {
        let rules = Self.rules
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let placed = diagnostics.filter { $0.location.map { !$0.path.isEmpty } ?? false }
        let unplaced = diagnostics.filter { !($0.location.map { !$0.path.isEmpty } ?? false) }
        let notifications = unplaced.map { d in
            Notification(level: Self.level(d.severity), message: Message(text: Self.messageText(d)),
                         associatedRule: Descriptor(id: d.code.rawValue, index: index[d.code.rawValue]))
        }
        let log = Log(schema: Self.schema, version: "2.1.0", runs: [Run(
            tool: Tool(driver: Driver(name: "sbmap", version: version, semanticVersion: version, rules: rules)),
            invocations: [Invocation(executionSuccessful: true,
                                     toolExecutionNotifications: notifications.isEmpty ? nil : notifications)],
            columnKind: "unicodeCodePoints",
            results: placed.map { result(for: $0, ruleIndex: index[$0.code.rawValue]) })])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and optionals only: encoding cannot fail.
        return ((try? encoder.encode(log)).map { String(decoding: $0, as: UTF8.self) } ?? "") + "\n"
    }

    private func result(for diagnostic: Diagnostic, ruleIndex: Int?) -> Result {
        var locations: [Location]?
        var fingerprints: [String: String]?
        if let location = diagnostic.location {
            let region = location.line > 0
                ? Region(startLine: location.line, startColumn: location.column > 0 ? location.column : nil) : nil
            locations = [Location(physicalLocation: PhysicalLocation(artifactLocation: artifactLocation(location.path),
                                                                      region: region))]
            let key = diagnostic.key(file: paths.relative(location.path))
            fingerprints = ["sbmapFindingKey/v1": [key.code, key.file, key.about].joined(separator: "\u{1F}")]
        }
        return Result(ruleId: diagnostic.code.rawValue, ruleIndex: ruleIndex, level: Self.level(diagnostic.severity),
                      message: Message(text: Self.messageText(diagnostic)), locations: locations,
                      partialFingerprints: fingerprints)
    }

    /// A result's message: the finding's message and hint, as SARIF plain text. `{` and `}` are doubled (a `{0}` in a
    /// name is not a placeholder) and `[` `]` escaped with `\` (a `[text](url)` in a name is not an embedded link).
    static func messageText(_ diagnostic: Diagnostic) -> String {
        let text = diagnostic.hint.map { "\(diagnostic.message) (\($0))" } ?? diagnostic.message
        guard text.contains(where: { "{}[]".contains($0) }) else { return text }
        var result = ""
        for character in text {
            switch character {
            case "{": result += "{{"
            case "}": result += "}}"
            case "[", "]": result += "\\" + String(character)
            default: result.append(character)
            }
        }
        return result
    }

    /// The file relative to `%SRCROOT%`; a file outside the repository keeps its absolute `file://` URI.
    func artifactLocation(_ path: String) -> ArtifactLocation {
        let relative = paths.relative(path)
        if !relative.hasPrefix("/") {
            return ArtifactLocation(uri: Self.encoded(relative), uriBaseId: "%SRCROOT%")
        }
        return ArtifactLocation(uri: "file://" + Self.encoded(relative), uriBaseId: nil)
    }

    static func level(_ severity: Severity) -> String {
        switch severity {
        case .error: "error"
        case .warning: "warning"
        case .info: "note"
        }
    }

    /// Every known finding code as a rule, with what docs/diagnostics.md says of it.
    static var rules: [Rule] {
        let documented = Dictionary(DiagnosticsDocument.rules.map { ($0.code, $0) }, uniquingKeysWith: { a, _ in a })
        return DiagnosticCode.known.map { code in
            guard let doc = documented[code.rawValue] else {
                return Rule(id: code.rawValue, name: code.rawValue, shortDescription: Message(text: code.rawValue), fullDescription: nil,
                            help: nil, defaultConfiguration: nil)
            }
            let meaning = DiagnosticsDocument.plainText(doc.meaning), action = DiagnosticsDocument.plainText(doc.action)
            let level = doc.level.split(separator: "/").first.map(String.init) ?? "warning"
            return Rule(id: code.rawValue, name: code.rawValue, shortDescription: Message(text: meaning),
                        fullDescription: Message(text: meaning + " (level: \(doc.level))"),
                        help: Help(text: "What to do: \(action)",
                                   markdown: "**What it means:** \(doc.meaning)\n\n**What to do:** \(doc.action)"),
                        defaultConfiguration: Configuration(level: ["error", "warning", "note"].contains(level) ? level : "warning"))
        }
    }

    /// A path as a URI path: every byte but the unreserved ones (RFC 3986: letters, digits, `-._~`) and `/`
    /// percent-encoded from its UTF-8, so `:` (a scheme), `%`, spaces, control characters and anything else stay part
    /// of the name and the URI names the real file.
    static func encoded(_ path: String) -> String {
        var result = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"),
                 UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                result.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                result += String(format: "%%%02X", byte)
            }
        }
        return result
    }

    // The parts of the SARIF object model sbmap writes (property names as the schema spells them).
    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable { var tool: Tool; var invocations: [Invocation]; var columnKind: String; var results: [Result] }
    struct Invocation: Encodable { var executionSuccessful: Bool; var toolExecutionNotifications: [Notification]? }
    struct Notification: Encodable { var level: String; var message: Message; var associatedRule: Descriptor }
    struct Descriptor: Encodable { var id: String; var index: Int? }
    struct Tool: Encodable { var driver: Driver }
    struct Driver: Encodable {
        var name: String
        var version: String
        var semanticVersion: String
        var rules: [Rule]
    }
    struct Rule: Encodable {
        var id: String
        var name: String
        var shortDescription: Message
        var fullDescription: Message?
        var help: Help?
        var defaultConfiguration: Configuration?
    }
    struct Help: Encodable { var text: String; var markdown: String }
    struct Configuration: Encodable { var level: String }
    struct Message: Encodable { var text: String }
    struct Result: Encodable {
        var ruleId: String
        var ruleIndex: Int?
        var level: String
        var message: Message
        var locations: [Location]?
        var partialFingerprints: [String: String]?
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation; var region: Region? }
    struct ArtifactLocation: Encodable { var uri: String; var uriBaseId: String? }
    struct Region: Encodable { var startLine: Int; var startColumn: Int? }
}
