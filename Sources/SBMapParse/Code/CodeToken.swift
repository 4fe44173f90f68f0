import Foundation  // memchr
import SBMapModel

/// One token of Swift or Objective-C source, as the code lexer produces it.
/// Comments never become tokens; a string literal is one token whatever it contains.
///
/// A token holds no `String` and no line or column: it points into the file's bytes (or, for a string literal that
/// needed decoding, at its value in `TokenStream.strings`), so that making, copying and dropping tokens costs no
/// allocation and no reference counting. `TokenStream.text(_:)` makes the `String`, and `TokenStream.location` the
/// line and column, of the few tokens that become facts. Offsets are 32-bit so that a token is 16 bytes: the lexer
/// writes one per five or six bytes of source, and the readers walk them all.
struct CodeToken: Sendable {
    enum Kind: UInt8, Sendable {
        /// A name or keyword. Includes `@`-prefixed words (`@IBAction`, `@implementation`) and `#`-prefixed
        /// ones (`#selector`, `#define`); Swift backticks are dropped.
        case identifier
        /// A string literal (Swift `"…"`, `"""…"""`, `#"…"#`; Objective-C `"…"`, `@"…"`). Its text is the decoded value.
        case string
        /// A number or an Objective-C character literal.
        case number
        /// One punctuation character, or `->`.
        case punct
    }

    var kind: Kind
    /// For `.punct`: its byte (`->` is `CodeToken.arrow`). The readers test punctuation on every token, and one
    /// byte comparison costs far less than a `String` comparison.
    var punct: UInt8 = 0
    /// For `.identifier`: which of the words the readers dispatch on this is, recognised once by the lexer from the
    /// bytes (`.other` for every other name), so the dispatch switches over a small integer instead of Strings.
    var word: CodeWord = .other
    private var flags: UInt8 = 0
    /// The byte offset of the token's first character (a backtick, `@`, `#` or quote included): where its line and
    /// column are counted to.
    let offset: UInt32
    /// Identifiers and numbers: `lower..<upper` are the bytes of the text (without backticks). Strings: the bytes of
    /// the value when it is the literal's content as written, else `lower` is its index in `TokenStream.strings`.
    /// Punctuation: `upper` is the bracket partner's index as an `Int32` bit pattern (-1 for none).
    var lower: UInt32
    var upper: UInt32

    init(kind: Kind, offset: UInt32, lower: UInt32, upper: UInt32, punct: UInt8 = 0, word: CodeWord = .other,
         newlineBefore: Bool) {
        self.kind = kind
        self.punct = punct
        self.word = word
        self.offset = offset
        self.lower = lower
        self.upper = upper
        self.newlineBefore = newlineBefore
    }

    private static let newlineFlag: UInt8 = 1, interpolatedFlag: UInt8 = 2, decodedFlag: UInt8 = 4

    private func flag(_ f: UInt8) -> Bool { flags & f != 0 }
    private mutating func set(_ f: UInt8, _ on: Bool) { flags = on ? flags | f : flags & ~f }

    /// Whether a line break separates this token from the previous one.
    var newlineBefore: Bool {
        get { flag(Self.newlineFlag) }
        set { set(Self.newlineFlag, newValue) }
    }
    /// For strings: the literal contains `\(…)` interpolation, so its value is not known statically.
    var interpolated: Bool {
        get { flag(Self.interpolatedFlag) }
        set { set(Self.interpolatedFlag, newValue) }
    }
    /// For strings: the value differs from the bytes between the quotes (escapes, `\#(` in a raw literal, a merged
    /// Objective-C literal), so the lexer decoded it into `TokenStream.strings`.
    var decoded: Bool {
        get { flag(Self.decodedFlag) }
        set { set(Self.decodedFlag, newValue) }
    }

    /// Identifiers and numbers: the bytes of the text in the file (`start..<end`, without backticks); punctuation:
    /// its bytes. Strings: `start..<end` are the value's bytes in the file unless `decoded`, when `start` is the
    /// index of the value in `TokenStream.strings`.
    var start: Int { Int(lower) }
    var end: Int { kind == .punct ? Int(offset) + (punct == Self.arrow ? 2 : 1) : Int(upper) }

    /// The `punct` of `->`: no single punctuation byte is ≥ 0x80 (those bytes lex as identifier characters).
    static let arrow: UInt8 = 0x80

    /// Whether this is the punctuation character `p` (ASCII; a string literal such as `"{"` converts to it).
    func isPunct(_ p: Unicode.Scalar) -> Bool { kind == .punct && UInt32(punct) == p.value }
}

/// The words the readers dispatch on. The lexer tags each identifier with one of these (or `.other`), so the
/// per-token dispatch in `SwiftCodeReader` and `ObjCCodeReader` compares a one-byte tag, not Strings.
/// Adding a word here only makes it recognisable: a Swift API recogniser claims it (`SwiftAPIRecognizer`), which
/// also makes it a trigger, or a reader switches on it.
enum CodeWord: String, CaseIterable, Sendable {
    case other = ""
    // Swift declarations.
    case `import`, `class`, `struct`, `enum`, `extension`, `protocol`, actor, `func`, `init`, `deinit`, `subscript`
    case get, set, willSet, didSet, `let`, `var`, `case`
    // Storyboard API, Swift and Objective-C.
    case UIStoryboard, NSStoryboard, StoryboardScene, R, perform, storyboardWithName, NSString
    case instantiateViewController, instantiateController
    case instantiateViewControllerWithIdentifier, instantiateControllerWithIdentifier
    case instantiateInitialViewController, instantiateInitialController
    case instantiateInitialViewControllerWithCreator, instantiateInitialControllerWithCreator
    case performSegue, performSegueWithIdentifier
    case nibName, NSNib, loadNibNamed, initWithNibName, nibWithNibName, windowNibName, initWithWindowNibName
    // Navigation made in code (issue 32).
    case pushViewController, present, presentAsSheet, presentAsModalWindow, show, showDetailViewController
    case rootViewController, viewControllers, setViewControllers, addChild, addChildViewController, setViewController
    case presentViewController, showViewController, initWithRootViewController
    // A hosting controller's SwiftUI root set in its subclass (`super.init(rootView:)`, `rootView = …`).
    case rootView
    // Objective-C directives.
    case hashImport = "#import", hashInclude = "#include", hashDefine = "#define", atImport = "@import"
    case atInterface = "@interface", atImplementation = "@implementation", atEnd = "@end"

    /// The word's index in `allCases`, for tables indexed by word (`SwiftAPIRecognizers`, `SwiftTriggers`). A
    /// case-only enum of fewer than 256 cases is one byte holding that index (a test checks it): reading it is
    /// free, where searching `allCases` or hashing the raw value in the lexer's loop is not.
    @inline(__always)
    var ordinal: Int { Int(unsafeBitCast(self, to: UInt8.self)) }

    /// The words in a hash table keyed by a name's length and first eight bytes (`head`, one little-endian
    /// integer). The lexer looks up every identifier: most land on an empty slot at once, and a match compares
    /// the bytes after the eighth only for the long words.
    struct Table: @unchecked Sendable {  // immutable after `make`, and its storage is never freed
        /// 16 bytes, so the table (4 KB) stays in the first-level cache beside the source being read.
        fileprivate struct Slot {
            var head: UInt64 = 0
            /// 0 for an empty slot.
            var length: UInt8 = 0
            var word = CodeWord.other
            /// Where the word's bytes are in `spellings`, for words longer than eight.
            var spelling: UInt16 = 0
        }

        private static let mask = 255
        private let slots: UnsafePointer<Slot>
        private let spellings: UnsafePointer<UInt8>
        private let longest: Int

        @inline(__always)
        private static func slot(head: UInt64, length: Int) -> Int {
            Int(truncatingIfNeeded: ((head &+ UInt64(length)) &* 0x9E37_79B9_7F4A_7C15) >> 56) & mask
        }

        fileprivate static func make() -> Table {
            let words = allCases.filter { $0 != .other }
            let text = words.flatMap { Array($0.rawValue.utf8) }
            // Room for every word with empty slots left (a lookup stops at one), and spellings `UInt16` can index.
            precondition(words.count <= (mask + 1) / 2 && text.count <= Int(UInt16.max))
            let spellings = UnsafeMutablePointer<UInt8>.allocate(capacity: text.count)
            spellings.initialize(from: text, count: text.count)
            let slots = UnsafeMutablePointer<Slot>.allocate(capacity: mask + 1)
            slots.initialize(repeating: Slot(), count: mask + 1)
            var longest = 0
            var at = 0
            for word in words {
                let length = word.rawValue.utf8.count
                let head = CodeWord.head(spellings + at, length)
                var s = slot(head: head, length: length)
                while slots[s].length != 0 { s = (s + 1) & mask }
                slots[s] = Slot(head: head, length: UInt8(length), word: word, spelling: UInt16(at))
                longest = max(longest, length)
                at += length
            }
            return Table(slots: UnsafePointer(slots), spellings: UnsafePointer(spellings), longest: longest)
        }

        /// The word spelled by the `count` bytes at `p` (`count` > 0); `head` is `CodeWord.head(p, count)` (the
        /// lexer reads it while the bytes are at hand).
        @inline(__always)
        func word(_ p: UnsafePointer<UInt8>, _ count: Int, head: UInt64) -> CodeWord {
            guard count <= longest else { return .other }
            var s = Self.slot(head: head, length: count)
            while true {
                let slot = slots[s]
                if slot.length == 0 { return .other }
                if slot.head == head, Int(slot.length) == count,
                   count <= 8 || memcmp(p + 8, spellings + Int(slot.spelling) + 8, count - 8) == 0 {
                    return slot.word
                }
                s = (s + 1) & Self.mask
            }
        }
    }

    static let table = Table.make()

    /// The first `min(count, 8)` bytes at `p` as a little-endian integer, zero-padded. `available` is how many
    /// bytes may be read from `p`: with eight or more, one unaligned load replaces the byte loop.
    @inline(__always)
    static func head(_ p: UnsafePointer<UInt8>, _ count: Int, available: Int = 0) -> UInt64 {
        if available >= 8 {
            let h = UInt64(littleEndian: UnsafeRawPointer(p).loadUnaligned(as: UInt64.self))
            return count >= 8 ? h : h & ((1 << (8 * UInt64(count))) - 1)
        }
        var h: UInt64 = 0
        for k in 0..<min(count, 8) { h |= UInt64(p[k]) << (8 * UInt64(k)) }
        return h
    }

    /// The word spelled by `bytes[range]`, or `.other`.
    static func recognize(_ bytes: [UInt8], _ range: Range<Int>) -> CodeWord {
        guard !range.isEmpty else { return .other }  // "``" is an empty name
        return bytes.withUnsafeBufferPointer { buffer in
            let p = buffer.baseAddress! + range.lowerBound
            return table.word(p, range.count, head: head(p, range.count, available: buffer.count - range.lowerBound))
        }
    }
}

/// The tokens of one file, with the file's bytes they point into, bracket matching precomputed, and where its
/// lines start.
struct TokenStream: Sendable {
    let tokens: [CodeToken]
    /// The file, which identifier, number and most string tokens point into.
    let bytes: [UInt8]
    /// The values of the string literals that needed decoding (`CodeToken.decoded`), which those tokens point into.
    let strings: [String]
    /// Where each line starts, for `location`.
    private let lines: LineTable
    /// Swift: the indices, ascending, of the tokens at which the reader may record a fact from inside a function
    /// body or a block: the words that are `CodeWord.isSwiftTrigger`, and the method name of each `Type.method(` that
    /// may be a class-name helper. A body with none between its braces records nothing, and its locals are seen only
    /// inside it, so the reader steps over it (`SwiftCodeReader.read`). Empty for Objective-C.
    let triggers: [UInt32]

    /// `lineStarts` are the offsets where lines start, as the lexer found them (0 first); `triggers` as the lexer
    /// noted them (no default: a stream that named none would have the reader step over every body).
    init(tokens: [CodeToken], bytes: [UInt8], strings: [String], lineStarts: [UInt32], triggers: [UInt32]) {
        self.tokens = tokens
        self.bytes = bytes
        self.strings = strings
        self.triggers = triggers
        self.lines = LineTable(starts: lineStarts, bytes: bytes, count: min(bytes.count, CodeLexer.maxInput))
    }

    /// The byte offset where 1-based `line` starts, if the file has it.
    func lineStart(_ line: Int) -> Int? { lines.start(of: line) }

    /// For each `(`, `[`, `{` the index of its closing partner (and the reverse), or -1 when unbalanced: the lexer
    /// matches brackets as it emits them and keeps the partner in the token.
    struct Partners: Sendable {
        fileprivate let tokens: [CodeToken]
        subscript(i: Int) -> Int {
            let t = tokens[i]
            return t.kind == .punct ? Int(Int32(bitPattern: t.upper)) : -1
        }
    }

    var partner: Partners { Partners(tokens: tokens) }

    var count: Int { tokens.count }
    subscript(i: Int) -> CodeToken { tokens[i] }

    /// The text of token `i`: identifiers and numbers as written (non-UTF-8 bytes repaired), punctuation, or a
    /// string literal's decoded value. Made on each call: the readers ask only for the tokens they keep.
    func text(_ i: Int) -> String {
        let t = tokens[i]
        switch t.kind {
        case .identifier, .number: return String(decoding: bytes[t.start..<t.end], as: UTF8.self)
        case .string: return t.decoded ? strings[t.start] : String(decoding: bytes[t.start..<t.end], as: UTF8.self)
        case .punct: return t.punct == CodeToken.arrow ? "->" : String(UnicodeScalar(t.punct))
        }
    }

    /// Whether token `i` is the identifier `name`, compared byte for byte without making a String.
    /// (The names asked about are ASCII, so this agrees with comparing the decoded text.) A `StaticString`: its bytes
    /// are at hand, where walking a `String`'s cost several times the comparison.
    func isIdentifier(_ i: Int, _ name: StaticString) -> Bool {
        guard i >= 0 && i < tokens.count else { return false }
        let t = tokens[i]
        guard t.kind == .identifier else { return false }
        return name.withUTF8Buffer { n in
            guard t.end - t.start == n.count else { return false }
            var k = t.start
            for b in n {
                guard bytes[k] == b else { return false }
                k += 1
            }
            return true
        }
    }

    /// Whether `text(i) == name`, for any name: compared byte for byte when both are ASCII (then the two agree),
    /// else as Strings, which compare canonically equivalent spellings equal.
    func text(_ i: Int, equals name: String) -> Bool {
        let t = tokens[i]
        guard t.kind == .identifier || t.kind == .number else { return text(i) == name }
        var name = name
        let ascii: Bool? = name.withUTF8 { n in
            // Either side not ASCII: only the Strings can tell.
            for b in n where b >= 0x80 { return nil }
            for k in t.start..<t.end where bytes[k] >= 0x80 { return nil }
            guard n.count == t.end - t.start else { return false }
            for (k, b) in n.enumerated() where bytes[t.start + k] != b { return false }
            return true
        }
        return ascii ?? (text(i) == name)
    }

    /// Whether identifier or number `i` is written in exactly the UTF-8 bytes of `name`. Then `text(i)` would be a
    /// String equal to `name` byte for byte, so `name` may be used in its place: sharing a String that is at hand
    /// costs no allocation. (`text(_:equals:)` is looser: canonically equivalent spellings are equal there, and a
    /// name written in the other spelling must keep its own bytes.)
    func hasBytes(_ i: Int, of name: String) -> Bool {
        let t = tokens[i]
        guard t.kind == .identifier || t.kind == .number, name.utf8.count == t.end - t.start else { return false }
        var name = name
        return name.withUTF8 { n in
            bytes.withUnsafeBufferPointer { b in
                n.isEmpty || memcmp(n.baseAddress!, b.baseAddress! + t.start, n.count) == 0
            }
        }
    }

    /// (Always inlined: the readers ask it of nearly every token, and a call costs more than the test.)
    @inline(__always)
    func isPunct(_ i: Int, _ p: Unicode.Scalar) -> Bool { i >= 0 && i < tokens.count && tokens[i].isPunct(p) }
    /// The lexer's word for token `i` (`.other` for any other token, or outside the stream).
    func word(_ i: Int) -> CodeWord { i >= 0 && i < tokens.count ? tokens[i].word : .other }
    func kind(_ i: Int) -> CodeToken.Kind? { i >= 0 && i < tokens.count ? tokens[i].kind : nil }

    /// The closing partner of the bracket at `i`, or the end of the stream when it is unbalanced.
    func close(_ i: Int) -> Int {
        let t = tokens[i]
        let partner = t.kind == .punct ? Int(Int32(bitPattern: t.upper)) : -1
        return partner >= 0 ? partner : tokens.count
    }

    /// The source text of tokens `range`, joined loosely, shortened for messages.
    func text(_ range: Range<Int>, limit: Int = 80) -> String {
        var out = ""
        var previous: CodeToken?
        for i in range.clamped(to: 0..<tokens.count) {
            let t = tokens[i]
            if let p = previous, needsSpace(p, t) { out += " " }
            out += t.kind == .string ? "\"\(text(i))\"" : text(i)
            previous = t
            // `count` walks the whole string by grapheme; a string of at most `limit` bytes has at most `limit`
            // characters, so the byte count rules out most calls cheaply.
            if out.utf8.count > limit, out.count > limit { return String(out.prefix(limit)) + "…" }
        }
        return out
    }

    private func needsSpace(_ a: CodeToken, _ b: CodeToken) -> Bool {
        if a.kind != .punct && b.kind != .punct { return true }
        if a.isPunct(":") || a.isPunct(",") { return true }
        return false
    }

    /// The line of token `i`, without its column; past the last token, the file's last line.
    func line(_ i: Int) -> Int {
        lines.line(of: i < tokens.count ? Int(tokens[max(i, 0)].offset) : Int.max)
    }

    /// The line and column of token `i` (clamped to the stream), counted from the bytes when asked: the lexer
    /// does not count them, as only the few tokens that become facts need them.
    func location(_ i: Int, path: String) -> SourceLocation {
        guard !tokens.isEmpty else { return SourceLocation(path: path, line: 1, column: 1) }
        let t = tokens[min(max(i, 0), tokens.count - 1)]
        let (line, column) = bytes.withUnsafeBufferPointer { lines.position(of: Int(t.offset), in: $0) }
        return SourceLocation(path: path, line: line, column: column)
    }
}

/// Where the lines of a file start, for finding the line and column of a byte offset in logarithmic time.
/// Lines are 1-based and counted by `\n`; columns are 1-based and count characters, that is every byte that is
/// not a UTF-8 continuation byte (`10xxxxxx`) since the line's start.
///
/// Counting a column walks the line up to the offset. So that this stays cheap in a very long line (a minified
/// or generated file, a megabyte on one line), such lines keep a mark every `markSpacing` bytes with the count so
/// far, and the walk starts from the nearest mark.
struct LineTable: Sendable {
    /// The offset of each line's first byte: 0, then one past each `\n`.
    private let starts: [UInt32]
    /// In lines longer than `markSpacing`: offsets `markSpacing` apart (ascending) and the characters from the
    /// line's start to each.
    private var markOffsets: [UInt32] = []
    private var markCharacters: [UInt32] = []
    static let markSpacing = 512

    /// The table of `bytes[0..<count]` whose lines start at `starts` (the lexer notes them as it goes).
    init(starts: [UInt32], bytes: [UInt8], count: Int) {
        assert(starts == Self.lineStarts(bytes, count: count), "the lexer must note every line break")
        self.starts = starts
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for (line, start) in starts.enumerated() {
                let end = line + 1 < starts.count ? Int(starts[line + 1]) - 1 : count
                if end - Int(start) > Self.markSpacing { mark(base, from: Int(start), to: end) }
            }
        }
    }

    /// The offset of 1-based `line`'s first byte.
    func start(of line: Int) -> Int? { line >= 1 && line <= starts.count ? Int(starts[line - 1]) : nil }

    /// The line starts of `bytes[0..<count]`, found with `memchr`: what the lexer's must equal.
    static func lineStarts(_ bytes: [UInt8], count: Int) -> [UInt32] {
        var starts: [UInt32] = [0]
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            var from = 0
            while from < count, let hit = memchr(base + from, 0x0A, count - from) {
                from = base.distance(to: hit.assumingMemoryBound(to: UInt8.self)) + 1
                starts.append(UInt32(from))
            }
        }
        return starts
    }

    private mutating func mark(_ base: UnsafePointer<UInt8>, from lineStart: Int, to lineEnd: Int) {
        var characters = 0
        var at = lineStart
        while at + Self.markSpacing < lineEnd {
            characters += Self.characters(base, at, at + Self.markSpacing)
            at += Self.markSpacing
            markOffsets.append(UInt32(at))
            markCharacters.append(UInt32(characters))
        }
    }

    /// The bytes in `from..<to` that start a character (are not UTF-8 continuation bytes).
    private static func characters(_ base: UnsafePointer<UInt8>, _ from: Int, _ to: Int) -> Int {
        var count = 0
        for k in from..<max(from, to) where base[k] & 0xC0 != 0x80 { count += 1 }
        return count
    }

    /// The 1-based line of byte `offset`.
    func line(of offset: Int) -> Int { Self.lastIndex(in: starts, notAfter: offset) + 1 }

    /// The 1-based line and column of byte `offset` of `bytes` (the buffer the table was made from).
    func position(of offset: Int, in bytes: UnsafeBufferPointer<UInt8>) -> (line: Int, column: Int) {
        guard let base = bytes.baseAddress else { return (1, 1) }
        let offset = min(max(offset, 0), bytes.count)
        let line = Self.lastIndex(in: starts, notAfter: offset)
        var from = Int(starts[line])
        var characters = 0
        if offset - from > Self.markSpacing, !markOffsets.isEmpty {
            // The nearest mark at or before `offset` is in this line: the line has one every `markSpacing` bytes.
            let m = Self.lastIndex(in: markOffsets, notAfter: offset)
            if Int(markOffsets[m]) >= from, Int(markOffsets[m]) <= offset {
                from = Int(markOffsets[m])
                characters = Int(markCharacters[m])
            }
        }
        return (line + 1, 1 + characters + Self.characters(base, from, offset))
    }

    /// The index of the last element of the ascending `values` that is at most `offset` (0 if none is).
    private static func lastIndex(in values: [UInt32], notAfter offset: Int) -> Int {
        var low = 0, high = values.count  // the answer is in low..<high
        while high - low > 1 {
            let mid = (low + high) / 2
            if Int(values[mid]) <= offset { low = mid } else { high = mid }
        }
        return low
    }
}

extension String {
    /// Whether `needle` occurs in the string, byte for byte in UTF-8. The scanner asks this of short texts (type
    /// annotations, file headers) thousands of times per file; Foundation's `contains` goes through a locale-aware
    /// search that costs more than the rest of the scan.
    func containsBytes(_ needle: String) -> Bool {
        var s = self
        return s.withUTF8 { $0.containsBytes(needle) }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the UTF-8 bytes of `needle` occur in this buffer. `memchr` finds the candidates for the first byte
    /// (it is vectorised; the bytes in between are never looked at one by one here).
    func containsBytes(_ needle: String) -> Bool {
        var needle = needle
        return needle.withUTF8 { n in
            guard let first = n.first else { return true }
            guard let base = baseAddress, n.count <= count else { return false }
            var i = 0
            let last = count - n.count
            while i <= last {
                guard let hit = memchr(base + i, Int32(first), last - i + 1) else { return false }
                i = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
                var k = 1
                while k < n.count, self[i + k] == n[k] { k += 1 }
                if k == n.count { return true }
                i += 1
            }
            return false
        }
    }
}
