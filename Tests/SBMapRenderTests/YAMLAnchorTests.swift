import SBMapStyle
import Testing

/// `YAMLReader.compose` refuses YAML anchors and aliases by the parser's events, before Yams builds a tree
/// (docs/config.md), and only them: an `&` or `*` inside a plain scalar, a quoted one, a block scalar or a comment is
/// text. A node's place is where its properties (tag, anchor) start.
@Suite struct YAMLAnchorTests {
    /// The places `compose` reports as anchors or aliases, as `line:column`; nil when it parses.
    static func places(_ text: String) -> [String]? {
        do {
            _ = try YAMLReader.compose(text, file: "t.yml")
            return nil
        } catch let failure as YAMLReader.Failure {
            return failure.problems.filter { $0.message.contains("anchors and aliases") }.map { "\($0.line):\($0.column)" }
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test(arguments: [
        ("a: &x 1\nb: *x\n", ["1:4", "2:4"]),
        ("&top\nkey: v\n", ["1:1"]),
        ("list:\n  - *x\n  - &y 2\n", ["2:5", "3:5"]),
        ("flow: [1, *x, {k: *y}]\n", ["1:11", "1:19"]),
        ("? *bomb\n: value\n", ["1:3"]),
        ("<<: *base\n", ["1:5"]),
        ("tagged: !!str &a value\n", ["1:9"]),
        ("tagged: &a !!str value\n", ["1:9"]),
        ("{? &a [x, y] : 1, ? *a : 2}\n", ["1:4", "1:21"]),
        ("? &a [x]\n: 1\n? *a\n: 2\n", ["1:3", "3:3"]),
        ("key: &m\n  sub: 1\n", ["1:6"]),
        ("[&s [1], *s]\n", ["1:2", "1:10"]),
        ("*k : v\n", ["1:1"]),
        ("---\n- &a x\n", ["2:3"]),
        ("{\"a\": *b}\n", ["1:7"]),
    ])
    func anchorsAndAliasesAreFoundAtTheirPlace(_ text: String, _ expected: [String]) {
        #expect(Self.places(text) == expected, "\(text)")
    }

    @Test(arguments: [
        "name: R&D\nglob: a*b\n",
        "exclude: [\"*.generated/*\", '&odd', x*y, R&D]\n",
        "# *comment &too\nkey: value # *also &this\n",
        "text: |\n  *not* an alias\n  &neither\nnext: 1\n",
        "text: >-\n  * a folded line\nnext: 1\n",
        "quoted: \"a \\\" *b\"\nsingle: 'it''s *fine'\n",
        "multi: \"first\n  *second\"\n",
        "{\"api\": \"*x\", \"n\": [1, 2]}\n",
        "url: http://example.com/*path\n",
    ])
    func textThatOnlyLooksLikeOneParses(_ text: String) {
        #expect(Self.places(text) == nil, "\(text)")
    }

    // MARK: Every position, generated

    /// Where a node can stand, with `@` for its properties: an anchor goes before the node, an alias replaces it.
    static let anchorPlaces = [
        "key: @value", "@key: value", "? @key\n: value", "{@key: value}", "{? @[a, b] : value}", "[@item]", "- @item",
        "key: !!str @value", "key: @!!str value", "key: @[1, 2]", "key: @{a: 1}", "key: [1, {k: @v}]", "k: {a: [@x]}",
        "- - @deep", "key: @\"quoted\"", "key: @'single'",
    ]
    static let aliasPlaces = [
        "key: @", "@ : value", "? @\n: value", "{@ : value}", "{? @ : value}", "[@]", "- @", "<<: @", "key: [1, @]",
        "k: {a: [@]}", "- - @", "{a: 1, b: @}", "? [x, @]\n: v",
    ]

    /// A settings file with `node` written after `before` filler keys, at an indentation that keeps it valid.
    static func file(_ node: String, before: Int, seed: Int) -> (text: String, line: Int) {
        var text = ""
        for k in 0..<before { text += k % 3 == 2 ? "# a comment with & and *\n" : "filler\(seed)x\(k): \"R&D *\"\n" }
        let wrapped = node.hasPrefix("- ") ? "list\(seed):\n" + node.split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
            : node.hasPrefix("{") || node.hasPrefix("[") ? "flow\(seed): " + node : node
        return (text + wrapped + "\ntail\(seed): 1\n", before + 1 + (node.hasPrefix("- ") ? 1 : 0))
    }

    @Test func anchorsAndAliasesAnywhereAreRefusedAtTheirLine() {
        var seed = 0
        for (places, mark) in [(Self.anchorPlaces, "&a "), (Self.aliasPlaces, "*a")] {
            for place in places {
                for before in [0, 1, 4, 17] {
                    seed += 1
                    let (text, line) = Self.file(place.replacingOccurrences(of: "@", with: mark), before: before, seed: seed)
                    let places = Self.places(text)
                    #expect(places?.count == 1 && places?.first?.hasPrefix("\(line):") == true, "\(text) → \(places ?? [])")
                }
            }
        }
    }

    /// The key bomb in flow style: each level is a list of two aliases of the one before, used as a key.
    /// Yams hashed the expanded key (2^levels items) before it handed back a tree: 459 bytes took 42 s.
    @Test(arguments: [false, true])
    func theKeyBombInFlowStyleIsRefusedUnexpanded(_ flow: Bool) throws {
        var text = "a0: &a0 [x]\n"
        for level in 1...40 {
            text += flow ? "a\(level): {? &a\(level) [*a\(level - 1), *a\(level - 1)] : v}\n" : "? &a\(level) [*a\(level - 1), *a\(level - 1)]\n: v\n"
        }
        text += flow ? "bomb: {? *a40 : boom}\n" : "? *a40\n: boom\n"
        let places = try #require(Self.places(text))
        #expect(!places.isEmpty && places.count <= 20, "the first problems (at most 20), then it stops")
        #expect(places.first == "1:5")
    }

    // MARK: Keys

    static func messages(_ text: String) -> [String] {
        do {
            _ = try YAMLReader.compose(text, file: "t.yml")
            return []
        } catch let failure as YAMLReader.Failure {
            return failure.problems.map(\.description)
        } catch {
            return ["unexpected \(error)"]
        }
    }

    @Test func aDuplicateKeyIsNamedWithBothLines() {
        #expect(Self.messages("a: 1\nb:\n  c: 2\n  c: 3\na: 4\n") == [
            "t.yml:4:3: error: duplicate key 'c' (first at line 3): each key is written once in a mapping",
            "t.yml:5:1: error: duplicate key 'a' (first at line 1): each key is written once in a mapping",
        ])
        #expect(Self.messages("{x: 1, \"x\": 2}\n") == ["t.yml:1:8: error: duplicate key 'x' (first at line 1): each key is written once in a mapping"])
        // The same key in two mappings is no duplicate.
        #expect(Self.messages("a: {k: 1}\nb: {k: 2}\n") == [])
    }

    @Test func aKeyThatIsAListOrMappingIsRefusedReadably() {
        // Yams named such duplicate keys "<uncovertable>".
        let messages = Self.messages("[x]: 1\n[x]: 2\n? {a: 1}\n: 3\n")
        #expect(messages == [
            "t.yml:1:1: error: a key must be a plain word, not a list or a mapping",
            "t.yml:2:1: error: a key must be a plain word, not a list or a mapping",
            "t.yml:3:3: error: a key must be a plain word, not a list or a mapping",
        ])
        #expect(!messages.joined().contains("uncovertable"))
    }
}
