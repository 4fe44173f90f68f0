import Foundation

/// Which theme to use: a built-in one by name, or a file the user wrote.
/// `ThemeRef(parsing:)` reads what `--theme` was given.
public enum ThemeRef: Hashable, Sendable, CustomStringConvertible {
    case builtin(String)
    case file(String)

    /// The theme every command uses unless told otherwise.
    public static let `default` = ThemeRef.builtin("default")

    /// A built-in name when `argument` is one (`dark`), else a path (`./my-theme.yaml`).
    /// Anything with a slash or a `.yaml`/`.yml`/`.json` extension is a path.
    public init(parsing argument: String) {
        let lower = argument.lowercased()
        let looksLikePath = argument.contains("/") || lower.hasSuffix(".yaml") || lower.hasSuffix(".yml")
            || lower.hasSuffix(".json")
        // An unknown name stays a name: load() then lists the built-in ones.
        self = looksLikePath ? .file(argument) : .builtin(argument)
    }

    public var description: String {
        switch self {
        case let .builtin(name): name
        case let .file(path): path
        }
    }

    /// Loads the theme. Throws `ThemeNotFound` for an unknown name or a missing file, and
    /// `ThemeError` (every problem, with key path and line) for a bad file.
    public func load() throws -> Theme {
        switch self {
        case let .builtin(name):
            guard let theme = try BuiltinThemes.theme(named: name) else {
                throw ThemeNotFound(reference: name, known: BuiltinThemes.names)
            }
            return theme
        case let .file(path):
            let data: Data
            switch SettingsFile.contents(of: path) {
            case .success(let bytes): data = bytes
            case .failure(.tooLarge):
                throw ThemeError(problems: [.init(file: path, line: 0, column: 0, keyPath: "",
                                                  message: "the file is over 1 MiB; it is not a theme file")])
            case .failure(.notARegularFile):
                throw ThemeError(problems: [.init(file: path, line: 0, column: 0, keyPath: "",
                                                  message: "not a regular file (a folder, pipe or device); a theme is a .yaml or .json file")])
            case .failure(.unreadable):
                throw ThemeNotFound(reference: path, known: BuiltinThemes.names)
            }
            guard let text = String(data: data, encoding: .utf8) else {
                throw ThemeError(problems: [.init(file: path, line: 0, column: 0, keyPath: "",
                                                  message: "a theme file must be UTF-8 text")])
            }
            return try ThemeLoader.load(text: text, file: path)
        }
    }
}

/// The themes shipped in the top-level `themes/` folder, embedded in the binary at build time
/// (SwiftPM `.embedInCode` resources, through the `Sources/SBMapStyle/Themes` symlink), so an
/// installed `sbmap` has them without any resource bundle next to it.
public enum BuiltinThemes {
    /// Built-in theme names, sorted.
    public static let names: [String] = sources.keys.sorted()

    /// The YAML text of each built-in theme, as shipped (what `sbmap` could print for a user to copy).
    public static let sources: [String: String] = [
        "default": String(decoding: PackageResources.default_yaml, as: UTF8.self),
        "dark": String(decoding: PackageResources.dark_yaml, as: UTF8.self),
        "print": String(decoding: PackageResources.print_yaml, as: UTF8.self),
    ]

    /// The built-in theme `name`, or `nil` if there is none. Throws only if a shipped file is broken,
    /// which the tests rule out.
    public static func theme(named name: String) throws -> Theme? {
        guard let text = sources[name] else { return nil }
        return try ThemeLoader.load(text: text, file: "builtin:\(name)", builtins: { _ in nil })
    }
}
