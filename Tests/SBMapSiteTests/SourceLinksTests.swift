import SBMapSite
import Testing

@Suite struct SourceLinksTests {
    @Test func pathsAreEncodedOneSegmentAtATime() throws {
        let links = try SourceLinks(template: "https://github.com/o/r/blob/main/{path}#L{line}")
        #expect(links.url(path: "App/Base.lproj/Main.storyboard", line: 12) == "https://github.com/o/r/blob/main/App/Base.lproj/Main.storyboard#L12")
        #expect(links.url(path: "./My App/a#b?c.swift", line: 3) == "https://github.com/o/r/blob/main/My%20App/a%23b%3Fc.swift#L3")
        #expect(links.url(path: #"x/"><script>alert(1)</script>.storyboard"#, line: 1)
                == "https://github.com/o/r/blob/main/x/%22%3E%3Cscript%3Ealert%281%29%3C/script%3E.storyboard#L1")
        #expect(links.url(path: "Über/日本.storyboard", line: 2) == "https://github.com/o/r/blob/main/%C3%9Cber/%E6%97%A5%E6%9C%AC.storyboard#L2")
        // A whole file: the line's fragment is left out.
        #expect(links.url(path: "App/Info.plist", line: 0) == "https://github.com/o/r/blob/main/App/Info.plist")
        let query = try SourceLinks(template: "https://git.example.com/view?file={path}&line={line}")
        #expect(query.url(path: "a b", line: 0) == "https://git.example.com/view?file=a%20b&line=1")
    }

    @Test(arguments: [
        "javascript:alert(1)//{path}", "data:text/html,{path}", "ftp://host/{path}", "file:///{path}", "//host/{path}",
        "https:///{path}", "https://user@host/{path}", "https://host/blob", "https://host/{path}#L{lineno}",
        "https://host/{path} x", #"https://host/{path}"onmouseover="x"#, "https://host/<{path}>", "{path}",
    ])
    func onlyHTTPTemplatesWithAHostAndAPathAreAccepted(_ template: String) {
        #expect(throws: SourceLinks.Failure.self) { try SourceLinks(template: template) }
    }

    @Test func theSchemeMayBeAnyCase() throws {
        _ = try SourceLinks(template: "HTTPS://example.com/{path}")
        _ = try SourceLinks(template: "http://localhost:8080/{path}?l={line}")
    }
}
