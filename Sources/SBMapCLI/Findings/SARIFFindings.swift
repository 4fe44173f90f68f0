import Foundation
import SBMapModel

/// SARIF 2.1.0 (https://docs.oasis-open.org/sarif/sarif/v2.1.0/), the format GitHub code scanning uploads: one run of
/// the tool `sbmap`, every finding code as a rule described by docs/diagnostics.md's codes table, and each finding
/// as a result at its file (relative to the repository's root, `%SRCROOT%`), line and column.
///
/// The document holds no absolute path, no time and no machine name: the same findings give the same bytes.
struct SARIFFindings: FindingsFormatter {
    /// The folder `%SRCROOT%` stands for, absolute: the repository's root, or the current folder outside git.
    var root: String
    /// The folder findings' relative paths start from.
    var currentFolder: String = FileManager.default.currentDirectoryPath

    static let schema = "https://json.schemastore.org/sarif-2.1.0.json"

    func text(for diagnostics: [Diagnostic]) -> String {
        let rules = Self.rules
        let index = Dictionary(rules.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { a, _ in a })
        let log = Log(schema: Self.schema, version: "2.1.0", runs: [Run(
            tool: Tool(driver: Driver(name: "sbmap", version: SBMapCommand.version, semanticVersion: SBMapCommand.version, rules: rules)),
            columnKind: "unicodeCodePoints",
            results: diagnostics.map { result(for: $0, ruleIndex: index[$0.code.rawValue]) })])
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        // Strings, integers and optionals only: encoding cannot fail.
        return ((try? encoder.encode(log)).map { String(decoding: $0, as: UTF8.self) } ?? "") + "\n"
    }

    private func result(for diagnostic: Diagnostic, ruleIndex: Int?) -> Result {
        let message = diagnostic.hint.map { "\(diagnostic.message) (\($0))" } ?? diagnostic.message
        var locations: [Location]?
        if let location = diagnostic.location {
            let region = location.line > 0
                ? Region(startLine: location.line, startColumn: location.column > 0 ? location.column : nil) : nil
            locations = [Location(physicalLocation: PhysicalLocation(artifactLocation: artifactLocation(location.path),
                                                                      region: region))]
        }
        return Result(ruleId: diagnostic.code.rawValue, ruleIndex: ruleIndex, level: Self.level(diagnostic.severity),
                      message: Message(text: message), locations: locations)
    }

    /// The file relative to `%SRCROOT%`; a file outside the repository keeps its absolute `file://` URI.
    func artifactLocation(_ path: String) -> ArtifactLocation {
        let absolute = URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: currentFolder, isDirectory: true))
            .standardizedFileURL.path
        let base = root.hasSuffix("/") ? root : root + "/"
        if absolute.hasPrefix(base) {
            return ArtifactLocation(uri: Self.encoded(String(absolute.dropFirst(base.count))), uriBaseId: "%SRCROOT%")
        }
        return ArtifactLocation(uri: "file://" + Self.encoded(absolute), uriBaseId: nil)
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

    /// A path as a URI reference: each segment percent-encoded, `/` kept.
    static func encoded(_ path: String) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: ";?#[]")
        return path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
    }

    /// The root of the git repository around the current folder; the current folder outside one.
    static func repositoryRoot() -> String {
        let top = (try? Git.run(["rev-parse", "--show-toplevel"]))?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return top.isEmpty ? FileManager.default.currentDirectoryPath : top
    }

    // The parts of the SARIF object model sbmap writes (property names as the schema spells them).
    struct Log: Encodable {
        var schema: String
        var version: String
        var runs: [Run]
        enum CodingKeys: String, CodingKey { case schema = "$schema", version, runs }
    }
    struct Run: Encodable { var tool: Tool; var columnKind: String; var results: [Result] }
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
    }
    struct Location: Encodable { var physicalLocation: PhysicalLocation }
    struct PhysicalLocation: Encodable { var artifactLocation: ArtifactLocation; var region: Region? }
    struct ArtifactLocation: Encodable { var uri: String; var uriBaseId: String? }
    struct Region: Encodable { var startLine: Int; var startColumn: Int? }
}
