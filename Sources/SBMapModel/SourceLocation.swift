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
        var bytes: [UInt8] = []
        appendDescription(to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends `description`'s UTF-8 to `bytes`: code links put a place in the id of every edge they make, and
    /// gathering an id's parts as bytes costs a fraction of appending Strings.
    public func appendDescription(to bytes: inout [UInt8]) {
        bytes += path.utf8
        guard line > 0 else { return }
        bytes.append(UInt8(ascii: ":"))
        Self.appendDecimal(line, to: &bytes)
        if column > 0 {
            bytes.append(UInt8(ascii: ":"))
            Self.appendDecimal(column, to: &bytes)
        }
    }

    /// The decimal digits of `value` (as `String(value)` writes them).
    static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        guard value > 0 else {
            bytes += String(value).utf8
            return
        }
        let start = bytes.count
        var rest = value
        while rest > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }

    public static func < (a: SourceLocation, b: SourceLocation) -> Bool {
        (a.path, a.line, a.column) < (b.path, b.line, b.column)
    }
}
