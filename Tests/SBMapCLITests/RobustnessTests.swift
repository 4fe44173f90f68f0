import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import SBMapDiscover
import SBMapModel
import SBMapParse
import Testing

/// Hostile and broken input, end to end (docs/robustness.md): whatever is in the folders, `sbmap` reports
/// each problem at its file, maps every other file, writes its output whole, and never reads, fetches or
/// echoes what it should not. Loader-level cases are in SBMapParseTests/HostileInputTests.swift,
/// Graphviz-level ones in SBMapRenderTests/GraphvizSafetyTests.swift.
@Suite struct RobustnessTests {
    static let good = XML.storyboard(
        initial: "a",
        XML.scene("a", attributes: #"customClass="FirstViewController""#, body: XML.segue("g1", to: "b", identifier: "next")),
        XML.scene("b", attributes: #"customClass="SecondViewController" storyboardIdentifier="Second""#))

    // MARK: - Malformed files

    @Test func everyBrokenFileHasItsFindingAndEverythingElseIsMappedAndWritten() throws {
        let root = try Harness.project([
            "App/Good/Main.storyboard": Self.good,
            "App/Good/Other.storyboard": XML.storyboard(initial: "r", XML.reference("r", storyboard: "Main", identifier: "Second")),
            "App/Broken/Truncated.storyboard": String(Self.good.prefix(Self.good.count / 2)),
            "App/Broken/Conflict.storyboard": Self.good.replacingOccurrences(
                of: "        <scene sceneID=\"s-b\">",
                with: "<<<<<<< HEAD\n        <!--Mine-->\n=======\n        <!--Theirs-->\n>>>>>>> feature\n        <scene sceneID=\"s-b\">"),
            "App/Broken/Unclosed.storyboard": Self.good.replacingOccurrences(of: "<scene sceneID=\"s-b\">", with: "<scene sceneID=\"s-b\""),
            "App/Broken/Empty.storyboard": "",
            "App/Broken/Plist.storyboard": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict/></plist>\n",
            "App/Broken/NoScenes.storyboard": "<?xml version=\"1.0\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\"/>\n",
            "App/Broken/Info.plist": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key>",
            // Code that never ends a string, a comment, or a 1 MB line.
            "App/Code/Unterminated.swift": "let s = UIStoryboard(name: \"Main\", bundle: nil)\nlet t = \"never closed\n/* nor this "
                + String(repeating: "x", count: 1 << 20),
            "App/Code/Long.m": String(repeating: "[self foo:@\"bar\"]; ", count: 60_000) + "\n@\"open",
        ])
        var zip: [UInt8] = [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00, 0x00, 0x00]
        zip += (0..<4096).map { UInt8(truncatingIfNeeded: $0 &* 31) }
        try Robust.write(zip, "App/Broken/Binary.storyboard", in: root)
        var wide: [UInt8] = [0xFF, 0xFE]
        wide += XML.storyboard(initial: "w", XML.scene("w")).replacingOccurrences(of: "UTF-8", with: "UTF-16")
            .utf16.flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
        try Robust.write(wide, "App/Broken/Wide.storyboard", in: root)
        var latin1 = Array(XML.storyboard(XML.scene("l", attributes: #"title="Caf_""#)).utf8)
        latin1[latin1.firstIndex(of: UInt8(ascii: "_"))!] = 0xE9
        try Robust.write(latin1, "App/Broken/Latin1.storyboard", in: root)

        let expected: [String: String] = [
            "App/Broken/Truncated.storyboard": "malformed-xml",
            "App/Broken/Conflict.storyboard": "malformed-xml",
            "App/Broken/Unclosed.storyboard": "malformed-xml",
            "App/Broken/Empty.storyboard": "not-a-storyboard",
            "App/Broken/Binary.storyboard": "not-a-storyboard",
            "App/Broken/Plist.storyboard": "not-a-storyboard",
            "App/Broken/NoScenes.storyboard": "not-a-storyboard",
            "App/Broken/Latin1.storyboard": "encoding",
            "App/Broken/Wide.storyboard": "encoding",
            "App/Broken/Info.plist": "malformed-plist",
        ]
        for arguments in [["check", "App"], ["export", "App", "-o", "graph.json"], ["render", "App", "-o", "map.svg"],
                          ["render", "App", "-o", "map.dot"]] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 1, "\(arguments)")
            for (path, code) in expected {
                #expect(Robust.codes(for: path, in: run.stderr) == [code], "\(arguments): \(path)\n\(run.stderr)")
            }
            #expect(run.stderr.contains("merge-conflict"))
            // Only UTF-16 is read with a reservation; every other broken file is an error.
            #expect(Robust.findings(run.stderr).filter { $0.path == "App/Broken/Wide.storyboard" }.map(\.level) == ["warning"])
            // The code files scanned without a finding, and the code link to Main was still made.
            #expect(Robust.findings(run.stderr).allSatisfy { !$0.path.hasPrefix("App/Code/") })
            #expect(run.stderr.contains("sbmap: 3 storyboards, 3 scenes"), "\(run.stderr)")
        }
        let json = try #require(Robust.read("graph.json", in: root))
        let graph = try #require(try JSONSerialization.jsonObject(with: json) as? [String: Any])
        let paths = (graph["storyboards"] as? [[String: Any]])?.compactMap { $0["path"] as? String }
        #expect(paths == ["App/Broken/Wide.storyboard", "App/Good/Main.storyboard", "App/Good/Other.storyboard"])
        let svg = String(decoding: try #require(Robust.read("map.svg", in: root)), as: UTF8.self)
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.contains("SecondViewController"))
        let dot = String(decoding: try #require(Robust.read("map.dot", in: root)), as: UTF8.self)
        #expect(dot.hasPrefix("digraph sbmap {") && dot.hasSuffix("}\n"))
    }

    // MARK: - Hostile XML

    /// DOCTYPEs with external entities (a local file, URLs), parameter entities, XInclude, entity bombs and
    /// deep nesting: nothing is read or fetched, no secret reaches any output, and the run stays quick.
    @Test func hostileXMLNeverReadsFetchesOrEchoes() throws {
        let secretFolder = try Harness.project([:])
        let marker = "SBMAP-SECRET-\(UUID().uuidString)"
        try Robust.write("\(marker)\n", "secret.txt", in: secretFolder)
        let secret = secretFolder.appendingPathComponent("secret.txt").path
        let listener = try LocalListener()
        let url = "http://127.0.0.1:\(listener.port)"

        func hostile(_ doctype: String, title: String) -> String {
            "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\(doctype)\n"
                + XML.storyboard(XML.scene("h", attributes: "title=\"\(title)\" customClass=\"\(title)\""))
                    .replacingOccurrences(of: "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n", with: "")
        }
        var laughs = "<!DOCTYPE document [\n<!ENTITY l0 \"lol\">\n"
        for level in 1...12 { laughs += "<!ENTITY l\(level) \"\(String(repeating: "&l\(level - 1);", count: 10))\">\n" }
        laughs += "]>"
        let depth = 100_000
        let root = try Harness.project([
            "App/Good.storyboard": Self.good,
            "App/LocalFile.storyboard": hostile("<!DOCTYPE document [ <!ENTITY x SYSTEM \"file://\(secret)\"> ]>", title: "&x;"),
            "App/RelativeFile.storyboard": hostile("<!DOCTYPE document [ <!ENTITY x SYSTEM \"\(secret)\"> ]>", title: "&x;"),
            "App/URLEntity.storyboard": hostile("<!DOCTYPE document [ <!ENTITY x SYSTEM \"\(url)/entity\"> ]>", title: "&x;"),
            "App/ExternalDTD.storyboard": hostile("<!DOCTYPE document SYSTEM \"\(url)/evil.dtd\">", title: "x"),
            "App/Parameter.storyboard": hostile("<!DOCTYPE document [ <!ENTITY % p SYSTEM \"\(url)/p.dtd\"> %p; ]>", title: "&x;"),
            "App/Laughs.storyboard": hostile(laughs, title: "&l12;"),
            "App/Deep.storyboard": "<?xml version=\"1.0\"?>\n<document><scenes><scene><objects>"
                + String(repeating: "<view>", count: depth) + String(repeating: "</view>", count: depth)
                + "</objects></scene></scenes></document>\n",
            "App/XInclude.storyboard": XML.storyboard(XML.scene("xi", body: "<xi:include xmlns:xi=\"http://www.w3.org/2001/XInclude\" href=\"file://\(secret)\" parse=\"text\"/>")),
            "App/Info.plist": "<?xml version=\"1.0\"?>\n<!DOCTYPE plist [ <!ENTITY x SYSTEM \"file://\(secret)\"> ]>\n<plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>&x;</string></dict></plist>\n",
            "App/Remote-Info.plist": "<?xml version=\"1.0\"?>\n<!DOCTYPE plist SYSTEM \"\(url)/plist.dtd\">\n<plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>Good</string></dict></plist>\n",
        ])
        let start = Date()
        var everything = ""
        for arguments in [["check", "App"], ["export", "App", "-o", "graph.json"], ["render", "App", "-o", "map.svg"],
                          ["render", "App", "-o", "map.dot"], ["check", "App", "--findings-format", "github"]] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 1)
            everything += run.stdout + run.stderr
            for name in ["LocalFile", "RelativeFile", "URLEntity", "ExternalDTD", "Parameter", "Laughs"] where arguments.count == 2 {
                #expect(Robust.codes(for: "App/\(name).storyboard", in: run.stderr) == ["forbidden-dtd"], "\(name)")
            }
            if arguments.count == 2 {
                #expect(Robust.codes(for: "App/Deep.storyboard", in: run.stderr) == ["malformed-xml"])
                #expect(Robust.codes(for: "App/Info.plist", in: run.stderr) == ["forbidden-dtd"])
                #expect(run.stderr.contains("sbmap: 2 storyboards, 3 scenes"), "\(run.stderr)")
            }
        }
        for file in ["graph.json", "map.svg", "map.dot"] {
            everything += String(decoding: try #require(Robust.read(file, in: root)), as: UTF8.self)
        }
        #expect(!everything.contains(marker), "the secret file's content reached an output")
        #expect(!everything.contains("lollollol"))
        #expect(Date().timeIntervalSince(start) < 60)
        #expect(listener.connectionAttempts() == 0, "sbmap connected to \(url)")
    }

    /// A 200 MB storyboard: refused at once under the default 64 MiB limit; read in bounded memory when the
    /// limit is raised. Generated here, not kept in git.
    @Test func aHugeFileIsRefusedQuicklyOrStreamedInBoundedMemory() throws {
        let root = try Harness.project(["App/Good.storyboard": Self.good])
        defer { try? FileManager.default.removeItem(at: root) }
        let huge = root.appendingPathComponent("App/Huge.storyboard")
        _ = FileManager.default.createFile(atPath: huge.path, contents: nil)
        let handle = try FileHandle(forWritingTo: huge)
        handle.write(Data("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document type=\"com.apple.InterfaceBuilder3.CocoaTouch.Storyboard.XIB\" targetRuntime=\"iOS.CocoaTouch\">\n<scenes>\n".utf8))
        // Each scene is 1 MB, mostly one view with thousands of labels: the shape a giant storyboard has.
        let label = "<label opaque=\"NO\" text=\"padding padding padding padding padding\" id=\"lbl-000-000\"/>\n"
        let labels = String(repeating: label, count: (1 << 20) / label.utf8.count)
        let scenes = 200
        for index in 0..<scenes {
            let scene = "<scene sceneID=\"s\(index)\"><objects><viewController id=\"vc\(index)\" storyboardIdentifier=\"Huge\(index)\" sceneMemberID=\"viewController\"><view key=\"view\" id=\"v\(index)\"><subviews>\n"
                + labels + "</subviews></view></viewController></objects></scene>\n"
            handle.write(Data(scene.utf8))
        }
        handle.write(Data("</scenes>\n</document>\n".utf8))
        try handle.close()
        let size = try #require(try FileManager.default.attributesOfItem(atPath: huge.path)[.size] as? Int)
        #expect(size > 200_000_000)

        let refused = try Robust.measured(["check", "App"], in: root)
        #expect(refused.run.status == 1)
        #expect(Robust.codes(for: "App/Huge.storyboard", in: refused.run.stderr) == ["file-too-large"])
        #expect(refused.run.stderr.contains("--max-file-size"))
        #expect(refused.run.stderr.contains("sbmap: 1 storyboard, 2 scenes"), "\(refused.run.stderr)")
        #expect(refused.seconds < 30, "refusing took \(refused.seconds) s")

        let read = try Robust.measured(["check", "App", "--max-file-size", "300"], in: root)
        #expect(Robust.findings(read.run.stderr).allSatisfy { $0.level == "note" }, "\(read.run.stderr)")
        #expect(read.run.stderr.contains("sbmap: 2 storyboards, \(scenes + 2) scenes"), "\(read.run.stderr)")
        #expect(read.peakKiB > 0 && read.peakKiB < 400 * 1024, "peak RSS \(read.peakKiB / 1024) MB for a \(size / 1_000_000) MB file")
        #expect(read.seconds < 120, "reading took \(read.seconds) s")
    }

    // MARK: - Graph oddities

    @Test func duplicateIDsMissingDestinationsCyclesAndThousandsOfReferences() throws {
        let referencesPerFile = 50, files = 20  // 1,000 references to one scene
        var project: [String: String] = [
            "App/Duplicate.storyboard": XML.storyboard(initial: "d", XML.scene("d"), XML.scene("d")),
            "App/Missing.storyboard": XML.storyboard(initial: "m", XML.scene("m", body: XML.segue("g", to: "nowhere"))),
            "App/CycleA.storyboard": XML.storyboard(initial: "ra", XML.reference("ra", storyboard: "CycleB")),
            "App/CycleB.storyboard": XML.storyboard(initial: "rb", XML.reference("rb", storyboard: "CycleC")),
            "App/CycleC.storyboard": XML.storyboard(initial: "rc", XML.reference("rc", storyboard: "CycleA")),
            "App/Hub.storyboard": XML.storyboard(initial: "hub", XML.scene("hub", attributes: #"storyboardIdentifier="Hub""#)),
        ]
        for file in 0..<files {
            let references = (0..<referencesPerFile).map { XML.reference("r\(file)-\($0)", storyboard: "Hub", identifier: "Hub") }
            project["App/Spokes/Spoke\(file).storyboard"] = XML.storyboard(references.joined(separator: "\n"))
        }
        let root = try Harness.project(project)
        for arguments in [["check", "App"], ["export", "App", "-o", "graph.json"], ["render", "App", "-o", "map.dot"],
                          ["render", "App", "-o", "map.svg"]] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 1, "\(arguments)")
            #expect(Robust.codes(for: "App/Duplicate.storyboard", in: run.stderr).contains("duplicate-object-id"))
            #expect(Robust.codes(for: "App/Missing.storyboard", in: run.stderr).contains("missing-destination"))
            #expect(Robust.findings(run.stderr).contains { $0.path.hasPrefix("App/Cycle") && $0.code == "reference-cycle" })
            #expect(run.stderr.contains("\(files * referencesPerFile + 3) cross-file links (\(files * referencesPerFile) resolved"),
                    "\(run.stderr)")
        }
        let svg = String(decoding: try #require(Robust.read("map.svg", in: root)), as: UTF8.self)
        #expect(svg.hasSuffix("</svg>\n"))
        let jsonData = try #require(Robust.read("graph.json", in: root))
        let json = try #require(try JSONSerialization.jsonObject(with: jsonData) as? [String: Any])
        #expect(((json["edges"] as? [Any])?.count ?? 0) >= files * referencesPerFile)
    }

    // MARK: - Hostile names

    static let hostileNames = [
        "\"quoted\" 'single'",
        "<script>alert(1)</script>",
        "\"><svg onload=alert(2)>",
        "javascript:alert(3)",
        "ctrl\u{7F}\u{85}\u{9B}31m\ttab\nline",
        "rtl\u{202E}gnp.exe\u{202C} \u{2066}iso\u{2069}",
        String(repeating: "W", count: 10_000),
        "\\N \\G \\E \\T \\H \\L \\n \\l \\r",
        "<<b>html</b>>",
        "&amp; &lt;b&gt; &#60;",
        "]]><!--",
    ]

    /// Names from files anyone can edit, and file names too: in JSON they round-trip exactly; in SVG and DOT
    /// they are text, never markup, script, a link or a broken file; on stderr they cannot fake a line.
    @Test func hostileNamesComeOutAsTextInEveryFormat() throws {
        var project: [String: String] = [:]
        var scenes: [String] = []
        for (index, name) in Self.hostileNames.enumerated() {
            let value = Robust.attribute(name)
            scenes.append(XML.scene("h\(index)", attributes: """
                customClass="\(value)" title="\(value)" storyboardIdentifier="\(value)" userLabel="\(value)"
                """, body: XML.segue("g\(index)", to: "h\((index + 1) % Self.hostileNames.count)", identifier: value)))
            scenes.append(XML.reference("r\(index)", storyboard: value, identifier: value))
        }
        project["App/Names.storyboard"] = XML.storyboard(initial: "h0", scenes.joined(separator: "\n"))
        // File names are input too.
        for (index, name) in ["quote\"<script>'", "rtl\u{202E}gnp", "esc\u{1B}[31mred", "new\nline", "\\N\\G"].enumerated() {
            project["App/Files/\(name).storyboard"] = XML.storyboard(initial: "f\(index)", XML.scene("f\(index)"),
                                                                     XML.reference("fr\(index)", storyboard: "Missing\(name)"))
        }
        project["App/Code.swift"] = "let vc = UIStoryboard(name: \"<script>\\u{202E}\", bundle: nil)\n"
        let root = try Harness.project(project)

        let export = try Harness.run(["export", "App", "-o", "graph.json"], in: root)
        #expect(export.status == 1)
        let jsonData = try #require(Robust.read("graph.json", in: root))
        let json = try #require(try JSONSerialization.jsonObject(with: jsonData) as? [String: Any])
        let classes = Set((json["nodes"] as? [[String: Any]])?.compactMap { $0["customClass"] as? String } ?? [])
        for name in Self.hostileNames {
            let expected = String(String.UnicodeScalarView(name.unicodeScalars.filter { $0.value >= 0x20 || $0 == "\t" || $0 == "\n" }))
            #expect(classes.contains(expected), "\(expected.prefix(40)) did not round-trip through JSON")
        }

        for engine in ["dot", "circo"] {
            let run = try Harness.run(["render", "App", "-o", "map.svg", "--layout", engine], in: root)
            #expect(run.status == 1)
            let svgData = try #require(Robust.read("map.svg", in: root))
            try Self.expectSafeSVG(svgData)
        }
        let dotRun = try Harness.run(["render", "App", "-o", "map.dot"], in: root)
        #expect(dotRun.status == 1)
        let dot = String(decoding: try #require(Robust.read("map.dot", in: root)), as: UTF8.self)
        #expect(dot.hasPrefix("digraph sbmap {") && dot.hasSuffix("}\n"))
        #expect(!dot.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0x202E || $0.value == 0x7F })
        // Text is always a quoted DOT string; an HTML-like label (`label=<…>`) would make `<b>` markup. The one
        // HTML-like label is the legend's table, sbmap's own markup, which holds no input text.
        let html = dot.components(separatedBy: "label=<").dropFirst()
        #expect(html.count == 1 && html.allSatisfy { $0.hasPrefix("<TABLE") }, "an HTML-like label reached DOT")
        #expect(html.allSatisfy { !($0.components(separatedBy: "</TABLE>>").first ?? "").contains("<script") })
        #expect(dot.contains("label=\"<script>alert(1)</script>\""))

        // Findings quote names and paths: no raw control or bidi characters, and every line is a finding or the summary.
        for run in [export, dotRun, try Harness.run(["check", "App", "--findings-format", "github"], in: root)] {
            #expect(!run.stderr.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x202E, 0x2066, 0x2069].contains($0.value) })
            for line in run.stderr.split(separator: "\n") {
                let isFinding = line.contains(": error: ") || line.contains(": warning: ") || line.contains(": note: ") || line.hasPrefix("::")
                #expect(isFinding || line.hasPrefix("sbmap: "), "stray line: \(line.prefix(120))")
            }
        }
    }

    static func expectSafeSVG(_ data: Data) throws {
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.hasSuffix("</svg>\n"))
        let document = try XMLDocument(data: data, options: [])
        var stack: [XMLNode] = [try #require(document.rootElement())]
        while let node = stack.popLast() {
            if let element = node as? XMLElement {
                let name = element.name ?? ""
                #expect(!["script", "foreignObject", "iframe", "b"].contains(name), "element <\(name)> in the SVG")
                for attribute in element.attributes ?? [] {
                    let key = (attribute.name ?? "").lowercased()
                    let value = (attribute.stringValue ?? "").lowercased()
                    #expect(!key.hasPrefix("on"), "event attribute \(key)")
                    #expect(!value.contains("javascript:") || key == "xlink:title" || key == "title", "\(key)=\(value.prefix(60))")
                    if key == "href" || key == "xlink:href" { Issue.record("input reached a link: \(value.prefix(60))") }
                }
            }
            stack += node.children ?? []
        }
        #expect(!text.unicodeScalars.contains { ($0.value < 0x20 && $0 != "\n") || (0x7F...0x9F).contains($0.value) || [0x202E, 0x2066, 0x2069].contains($0.value) })
        // Capped, whatever the name's length: labels to a line, tooltips to a paragraph.
        #expect(!text.contains(String(repeating: "W", count: 700)))
        for element in try document.nodes(forXPath: "//*[local-name()='text']") {
            #expect((element.stringValue ?? "").count <= 80)
        }
    }

    // MARK: - File-system trouble

    @Test func symlinkLoopsDanglingLinksPipesAndUnreadableFilesAndFolders() throws {
        let root = try Harness.project([
            "App/Good.storyboard": Self.good,
            "App/Locked.storyboard": Self.good,
            "App/LockedFolder/Hidden.storyboard": Self.good,
        ])
        Robust.openUp(root)
        let app = root.appendingPathComponent("App")
        let fm = FileManager.default
        try fm.createSymbolicLink(atPath: app.appendingPathComponent("Loop").path, withDestinationPath: app.path)
        try fm.createSymbolicLink(atPath: app.appendingPathComponent("Up").path, withDestinationPath: "..")
        try fm.createSymbolicLink(atPath: app.appendingPathComponent("Self.storyboard").path, withDestinationPath: "Self.storyboard")
        try fm.createSymbolicLink(atPath: app.appendingPathComponent("Dangling.storyboard").path, withDestinationPath: "Gone.storyboard")
        #expect(mkfifo(app.appendingPathComponent("Pipe.storyboard").path, 0o666) == 0)
        try fm.createDirectory(at: root.appendingPathComponent("out"), withIntermediateDirectories: true)
        chmod(root.appendingPathComponent("out").path, 0o777)
        chmod(app.appendingPathComponent("Locked.storyboard").path, 0)
        chmod(app.appendingPathComponent("LockedFolder").path, 0)
        defer { chmod(app.appendingPathComponent("LockedFolder").path, 0o755) }

        let start = Date()
        let run = try Robust.runUnprivileged(["export", "App", "-o", "out/graph.json"], in: root)
        #expect(Date().timeIntervalSince(start) < 30, "a pipe or a loop held the run")
        #expect(Robust.codes(for: "App/Dangling.storyboard", in: run.stderr) == ["unreadable-file"], "\(run.stderr)")
        #expect(Robust.codes(for: "App/Self.storyboard", in: run.stderr) == ["unreadable-file"])
        #expect(Robust.codes(for: "App/Pipe.storyboard", in: run.stderr) == ["unreadable-file"])
        // Good.storyboard once, however many loops lead back to it.
        #expect(run.stderr.contains("sbmap: 1 storyboard, 2 scenes"), "\(run.stderr)")
        if Robust.canDropPrivileges {
            #expect(run.status == 1)
            #expect(Robust.codes(for: "App/Locked.storyboard", in: run.stderr) == ["unreadable-file"])
            #expect(Robust.findings(run.stderr).contains { $0.path == "App/LockedFolder" && $0.code == "unreadable-file" })
        }
        let json = try #require(Robust.read("out/graph.json", in: root))
        #expect(try JSONSerialization.jsonObject(with: json) is [String: Any])

        // A pipe named on the command line is refused too, not waited on.
        let direct = try Harness.run(["check", "App/Pipe.storyboard", "App/Good.storyboard"], in: root)
        #expect(Robust.codes(for: "App/Pipe.storyboard", in: direct.stderr) == ["unreadable-file"])
        #expect(direct.stderr.contains("not a regular file"))
    }

    @Test func outputsThatCannotBeWritten() throws {
        let root = try Harness.project(["App/Good.storyboard": Self.good])
        Robust.openUp(root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("readonly"), withIntermediateDirectories: true)
        chmod(root.appendingPathComponent("readonly").path, 0o555)
        defer { chmod(root.appendingPathComponent("readonly").path, 0o755) }
        if Robust.canDropPrivileges {
            for arguments in [["export", "App", "-o", "readonly/graph.json"], ["render", "App", "-o", "readonly/map.svg"]] {
                let run = try Robust.runUnprivileged(arguments, in: root)
                #expect(run.status == 2)
                #expect(run.stderr.contains("cannot write 'readonly/"), "\(run.stderr)")
                #expect(run.stderr.contains("Permission denied"))
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("readonly").path).isEmpty)
        }
        let folder = try Harness.run(["render", "App", "-o", "App", "--format", "svg"], in: root)
        #expect(folder.status == 2)
        #expect(folder.stderr.contains("cannot write 'App': it is a folder"))
    }

    /// Files that vanish, turn into folders or pipes, or change between discovery and loading: each is a
    /// finding at its path, and every other file still loads. (Library level, so the timing is exact.)
    @Test func filesThatChangeBetweenDiscoveryAndLoading() throws {
        let root = try Harness.project([
            "App/Stays.storyboard": Self.good,
            "App/Vanishes.storyboard": Self.good,
            "App/BecomesFolder.storyboard": Self.good,
            "App/BecomesPipe.storyboard": Self.good,
            "App/Shrinks.storyboard": Self.good,
            "App/Vanishes-Info.plist": "<plist><dict/></plist>",
            "App/Vanishes.swift": "let x = 1",
        ])
        let discovered = Discovery().discover([root.appendingPathComponent("App").path])
        #expect(discovered.files.count == 7)
        let app = root.appendingPathComponent("App")
        let fm = FileManager.default
        for name in ["Vanishes.storyboard", "Vanishes-Info.plist", "Vanishes.swift"] {
            try fm.removeItem(at: app.appendingPathComponent(name))
        }
        try fm.removeItem(at: app.appendingPathComponent("BecomesFolder.storyboard"))
        try fm.createDirectory(at: app.appendingPathComponent("BecomesFolder.storyboard"), withIntermediateDirectories: false)
        try fm.removeItem(at: app.appendingPathComponent("BecomesPipe.storyboard"))
        #expect(mkfifo(app.appendingPathComponent("BecomesPipe.storyboard").path, 0o644) == 0)
        try Data(Self.good.utf8.prefix(300)).write(to: app.appendingPathComponent("Shrinks.storyboard"))

        let project = ProjectLoader().load(discovered.files)
        func codes(_ name: String) -> [String] {
            let all = project.storyboards.map { ($0.path, $0.diagnostics) } + project.settings.map { ($0.path, $0.diagnostics) }
                + project.code.map { ($0.path, $0.diagnostics) }
            return all.filter { $0.0.hasSuffix("/" + name) }.flatMap { $0.1.map(\.code.rawValue) }
        }
        #expect(codes("Vanishes.storyboard") == ["unreadable-file"])
        #expect(codes("Vanishes-Info.plist") == ["unreadable-file"])
        #expect(codes("Vanishes.swift") == ["unreadable-file"])
        #expect(codes("BecomesFolder.storyboard") == ["unreadable-file"])
        #expect(codes("BecomesPipe.storyboard") == ["unreadable-file"])
        #expect(codes("Shrinks.storyboard") == ["malformed-xml"])
        #expect(project.storyboards.compactMap(\.value).map { PathText.lastComponent($0.path) } == ["Stays.storyboard"])
    }

    /// Files rewritten, deleted and recreated while `sbmap` runs: whatever it sees, it finishes normally
    /// with valid JSON. (The timing varies; the promise holds for every timing.)
    @Test func filesChangingDuringTheRun() throws {
        let root = try Harness.project((0..<30).reduce(into: [String: String]()) { files, index in
            files["App/S\(index).storyboard"] = Self.good
        })
        let app = root.appendingPathComponent("App")
        let stop = StopFlag()
        let writer = Thread {
            var round = 0
            while !stop.isSet {
                let url = app.appendingPathComponent("S\(round % 30).storyboard")
                switch round % 4 {
                case 0: try? FileManager.default.removeItem(at: url)
                case 1: try? Data(Self.good.utf8.prefix(round % 500)).write(to: url)
                case 2: try? Data(Self.good.utf8).write(to: url, options: .atomic)
                default: try? Data((Self.good + String(repeating: "<!-- pad -->\n", count: 2000)).utf8).write(to: url)
                }
                round += 1
            }
        }
        writer.start()
        defer { stop.set() }
        for _ in 0..<8 {
            let run = try Harness.run(["export", "App"], in: root)
            #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
            #expect(try JSONSerialization.jsonObject(with: run.stdoutBytes) is [String: Any])
            #expect(run.stderr.contains("sbmap: "))
        }
    }

    // MARK: - Interruption

    /// SIGTERM or SIGINT at any moment leaves the old output or the complete new one, and no temporary file.
    @Test func anInterruptedRunLeavesTheOldOutputOrTheCompleteNewOne() throws {
        var project: [String: String] = [:]
        for file in 0..<20 {
            let scenes = (0..<60).map { XML.scene("f\(file)s\($0)", body: XML.segue("g\(file)-\($0)", to: "f\(file)s\(($0 + 1) % 60)")) }
            project["App/F\(file).storyboard"] = XML.storyboard(initial: "f\(file)s0", scenes.joined(separator: "\n"))
        }
        let root = try Harness.project(project)
        let old = Data("the previous map\n".utf8)
        let output = root.appendingPathComponent("map.dot")
        func leftovers() throws -> [String] {
            try FileManager.default.contentsOfDirectory(atPath: root.path).filter { $0.hasSuffix(".tmp") }
        }

        // The complete output, and how long a run takes.
        try old.write(to: output)
        let start = Date()
        let full = try Harness.run(["render", root.appendingPathComponent("App").path, "-o", output.path, "--view", "full"], in: root)
        let duration = Date().timeIntervalSince(start)
        #expect(full.status == 0, "\(full.stderr)")
        let complete = try Data(contentsOf: output)
        #expect(complete.count > 200_000)

        var interruptedWhileWriting = false
        // Attempts 0–3 aim at the write, 4–7 at a random moment. On a loaded machine the aimed signal can land just
        // after the rename; then up to eight more aimed attempts are made, until one lands while the file is written.
        for attempt in 0..<16 {
            if attempt >= 8, interruptedWhileWriting { break }
            let aimed = attempt < 4 || attempt >= 8
            try old.write(to: output)
            // posix_spawn and waitpid rather than Foundation's Process: this loop polls for the exact moment to
            // interrupt, and must reap the child itself rather than wait for Foundation's monitor thread.
            let pid = try Self.spawn(Harness.executable.path, ["render", root.appendingPathComponent("App").path, "-o", output.path, "--view", "full"])
            let signal = attempt % 2 == 0 ? SIGTERM : SIGINT
            var caught = false
            var status: Int32 = 0
            var reaped = false
            if aimed {
                // Wait for the temporary file to appear, then interrupt while it is being written.
                // Its name is unpredictable (`.map.dot.sbmap-PID-RANDOM.tmp`): look for the prefix.
                let temporary = ".map.dot.sbmap-\(pid)-"
                let deadline = Date().addingTimeInterval(60)
                while Date() < deadline {
                    if let names = try? FileManager.default.contentsOfDirectory(atPath: root.path),
                       names.contains(where: { $0.hasPrefix(temporary) }) {
                        caught = true
                        break
                    }
                    if waitpid(pid, &status, WNOHANG) == pid {
                        reaped = true
                        break
                    }
                }
            } else {
                usleep(UInt32(Double.random(in: 0...(duration * 1.2)) * 1_000_000))
            }
            if !reaped {
                kill(pid, signal)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            let exited = (status & 0x7F) == 0
            let code = (status >> 8) & 0xFF
            let now = try Data(contentsOf: output)
            // Compared as Booleans: a failed `#expect` of two large Data values would diff them, which takes minutes.
            let isOld = now == old, isComplete = now == complete
            #expect(isOld || isComplete, "attempt \(attempt): a half-written output")
            let stray = try leftovers()
            #expect(stray.isEmpty, "attempt \(attempt): \(stray)")
            if caught, isComplete {
                // The run renamed its file between the look and the signal (a loaded machine): the output is whole,
                // and the run either ended before the signal (0) or was stopped on its way out (128 + signal).
                #expect(exited && [0, 128 + signal].contains(code), "attempt \(attempt): status \(status)")
            } else if caught {
                // Killed with the temporary file on disk: the handler removed it and left the old output.
                #expect(exited && code == 128 + signal, "attempt \(attempt): status \(status)")
                #expect(isOld, "attempt \(attempt): the old output was replaced")
                interruptedWhileWriting = true
            } else if exited {
                #expect([0, 128 + signal].contains(code), "attempt \(attempt): exit \(code)")
            }
        }
        #expect(interruptedWhileWriting, "no attempt caught the run while the temporary file existed")
    }

    /// Starts `path` with `arguments`, its output thrown away; the caller reaps it with `waitpid`.
    static func spawn(_ path: String, _ arguments: [String]) throws -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        // The test runner blocks or redirects signals on its threads, and a spawned child inherits the mask:
        // start it with none blocked and SIGINT/SIGTERM at their defaults, as a shell would.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        sigaddset(&defaults, SIGINT)
        sigaddset(&defaults, SIGTERM)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let rc = posix_spawn(&pid, path, &actions, &attributes, argv, environ)
        guard rc == 0 else { throw POSIXError(POSIXErrorCode(rawValue: rc) ?? .EPERM) }
        return pid
    }

    // MARK: - Determinism

    /// The same project in two folders, created in opposite orders (so the file system lists them
    /// differently): byte-identical output in every format.
    @Test func everyFormatIsByteIdenticalWhateverTheListingOrder() throws {
        var files: [String: String] = [
            "App/Info.plist": "<?xml version=\"1.0\"?>\n<plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>\n",
            "App/Coordinator.swift": "let feed = UIStoryboard(name: \"Feed\", bundle: nil).instantiateViewController(withIdentifier: \"FeedList\")\n",
        ]
        files["App/Base.lproj/Main.storyboard"] = XML.storyboard(initial: "tab",
            XML.scene("tab", element: "tabBarController", body: """
                <connections>
                    <segue destination="r1" kind="relationship" relationship="viewControllers" id="t1"/>
                    <segue destination="r2" kind="relationship" relationship="viewControllers" id="t2"/>
                </connections>
            """), XML.reference("r1", storyboard: "Feed"), XML.reference("r2", storyboard: "Settings", identifier: "Missing"))
        for name in ["Feed", "Settings", "Zeta", "alpha", "Mid"] {
            files["App/\(name)/\(name).storyboard"] = XML.storyboard(initial: "\(name)0",
                XML.scene("\(name)0", element: "navigationController", attributes: "storyboardIdentifier=\"\(name)List\"",
                          body: XML.segue("\(name)g", to: "\(name)1", kind: "relationship")),
                XML.scene("\(name)1", attributes: "customClass=\"\(name)ViewController\"", body: XML.segue("\(name)h", to: "\(name)0", kind: "presentation")))
        }
        let forward = try Harness.project([:])
        let backward = try Harness.project([:])
        for (path, text) in files.sorted(by: { $0.key < $1.key }) { try Robust.write(text, path, in: forward) }
        for (path, text) in files.sorted(by: { $0.key > $1.key }) {
            // Churn in the folders as well, so their entries are laid out differently.
            try Robust.write("x", path + ".churn", in: backward)
            try Robust.write(text, path, in: backward)
            try FileManager.default.removeItem(at: backward.appendingPathComponent(path + ".churn"))
        }
        for output in ["graph.json", "map.svg", "map.dot", "map.png", "map.pdf"] {
            let arguments = output.hasSuffix(".json") ? ["export", "App", "-o", output] : ["render", "App", "-o", output]
            let one = try Harness.run(arguments, in: forward)
            let two = try Harness.run(arguments, in: backward)
            #expect(one.status == two.status)
            #expect(one.stderr == two.stderr)
            let a = try #require(Robust.read(output, in: forward))
            let b = try #require(Robust.read(output, in: backward))
            #expect(!a.isEmpty)
            #expect(a == b, "\(output) differs between the two folders")
        }
    }
}

/// A TCP listener on 127.0.0.1 that never accepts: it only counts the connections that reached it.
private final class LocalListener {
    let socketFD: Int32
    let port: UInt16

    init() throws {
        #if canImport(Glibc)
        let fd = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        #else
        let fd = socket(AF_INET, SOCK_STREAM, 0)
        #endif
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(fd, $0, length) == 0 && getsockname(fd, $0, &length) == 0 }
        }
        guard bound, listen(fd, 16) == 0 else {
            close(fd)
            throw POSIXError(.EADDRINUSE)
        }
        _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
        socketFD = fd
        port = UInt16(bigEndian: address.sin_port)
    }

    deinit { close(socketFD) }

    func connectionAttempts() -> Int {
        var count = 0
        while true {
            let client = accept(socketFD, nil, nil)
            guard client >= 0 else { return count }
            close(client)
            count += 1
        }
    }
}

private final class StopFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = false
    var isSet: Bool { lock.withLock { value } }
    func set() { lock.withLock { value = true } }
}
