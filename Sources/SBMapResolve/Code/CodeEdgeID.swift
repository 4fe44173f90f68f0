import SBMapModel

extension CodeLinkPass {
    /// `code:<place>#<source>-><target>`, the place as `SourceLocation.description` writes it. Made in one
    /// allocation at its final size, the parts copied in as bytes: an app has thousands of code edges, and appending
    /// the parts grows and copies the string again for each (docs/benchmarks.md, code links).
    static func edgeID(at location: SourceLocation, from source: String, to target: String) -> String {
        let line = max(location.line, 0)
        let column = line > 0 ? max(location.column, 0) : 0
        var count = 5 + location.path.utf8.count + 1 + source.utf8.count + 2 + target.utf8.count
        if line > 0 { count += 1 + UTF8Writer.digits(line) }
        if column > 0 { count += 1 + UTF8Writer.digits(column) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var out = UTF8Writer(buffer: buffer)
            out.write("code:")
            out.write(location.path)
            if line > 0 {
                out.write(":")
                out.write(decimal: line)
            }
            if column > 0 {
                out.write(":")
                out.write(decimal: column)
            }
            out.write("#")
            out.write(source)
            out.write("->")
            out.write(target)
            return out.count
        }
    }
}

/// Fills memory that a String is being made in (`CodeLinkPass.edgeID`), from the start; never past its end.
private struct UTF8Writer {
    let buffer: UnsafeMutableBufferPointer<UInt8>
    private(set) var count = 0

    init(buffer: UnsafeMutableBufferPointer<UInt8>) { self.buffer = buffer }

    mutating func write(_ string: String) {
        let free = UnsafeMutableRawBufferPointer(UnsafeMutableBufferPointer(rebasing: buffer[count...]))
        let copied = string.utf8.withContiguousStorageIfAvailable { bytes in
            let n = min(bytes.count, free.count)
            free.copyMemory(from: UnsafeRawBufferPointer(UnsafeBufferPointer(rebasing: bytes[..<n])))
            return n
        }
        if let copied {
            count += copied
        } else {  // a String whose bytes are not stored in one piece
            for byte in string.utf8 where count < buffer.count {
                buffer[count] = byte
                count += 1
            }
        }
    }

    mutating func write(decimal value: Int) {
        let width = Self.digits(value)
        guard value > 0, count + width <= buffer.count else { return }
        var rest = value
        for k in stride(from: count + width - 1, through: count, by: -1) {
            buffer[k] = UInt8(ascii: "0") + UInt8(rest % 10)
            rest /= 10
        }
        count += width
    }

    /// How many decimal digits a positive `value` has.
    static func digits(_ value: Int) -> Int {
        var count = 1
        var rest = value / 10
        while rest > 0 {
            count += 1
            rest /= 10
        }
        return count
    }
}
