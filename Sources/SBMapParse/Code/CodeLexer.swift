import Foundation  // memchr
import SBMapModel

/// A tokenizer for Swift and Objective-C that knows comments and string literals, so that a call inside a
/// comment or a string is never seen as a call (docs/input-format.md §7.3, pitfall 1).
///
/// It works on bytes, so any input (binary, non-UTF-8, a megabyte on one line, an unterminated comment or string)
/// tokenizes in linear time without failing. What it knows:
/// * Swift: `//`, nested `/* */`, `"…"`, `"""…"""`, raw `#"…"#` (any number of `#`), interpolation `\(…)` with
///   strings nested inside it, backtick identifiers, `@attributes`, `#directives`.
/// * Objective-C: `//`, `/* */` (not nested), `"…"`, `@"…"`, character literals, `#define` lines
///   (the directive is an identifier token; the rest of the line follows as tokens).
///
/// It runs over every byte of every source file, so it is written for speed: it reads through a pointer, matches
/// brackets as it emits them, leaves line and column to `TokenStream.location`, and decodes only the string
/// literals whose value differs from their bytes (the others are read from the file when asked for).
struct CodeLexer {
    let language: CodeLanguage
    private let swift: Bool
    private let p: UnsafePointer<UInt8>
    private let n: Int
    private var pos = 0
    /// The tokens, written in place into the array `tokenize` returns: `count` of `capacity` are made.
    private let out: UnsafeMutablePointer<CodeToken>
    private let capacity: Int
    private var count = 0
    /// More tokens than `capacity`: `tokenize` starts again with room for the most there can be.
    private var overflowed = false
    /// The values of the string literals that needed decoding; such a string token holds its index here.
    private var strings: [String] = []
    private var sawNewline = true
    /// One past each line break consumed so far, for `TokenStream.location`: every path that steps over a `\n`
    /// notes it here, which costs far less than finding the line breaks again afterwards.
    private var lineStarts: LineStarts
    private let words = CodeWord.table
    /// The open brackets not yet closed, as a stack linked through their tokens: `openTop` is the innermost, and
    /// each open bracket's `upper` holds the index of the one below it until it is closed (then its partner).
    private var openTop = -1
    /// How many of each shape (`(`, `[`, `{`) the stack holds, so that a closer with no opener of its shape is
    /// known at once instead of by walking the stack.
    private var openCounts: (Int, Int, Int) = (0, 0, 0)
    /// Every `#` before this offset is known not to start a raw string (see `isRawStringStart`).
    private var noRawStringBefore = 0
    /// Swift: the tokens at which the reader may record a fact from inside a body (`TokenStream.triggers`), noted as
    /// they are written. A few in a file: the words are tagged anyway, and a `(` looks back at most three tokens.
    private var triggers: [UInt32] = []
    /// Which words and calls are triggers: the Swift API recognisers' table decides (`SwiftAPIRecognizers`).
    private let triggerSet: SwiftTriggers

    /// The deepest interpolation nesting followed; deeper input is read as plain string text.
    private static let maxInterpolationDepth = 8
    /// Tokens hold 32-bit offsets and indices; bytes past this are not read (a source file is far smaller:
    /// `CodeScanner` skips files over 8 MB by default).
    static let maxInput = Int(Int32.max)

    private init(p: UnsafePointer<UInt8>, n: Int, language: CodeLanguage, out: UnsafeMutablePointer<CodeToken>,
                 capacity: Int, triggers triggerSet: SwiftTriggers) {
        self.p = p
        self.triggerSet = triggerSet
        self.n = n
        self.language = language
        self.swift = language == .swift
        self.out = out
        self.capacity = capacity
        self.lineStarts = LineStarts(capacity: n / 32 + 16)
        // Room for the triggers of ordinary code (about one per hundred bytes), so that noting them seldom grows the
        // array: growing it step by step costs more than noting them.
        if swift { triggers.reserveCapacity(n / 64 + 16) }
    }

    /// Tokenizes the whole input. `triggers` are those of the recognisers the Swift reader will use.
    static func tokenize(_ bytes: [UInt8], language: CodeLanguage, triggers triggerSet: SwiftTriggers = .standard) -> TokenStream {
        var strings: [String] = []
        var lineStarts: [UInt32] = [0]
        var triggers: [UInt32] = []
        let tokens = bytes.withUnsafeBufferPointer { buffer -> [CodeToken] in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return [] }
            let n = min(buffer.count, maxInput)
            // Real code has about one token per six bytes; a file denser than one per three is lexed again with
            // room for one token per byte (every token takes at least one).
            var capacity = n / 3 + 64
            while true {
                var overflowed = false
                let tokens = [CodeToken](unsafeUninitializedCapacity: capacity) { out, made in
                    var lexer = CodeLexer(p: base, n: n, language: language, out: out.baseAddress!, capacity: capacity,
                                          triggers: triggerSet)
                    defer { lexer.lineStarts.deallocate() }
                    lexer.run()
                    overflowed = lexer.overflowed
                    made = 0
                    guard !overflowed else { return }
                    lexer.closeBrackets()
                    made = lexer.count
                    strings = lexer.strings
                    lineStarts = lexer.lineStarts.array()
                    triggers = lexer.triggers
                }
                if !overflowed { return tokens }
                precondition(capacity <= n, "a token takes at least one byte")
                capacity = n + 1
            }
        }
        return TokenStream(tokens: tokens, bytes: bytes, strings: strings, lineStarts: lineStarts, triggers: triggers)
    }

    private mutating func run() {
        // The position, the line-break flag and the tables live in locals through the common tokens (names,
        // punctuation, blanks), so they stay in registers; the rarer ones go through `pos` and `sawNewline`. Each
        // pass of the loop writes at most one token, so a full output ends the loop at the write that finds it full
        // (no flag is tested per byte).
        let p = self.p, n = self.n
        let classes = ByteClass.table
        let words = self.words
        var i = 0
        var newline = true
        scan: while i < n {
            let c = p[i]
            // One load and a jump table, where a chain of range tests cost a dozen instructions per token.
            switch classes[Int(c)] {
            case .identifier:
                let start = i
                i = Self.scanName(p, start, n, classes)
                let length = i - start
                let word = words.word(p + start, length, head: CodeWord.head(p + start, length, available: n - start))
                if word != .other { noteTrigger(word) }
                guard put(CodeToken(kind: .identifier, offset: Self.offset(start), lower: Self.offset(start),
                                    upper: Self.offset(i), word: word, newlineBefore: newline)) else { break scan }
                newline = false
            case .space:
                i += 1
                while i < n, p[i] == 0x20 { i += 1 }  // indentation comes in runs
            case .newline:
                newline = true
                i += 1
                lineStarts.append(i)
                while i < n, p[i] == 0x20 { i += 1 }
            case .blank:
                i += 1
            case .digit:
                let start = i
                i += 1
                while i < n {
                    let d = p[i]
                    guard classes[Int(d)].isIdentifierPart
                            || (d == UInt8(ascii: ".") && i + 1 < n && Self.isDigit(p[i + 1])) else { break }
                    i += 1
                }
                guard put(CodeToken(kind: .number, offset: Self.offset(start), lower: Self.offset(start),
                                    upper: Self.offset(i), newlineBefore: newline)) else { break scan }
                newline = false
            case .slash:
                let next = i + 1 < n ? p[i + 1] : 0
                if next == UInt8(ascii: "/") {
                    i = memchr(p + i, 0x0A, n - i).map { p.distance(to: $0.assumingMemoryBound(to: UInt8.self)) } ?? n
                } else if next == UInt8(ascii: "*") {
                    pos = i; sawNewline = newline
                    skipBlockComment()
                    i = pos; newline = sawNewline
                } else {
                    guard put(Self.punct(at: i, c, newline: newline)) else { break scan }
                    i += 1
                    newline = false
                }
            case .special:
                pos = i; sawNewline = newline
                lexSpecial()
                i = pos; newline = sawNewline
                if overflowed { break scan }
            case .minus:
                let arrow = i + 1 < n && p[i + 1] == UInt8(ascii: ">")
                guard put(Self.punct(at: i, arrow ? CodeToken.arrow : c, newline: newline)) else { break scan }
                i += arrow ? 2 : 1
                newline = false
            case .open:
                guard emitOpen(at: i, c, newline: newline) else { break scan }
                i += 1
                newline = false
            case .close:
                guard emitClose(at: i, c, newline: newline) else { break scan }
                i += 1
                newline = false
            case .punct:
                guard put(Self.punct(at: i, c, newline: newline)) else { break scan }
                i += 1
                newline = false
            }
        }
        pos = i
    }

    /// A byte offset or index as a token holds it. The input is at most `maxInput` bytes, and there are no more
    /// tokens than bytes, so every one fits in 32 bits: the conversion needs no overflow test.
    @inline(__always)
    private static func offset(_ i: Int) -> UInt32 { UInt32(truncatingIfNeeded: i) }

    /// The tokens that start with `"`, `@`, `'`, `#` or `` ` ``, at `pos`.
    private mutating func lexSpecial() {
        let c = p[pos]
        switch c {
        case UInt8(ascii: "\""):
            lexString(start: pos, hashes: 0, prefixLength: 0)
        case UInt8(ascii: "@") where !swift && pos + 1 < n && p[pos + 1] == UInt8(ascii: "\""):
            lexString(start: pos, hashes: 0, prefixLength: 1)
        case UInt8(ascii: "'") where !swift:
            lexCharLiteral()
        case UInt8(ascii: "#") where swift && isRawStringStart():
            var h = 0
            while pos + h < n, p[pos + h] == UInt8(ascii: "#") { h += 1 }
            lexString(start: pos, hashes: h, prefixLength: h)
        case UInt8(ascii: "`") where swift:
            lexBacktickIdentifier()
        case UInt8(ascii: "@"), UInt8(ascii: "#"):
            if pos + 1 < n, Self.isIdentifierStart(p[pos + 1]) {
                let start = pos
                pos += 2
                while pos < n, ByteClass.table[Int(p[pos])].isIdentifierPart { pos += 1 }
                emitIdentifier(at: start, name: start, pos, newline: sawNewline)
                sawNewline = false
            } else {
                emit(Self.punct(at: pos, c, newline: sawNewline))
                pos += 1
                sawNewline = false
            }
        default:  // ' in Swift, ` in Objective-C
            emit(Self.punct(at: pos, c, newline: sawNewline))
            pos += 1
            sawNewline = false
        }
    }

    // MARK: Names

    /// The end of the name whose first byte (an identifier start) is at `start`.
    ///
    /// Names are most of a file's bytes. Four bytes are tested per round, with one bounds test for the four
    /// (`end - q >= 4`, so each of `q[0...3]` is inside the input however it is truncated); the last few bytes
    /// are tested one by one.
    @inline(__always)
    private static func scanName(_ p: UnsafePointer<UInt8>, _ start: Int, _ n: Int,
                                 _ classes: UnsafePointer<ByteClass>) -> Int {
        // Through a pointer, whose offsets need no overflow test (with `Int` offsets the tests are a third of the loop).
        var q = p + (start + 1)
        let end = p + n
        while end - q >= 4 {
            guard classes[Int(q[0])].isIdentifierPart else { return p.distance(to: q) }
            guard classes[Int(q[1])].isIdentifierPart else { return p.distance(to: q) &+ 1 }
            guard classes[Int(q[2])].isIdentifierPart else { return p.distance(to: q) &+ 2 }
            guard classes[Int(q[3])].isIdentifierPart else { return p.distance(to: q) &+ 3 }
            q += 4
        }
        while q < end, classes[Int(q.pointee)].isIdentifierPart { q += 1 }
        return p.distance(to: q)
    }

    // MARK: Characters

    @inline(__always)
    private static func isDigit(_ c: UInt8) -> Bool { c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9") }

    /// Letters, `_`, `$`, and every non-ASCII byte (Unicode identifiers, or garbage: either way, not syntax).
    @inline(__always)
    static func isIdentifierStart(_ c: UInt8) -> Bool {
        (c >= 0x61 && c <= 0x7A) || (c >= 0x41 && c <= 0x5A) || c == 0x5F || c == 0x24 || c >= 0x80
    }

    /// `isIdentifierStart` and digits. (The lexer reads this from `ByteClass.table`.)
    static func isIdentifierPart(_ c: UInt8) -> Bool {
        isIdentifierStart(c) || (c >= 0x30 && c <= 0x39)
    }

    // MARK: Emitting

    /// Writes a token, or returns false when there is no room left: the lexer is then marked as overflowed, for
    /// `tokenize` to start again with more room (the loop that called this stops).
    @inline(__always)
    private mutating func put(_ token: CodeToken) -> Bool {
        guard count < capacity else {
            overflowed = true
            return false
        }
        out[count] = token
        count += 1
        return true
    }

    /// Writes a token for one of the rarer paths, which read `pos`: with no room left, the input is ended as well.
    @inline(__always)
    private mutating func emit(_ token: CodeToken) {
        if !put(token) { pos = n }
    }

    /// A token made by one of the rarer paths, which keep the line-break flag in `sawNewline`.
    private mutating func append(_ token: CodeToken) {
        emit(token)
        sawNewline = false
    }

    /// An identifier token whose first character is at `at` and whose name is the bytes `start..<end` (without
    /// backticks).
    @inline(__always)
    private mutating func emitIdentifier(at: Int, name start: Int, _ end: Int, newline: Bool) {
        let length = end - start
        let word = length == 0 ? .other
            : words.word(p + start, length, head: CodeWord.head(p + start, length, available: n - start))
        if word != .other { noteTrigger(word) }
        emit(CodeToken(kind: .identifier, offset: Self.offset(at), lower: Self.offset(start), upper: Self.offset(end),
                       word: word, newlineBefore: newline))
    }

    /// A punctuation token at `at` that is not a bracket: `c` is its byte, or `CodeToken.arrow`.
    @inline(__always)
    private static func punct(at: Int, _ c: UInt8, newline: Bool) -> CodeToken {
        CodeToken(kind: .punct, offset: offset(at), lower: offset(at), upper: UInt32.max, punct: c, newlineBefore: newline)
    }

    /// An opening bracket: it is pushed on the stack of open brackets, its `upper` linking to the one below it.
    @inline(__always)
    private mutating func emitOpen(at: Int, _ c: UInt8, newline: Bool) -> Bool {
        // `Type.method(` is looked for at its `(`, not at every name: most `(` follow no `.` two tokens back.
        if c == UInt8(ascii: "("), count >= 3, out[count - 2].isPunct("."), swift { noteMethodCallTrigger() }
        // `Name()`: looked for only where the `(` closes at once.
        if c == UInt8(ascii: "("), at + 1 < n, p[at + 1] == UInt8(ascii: ")"), count >= 1, swift { noteEmptyCallTrigger() }
        let below = UInt32(truncatingIfNeeded: openTop)  // -1 as a bit pattern when the stack is empty
        openTop = count
        count(shape: c, by: 1)
        return put(CodeToken(kind: .punct, offset: Self.offset(at), lower: Self.offset(at), upper: below, punct: c,
                             newlineBefore: newline))
    }

    /// A closing bracket: it takes the nearest open bracket of its shape, and the unclosed ones above that are
    /// dropped (recovering from garbage). Its `upper` is the partner's index, or -1.
    @inline(__always)
    private mutating func emitClose(at: Int, _ c: UInt8, newline: Bool) -> Bool {
        let partner = closeBracket(c)
        return put(CodeToken(kind: .punct, offset: Self.offset(at), lower: Self.offset(at),
                             upper: UInt32(bitPattern: partner), punct: c, newlineBefore: newline))
    }

    /// Notes the token about to be written as a trigger if `word` is one (Swift only; see `TokenStream.triggers`).
    @inline(__always)
    private mutating func noteTrigger(_ word: CodeWord) {
        if swift, triggerSet.isTrigger(word) { triggers.append(UInt32(truncatingIfNeeded: count)) }
    }

    /// At the `(` of `Type.method(`, about to be written: a recogniser may record the call wherever it is
    /// (`SwiftAPIRecognizer.readMethodCall`), so `method` is a trigger if one may record a call of that name.
    private mutating func noteMethodCallTrigger() {
        let method = count - 1
        let name = out[method]
        // (A method whose word is a trigger is noted already.)
        guard name.kind == .identifier, out[count - 3].kind == .identifier, triggers.last != UInt32(truncatingIfNeeded: method),
              triggerSet.mayRecordMethodCall(named: UnsafeBufferPointer(start: p + name.start, count: name.end - name.start))
        else { return }
        triggers.append(UInt32(truncatingIfNeeded: method))
    }

    /// At the `(` of `Name()`, about to be written (`Name` not after a `.`): a recogniser may record the call
    /// (`SwiftAPIRecognizer.readEmptyCall`), so `Name` is a trigger if one may record a call of that name.
    private mutating func noteEmptyCallTrigger() {
        let callee = count - 1
        let name = out[callee]
        guard name.kind == .identifier, callee == 0 || !out[callee - 1].isPunct("."),
              triggers.last != UInt32(truncatingIfNeeded: callee),
              triggerSet.mayRecordEmptyCall(named: UnsafeBufferPointer(start: p + name.start, count: name.end - name.start))
        else { return }
        triggers.append(UInt32(truncatingIfNeeded: callee))
    }

    @inline(__always)
    private mutating func count(shape: UInt8, by delta: Int) {
        switch shape {
        case UInt8(ascii: "("): openCounts.0 += delta
        case UInt8(ascii: "["): openCounts.1 += delta
        default: openCounts.2 += delta
        }
    }

    /// Pops the stack down to the nearest opener of the closer `c`'s shape and pairs it with the closer about to be
    /// written: the closer's partner, or -1 when no such opener is open.
    @inline(__always)
    private mutating func closeBracket(_ c: UInt8) -> Int32 {
        // `)` is one past `(`; `]` and `}` are two past `[` and `{`.
        let open = c == UInt8(ascii: ")") ? c - 1 : c - 2
        // Nearly always the innermost open bracket is the partner: that case is handled here, inlined in the
        // main loop, and the walk down the stack only when it is not.
        let top = openTop
        guard top >= 0, out[top].punct == open else { return closeBracketDeeper(open) }
        openTop = Int(Int32(bitPattern: out[top].upper))
        count(shape: open, by: -1)
        out[top].upper = UInt32(truncatingIfNeeded: count)
        return Int32(truncatingIfNeeded: top)
    }

    /// `closeBracket` when the innermost open bracket is not of the shape `open`.
    private mutating func closeBracketDeeper(_ open: UInt8) -> Int32 {
        let available = open == UInt8(ascii: "(") ? openCounts.0 : open == UInt8(ascii: "[") ? openCounts.1 : openCounts.2
        guard available > 0 else { return -1 }
        while true {
            let top = openTop
            let shape = out[top].punct
            openTop = Int(Int32(bitPattern: out[top].upper))
            count(shape: shape, by: -1)
            if shape == open {
                out[top].upper = UInt32(count)
                return Int32(top)
            }
            out[top].upper = UInt32(bitPattern: -1)
        }
    }

    /// Brackets still open at the end of the input have no partner.
    private mutating func closeBrackets() {
        while openTop >= 0 {
            let top = openTop
            openTop = Int(Int32(bitPattern: out[top].upper))
            out[top].upper = UInt32(bitPattern: -1)
        }
    }

    // MARK: Comments

    /// Swift block comments nest; C ones do not. An unterminated comment runs to the end of the file.
    private mutating func skipBlockComment() {
        pos += 2
        var depth = 1
        let stops = ByteFlags.commentStop.flags
        while pos < n {
            // Most bytes of a comment are none of `*`, `/` and a line break: a tight loop steps over a run of them,
            // and the byte that stops it is looked at below.
            var k = pos
            while k < n, !stops[Int(p[k])] { k += 1 }
            pos = k
            guard pos < n else { break }
            let c = p[pos]
            if c == 0x0A {
                sawNewline = true
                lineStarts.append(pos + 1)
            }
            if c == UInt8(ascii: "*"), pos + 1 < n, p[pos + 1] == UInt8(ascii: "/") {
                pos += 2
                depth -= 1
                if depth == 0 { return }
                continue
            }
            if swift, c == UInt8(ascii: "/"), pos + 1 < n, p[pos + 1] == UInt8(ascii: "*") {
                pos += 2
                depth += 1
                continue
            }
            pos += 1
        }
    }

    // MARK: Strings

    /// `#"`, `##"`, `#"""` start a raw string. A run of `#` without a quote after it is remembered, so that each
    /// `#` of a long run (which lexes as one punctuation token each) does not walk the rest of the run again.
    private mutating func isRawStringStart() -> Bool {
        guard pos >= noRawStringBefore else { return false }
        var i = pos
        while i < n, p[i] == UInt8(ascii: "#") { i += 1 }
        if i > pos && i < n && p[i] == UInt8(ascii: "\"") { return true }
        noRawStringBefore = i
        return false
    }

    /// What reading one literal found.
    private struct StringScan {
        var interpolated = false
        /// The value is the bytes `contentStart..<contentEnd` as written: no escape changed them (an interpolation
        /// in a non-raw literal is kept as written, so it does not count).
        var verbatim = true
        var contentStart = 0
        var contentEnd = 0
    }

    /// Lexes a string literal starting at `start` (at its `@`, `#`s or quote) and emits one token. Most literals
    /// are their bytes as written, and the token points at them; only a literal with escapes is read a second
    /// time, building its value.
    private mutating func lexString(start: Int, hashes: Int, prefixLength: Int) {
        pos = start + prefixLength
        var scan = StringScan()
        var unused: [UInt8] = []
        scanStringBody(hashes: hashes, depth: 0, decode: false, value: &unused, scan: &scan)
        var token = CodeToken(kind: .string, offset: UInt32(start), lower: UInt32(scan.contentStart),
                              upper: UInt32(scan.contentEnd), newlineBefore: sawNewline)
        token.interpolated = scan.interpolated
        if !scan.verbatim {
            let end = pos
            let lines = lineStarts.count  // reading again notes the same line breaks again
            pos = start + prefixLength
            var value: [UInt8] = []
            var again = StringScan()
            scanStringBody(hashes: hashes, depth: 0, decode: true, value: &value, scan: &again)
            assert(pos == end, "decoding a literal must read exactly what scanning it read")
            lineStarts.count = lines
            token.decoded = true
            token.lower = UInt32(strings.count)
            token.upper = UInt32(strings.count + 1)
            strings.append(String(decoding: value, as: UTF8.self))
        }
        append(token)
        if !swift && !overflowed { mergeAdjacentObjCStrings() }
    }

    /// `@"a" @"b"` and `"a" "b"` are one literal in C.
    private mutating func mergeAdjacentObjCStrings() {
        guard count >= 2 else { return }
        let last = out[count - 1]
        let before = out[count - 2]
        guard before.kind == .string, last.kind == .string else { return }
        // Joined as Strings, each decoded on its own, as the values were before the merge. A run of literals
        // grows one value in place, so a long run costs linear time.
        let tail = value(last)
        // A decoded last literal's value is the last in `strings`.
        if last.decoded { strings.removeLast() }
        if before.decoded {
            strings[before.start] += tail
        } else {
            out[count - 2].decoded = true
            out[count - 2].lower = UInt32(strings.count)
            out[count - 2].upper = UInt32(strings.count + 1)
            strings.append(value(before) + tail)
        }
        out[count - 2].interpolated = before.interpolated || last.interpolated
        count -= 1
    }

    /// The value of a string token made so far.
    private func value(_ t: CodeToken) -> String {
        t.decoded ? strings[t.start] : String(decoding: UnsafeBufferPointer(start: p + t.start, count: t.end - t.start), as: UTF8.self)
    }

    /// Reads from the opening quote (at `pos`) to just past the closing delimiter. Single-line literals end at a
    /// line break when unterminated; multi-line ones at the end of the input. With `decode` the value is built in
    /// `value`; without, only `scan` is filled in: the same bytes are read either way.
    private mutating func scanStringBody(hashes: Int, depth: Int, decode: Bool, value: inout [UInt8],
                                         scan: inout StringScan) {
        let multiline = swift && pos + 2 < n
            && p[pos + 1] == UInt8(ascii: "\"") && p[pos + 2] == UInt8(ascii: "\"")
        pos += multiline ? 3 : 1
        if multiline {
            // The content starts on the next line.
            if let lineBreak = memchr(p + pos, 0x0A, n - pos) {
                pos = p.distance(to: lineBreak.assumingMemoryBound(to: UInt8.self)) + 1
                lineStarts.append(pos)
            } else {
                pos = n
            }
        }
        scan.contentStart = pos
        let quotes = multiline ? 3 : 1
        let stops = ByteFlags.stringStop.flags
        while pos < n {
            // Most bytes of a literal are none of `"`, `\` and a line break, and are its value as written: a tight
            // loop steps over a run of them (copying it when decoding), and the byte that stops it is looked at below.
            var k = pos
            while k < n, !stops[Int(p[k])] { k += 1 }
            if decode, k > pos { value.append(contentsOf: UnsafeBufferPointer(start: p + pos, count: k - pos)) }
            pos = k
            guard pos < n else { break }
            let c = p[pos]
            if c == 0x0A && !multiline { break }
            if c == UInt8(ascii: "\""), closes(at: pos, quotes: quotes, hashes: hashes) {
                scan.contentEnd = pos
                pos += quotes + hashes
                if multiline, scan.contentEnd > scan.contentStart, p[scan.contentEnd - 1] == 0x0A { scan.contentEnd -= 1 }
                if decode, multiline, value.last == 0x0A { value.removeLast() }
                return
            }
            if c == UInt8(ascii: "\\") && hasHashes(after: pos, count: hashes) {
                let e = pos + 1 + hashes
                guard e < n else {
                    pos = n
                    scan.verbatim = false
                    break
                }
                let esc = p[e]
                if esc == UInt8(ascii: "(") && swift {
                    scan.interpolated = true
                    // Keep the interpolation's source text, so a dynamic argument is shown as written. In a raw
                    // literal `\#(` is kept as `\(`, which is not what is written.
                    if hashes > 0 { scan.verbatim = false }
                    if decode { value.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "(")]) }
                    pos = e + 1
                    let inner = pos
                    skipInterpolation(depth: depth)
                    if decode { value.append(contentsOf: UnsafeBufferPointer(start: p + inner, count: min(pos, n) - inner)) }
                    continue
                }
                pos = e + 1
                scan.verbatim = false
                switch esc {
                case UInt8(ascii: "n"): if decode { value.append(0x0A) }
                case UInt8(ascii: "t"): if decode { value.append(0x09) }
                case UInt8(ascii: "r"): if decode { value.append(0x0D) }
                case UInt8(ascii: "0"): if decode { value.append(0x00) }
                case UInt8(ascii: "u") where swift && pos < n && p[pos] == UInt8(ascii: "{"):
                    var hex = 0
                    var j = pos + 1
                    while j < n, j < pos + 10, let d = Self.hexValue(p[j]) { hex = hex * 16 + d; j += 1 }
                    if j < n, p[j] == UInt8(ascii: "}"), let scalar = UnicodeScalar(hex) {
                        if decode { value.append(contentsOf: Array(String(Character(scalar)).utf8)) }
                        pos = j + 1
                    }
                case 0x0A:
                    lineStarts.append(pos)
                    if !multiline { return }  // a C line continuation would go here; Swift has none in "…"
                default:
                    if decode { value.append(esc) }
                }
                continue
            }
            if decode { value.append(c) }
            pos += 1
            if c == 0x0A { lineStarts.append(pos) }  // only in a multi-line literal
        }
        // Unterminated: the value runs to the line break or the end of the input.
        scan.contentEnd = min(pos, n)
    }

    private static func hexValue(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): Int(c - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): Int(c - UInt8(ascii: "A")) + 10
        default: nil
        }
    }

    private func hasHashes(after i: Int, count: Int) -> Bool {
        guard count > 0 else { return true }
        guard i + count < n else { return false }
        for k in 1...count where p[i + k] != UInt8(ascii: "#") { return false }
        return true
    }

    private func closes(at i: Int, quotes: Int, hashes: Int) -> Bool {
        guard i + quotes + hashes <= n else { return false }
        for k in 0..<quotes where p[i + k] != UInt8(ascii: "\"") { return false }
        for k in 0..<hashes where p[i + quotes + k] != UInt8(ascii: "#") { return false }
        return true
    }

    /// Skips the body of `\(…)` up to its closing parenthesis, stepping over nested strings and parentheses.
    private mutating func skipInterpolation(depth: Int) {
        var parens = 1
        while pos < n {
            let c = p[pos]
            switch c {
            case UInt8(ascii: "("): parens += 1; pos += 1
            case UInt8(ascii: ")"):
                parens -= 1
                pos += 1
                if parens == 0 { return }
            case UInt8(ascii: "\"") where depth < Self.maxInterpolationDepth:
                var unused: [UInt8] = []
                var nested = StringScan()
                scanStringBody(hashes: 0, depth: depth + 1, decode: false, value: &unused, scan: &nested)
            case 0x0A:
                // An interpolation cannot span lines in a single-line literal; treat the line break as the end.
                return
            default:
                pos += 1
            }
        }
    }

    // MARK: Other literals

    private mutating func lexCharLiteral() {
        let start = pos
        pos += 1
        while pos < n, p[pos] != UInt8(ascii: "'"), p[pos] != 0x0A {
            if p[pos] == UInt8(ascii: "\\") {
                pos += 1
                if pos < n, p[pos] == 0x0A { lineStarts.append(pos + 1) }  // an escaped line break
            }
            pos += 1
        }
        if pos < n, p[pos] == UInt8(ascii: "'") { pos += 1 }
        append(CodeToken(kind: .number, offset: UInt32(start), lower: UInt32(start), upper: UInt32(min(pos, n)),
                         newlineBefore: sawNewline))
    }

    private mutating func lexBacktickIdentifier() {
        let start = pos
        pos += 1
        let nameStart = pos
        while pos < n, p[pos] != UInt8(ascii: "`"), p[pos] != 0x0A { pos += 1 }
        let nameEnd = pos
        if pos < n, p[pos] == UInt8(ascii: "`") { pos += 1 }
        emitIdentifier(at: start, name: nameStart, nameEnd, newline: sawNewline)
        sawNewline = false
    }
}

/// A growable list of line-start offsets for the lexer, in memory it manages itself: the lexer adds one per line,
/// and an `Array` append checks uniqueness and capacity each time. Deallocate when done.
private struct LineStarts {
    private var base: UnsafeMutablePointer<UInt32>
    private var capacity: Int
    var count = 0

    init(capacity: Int) {
        self.capacity = max(capacity, 1)
        base = .allocate(capacity: self.capacity)
    }

    @inline(__always)
    mutating func append(_ offset: Int) {
        if count == capacity { grow() }
        base[count] = UInt32(truncatingIfNeeded: offset)
        count += 1
    }

    private mutating func grow() {
        let larger = UnsafeMutablePointer<UInt32>.allocate(capacity: capacity * 2)
        larger.moveInitialize(from: base, count: count)
        base.deallocate()
        base = larger
        capacity *= 2
    }

    /// The line starts, the first line's (0) included.
    func array() -> [UInt32] {
        [UInt32](unsafeUninitializedCapacity: count + 1) { buffer, made in
            buffer[0] = 0
            if count > 0 { (buffer.baseAddress! + 1).initialize(from: base, count: count) }
            made = count + 1
        }
    }

    func deallocate() { base.deallocate() }
}

/// What a byte starts, for the lexer's main loop, which switches on a byte's class: one load from `table` and a
/// jump, where a chain of range tests cost a dozen instructions per token. The name loop reads it too (one load
/// and one comparison per byte).
private enum ByteClass: UInt8 {
    /// Letters, `_`, `$` and every byte from 0x80 up (`CodeLexer.isIdentifierStart`).
    case identifier = 0
    case digit = 1
    case space, newline
    /// Tab, carriage return, vertical tab, form feed and NUL, which separate tokens like a space.
    case blank
    /// `/`: a comment or punctuation.
    case slash
    /// `"`, `@`, `'`, `#` and `` ` ``, which start the tokens of `CodeLexer.lexSpecial`.
    case special
    /// `-`: `->` or punctuation.
    case minus
    /// `(`, `[`, `{` and `)`, `]`, `}`.
    case open, close
    /// Every other byte: one punctuation token.
    case punct

    /// Whether a byte of this class continues a name (`CodeLexer.isIdentifierPart`).
    @inline(__always)
    var isIdentifierPart: Bool { rawValue <= ByteClass.digit.rawValue }

    static func of(_ c: UInt8) -> ByteClass {
        if CodeLexer.isIdentifierStart(c) { return .identifier }
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return .digit
        case 0x20: return .space
        case 0x0A: return .newline
        case 0x09, 0x0D, 0x0B, 0x0C, 0x00: return .blank
        case UInt8(ascii: "/"): return .slash
        case UInt8(ascii: "\""), UInt8(ascii: "@"), UInt8(ascii: "'"), UInt8(ascii: "#"), UInt8(ascii: "`"): return .special
        case UInt8(ascii: "-"): return .minus
        case UInt8(ascii: "("), UInt8(ascii: "["), UInt8(ascii: "{"): return .open
        case UInt8(ascii: ")"), UInt8(ascii: "]"), UInt8(ascii: "}"): return .close
        default: return .punct
        }
    }

    /// The class of each of the 256 byte values, in memory allocated once and never freed (reading it through
    /// a pointer costs no bounds check: any `UInt8` indexes it).
    static var table: UnsafePointer<ByteClass> { Table.shared.classes }

    private struct Table: @unchecked Sendable {  // immutable after it is made
        let classes: UnsafePointer<ByteClass>
        static let shared: Table = {
            let table = UnsafeMutablePointer<ByteClass>.allocate(capacity: 256)
            for c in 0..<256 { (table + c).initialize(to: ByteClass.of(UInt8(c))) }
            return Table(classes: UnsafePointer(table))
        }()
    }
}

/// A flag for each byte value, in memory allocated once and never freed: the loops that step over the insides of
/// comments and literals test one load per byte instead of three comparisons.
private struct ByteFlags: @unchecked Sendable {  // immutable after it is made
    let flags: UnsafePointer<Bool>

    init(_ flag: (UInt8) -> Bool) {
        let table = UnsafeMutablePointer<Bool>.allocate(capacity: 256)
        for c in 0..<256 { (table + c).initialize(to: flag(UInt8(c))) }
        flags = UnsafePointer(table)
    }

    /// The bytes `skipBlockComment` looks at: the end or (in Swift) the start of a nested comment, a line break.
    static let commentStop = ByteFlags { $0 == UInt8(ascii: "*") || $0 == UInt8(ascii: "/") || $0 == 0x0A }
    /// The bytes `scanStringBody` looks at: a quote, an escape, a line break.
    static let stringStop = ByteFlags { $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") || $0 == 0x0A }
}
