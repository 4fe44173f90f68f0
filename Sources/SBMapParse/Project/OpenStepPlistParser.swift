import SBMapModel

/// Parses an old-style (OpenStep) ASCII property list, the format of `project.pbxproj`, keeping where each string
/// is written.
///
///     // !$*UTF8*$!
///     {
///         archiveVersion = 1;
///         objects = {
///             8D1107310486CEB800E47090 /* Info.plist */ = {isa = PBXFileReference; path = Info.plist; sourceTree = "<group>"; };
///         };
///     }
///
/// Dictionaries (`{ key = value; }`), arrays (`( a, b, )`), quoted strings with C escapes, unquoted words, and
/// `<hex>` data (kept as `other`); `/* … */` and `//` comments anywhere. It never traps and never recurses
/// without bound: nesting deeper than `maxDepth` and malformed text end the parse with a `Failure` at the place.
struct OpenStepPlistParser {
    struct Failure: Error, Hashable {
        var message: String
        var line: Int
        var column: Int
    }

    /// Real projects nest about six levels deep.
    static let maxDepth = 200

    private let bytes: [UInt8]
    private let path: String
    private var index = 0
    private var line = 1
    private var lineStart = 0

    init(bytes: [UInt8], path: String) {
        self.bytes = bytes
        self.path = path
    }

    /// The root value (a project file's root is a dictionary).
    static func parse(_ bytes: [UInt8], path: String) -> Result<PlistValue, Failure> {
        var parser = OpenStepPlistParser(bytes: bytes, path: path)
        do {
            // A UTF-8 byte-order mark is allowed.
            if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { parser.index = 3 }
            let value = try parser.value(depth: 0)
            try parser.skipTrivia()
            guard parser.index == bytes.count else { throw parser.failure("unexpected text after the end of the property list") }
            return .success(value)
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(message: "\(error)", line: parser.line, column: parser.column))
        }
    }

    private var column: Int { index - lineStart + 1 }

    private func failure(_ message: String) -> Failure {
        Failure(message: message, line: line, column: column)
    }

    private mutating func advance() {
        if bytes[index] == UInt8(ascii: "\n") {
            line += 1
            lineStart = index + 1
        }
        index += 1
    }

    /// Skips white space and comments.
    private mutating func skipTrivia() throws {
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D {
                advance()
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "*") {
                let start = failure("a /* comment is not closed")
                index += 2
                while index + 1 < bytes.count, !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/")) {
                    advance()
                }
                guard index + 1 < bytes.count else { throw start }
                index += 2
            } else if byte == UInt8(ascii: "/"), index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "/") {
                while index < bytes.count, bytes[index] != UInt8(ascii: "\n") { index += 1 }
            } else {
                return
            }
        }
    }

    private mutating func value(depth: Int) throws -> PlistValue {
        guard depth < Self.maxDepth else { throw failure("the property list nests deeper than \(Self.maxDepth) levels") }
        try skipTrivia()
        guard index < bytes.count else { throw failure("the file ends where a value was expected (is it truncated?)") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try dictionary(depth: depth)
        case UInt8(ascii: "("): return try array(depth: depth)
        case UInt8(ascii: "<"): return try data()
        default:
            let (text, location) = try string()
            return .string(text, location)
        }
    }

    private mutating func dictionary(depth: Int) throws -> PlistValue {
        advance()  // {
        var entries: [(key: String, value: PlistValue)] = []
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw failure("the file ends inside a dictionary: a '}' is missing (is it truncated?)") }
            if bytes[index] == UInt8(ascii: "}") {
                advance()
                return .dictionary(entries)
            }
            let (key, _) = try string()
            try skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else {
                throw failure("expected '=' after the key '\(key.prefix(60))'")
            }
            advance()
            let value = try value(depth: depth + 1)
            try skipTrivia()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ";") else {
                throw failure("expected ';' after the value of '\(key.prefix(60))'")
            }
            advance()
            entries.append((key, value))
        }
    }

    private mutating func array(depth: Int) throws -> PlistValue {
        advance()  // (
        var items: [PlistValue] = []
        while true {
            try skipTrivia()
            guard index < bytes.count else { throw failure("the file ends inside a list: a ')' is missing (is it truncated?)") }
            if bytes[index] == UInt8(ascii: ")") {
                advance()
                return .array(items)
            }
            items.append(try value(depth: depth + 1))
            try skipTrivia()
            guard index < bytes.count else { throw failure("the file ends inside a list: a ')' is missing (is it truncated?)") }
            if bytes[index] == UInt8(ascii: ",") {
                advance()
            } else if bytes[index] != UInt8(ascii: ")") {
                throw failure("expected ',' or ')' in a list")
            }
        }
    }

    private mutating func data() throws -> PlistValue {
        advance()  // <
        while index < bytes.count, bytes[index] != UInt8(ascii: ">") { advance() }
        guard index < bytes.count else { throw failure("the file ends inside <data>") }
        advance()
        return .other
    }

    /// A quoted string or an unquoted word, and where it starts.
    private mutating func string() throws -> (String, SourceLocation) {
        guard index < bytes.count else { throw failure("the file ends where a string was expected") }
        let location = SourceLocation(path: path, line: line, column: column)
        if bytes[index] == UInt8(ascii: "\"") || bytes[index] == UInt8(ascii: "'") {
            let quote = bytes[index]
            advance()
            var out: [UInt8] = []
            while true {
                guard index < bytes.count else {
                    throw Failure(message: "a quoted string is not closed", line: location.line, column: location.column)
                }
                let byte = bytes[index]
                if byte == quote {
                    advance()
                    break
                }
                if byte == UInt8(ascii: "\\"), index + 1 < bytes.count {
                    advance()
                    let escaped = bytes[index]
                    advance()
                    switch escaped {
                    case UInt8(ascii: "n"): out.append(0x0A)
                    case UInt8(ascii: "t"): out.append(0x09)
                    case UInt8(ascii: "r"): out.append(0x0D)
                    case UInt8(ascii: "U"), UInt8(ascii: "u"):
                        // \Uxxxx: up to four hex digits, a UTF-16 unit.
                        var value: UInt32 = 0
                        var digits = 0
                        while digits < 4, index < bytes.count, let d = Self.hex(bytes[index]) {
                            value = value * 16 + d
                            digits += 1
                            advance()
                        }
                        let scalar = Unicode.Scalar(value) ?? "\u{FFFD}"
                        out += Array(String(Character(scalar)).utf8)
                    default: out.append(escaped)
                    }
                    continue
                }
                out.append(byte)
                advance()
            }
            return (String(decoding: out, as: UTF8.self), location)
        }
        let start = index
        while index < bytes.count, Self.isWordByte(bytes[index]) {
            // A comment may follow a word without a space: `Info.plist/* note */`.
            if bytes[index] == UInt8(ascii: "/"), index + 1 < bytes.count,
               bytes[index + 1] == UInt8(ascii: "*") || bytes[index + 1] == UInt8(ascii: "/") { break }
            index += 1
        }
        guard index > start else {
            throw failure("unexpected '\(String(decoding: [bytes[index]], as: UTF8.self))' where a value was expected")
        }
        return (String(decoding: bytes[start..<index], as: UTF8.self), location)
    }

    private static func hex(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// Bytes of an unquoted string: letters, digits and `_$+/:.-` (and any byte of a multi-byte character).
    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            true
        case UInt8(ascii: "_"), UInt8(ascii: "$"), UInt8(ascii: "+"), UInt8(ascii: "/"), UInt8(ascii: ":"),
             UInt8(ascii: "."), UInt8(ascii: "-"):
            true
        default:
            byte >= 0x80
        }
    }
}
