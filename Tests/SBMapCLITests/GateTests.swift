import Foundation
import Testing

/// What a CI gate reads from sbmap: exit codes that mean one thing each, a baseline of known findings, and SARIF.
@Suite struct GateTests {
    /// Main references two storyboards; `missing` of them do not exist (an error each).
    static func app(missing: [String], linesAbove: Int = 0) -> [String: String] {
        let names = ["Feed"] + missing
        let main = XML.storyboard(initial: "tab",
            XML.scene("tab", element: "tabBarController", body: """
                <connections>
                \(names.enumerated().map { #"<segue destination="ref\#($0.offset)" kind="relationship" relationship="viewControllers" id="r\#($0.offset)"/>"# }.joined(separator: "\n"))
                </connections>
            """),
            names.enumerated().map { XML.reference("ref\($0.offset)", storyboard: $0.element) }.joined(separator: "\n"))
        // Comment lines inserted after the XML declaration move every finding down.
        let moved = main.replacingOccurrences(of: "?>\n", with: "?>\n" + String(repeating: "<!-- moved -->\n", count: linesAbove))
        return ["App/Main.storyboard": moved,
                "App/Feed.storyboard": XML.storyboard(initial: "feed", XML.scene("feed"))]
    }

    static func write(_ files: [String: String], into root: URL) throws {
        for (path, text) in files {
            try Data(text.utf8).write(to: root.appendingPathComponent(path))
        }
    }

    // MARK: exit codes

    @Test func findingsExitOneAndFailOnSetsTheLevel() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        #expect(try Harness.run(["check", "App"], in: root).status == 1)
        #expect(try Harness.run(["check", "App", "--fail-on", "error"], in: root).status == 1)
        #expect(try Harness.run(["check", "App", "--fail-on", "never"], in: root).status == 0)
        let clean = try Harness.project(Self.app(missing: []))
        #expect(try Harness.run(["check", "App", "--fail-on", "warning"], in: clean).status == 0)
        let usage = try Harness.run(["check", "App", "--fail-on", "sometimes"], in: root)
        #expect(usage.status == 64)
        #expect(try Harness.run(["check", "App", "--strict", "--fail-on", "never"], in: root).status == 64)
    }

    @Test func anOutputThatCannotBeWrittenIsAFailedRunNotAFinding() throws {
        // A clean app: exit 1 could only mean findings, so a write failure must say 2.
        let root = try Harness.project(Self.app(missing: []))
        for arguments in [["export", "App", "-o", "no/such/folder/graph.json"], ["render", "App", "-o", "no/such/map.svg"],
                          ["check", "App", "--findings-output", "no/such/findings.txt"],
                          ["check", "App", "--write-baseline", "no/such/baseline.json"]] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 2, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("sbmap: error: cannot write 'no/such/"), "\(arguments): \(run.stderr)")
        }
        try FileManager.default.createDirectory(at: root.appendingPathComponent("base"), withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: root.appendingPathComponent("App"), to: root.appendingPathComponent("base/App"))
        let summary = try Harness.run(["diff", "base", ".", "--summary", "no/such/summary.md"], in: root)
        #expect(summary.status == 2, "\(summary.stderr)")
    }

    @Test func aGraphvizFailureIsAFailedRun() throws {
        // Graphviz without its plugins (an empty GVBINDIR): no layout engine, no renderer.
        let root = try Harness.project(Self.app(missing: []))
        let empty = Harness.newFolder()
        try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
        let run = try Harness.run(["render", "App", "-o", "map.svg"], in: root, environment: ["GVBINDIR": empty.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("sbmap: error: Graphviz"), "\(run.stderr)")
    }

    @Test func aRevisionThatIsNoneIsUsage() throws {
        let root = try Harness.project(Self.app(missing: []))
        let run = try Harness.run(["diff", "no-such-revision", "."], in: root)
        #expect(run.status == 64, "\(run.stderr)")
    }

    // MARK: baseline

    @Test func aBaselineKeepsKnownFindingsThroughLineMovesAndReportsNewOnes() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        let written = try Harness.run(["check", "App", "--write-baseline", "baseline.json"], in: root)
        #expect(written.status == 1, "writing a baseline reports as usual (SwiftLint's convention)")
        let baseline = try String(contentsOf: root.appendingPathComponent("baseline.json"), encoding: .utf8)
        #expect(baseline.contains("\"code\" : \"unknown-storyboard\""))
        #expect(baseline.contains("\"file\" : \"App/Main.storyboard\""))
        #expect(!baseline.contains("\"line\""), "no line numbers in the key")
        // Deterministic: the same findings, the same bytes.
        _ = try Harness.run(["check", "App", "--write-baseline", "again.json"], in: root)
        #expect(try Data(contentsOf: root.appendingPathComponent("again.json")) == Data(baseline.utf8))

        let known = try Harness.run(["check", "App", "--baseline", "baseline.json"], in: root)
        #expect(known.status == 0, "\(known.stderr)")
        #expect(!known.stderr.contains("error:"))
        #expect(known.stderr.contains("1 known finding in the baseline not reported"))

        // Lines inserted above: the finding moves, and stays known.
        try Self.write(Self.app(missing: ["Help"], linesAbove: 7), into: root)
        let moved = try Harness.run(["check", "App", "--baseline", "baseline.json"], in: root)
        #expect(moved.status == 0, "a moved finding is still known: \(moved.stderr)")

        // Another broken reference in the same file, same code, another name: new.
        try Self.write(Self.app(missing: ["Help", "Gone"], linesAbove: 7), into: root)
        let added = try Harness.run(["check", "App", "--baseline", "baseline.json"], in: root)
        #expect(added.status == 1)
        let errors = added.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1 && errors[0].contains("Gone"), "\(added.stderr)")

        // The known finding fixed: nothing reported, and a baseline entry with no finding is no error.
        try Self.write(Self.app(missing: []), into: root)
        let fixed = try Harness.run(["check", "App", "--baseline", "baseline.json"], in: root)
        #expect(fixed.status == 0, "\(fixed.stderr)")
        #expect(!fixed.stderr.contains("known finding"))
    }

    @Test func aMalformedOrMissingBaselineIsAUsageErrorAtItsPath() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]).merging(["broken.json": "{\"version\": 1, \"findings\": [{\"code\": 3}]}"]) { a, _ in a })
        let broken = try Harness.run(["check", "App", "--baseline", "broken.json"], in: root)
        #expect(broken.status == 64)
        #expect(broken.stderr.hasPrefix("broken.json: error: not an sbmap baseline"), "\(broken.stderr)")
        let missing = try Harness.run(["check", "App", "--baseline", "none.json"], in: root)
        #expect(missing.status == 64)
        #expect(missing.stderr.hasPrefix("none.json: error: cannot read the baseline file"), "\(missing.stderr)")
    }

    /// A baseline can come with a pull request: one over the limit is refused unread (a 1 GiB file took 1 GB of
    /// memory), and a pipe or a folder is not waited on.
    @Test func anOversizedBaselineIsRefusedUnread() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        let big = root.appendingPathComponent("big.json")
        #expect(FileManager.default.createFile(atPath: big.path, contents: Data("{\"version\": 1, \"findings\": [".utf8)))
        let handle = try FileHandle(forWritingTo: big)
        try handle.truncate(atOffset: UInt64(1) << 30)  // 1 GiB, sparse: nothing of it is on the disk
        try handle.close()
        let run = try Harness.run(["check", "App", "--baseline", "big.json"], in: root)
        #expect(run.status == 64)
        #expect(run.stderr.hasPrefix("big.json: error: the baseline file is 1024 MiB, larger than the limit of 16 MiB; it was not read"),
                "\(run.stderr)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("folder.json"), withIntermediateDirectories: true)
        let folder = try Harness.run(["check", "App", "--baseline", "folder.json"], in: root)
        #expect(folder.status == 64)
        #expect(folder.stderr.hasPrefix("folder.json: error: the baseline is not a regular file"), "\(folder.stderr)")
    }

    @Test func diffAndSiteAcceptTheBaseline() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        _ = try Harness.run(["check", "App", "--write-baseline", "baseline.json"], in: root)
        try FileManager.default.createDirectory(at: root.appendingPathComponent("base/App"), withIntermediateDirectories: true)
        try Self.write(Self.app(missing: []).reduce(into: [:]) { $0["base/" + $1.key] = $1.value }, into: root)
        // The change brings the Help error; the baseline knows it.
        let gated = try Harness.run(["diff", "base", "."], in: root)
        #expect(gated.status == 1)
        let known = try Harness.run(["diff", "base", ".", "--baseline", "baseline.json"], in: root)
        #expect(known.status == 0, "\(known.stderr)")
        let site = try Harness.run(["site", "App", "-o", "site", "--baseline", "baseline.json"], in: root)
        #expect(site.status == 0, "\(site.stderr)")
        #expect(try Harness.run(["site", "App", "-o", "site"], in: root).status == 1)
    }

    // MARK: SARIF

    @Test func sarifNamesTheRuleTheFileAndTheRegion() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        let run = try Harness.run(["check", "App", "--findings-format", "sarif", "--findings-output", "sbmap.sarif"], in: root)
        #expect(run.status == 1)
        let data = try Data(contentsOf: root.appendingPathComponent("sbmap.sarif"))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(log["version"] as? String == "2.1.0")
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        let driver = try #require((sarifRun["tool"] as? [String: Any])?["driver"] as? [String: Any])
        let rules = try #require(driver["rules"] as? [[String: Any]])
        let rule = try #require(rules.first { $0["id"] as? String == "unknown-storyboard" })
        #expect(((rule["shortDescription"] as? [String: Any])?["text"] as? String)?.isEmpty == false)
        #expect(((rule["help"] as? [String: Any])?["markdown"] as? String)?.contains("**What to do:**") == true)
        let result = try #require((sarifRun["results"] as? [[String: Any]])?.first)
        #expect(result["ruleId"] as? String == "unknown-storyboard")
        #expect(result["level"] as? String == "error")
        let physical = try #require(((result["locations"] as? [[String: Any]])?.first)?["physicalLocation"] as? [String: Any])
        let artifact = try #require(physical["artifactLocation"] as? [String: Any])
        #expect(artifact["uri"] as? String == "App/Main.storyboard")
        #expect(artifact["uriBaseId"] as? String == "%SRCROOT%")
        #expect(((physical["region"] as? [String: Any])?["startLine"] as? Int ?? 0) > 0)
        // No absolute path of this machine, and the same bytes on a second run.
        #expect(!String(decoding: data, as: UTF8.self).contains(root.path))
        _ = try Harness.run(["check", "App", "--findings-format", "sarif", "--findings-output", "again.sarif"], in: root)
        #expect(try Data(contentsOf: root.appendingPathComponent("again.sarif")) == data)
        // Without a file, SARIF is refused: on stderr it would be mixed with sbmap's messages.
        #expect(try Harness.run(["check", "App", "--findings-format", "sarif"], in: root).status == 64)
    }

    @Test(.enabled(if: SARIFSchema.path != nil, Comment(rawValue: SARIFSchema.missing)))
    func sarifIsValidAgainstThePublishedSchema() throws {
        let root = try Harness.project(Self.app(missing: ["Help", "Gone"]).merging([
            "App/Other.storyboard": XML.storyboard(XML.scene("o", attributes: #"storyboardIdentifier="Same""#),
                                                   XML.scene("p", attributes: #"storyboardIdentifier="Same""#)),
        ]) { a, _ in a })
        let run = try Harness.run(["check", "App", "--findings-format", "sarif", "--findings-output", "sbmap.sarif"], in: root)
        #expect(run.status == 1)
        let check = Process()
        check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        check.arguments = ["python3", "-c", """
            import json, sys, jsonschema
            schema = json.load(open(sys.argv[1]))
            log = json.load(open(sys.argv[2]))
            errors = sorted(jsonschema.Draft4Validator(schema).iter_errors(log), key=str)
            for e in errors: print(list(e.path), e.message)
            sys.exit(1 if errors else 0)
            """, try #require(SARIFSchema.path), root.appendingPathComponent("sbmap.sarif").path]
        let out = Pipe()
        check.standardOutput = out
        check.standardError = out
        try check.run()
        let text = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        check.waitUntilExit()
        #expect(check.terminationStatus == 0, "SARIF schema violations:\n\(text)")
    }
}

/// The SARIF 2.1.0 schema: `$SBMAP_SARIF_SCHEMA`, or `.build/sarif/sarif-schema-2.1.0.json`, which
/// scripts/fetch-sarif-schema.sh fetches from oasis-tcs/sarif-spec (pinned) when it is missing. Validating needs
/// python3 with jsonschema.
enum SARIFSchema {
    static let path: String? = {
        let hasValidator = (try? Process.run(URL(fileURLWithPath: "/usr/bin/env"), arguments: ["python3", "-c", "import jsonschema"]))
            .map { $0.waitUntilExit(); return $0.terminationStatus == 0 } ?? false
        guard hasValidator else { return nil }
        return TestAssets.path(environment: "SBMAP_SARIF_SCHEMA", cached: ".build/sarif/sarif-schema-2.1.0.json",
                               fetchedBy: "scripts/fetch-sarif-schema.sh")
    }()

    static let missing = "the SARIF 2.1.0 schema is not here and scripts/fetch-sarif-schema.sh could not fetch it (no network; or set SBMAP_SARIF_SCHEMA=/path/to/sarif-schema-2.1.0.json), or python3 has no jsonschema (pip install jsonschema): the schema test of SARIF output is skipped"
}
