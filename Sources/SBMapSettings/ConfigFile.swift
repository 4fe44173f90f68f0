import Foundation
import SBMapDiscover
import SBMapModel
import SBMapRender
import SBMapStyle
import Yams

/// `.sbmap.yml`: a repository's settings for every `sbmap` command, so CI, the Xcode build phase and a person at a
/// terminal all run the same check. Found by walking up from the current folder, or given with `--config`.
/// Command-line flags win over the file. Every key is documented in docs/config.md, with an example file.
///
/// Paths in the file (inputs, `exclude` and `suppress` globs) are relative to the file's folder, whatever folder
/// `sbmap` runs in.
public struct ConfigFile: Hashable, Sendable {
    /// The file, as found (for messages).
    public var path: String
    /// The file's folder, absolute.
    public var folder: String

    /// `paths`: what to read, relative to the file's folder (`inputs(from:)` names them from elsewhere).
    public var paths: [String]?
    /// `exclude`: globs of files and folders to skip.
    public var excludes: [Exclude] = []
    /// `code`: whether Swift and Objective-C sources are read (`false`: `--no-code`).
    public var code: Bool?
    /// `max-file-size`: the largest file read, in MiB.
    public var maxFileSizeMiB: Int?
    /// `links.classes`, `links.name-keys`, `links.identifier-keys`: how runtime-attribute placeholders name their target.
    public var linkClasses: [String]?
    public var linkNameKeys: [String]?
    public var linkIdentifierKeys: [String]?

    /// `findings.strict`: warnings fail the run too.
    public var strict: Bool?
    /// A code's level (`error`, `warning`, `note`), or `nil` for `off`.
    public var severity: [DiagnosticCode: Severity?] = [:]
    public var suppressions: [Suppression] = []

    public var render = RenderDefaults()
    /// `notes`: scene as written → note, with the key's line and column.
    public var notes: [Note] = []
    public struct Note: Hashable, Sendable { public var scene: String, text: String, line: Int, column: Int }

    /// An `exclude:` entry, with its place for the warning when it matches nothing.
    public struct Exclude: Hashable, Sendable {
        public var glob: String
        public var line: Int
        public var column: Int
    }

    /// Findings to leave out: of one code (or every code) in files matching a glob.
    public struct Suppression: Hashable, Sendable {
        public var code: DiagnosticCode?
        public var paths: [String]
    }

    /// `render` settings; each as its flag takes it.
    public struct RenderDefaults: Hashable, Sendable {
        public var theme: String?
        public var layout: LayoutEngine?
        public var direction: Direction?
        /// The shape maps are aimed at, width over height (`--aspect`).
        public var aspect: Double?
        public var label: LabelMode?
        public var legend: Bool?
        public var maxNodes: Int?
        public var maxEdges: Int?
        public var hops: Int?
        public var dpi: Double?
        public var maxPixels: Int?
        /// `render` of one map only (`--id-prefix`); a site or `--all` gives each map its own.
        public var idPrefix: String?

        public init() {}
    }

    public static let names = [".sbmap.yml", ".sbmap.yaml"]

    /// The nearest `.sbmap.yml` in `folder` or a folder above it, up to the top of the repository: the first folder
    /// that holds `.git` (a folder, or the file of a worktree or submodule). Outside a repository, `folder` alone.
    /// A file above the repository (a hostile `/tmp/.sbmap.yml`, another user's `/home/.sbmap.yml`) is never applied:
    /// settings change what is reported and where output goes, so they come only from the project.
    public static func find(from folder: String) -> String? {
        let start = URL(fileURLWithPath: folder).standardizedFileURL
        for current in searched(from: start) {
            for name in names {
                let candidate = current.appendingPathComponent(name).path
                // Only a regular file: a folder, pipe or device of that name (in any folder above) is not a config.
                var info = stat()
                if stat(candidate, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG,
                   FileManager.default.isReadableFile(atPath: candidate) { return candidate }
            }
        }
        return nil
    }

    /// `start` and the folders above it up to the repository's top, nearest first; `start` alone outside a repository.
    private static func searched(from start: URL) -> [URL] {
        var folders: [URL] = []
        var current = start
        while true {
            folders.append(current)
            var info = stat()
            if lstat(current.appendingPathComponent(".git").path, &info) == 0 { return folders }
            let parent = current.deletingLastPathComponent()
            if parent.path == current.path { return [start] }
            current = parent
        }
    }

    /// Why a config file could not be used: every problem, each at its `file:line:col`.
    public struct Failure: Error, CustomStringConvertible {
        public var problems: [YAMLProblem]
        public var description: String { problems.map(\.description).joined(separator: "\n") }
    }

    public static func load(path: String) throws -> ConfigFile {
        let display = path
        func failure(_ message: String) -> Failure {
            Failure(problems: [YAMLProblem(file: display, line: 0, column: 0, keyPath: "", message: message)])
        }
        let data: Data
        switch SettingsFile.contents(of: path) {
        case .success(let bytes): data = bytes
        case .failure(.tooLarge): throw failure("the config file is over 1 MiB; it holds settings, not data")
        case .failure(.notARegularFile): throw failure("the config file is not a regular file (a folder, pipe or device)")
        case .failure(.unreadable): throw failure("cannot read the config file; check the path given with --config")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw Failure(problems: [YAMLProblem(file: display, line: 0, column: 0, keyPath: "",
                                                 message: "the config file is not UTF-8 text")])
        }
        let folder = URL(fileURLWithPath: path).standardizedFileURL.deletingLastPathComponent().path
        var config = ConfigFile(path: display, folder: folder)
        let root: Yams.Node?
        do {
            root = try YAMLReader.compose(text, file: display)
        } catch let error as YAMLReader.Failure {
            throw Failure(problems: error.problems)
        }
        guard let root else { return config }  // an empty file sets nothing
        let reader = ConfigReader(file: display, folder: folder)
        reader.read(root, into: &config)
        if !reader.problems.isEmpty { throw Failure(problems: reader.problems) }
        return config
    }

    // MARK: Using it

    /// `path` (from the file) as the command line would name it, from `cwd`.
    public func resolve(_ path: String, from cwd: String) -> String {
        if path.hasPrefix("/") { return path }
        let absolute = URL(fileURLWithPath: folder).appendingPathComponent(path).standardizedFileURL.path
        return Self.relative(absolute, from: cwd)
    }

    /// `absolute` relative to `cwd` (`../App` when `cwd` is below the file's folder), or absolute when they share
    /// nothing but `/`.
    public static func relative(_ absolute: String, from cwd: String) -> String { PathText.relative(absolute, from: cwd) }
}

/// Reads `.sbmap.yml`'s keys.
public final class ConfigReader: YAMLReader {
    /// The config file's folder, absolute: its paths must stay inside it.
    let folder: String

    init(file: String, folder: String) {
        self.folder = folder
        super.init(file: file, subject: "key")
    }

    static let topLevelKeys = ["paths", "exclude", "code", "max-file-size", "links", "findings", "render", "notes"]

    func read(_ root: Yams.Node, into config: inout ConfigFile) {
        fields(root, [], known: Self.topLevelKeys) { key, value, path in
            switch key {
            case "paths": config.paths = insidePaths(value, path)
            case "exclude": config.excludes = excludes(value, path)
            case "code": config.code = bool(value, path)
            case "max-file-size": config.maxFileSizeMiB = integer(value, path, range: 1...4096)
            case "links":
                fields(value, path, known: ["classes", "name-keys", "identifier-keys"]) { key, value, path in
                    switch key {
                    case "classes": config.linkClasses = strings(value, path)
                    case "name-keys": config.linkNameKeys = strings(value, path)
                    default: config.linkIdentifierKeys = strings(value, path)
                    }
                }
            case "findings": readFindings(value, path, into: &config)
            case "notes":
                guard let mapping = value.mapping else { return fail(value, path, "expected a mapping of scenes to notes") }
                for (key, text) in mapping {
                    guard let scene = string(key, path), let note = string(text, path + [scene]) else { continue }
                    config.notes.append(ConfigFile.Note(scene: scene, text: note, line: key.mark?.line ?? 0, column: key.mark?.column ?? 0))
                }
            default: readRender(value, path, into: &config.render)
            }
        }
    }

    func readFindings(_ node: Yams.Node, _ path: [String], into config: inout ConfigFile) {
        fields(node, path, known: ["strict", "severity", "suppress"]) { key, value, path in
            switch key {
            case "strict": config.strict = bool(value, path)
            case "severity":
                guard let mapping = value.mapping else {
                    fail(value, path, "expected a mapping of finding codes to error, warning, note or off")
                    return
                }
                for (keyNode, level) in mapping {
                    guard let code = self.code(keyNode, path) else { continue }
                    let levels: [String: Severity?] = ["error": .error, "warning": .warning, "note": .info, "off": .none]
                    guard let word = word(level, path + [code.rawValue], allowed: Set(levels.keys), what: "level"),
                          let chosen = levels[word] else { continue }
                    config.severity[code] = chosen
                }
            default:
                guard let items = value.sequence else {
                    fail(value, path, "expected a list of {code, paths} entries")
                    return
                }
                for (index, item) in items.enumerated() {
                    let itemPath = path + ["\(index)"]
                    var rule = ConfigFile.Suppression(code: nil, paths: [])
                    var hasPaths = false
                    fields(item, itemPath, known: ["code", "paths", "reason"]) { key, value, path in
                        switch key {
                        case "code": rule.code = code(value, path)
                        case "paths":
                            rule.paths = strings(value, path) ?? []
                            hasPaths = true
                        default: _ = string(value, path)  // why: for the reader of the file
                        }
                    }
                    if !hasPaths { fail(item, itemPath, "a suppression needs 'paths' (globs, relative to this file's folder)") }
                    config.suppressions.append(rule)
                }
            }
        }
    }

    /// `exclude`: globs, each with its place.
    func excludes(_ node: Yams.Node, _ path: [String]) -> [ConfigFile.Exclude] {
        guard let values = strings(node, path) else { return [] }
        let nodes = node.sequence.map(Array.init) ?? [node]
        return zip(values, nodes).map { ConfigFile.Exclude(glob: $0, line: $1.mark?.line ?? 0, column: $1.mark?.column ?? 0) }
    }

    /// `paths`: strings, each inside the file's folder. A repository's config must not point sbmap at the rest of
    /// the machine (`paths: [/]`, `../..`, or a link that leads out): each such path is an error at its line.
    func insidePaths(_ node: Yams.Node, _ path: [String]) -> [String]? {
        guard let values = strings(node, path) else { return nil }
        let nodes = node.sequence.map(Array.init) ?? [node]
        var ok = true
        for (value, item) in zip(values, nodes) where !isInside(value) {
            fail(item, path, outsideMessage(value))
            ok = false
        }
        return ok ? values : nil
    }

    func outsideMessage(_ value: String) -> String {
        "'\(value)' leads outside the folder that holds this file (by an absolute path, '..' or a symbolic link); a config file's paths must stay inside it. To read it anyway, pass it on the command line"
    }

    /// Whether `value` (relative to the file's folder, or absolute) names a place inside that folder, after `..`
    /// and, where it exists, every symbolic link.
    func isInside(_ value: String) -> Bool {
        let absolute = value.hasPrefix("/") ? value : folder + "/" + value
        let textual = URL(fileURLWithPath: absolute).standardizedFileURL.path
        let (place, top) = Self.realPath(textual).map { ($0, Self.realPath(folder) ?? folder) } ?? (textual, folder)
        return place == top || top == "/" || place.hasPrefix(top + "/")
    }

    public static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    func code(_ node: Yams.Node, _ path: [String]) -> DiagnosticCode? {
        guard let text = string(node, path) else { return nil }
        let code = DiagnosticCode(text)
        guard DiagnosticCode.known.contains(code) else {
            let near = DiagnosticCode.known.map(\.rawValue).filter { $0.contains(text) || text.contains($0) }
            fail(node, path + [text], "unknown finding code '\(text)'" + (near.isEmpty ? "" : " (did you mean '\(near[0])'?)")
                 + "; the codes are listed in docs/diagnostics.md")
            return nil
        }
        return code
    }

    func readRender(_ node: Yams.Node, _ path: [String], into render: inout ConfigFile.RenderDefaults) {
        let known = ["theme", "layout", "direction", "aspect", "label", "legend", "max-nodes", "max-edges", "hops", "dpi", "max-pixels", "id-prefix"]
        fields(node, path, known: known) { key, value, path in
            switch key {
            case "theme":
                render.theme = string(value, path)
                // A theme file is a path of this file too: it stays in its folder (a built-in name is no path).
                if let theme = render.theme, case .file = ThemeRef(parsing: theme), !isInside(theme) {
                    fail(value, path, outsideMessage(theme))
                    render.theme = nil
                }
            case "layout":
                render.layout = word(value, path, allowed: Set(LayoutEngine.allCases.map(\.rawValue)), what: "layout")
                    .flatMap(LayoutEngine.init(rawValue:))
            case "direction":
                render.direction = word(value, path, allowed: Set(Direction.allCases.map(\.rawValue)), what: "direction")
                    .flatMap(Direction.init(rawValue:))
            case "aspect": render.aspect = number(value, path, range: 0.1...10)
            case "label":
                render.label = word(value, path, allowed: Set(LabelMode.allCases.map(\.rawValue)), what: "label mode")
                    .flatMap(LabelMode.init(rawValue:))
            case "legend": render.legend = bool(value, path)
            case "max-nodes": render.maxNodes = integer(value, path, range: 1...1_000_000)
            case "max-edges": render.maxEdges = integer(value, path, range: 1...1_000_000)
            case "hops": render.hops = integer(value, path, range: 0...100)
            case "dpi": render.dpi = number(value, path, range: 1...1200)
            case "id-prefix": render.idPrefix = string(value, path)
            default: render.maxPixels = integer(value, path, range: 1...1_000_000_000)
            }
        }
    }
}
