/// Why a theme could not be loaded: every problem in the file, each naming the key and the place.
public struct ThemeError: Error, Hashable, Sendable, CustomStringConvertible {
    public typealias Problem = YAMLProblem

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
