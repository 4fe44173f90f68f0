import SBMapModel

extension CodeLinkPass {
    /// `code:<file>#<source>-><target>`, then `~2`, `~3`, … for the second and later calls in the same file that link
    /// the same two ends. No line or column: a line inserted above a call must not change the id of its link (ids are
    /// in the SVG, the DOT and the JSON, and `sbmap diff` pairs links by id), and counting calls in the order the file
    /// makes them keeps each id as stable as the calls around it. Made in one allocation at its final size, the parts
    /// copied in as bytes: an app has thousands of code edges, and appending the parts grows and copies the string
    /// again for each (docs/benchmarks.md, code links).
    static func edgeID(in path: String, from source: String, to target: String, ordinal: Int = 1) -> String {
        var count = 5 + path.utf8.count + 1 + source.utf8.count + 2 + target.utf8.count
        if ordinal > 1 { count += 1 + UTF8Writer.digits(ordinal) }
        return String(unsafeUninitializedCapacity: count) { buffer in
            var out = UTF8Writer(buffer: buffer)
            out.write("code:")
            out.write(path)
            out.write("#")
            out.write(source)
            out.write("->")
            out.write(target)
            if ordinal > 1 {
                out.write("~")
                out.write(decimal: ordinal)
            }
            return out.count
        }
    }

}

extension CodeLinkOutput {
    /// The id of the edge the call at `location` makes from `source` to `target`. Each call of the file being
    /// linked that links the same two ends counts one more (`~2`, `~3`); an edge a call makes twice (two references
    /// standing for one scene) gets the same id both times, so `CodeLinker` keeps one. A file's calls are linked one
    /// at a time, so the call that made an id last is the only one that can make it again.
    mutating func edgeID(at location: SourceLocation, from source: String, to target: String) -> String {
        let base = CodeLinkPass.edgeID(in: location.path, from: source, to: target)
        guard let seen = edgeOrdinals[base] else {
            edgeOrdinals[base] = (location, 1)
            return base
        }
        if seen.last == location { return CodeLinkPass.edgeID(in: location.path, from: source, to: target, ordinal: seen.count) }
        edgeOrdinals[base] = (location, seen.count + 1)
        return CodeLinkPass.edgeID(in: location.path, from: source, to: target, ordinal: seen.count + 1)
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
