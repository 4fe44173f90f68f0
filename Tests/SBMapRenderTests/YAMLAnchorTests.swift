import SBMapStyle
import Testing

/// `YAMLReader.compose` refuses YAML anchors and aliases before parsing (docs/config.md), and only them: an `&` or
/// `*` inside a plain scalar, a quoted one, a block scalar or a comment is text.
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
        ("tagged: !!str &a value\n", ["1:15"]),
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
}
