import Foundation
import Testing
import SBMapModel
@testable import SBMapParse

/// The token stream the lexer hands the readers: lines and columns counted on demand, string values read from the
/// file or decoded, brackets matched as the tokens are made. (Debug builds also check, in `LineTable`, that the
/// lexer noted every line break of every input these tests lex.)
@Suite struct CodeTokenStreamTests {
    /// Line and column of byte `offset` by walking the bytes: the definition `TokenStream.location` must keep.
    static func reference(_ bytes: [UInt8], _ offset: Int) -> (line: Int, column: Int) {
        var line = 1, column = 1
        for c in bytes[..<offset] {
            if c == 0x0A {
                line += 1
                column = 1
            } else if c & 0xC0 != 0x80 {
                column += 1
            }
        }
        return (line, column)
    }

    static func tokenize(_ source: String, _ language: CodeLanguage = .swift) -> TokenStream {
        CodeLexer.tokenize(Array(source.utf8), language: language)
    }

    /// The index of the first token whose text is `text`.
    static func index(of text: String, in stream: TokenStream) -> Int? {
        (0..<stream.count).first { stream.text($0) == text }
    }

    /// Every token's location agrees with walking the bytes, whatever came before it on its line or above it.
    static func expectLocationsMatchReference(_ source: String, _ language: CodeLanguage = .swift,
                                              sourceLocation: Testing.SourceLocation = #_sourceLocation) {
        let bytes = Array(source.utf8)
        let stream = CodeLexer.tokenize(bytes, language: language)
        for i in 0..<stream.count {
            let expected = reference(bytes, Int(stream[i].offset))
            let location = stream.location(i, path: "T")
            #expect(location.line == expected.line && location.column == expected.column,
                    "token \(i) \(stream.text(i).debugDescription)", sourceLocation: sourceLocation)
        }
    }

    @Test func columnsCountCharactersNotBytes() {
        let stream = Self.tokenize("let é = \"😀\"; x\n  ünï y")
        let x = Self.index(of: "x", in: stream)!
        #expect(stream.location(x, path: "A.swift") == SourceLocation(path: "A.swift", line: 1, column: 14))
        let y = Self.index(of: "y", in: stream)!
        #expect(stream.location(y, path: "A.swift") == SourceLocation(path: "A.swift", line: 2, column: 7))
        Self.expectLocationsMatchReference("let é = \"😀\"; x\n  ünï y")
    }

    /// Line breaks inside comments, literals and escapes are stepped over by different paths of the lexer; each must
    /// count, and a literal read twice (to decode its escapes) must not count its line breaks twice.
    @Test func locationsAfterTokensThatSpanLines() {
        let swift = """
        /* one
           /* nested
           */ two
        */ a
        let s = \"\"\"
            first \\(f("x"))
            \\n second
            \"\"\"
        b "escaped \\
        c" d
        let t = "\\(g(\"\"\"
        inner
        \"\"\"))" e
        let r = #\"\"\"
        raw \\#n
        \"\"\"# f
        """
        Self.expectLocationsMatchReference(swift)
        let stream = Self.tokenize(swift)
        #expect(stream.location(Self.index(of: "a", in: stream)!, path: "").line == 4)
        #expect(stream.location(Self.index(of: "b", in: stream)!, path: "").line == 9)
        #expect(stream.location(Self.index(of: "e", in: stream)!, path: "").line == 13)
        #expect(stream.location(Self.index(of: "f", in: stream)!, path: "") == SourceLocation(path: "", line: 16, column: 6))

        let objc = """
        char c = '\\
        '; x /* a
        b */ y @"s" @"t\\n"
          "u" z
        """
        Self.expectLocationsMatchReference(objc, .objectiveC)
        let m = Self.tokenize(objc, .objectiveC)
        #expect(m.location(Self.index(of: "z", in: m)!, path: "") == SourceLocation(path: "", line: 4, column: 7))
    }

    @Test func plainLiteralsPointIntoTheFileAndEscapedOnesAreDecoded() {
        let stream = Self.tokenize(##"""
        a("plain é", "tab\there", "\u{1F600}", #"raw \n"#, "in \(x + "s") terp", #"raw \#(y) terp"#, "open
        """
        multi
        line

        """ "\0\q"
        """##)
        let strings = (0..<stream.count).filter { stream.kind($0) == .string }
        #expect(strings.map { stream.text($0) } == [
            "plain é", "tab\there", "😀", #"raw \n"#, #"in \(x + "s") terp"#, #"raw \(y) terp"#, "open",
            "multi\nline\n", "\0q",
        ])
        #expect(strings.map { stream[$0].decoded } == [false, true, true, false, false, true, false, false, true])
        #expect(strings.map { stream[$0].interpolated } == [false, false, false, false, true, true, false, false, false])
        // Only the decoded values are kept as Strings.
        #expect(stream.strings.count == 4)
    }

    @Test func invalidUTF8InALiteralIsRepairedEitherWay() {
        let bytes: [UInt8] = Array("x = \"a".utf8) + [0xFF, 0xC3] + Array("\" + \"b\\t".utf8) + [0xE2, 0x82] + Array("\"".utf8)
        let stream = CodeLexer.tokenize(bytes, language: .swift)
        let strings = (0..<stream.count).filter { stream.kind($0) == .string }
        #expect(strings.map { stream.text($0) } == [
            String(decoding: [0x61, 0xFF, 0xC3], as: UTF8.self), String(decoding: [0x62, 0x09, 0xE2, 0x82], as: UTF8.self),
        ])
        #expect(stream.text(strings[0]).hasSuffix("\u{FFFD}"))
        #expect(strings.map { stream[$0].decoded } == [false, true])
    }

    /// Adjacent Objective-C literals are one token, whichever of them needed decoding; merged values do not leave
    /// their parts behind in `strings`.
    @Test func objcAdjacentLiteralsMerge() {
        let stream = Self.tokenize(#"""
        x = @"a" @"b\n" "c" /* between */ "d"; y = "e\t" @"f"; z = "g" "h"; w = @"\"i" @"\"j"; @"k"
        """#, .objectiveC)
        let strings = (0..<stream.count).filter { stream.kind($0) == .string }
        #expect(strings.map { stream.text($0) } == ["ab\ncd", "e\tf", "gh", "\"i\"j", "k"])
        #expect(strings.map { stream[$0].decoded } == [true, true, true, true, false])
        #expect(stream.strings.count == 4)
        #expect(stream.count == 17)
        #expect(stream.location(strings[1], path: "").column == 44)
        // Swift has no such merging.
        #expect(Self.tokenize(#"x = "a" "b""#).count == 4)
    }

    /// A long run of adjacent literals grows one value in place: joining each to a copy of all before it would
    /// make this quadratic.
    @Test func longRunOfAdjacentObjCLiterals() {
        let started = Date()
        let stream = Self.tokenize("x = " + String(repeating: "@\"ab\" \"c\\n\" ", count: 100_000) + ";", .objectiveC)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(stream.count == 4)
        #expect(stream.text(2) == String(repeating: "abc\n", count: 100_000))
        #expect(stream.strings.count == 1)
    }

    /// A megabyte on one line: every location is right, and asking for many of them stays cheap (the column walk
    /// starts from a mark at most `LineTable.markSpacing` bytes back, never from the start of the line).
    @Test func megabyteOnOneLine() {
        let unit = "aé.b(c: \"😀\") "
        var source = String(repeating: unit, count: 1_000_000 / unit.utf8.count)
        source += "\nlast"
        let bytes = Array(source.utf8)
        let stream = CodeLexer.tokenize(bytes, language: .swift)
        #expect(stream.count == 1_000_000 / unit.utf8.count * 8 + 1)
        // One pass of the reference, checking every 97th token and the last ones.
        var line = 1, column = 1, at = 0
        let started = Date()
        for i in Set(Array(stride(from: 0, to: stream.count, by: 97)) + [stream.count - 2, stream.count - 1]).sorted() {
            let offset = Int(stream[i].offset)
            while at < offset {
                if bytes[at] == 0x0A { line += 1; column = 1 } else if bytes[at] & 0xC0 != 0x80 { column += 1 }
                at += 1
            }
            let location = stream.location(i, path: "")
            #expect(location.line == line && location.column == column, "token \(i)")
            if location.line != line || location.column != column { break }
        }
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(stream.location(stream.count - 1, path: "") == SourceLocation(path: "", line: 2, column: 1))
    }

    /// The matching the readers rely on: a closer takes the nearest open bracket of its shape and drops the
    /// unclosed ones above it; a closer with no such opener, and openers left at the end, have no partner.
    @Test func bracketPartners() {
        func partners(_ source: String) -> [Int] {
            let stream = Self.tokenize(source)
            return (0..<stream.count).map { stream.partner[$0] }
        }
        //                 0  1  2  3  4  5  6  7  8  9  10
        #expect(partners("( [ { } ] ) ( [ ) ] }") == [5, 4, 3, 2, 1, 0, 8, -1, 6, -1, -1])
        #expect(partners("f(a) ] { x [ )") == [-1, 3, -1, 1, -1, -1, -1, -1, -1])
        let stream = Self.tokenize("a { b(c) }")
        #expect(stream.close(1) == 6 && stream.close(3) == 5 && stream.close(6) == 1 && stream.close(0) == stream.count)
    }

    /// 50,000 open parentheses and then closers of another shape: each closer knows at once that nothing of its
    /// shape is open, instead of searching the whole stack (which made this quadratic).
    @Test func unmatchedClosersOverADeepStack() {
        let source = String(repeating: "(", count: 50_000) + String(repeating: "]", count: 50_000) + ")"
        let started = Date()
        let stream = Self.tokenize(source)
        #expect(Date().timeIntervalSince(started) < 30)
        #expect(stream.count == 100_001)
        #expect(stream.partner[49_999] == 100_000 && stream.partner[100_000] == 49_999)
        #expect(stream.partner[0] == -1 && stream.partner[50_000] == -1)
    }

    /// Input denser than the lexer's first guess of one token per three bytes is lexed again with more room.
    @Test func denseInputGetsEveryToken() {
        let source = String(repeating: "a;(b)", count: 3_000) + "\n\"s\\t\" x"
        let stream = Self.tokenize(source)
        #expect(stream.count == 15_002)
        #expect(stream.text(15_000) == "s\t" && stream.text(15_001) == "x")
        #expect(stream.partner[2] == 4)
        #expect(stream.location(15_001, path: "") == SourceLocation(path: "", line: 2, column: 7))
    }

    /// Every word is tagged, with or without backticks; names that only start like one, or are longer, are not.
    @Test func wordsAreRecognisedExactly() {
        for word in CodeWord.allCases where word != .other {
            let stream = Self.tokenize(word.rawValue, word.rawValue.hasPrefix("#") || word.rawValue.hasPrefix("@") ? .objectiveC : .swift)
            #expect(stream.count == 1 && stream[0].word == word, "\(word)")
            for other in [word.rawValue + "s", String(word.rawValue.dropLast()), word.rawValue + "_1"] where !other.isEmpty {
                // Another word where the name is one (`setViewController` and `setViewControllers`).
                let stream = Self.tokenize(other, .objectiveC)
                #expect(stream[0].word == CodeWord(rawValue: other) ?? .other, "\(other)")
            }
        }
        let stream = Self.tokenize("`class` `` instantiateViewControllerWithIdentifierX instantiateViewControllerWithIdentifier")
        #expect((0..<stream.count).map { stream[$0].word } == [.class, .other, .other, .instantiateViewControllerWithIdentifier])
        #expect(CodeWord.recognize(Array("xletx".utf8), 1..<4) == .let)
    }

    @Test func tokensAreSmall() {
        #expect(MemoryLayout<CodeToken>.stride == 16)
    }
}
