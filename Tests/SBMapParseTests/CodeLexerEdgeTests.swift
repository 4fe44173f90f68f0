import Testing
import SBMapModel
@testable import SBMapParse

/// The edges of the lexer's fast paths: names read four bytes per round and tested through a table of byte
/// classes, and the runs of plain bytes stepped over inside comments and literals. Each must end exactly where the
/// byte-by-byte reading ended, however the input is cut.
@Suite struct CodeLexerEdgeTests {
    static func texts(_ source: String, _ language: CodeLanguage = .swift) -> [String] {
        let stream = CodeLexer.tokenize(Array(source.utf8), language: language)
        return (0..<stream.count).map { stream.text($0) }
    }

    static func kinds(_ source: String, _ language: CodeLanguage = .swift) -> [CodeToken.Kind] {
        let stream = CodeLexer.tokenize(Array(source.utf8), language: language)
        return (0..<stream.count).map { stream[$0].kind }
    }

    /// Names of every length up to 40, of every kind of identifier byte (letters, digits, `_`, `$`, non-ASCII),
    /// ending at the end of the input or at each kind of byte that ends a name: one token, the whole name.
    @Test func namesOfEveryLengthEndExactly() {
        let alphabet = Array("aZ_$9é".unicodeScalars)
        for length in 1...40 {
            var name = "x"
            while name.unicodeScalars.count < length { name.unicodeScalars.append(alphabet[name.unicodeScalars.count % alphabet.count]) }
            #expect(Self.texts(name) == [name], "\(name)")
            for end in [" ", "\n", "(", ".", "\"s\"", "/* c */", "-", "# ", "\t", "\r\n"] {
                let texts = Self.texts(name + end + "y")
                #expect(texts.first == name && texts.last == "y", "\(name.debugDescription) + \(end.debugDescription)")
            }
        }
        // Non-ASCII bytes continue a name wherever they are, invalid UTF-8 included.
        let bytes: [UInt8] = Array("aé".utf8) + [0xFF, 0x80] + Array("b c".utf8)
        let stream = CodeLexer.tokenize(bytes, language: .swift)
        #expect(stream.count == 2 && stream[0].end == 6 && stream.text(1) == "c")
    }

    /// The words are still recognised whatever follows them, including the end of the input a few bytes on.
    @Test func wordsAtTheEndOfTheInput() {
        for source in ["instantiateViewController", "x.instantiateViewController", "let", "x let", "UIStoryboard(", "R"] {
            let stream = CodeLexer.tokenize(Array(source.utf8), language: .swift)
            let words = (0..<stream.count).map { stream[$0].word }.filter { $0 != .other }
            #expect(words.count == 1, "\(source)")
        }
    }

    /// A file that ends inside a name, a number, a literal or a comment.
    @Test func inputEndingInsideATokenOrComment() {
        #expect(Self.texts("let abcdefghij") == ["let", "abcdefghij"])
        #expect(Self.texts("x = 12") == ["x", "=", "12"])
        #expect(Self.texts("x = \"abc") == ["x", "=", "abc"])
        #expect(Self.texts("x = \"ab\\") == ["x", "=", "ab"])
        #expect(Self.texts("x = \"\"\"\nabc") == ["x", "=", "abc"])
        #expect(Self.texts("x = #\"abc\"") == ["x", "=", "abc\""])
        #expect(Self.texts("x /* abc") == ["x"])
        #expect(Self.texts("x /* a /* b */") == ["x"])
        #expect(Self.texts("x /* a *") == ["x"])
        #expect(Self.texts("x // abc") == ["x"])
        #expect(Self.texts("x = 'a", .objectiveC) == ["x", "=", "'a"])
        #expect(Self.texts("x `abc") == ["x", "abc"])
    }

    /// A carriage return separates tokens like a space; lines are counted by `\n` alone (and a line break inside a
    /// comment counts as one before the next token).
    @Test func crlfLineEnds() {
        let source = "a\r\n  b /* c\r\n */ \"d\"\r\ne"
        #expect(Self.texts(source) == ["a", "b", "d", "e"])
        let stream = CodeLexer.tokenize(Array(source.utf8), language: .swift)
        #expect((0..<stream.count).map { stream[$0].newlineBefore } == [true, true, true, true])
        #expect(stream.location(1, path: "") == SourceLocation(path: "", line: 2, column: 3))
        #expect(stream.location(3, path: "") == SourceLocation(path: "", line: 4, column: 1))
        CodeTokenStreamTests.expectLocationsMatchReference(source)
    }

    /// Swift block comments nest, Objective-C ones do not; a `*` or `/` alone inside a comment does not end it.
    @Test func nestedBlockComments() {
        let source = "/* a * b / c /* d */ e */ f /**/ g /*/ h */ i"
        #expect(Self.texts(source) == ["f", "g", "i"])
        #expect(Self.texts(source, .objectiveC) == ["e", "*", "/", "f", "g", "i"])
        #expect(Self.texts("/* /* */ x") == [])
        #expect(Self.texts("/* /* */ x", .objectiveC) == ["x"])
    }

    /// Raw strings end only at a quote followed by as many `#` as opened them; escapes and quotes with fewer are text.
    @Test func rawStringsWithHashes() {
        #expect(Self.texts(##"x = #"a"b\n"# y"##) == ["x", "=", #"a"b\n"#, "y"])
        #expect(Self.texts(###"##"x"#y"## z"###) == [##"x"#y"##, "z"])
        #expect(Self.texts(##"#"a\#tb"#"##) == ["a\tb"])
        let stream = CodeLexer.tokenize(Array(##"#"v \#(x) w"#"##.utf8), language: .swift)
        #expect(stream.count == 1 && stream[0].interpolated && stream.text(0) == #"v \(x) w"#)
        // `#` not before a quote is punctuation, however long the run.
        #expect(Self.texts("### x") == ["#", "#", "#", "x"])
    }

    /// A number takes the identifier bytes after it, and a `.` only when a digit follows.
    @Test func numbersFollowedByNames() {
        #expect(Self.texts("1abc 0x1F 1.5e3 1..2 3.x 4_000") == ["1abc", "0x1F", "1.5e3", "1", ".", ".", "2", "3", ".", "x", "4_000"])
        #expect(Self.kinds("1abc x1") == [.number, .identifier])
    }

    /// The plain runs inside literals stop at every quote, escape and line break, in literals of any length. (A
    /// single-line literal ends at a line break; the `"` after `y` then opens a literal that runs to the end.)
    @Test func literalsOfEveryLength() {
        for length in 0...20 {
            let body = String(repeating: "ab", count: length / 2) + (length % 2 == 1 ? "é" : "")
            #expect(Self.texts("x(\"\(body)\")") == ["x", "(", body, ")"], "\(length)")
            #expect(Self.texts("x(\"\(body)\\n\(body)\")") == ["x", "(", body + "\n" + body, ")"], "\(length)")
            #expect(Self.texts("x(\"\(body)\ny\")") == ["x", "(", body, "y", ")"], "\(length)")
        }
    }
}
