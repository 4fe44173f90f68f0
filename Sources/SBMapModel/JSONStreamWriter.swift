/// Writes JSON a chunk at a time, byte for byte as Foundation's `JSONEncoder` writes it with
/// `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` (swift-foundation, as on Linux and in Swift 6 toolchains):
///
/// - `{`/`[`, a newline, then each member on a line of its own, indented by two spaces a level, members separated
///   by `,` and a newline; a newline and the closing bracket at the opening's indent. An empty container is
///   `[`, two newlines, the indent and `]` (`{…}` likewise).
/// - `"key" : value`, keys sorted by their UTF-8 bytes (`JSONEncoder`'s `.sortedKeys` outside Apple's frameworks):
///   the caller writes them in that order (`JSONStreamable` conformances do; a golden test compares the bytes).
/// - Strings: `"` and `\` escaped with a backslash; U+0008, U+000C, `\n`, `\r`, `\t` as `\b`, `\f`, `\n`, `\r`,
///   `\t`; every other character below U+0020 as `\u00xx` (lower-case hex); everything else, `/`, DEL and every
///   non-ASCII character included, as its UTF-8 bytes.
/// - Integers in decimal, `true`/`false`.
///
/// It holds one buffer (`capacity` bytes) and hands it to `sink` whenever it is full (every chunk but the last has
/// `capacity` bytes), so memory does not grow with the document. The first error the sink throws stops the writing; `finish()` throws it.
public struct JSONStreamWriter: ~Copyable {
    /// Receives each full buffer, in order.
    public typealias Sink = (UnsafeRawBufferPointer) throws -> Void

    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    private var count = 0
    private let sink: Sink
    private var failure: (any Error)?
    /// Nesting depth of the open containers.
    private var depth = 0
    /// Bit `d` set: the container at depth `d` (1-based) already has a member.
    private var hasMembers: UInt64 = 0

    public init(capacity: Int = 1 << 16, sink: @escaping Sink) {
        self.capacity = max(capacity, 1)
        buffer = .allocate(capacity: self.capacity)
        self.sink = sink
    }

    deinit { buffer.deallocate() }

    /// Hands what is buffered to the sink and throws the first error the sink threw, if any.
    public mutating func finish() throws {
        flush()
        if let failure { throw failure }
    }

    // MARK: Structure

    public mutating func beginObject() { open(UInt8(ascii: "{")) }
    public mutating func endObject() { close(UInt8(ascii: "}")) }
    public mutating func beginArray() { open(UInt8(ascii: "[")) }
    public mutating func endArray() { close(UInt8(ascii: "]")) }

    /// Starts the member `name` of the open object: the separator, the indent, `"name" : `.
    /// `name` must need no escaping (the keys of the schema are ASCII identifiers).
    public mutating func key(_ name: StaticString) {
        separate()
        byte(UInt8(ascii: "\""))
        append(name.utf8Start, name.utf8CodeUnitCount)
        append("\" : ")
    }

    /// Starts the next element of the open array: the separator and the indent.
    public mutating func element() { separate() }

    // MARK: Values

    public mutating func string(_ value: String) {
        byte(UInt8(ascii: "\""))
        var value = value
        value.withUTF8 { appendEscaped($0) }
        byte(UInt8(ascii: "\""))
    }

    public mutating func int(_ value: Int) {
        guard value != Int.min else { return append(String(value)) }
        var magnitude = value < 0 ? -value : value
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: a sign and 19 digits fit
        withUnsafeMutableBytes(of: &digits) { scratch in
            var start = scratch.count
            repeat {
                start -= 1
                scratch[start] = UInt8(ascii: "0") &+ UInt8(truncatingIfNeeded: magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            if value < 0 {
                start -= 1
                scratch[start] = UInt8(ascii: "-")
            }
            append(scratch.baseAddress!.assumingMemoryBound(to: UInt8.self) + start, scratch.count - start)
        }
    }

    public mutating func bool(_ value: Bool) { append(value ? "true" : "false") }

    /// A line break, as a file ends after the document (`JSONEncoder` writes none).
    public mutating func newline() { byte(UInt8(ascii: "\n")) }

    // MARK: Bytes

    private mutating func open(_ bracket: UInt8) {
        byte(bracket)
        byte(UInt8(ascii: "\n"))
        depth += 1
        precondition(depth < 64, "JSONStreamWriter: nesting deeper than 63 levels")
        hasMembers &= ~(1 << UInt64(depth))
    }

    private mutating func close(_ bracket: UInt8) {
        precondition(depth > 0, "JSONStreamWriter: closing a container that is not open")
        depth -= 1
        byte(UInt8(ascii: "\n"))
        indent()
        byte(bracket)
    }

    private mutating func separate() {
        let bit: UInt64 = 1 << UInt64(depth)
        if hasMembers & bit != 0 {
            append(",\n")
        } else {
            hasMembers |= bit
        }
        indent()
    }

    private mutating func indent() {
        let spaces: StaticString = "                                "
        var left = 2 * depth
        while left > 0 {
            let run = min(left, spaces.utf8CodeUnitCount)
            append(spaces.utf8Start, run)
            left -= run
        }
    }

    /// `bytes` with JSONEncoder's escapes: runs that need none are copied whole.
    private mutating func appendEscaped(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let base = bytes.baseAddress else { return }
        var mark = 0
        for k in 0..<bytes.count {
            let b = base[k]
            guard b < 0x20 || b == UInt8(ascii: "\"") || b == UInt8(ascii: "\\") else { continue }
            append(base + mark, k - mark)
            mark = k + 1
            switch b {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            default:
                append("\\u00")
                let hex: StaticString = "0123456789abcdef"
                byte(hex.utf8Start[Int(b >> 4)])
                byte(hex.utf8Start[Int(b & 0xF)])
            }
        }
        append(base + mark, bytes.count - mark)
    }

    private mutating func append(_ text: StaticString) {
        append(text.utf8Start, text.utf8CodeUnitCount)
    }

    private mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0.baseAddress, $0.count) }
    }

    @inline(__always)
    private mutating func byte(_ value: UInt8) {
        if count == capacity { flush() }
        buffer[count] = value
        count += 1
    }

    /// Copies `bytes` into the buffer, handing each full buffer to the sink: every chunk but the last is full.
    private mutating func append(_ bytes: UnsafePointer<UInt8>?, _ length: Int) {
        guard length > 0, var bytes else { return }
        var left = length
        while count + left > capacity {
            let room = capacity - count
            (buffer + count).initialize(from: bytes, count: room)
            count = capacity
            flush()
            bytes += room
            left -= room
        }
        (buffer + count).initialize(from: bytes, count: left)
        count += left
    }

    /// Hands the buffer to the sink, unless the sink failed before (then what follows is dropped).
    private mutating func flush() {
        guard count > 0 else { return }
        defer { count = 0 }
        guard failure == nil else { return }
        do {
            try sink(UnsafeRawBufferPointer(start: buffer, count: count))
        } catch {
            failure = error
        }
    }
}

/// A value that writes itself with `JSONStreamWriter`, as `JSONEncoder` would encode its `Encodable` form.
public protocol JSONStreamable {
    func writeJSON(to writer: inout JSONStreamWriter)
}

extension String: JSONStreamable {
    public func writeJSON(to writer: inout JSONStreamWriter) { writer.string(self) }
}

extension Int: JSONStreamable {
    public func writeJSON(to writer: inout JSONStreamWriter) { writer.int(self) }
}

extension Bool: JSONStreamable {
    public func writeJSON(to writer: inout JSONStreamWriter) { writer.bool(self) }
}

extension Array: JSONStreamable where Element: JSONStreamable {
    public func writeJSON(to writer: inout JSONStreamWriter) {
        writer.beginArray()
        for k in indices {  // by position: `for element in` copies each element
            writer.element()
            self[k].writeJSON(to: &writer)
        }
        writer.endArray()
    }
}

/// Enumerations and open sets encoded as their raw string.
public protocol JSONStreamableRawString: JSONStreamable, RawRepresentable where RawValue == String {}

extension JSONStreamableRawString {
    public func writeJSON(to writer: inout JSONStreamWriter) { writer.string(rawValue) }
}

extension JSONStreamWriter {
    /// `"name" : value`.
    public mutating func field<Value: JSONStreamable>(_ name: StaticString, _ value: Value) {
        key(name)
        value.writeJSON(to: &self)
    }

    /// `"name" : value` when there is a value; nothing when `nil` (`encodeIfPresent`, as synthesized `Encodable` does).
    public mutating func field<Value: JSONStreamable>(_ name: StaticString, _ value: Value?) {
        guard let value else { return }
        key(name)
        value.writeJSON(to: &self)
    }
}
