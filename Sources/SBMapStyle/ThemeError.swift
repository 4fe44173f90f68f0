/// Why a theme could not be loaded: every problem in the file, each naming the key and the place.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    public struct Problem: Hashable, Sendable, CustomStringConvertible {
        /// The theme file (or `builtin:NAME`).
        public var file: String
        /// 1-based; 0 when not known.
        public var line: Int
        public var column: Int
        /// Dotted key path, such as `edges.kinds.show.color`; empty for the file as a whole.
        public var keyPath: String
        public var message: String

        public init(file: String, line: Int, column: Int, keyPath: String, message: String) {
            self.file = file
            self.line = line
            self.column = column
            self.keyPath = keyPath
            self.message = message
        }

        /// `file:line:col: error: theme key 'a.b': message`, the format Xcode and CI annotators read.
        public var description: String {
            let place = line > 0 ? "\(file):\(line):\(column)" : file
            let key = keyPath.isEmpty ? "" : "theme key '\(keyPath)': "
            return "\(place): error: \(key)\(message)"
        }
    }

    public var problems: [Problem]

    public init(problems: [Problem]) { self.problems = problems }

    public var description: String { problems.map(\.description).joined(separator: "\n") }
}

/// A theme name or path that could not be found.
public struct ThemeNotFound: Error, Hashable, Sendable, CustomStringConvertible {
    public var reference: String
    public var known: [String]
    public var description: String {
        "no theme '\(reference)': use a built-in theme (\(known.joined(separator: ", "))) or the path of a .yaml/.json file"
    }
}
