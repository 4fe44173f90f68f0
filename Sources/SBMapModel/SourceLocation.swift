/// A place in an input file, printed the way Xcode and CI annotators read it: `path:line:col`.
///
/// `path` is the file as it was reached from the user's argument (`sbmap check App` gives
/// `App/Base.lproj/Main.storyboard`), so it opens from the directory the command ran in.
/// Lines and columns count from 1; 0 means "not known" (a binary plist has no lines).
public struct SourceLocation: Hashable, Sendable, Codable, Comparable, CustomStringConvertible {
    public var path: String
    public var line: Int
    public var column: Int

    public init(path: String, line: Int = 0, column: Int = 0) {
        self.path = path
        self.line = line
        self.column = column
    }

    public var description: String {
        guard line > 0 else { return path }
        // Appended, not interpolated: code links put a place in the id of every edge they make.
        var text = path
        text.reserveCapacity(path.utf8.count + 16)
        text += ":"
        text += String(line)
        if column > 0 {
            text += ":"
            text += String(column)
        }
        return text
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}
