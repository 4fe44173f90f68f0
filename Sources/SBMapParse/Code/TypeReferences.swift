import Foundation  // memcmp
import SBMapModel

/// Collects `LoadedCodeFile.referencedTypeNames` from a file's tokens, for Swift and Objective-C alike: comments
/// are not tokens and a string literal is one token, so neither can name a type here.
///
/// Every identifier of the file is looked at, bodies the Swift reader steps over included, so this walks the tokens
/// itself rather than asking the readers. A Swift string interpolation is code inside a literal token: the names in
/// each `\( … )` count too (a string nested in it may add a few that are not code: naming a type too many is safe,
/// one too few is not). The candidates are told apart by their bytes in a small hash table, and each distinct name
/// is kept as a digest of its bytes (`TypeNameDigests`), with no String made for it.
enum TypeReferences {
    static func names(in stream: TokenStream, language: CodeLanguage) -> TypeNameDigests {
        // Through pointers: this looks at every token of every file, like the lexer.
        stream.bytes.withUnsafeBufferPointer { buffer in
            stream.tokens.withUnsafeBufferPointer { tokens in
                guard let base = buffer.baseAddress, let token = tokens.baseAddress else { return [] }
                var table = DistinctNames(base: base, count: buffer.count, expected: tokens.count / 16)
                defer { table.deallocate() }
                let n = tokens.count
                func isPunct(_ k: Int, _ p: Unicode.Scalar) -> Bool { k >= 0 && k < n && token[k].isPunct(p) }
                var declaredName = -1  // the next token that is the name of a type declaration (not a reference)
                var forwardList = false  // inside `@class A, B;`
                let swift = language == .swift
                for i in 0..<n {
                    let t = token[i]
                    guard t.kind == .identifier else {
                        if forwardList, t.isPunct(";") { forwardList = false }
                        if t.kind == .string, t.interpolated { interpolations(t, stream, base, &table) }
                        continue
                    }
                    // A token the lexer cut at the end of the bytes (an empty or unterminated one) names nothing.
                    guard t.start < t.end, t.end <= buffer.count else { continue }
                    let first = base[t.start]
                    // Most names are plain lower-case ones: ruled out by one byte.
                    if t.word == .other, first >= UInt8(ascii: "a"), first <= UInt8(ascii: "z") { continue }
                    if i == declaredName {
                        // `extension A.B`: each part of the name is the declaration's.
                        if isPunct(i + 1, "."), i + 2 < n, token[i + 2].kind == .identifier { declaredName = i + 2 }
                        continue
                    }
                    if forwardList { continue }
                    if first == UInt8(ascii: "@") {
                        // Objective-C `@interface`, `@implementation`, `@protocol P` and `@class A, B;` declare;
                        // `@protocol(P)` refers. (No `@` word is a type name.)
                        if !swift {
                            if t.word == .atInterface || t.word == .atImplementation { declaredName = i + 1 }
                            if stream.isIdentifier(i, "@class") { forwardList = true }
                            if stream.isIdentifier(i, "@protocol"), i + 1 < n, token[i + 1].kind == .identifier {
                                declaredName = i + 1
                            }
                        }
                        continue
                    }
                    switch t.word {
                    case .class, .struct, .enum, .extension, .protocol, .actor:
                        if swift, !isPunct(i - 1, ".") { declaredName = i + 1 }
                        continue
                    default:
                        break
                    }
                    if Self.mayStartTypeName(base, t.start, t.end) { table.insert(t.start, t.end) }
                }
                return table.digests()
            }
        }
    }

    /// The names inside the `\( … )` of an interpolated literal: its value keeps each interpolation's source text.
    /// A literal whose value is its bytes as written is read in place; a decoded one (escapes besides the
    /// interpolations, rare) from its value, whose names are added as Strings.
    private static func interpolations(_ t: CodeToken, _ stream: TokenStream, _ base: UnsafePointer<UInt8>,
                                       _ table: inout DistinctNames) {
        if !t.decoded {
            names(inInterpolationsOf: base, t.start, t.end) { table.insert($0, $1) }
            return
        }
        var value = stream.strings[t.start]
        value.withUTF8 { v in
            guard let p = v.baseAddress else { return }
            names(inInterpolationsOf: p, 0, v.count) { start, end in
                table.insert(String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self))
            }
        }
    }

    /// Calls `found` with the bounds of each name in `p[from..<to]` that is inside a `\( … )` and may be a type's.
    private static func names(inInterpolationsOf p: UnsafePointer<UInt8>, _ from: Int, _ to: Int,
                              _ found: (Int, Int) -> Void) {
        var k = from
        var depth = 0
        while k < to {
            let c = p[k]
            if depth == 0 {
                if c == UInt8(ascii: "\\"), k + 1 < to, p[k + 1] == UInt8(ascii: "(") { depth = 1; k += 2 } else { k += 1 }
                continue
            }
            if c == UInt8(ascii: "(") { depth += 1 } else if c == UInt8(ascii: ")") { depth -= 1 }
            guard CodeLexer.isIdentifierStart(c) else { k += 1; continue }
            let start = k
            while k < to, CodeLexer.isIdentifierPart(p[k]) { k += 1 }
            if mayStartTypeName(p, start, k) { found(start, k) }
        }
    }

    /// Whether the name in `start..<end` starts, after any underscores, with an ASCII upper-case letter or a
    /// non-ASCII byte (whose character `DistinctNames.strings` tests once per distinct name).
    @inline(__always)
    private static func mayStartTypeName(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k < end, base[k] == UInt8(ascii: "_") { k += 1 }
        guard k < end else { return false }
        let c = base[k]
        return (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c >= 0x80
    }
}

/// The distinct names of a file, each kept as the bounds of its first use in the file's bytes: an open-addressing
/// table keyed by the name's bytes, in memory it manages itself (`deallocate` when done).
private struct DistinctNames {
    /// A name's length and its first and last eight bytes (zero-padded): for a name of up to sixteen bytes these
    /// are all of it, so most comparisons need no call.
    private struct Slot {
        var head: UInt64 = 0
        var tail: UInt64 = 0
        var start: UInt32 = 0
        /// 0 for an empty slot (a name is never empty).
        var length: UInt32 = 0
    }

    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var slots: UnsafeMutablePointer<Slot>
    private var mask: Int
    private var used = 0
    /// Names found only in a decoded literal's value, not in the file's bytes (rare).
    private var extra: [String] = []

    /// A table for the file `base[0..<count]`, with room for about `expected` names.
    init(base: UnsafePointer<UInt8>, count: Int, expected: Int) {
        self.base = base
        self.count = count
        var size = 64
        while size < expected * 2 { size *= 2 }
        slots = .allocate(capacity: size)
        slots.initialize(repeating: Slot(), count: size)
        mask = size - 1
    }

    func deallocate() { slots.deallocate() }

    @inline(__always)
    private static func slot(_ head: UInt64, _ tail: UInt64, _ length: Int, _ mask: Int) -> Int {
        let h = (head ^ (tail &* 0xFF51_AFD7_ED55_8CCD) ^ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: h >> 40) & mask
    }

    mutating func insert(_ name: String) { extra.append(name) }

    /// Adds the name in the file's bytes `start..<end` (not empty).
    mutating func insert(_ start: Int, _ end: Int) {
        let length = end - start
        let head = CodeWord.head(base + start, length, available: count - start)
        let tail = length > 8 ? UInt64(littleEndian: UnsafeRawPointer(base + (end - 8)).loadUnaligned(as: UInt64.self)) : 0
        var s = Self.slot(head, tail, length, mask)
        while slots[s].length != 0 {
            let slot = slots[s]
            if slot.head == head, slot.tail == tail, Int(slot.length) == length,
               length <= 16 || memcmp(base + Int(slot.start) + 8, base + start + 8, length - 16) == 0 {
                return
            }
            s = (s + 1) & mask
        }
        slots[s] = Slot(head: head, tail: tail, start: UInt32(truncatingIfNeeded: start), length: UInt32(truncatingIfNeeded: length))
        used += 1
        if used * 2 > mask + 1 { grow() }
    }

    private mutating func grow() {
        let old = slots, oldSize = mask + 1
        slots = .allocate(capacity: oldSize * 2)
        slots.initialize(repeating: Slot(), count: oldSize * 2)
        mask = oldSize * 2 - 1
        for k in 0..<oldSize where old[k].length != 0 {
            var s = Self.slot(old[k].head, old[k].tail, Int(old[k].length), mask)
            while slots[s].length != 0 { s = (s + 1) & mask }
            slots[s] = old[k]
        }
        old.deallocate()
    }

    /// The names' digests. A name let through by a non-ASCII first byte is kept only if that character is not
    /// lower-case (`LoadedCodeFile.recordsReferences(toTypeNamed:)`), which takes a String, made for those alone.
    func digests() -> TypeNameDigests {
        guard used + extra.count > 0 else { return TypeNameDigests() }
        var digests: [UInt64] = []
        digests.reserveCapacity(used + extra.count)
        for k in 0...mask where slots[k].length != 0 {
            let bytes = UnsafeBufferPointer(start: base + Int(slots[k].start), count: Int(slots[k].length))
            if Self.firstIsNonASCII(bytes),
               !LoadedCodeFile.recordsReferences(toTypeNamed: String(decoding: bytes, as: UTF8.self)) { continue }
            digests.append(TypeNameDigests.digest(bytes.baseAddress, bytes.count))
        }
        for name in extra where !name.utf8.contains(where: { $0 >= 0x80 }) || LoadedCodeFile.recordsReferences(toTypeNamed: name) {
            digests.append(TypeNameDigests.digest(name))
        }
        return TypeNameDigests(digests: digests)
    }

    /// Whether the first byte after any underscores is not ASCII.
    private static func firstIsNonASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var k = 0
        while k < bytes.count, bytes[k] == UInt8(ascii: "_") { k += 1 }
        return k < bytes.count && bytes[k] >= 0x80
    }
}

/// The superclasses app code names most, as literals: a literal String is stored in the binary (it allocates
/// nothing and is never reference counted), where making one from a token allocates it again in every file that
/// names it (`SwiftDeclarationReader`'s superclass names share them).
enum CommonTypeNames {
    static let superclasses: [String] = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UICollectionViewCell",
        "NSViewController", "NSWindowController",
    ]
}
