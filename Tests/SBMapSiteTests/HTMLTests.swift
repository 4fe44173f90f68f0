import SBMapSite
import Testing

@Suite struct HTMLTests {
    @Test func textAndAttributesCannotOpenMarkup() {
        #expect(HTML.text(#""><script>alert(1)</script>"#) == "\"&gt;&lt;script&gt;alert(1)&lt;/script&gt;")
        #expect(HTML.attribute(#"" onload='x' &"#) == "&quot; onload=&#39;x&#39; &amp;")
        // Control and bidi-override characters never reach the page.
        #expect(HTML.text("a\u{202E}b\u{0}c\nd") == "abc d")
    }

    @Test func jsonInAScriptCannotCloseIt() {
        let json = HTML.json("</script><!--\u{2028}\u{2029}\"\\&\u{1}")
        #expect(json == #""\u003c/script\u003e\u003c!--\u2028\u2029\"\\\u0026\u0001""#)
        #expect(!json.contains("<") && !json.contains(">"))
    }
}
