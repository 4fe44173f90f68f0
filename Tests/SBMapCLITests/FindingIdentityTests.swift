import Foundation
import SBMapAnalysis
@testable import SBMapCLI
import SBMapDiff
import SBMapModel
@testable import SBMapReport
import Testing

/// A finding's identity is what it is about (its code, its file from the repository's root, the names it is
/// about), never its wording or its line: baselines and `sbmap diff` match on it.
@Suite struct FindingIdentityTests {
    /// Main references each storyboard of `missing` (none exists: an `unknown-storyboard` error each, since a segue
    /// leads to each reference).
    static func app(missing: [String], linesAbove: Int = 0) -> [String: String] {
        let segues = missing.indices.map { #"<segue destination="ref\#($0)" kind="show" id="go\#($0)"/>"# }
        let home = XML.scene("home", body: segues.isEmpty ? "" : "<connections>\(segues.joined())</connections>")
        let main = XML.storyboard(initial: "home", home,
                                  missing.enumerated().map { XML.reference("ref\($0.offset)", storyboard: $0.element) }.joined(separator: "\n"))
        return ["App/Main.storyboard": main.replacingOccurrences(
            of: "?>\n", with: "?>\n" + String(repeating: "<!-- moved -->\n", count: linesAbove))]
    }

    static func git(_ arguments: String..., in root: URL) throws { try DiffScratchTests.git(arguments, in: root) }

    // MARK: the key

    /// A release that rewords a message, and a finding that moved, keep an existing baseline's entry.
    @Test func aBaselineMatchesWhatAFindingIsAboutNotItsWordingOrLine() {
        let old = Diagnostic(.error, .unknownStoryboard, "storyboard reference names storyboard 'Help', which does not exist",
                             at: SourceLocation(path: "App/Main.storyboard", line: 12, column: 5), about: "Help#")
        let baseline = Baseline(findings: [old])
        var reworded = old
        reworded.message = "the reference to 'Help' leads to a storyboard that is not in the app: the app crashes there"
        reworded.location?.line = 40
        #expect(baseline.newFindings([reworded]).isEmpty, "the same finding, worded anew and moved")
        var other = old
        other.about = "Help#Settings"
        #expect(baseline.newFindings([other]) == [other], "another Storyboard ID in the same file is another finding")
        // Nothing of the wording is in the file.
        let text = String(decoding: baseline.encoded(), as: UTF8.self)
        #expect(!text.contains("does not exist") && text.contains("\"about\" : \"Help#\"") && text.contains("\"version\" : 2"), "\(text)")
    }

    /// Issue 27, point 7: the old key stripped `:1` from `'Step:1'`, so a known finding about it hid a new one about
    /// `'Step:2'`.
    @Test func aBaselineKeepsNamesWhole() throws {
        let root = try Harness.project(Self.app(missing: ["Step:1"]))
        #expect(try Harness.run(["check", "App", "--write-baseline", "baseline.json"], in: root).status == 1)
        #expect(try Harness.run(["check", "App", "--baseline", "baseline.json"], in: root).status == 0)
        // Step:1 fixed, and a reference to a missing 'Step:2' made: the baseline does not know it.
        try GateTests.write(Self.app(missing: ["Step:2"]), into: root)
        let run = try Harness.run(["check", "App", "--baseline", "baseline.json"], in: root)
        #expect(run.status == 1, "\(run.stderr)")
        let errors = run.stderr.split(separator: "\n").filter { $0.contains(": error: ") }
        #expect(errors.count == 1 && errors[0].contains("'Step:2'"), "\(run.stderr)")
    }

    /// A baseline written before findings had keys (version 1, by message) is still read and matched the old way,
    /// with a note that says how to write it again.
    @Test func aVersionOneBaselineIsStillMatchedByItsMessages() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        let export = try Harness.run(["export", "App", "-o", "-"], in: root)
        let graph = try JSONDecoder().decode(StoryboardGraph.self, from: export.stdoutBytes)
        let finding = try #require(graph.diagnostics.first { $0.code == .unknownStoryboard })
        let v1 = #"{"version": 1, "findings": [{"code": "unknown-storyboard", "file": "App/Main.storyboard", "subject": "\#(finding.subject)"}]}"#
        try Data(v1.utf8).write(to: root.appendingPathComponent("old.json"))
        let run = try Harness.run(["check", "App", "--baseline", "old.json"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stderr.contains("old.json: note: a version-1 baseline"), "\(run.stderr)")
    }

    /// `diff` of a change that only inserts lines above every finding says nothing changed, and a count inside a
    /// message that changes ("1 scene … in only one of them" → "2 scenes") is not a new finding and a fixed one.
    @Test func diffMatchesFindingsByTheirKey() throws {
        func localized(extra: Int, linesAbove: Int) -> [String: String] {
            let base = XML.storyboard(initial: "a", XML.scene("a"))
            let french = XML.storyboard(initial: "a", XML.scene("a"), (0..<extra).map { XML.scene("x\($0)") }.joined(separator: "\n"))
            var files = Self.app(missing: ["Help"], linesAbove: linesAbove)
            files["App/Base.lproj/Other.storyboard"] = base
            files["App/fr.lproj/Other.storyboard"] = french.replacingOccurrences(
                of: "?>\n", with: "?>\n" + String(repeating: "<!-- moved -->\n", count: linesAbove))
            return files
        }
        // Each state is written into the same folder in turn, so both graphs name files by the same paths.
        let root = Harness.newFolder()
        func findings(_ files: [String: String]) throws -> StoryboardGraph {
            try? FileManager.default.removeItem(at: root)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for (path, text) in files {
                let url = root.appendingPathComponent(path)
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            }
            return try Analysis.run(inputs: [root.appendingPathComponent("App").path]).graph
        }
        let before = try findings(localized(extra: 1, linesAbove: 0))
        #expect(before.diagnostics.contains { $0.code == .localizationDivergence })
        let moved = GraphDiff(base: before, head: try findings(localized(extra: 1, linesAbove: 9)))
        #expect(moved.newFindings.isEmpty && moved.fixedFindings.isEmpty, "\(moved.newFindings) \(moved.fixedFindings)")
        let counted = GraphDiff(base: before, head: try findings(localized(extra: 2, linesAbove: 0)))
        #expect(counted.newFindings.isEmpty && counted.fixedFindings.isEmpty,
                "a count in a message changed: \(counted.newFindings.map(\.message)) \(counted.fixedFindings.map(\.message))")
    }

    // MARK: one policy step

    /// Findings made while drawing pass `.sbmap.yml`'s policy like every other (`render-limited: off`).
    @Test func findingsMadeWhileDrawingPassThePolicy() throws {
        let root = try Harness.project(Self.app(missing: []))
        let plain = try Harness.run(["render", "App", "-o", "map.png", "--max-pixels", "10000"], in: root)
        #expect(plain.stderr.contains("[render-limited]"), "\(plain.stderr)")
        try Data("findings:\n  severity:\n    render-limited: off\n".utf8).write(to: root.appendingPathComponent(".sbmap.yml"))
        let off = try Harness.run(["render", "App", "-o", "map.png", "--max-pixels", "10000"], in: root)
        #expect(off.status == 0, "\(off.stderr)")
        #expect(!off.stderr.contains("[render-limited]"), "\(off.stderr)")
        #expect(off.stderr.contains("0 notes"), "the summary counts what was reported: \(off.stderr)")
    }

    /// A level set in `.sbmap.yml` is capped by the facts: a segue performed inside `@try` is caught, so raising
    /// `code-unknown-segue` to error leaves that call a note, and its message still says why (docs/config.md).
    @Test func aConfiguredLevelIsCappedByTheFacts() throws {
        let root = try LibraryAnalysisTests.downgrades()
        let before = try Harness.run(["check", "App"], in: root)
        let line = try #require(before.stderr.split(separator: "\n").first { $0.contains("Safe.m:") && $0.contains("[code-unknown-segue]") })
        #expect(line.contains(": note: ") && line.contains("(the call is inside @try"), "\(line)")
        try Data("findings:\n  severity:\n    code-unknown-segue: error\n".utf8).write(to: root.appendingPathComponent(".sbmap.yml"))
        let raised = try Harness.run(["check", "App"], in: root)
        let after = try #require(raised.stderr.split(separator: "\n").first { $0.contains("Safe.m:") && $0.contains("[code-unknown-segue]") })
        #expect(after == line, "the fact caps the configured level: \(after)")
        // Where no fact holds it, the configured level is taken.
        #expect(raised.stderr.split(separator: "\n").contains { $0.contains(": error: ") && $0.contains("[code-unknown-segue]") },
                "\(raised.stderr)")
    }

    // MARK: paths from the repository's root

    /// With `paths: App` in `.sbmap.yml`, or run inside `App/`, annotations, SARIF and baselines name files from the
    /// repository's root, where GitHub places them.
    @Test func ciOutputsNameFilesFromTheRepositoryRoot() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        try Self.git("init", "-q", "-b", "main", in: root)
        let app = root.appendingPathComponent("App")
        // A baseline written at the root matches inside App/.
        #expect(try Harness.run(["check", "App", "--write-baseline", "baseline.json"], in: root).status == 1)
        let inside = try Harness.run(["check", ".", "--baseline", "../baseline.json"], in: app)
        #expect(inside.status == 0, "\(inside.stderr)")
        // And one written inside App/ names the file from the root.
        _ = try Harness.run(["check", ".", "--write-baseline", "../inside.json"], in: app)
        #expect(try Data(contentsOf: root.appendingPathComponent("inside.json")) == Data(contentsOf: root.appendingPathComponent("baseline.json")))
        let github = try Harness.run(["check", ".", "--findings-format", "github"], in: app)
        #expect(github.stderr.contains("::error file=App/Main.storyboard,"), "\(github.stderr)")
        _ = try Harness.run(["check", ".", "--findings-format", "sarif", "--findings-output", "../x.sarif"], in: app)
        let sarif = try String(contentsOf: root.appendingPathComponent("x.sarif"), encoding: .utf8)
        #expect(sarif.contains("\"uri\" : \"App/Main.storyboard\""), "\(sarif)")
    }

    // MARK: SARIF

    /// A file named like a URI with a scheme, `{0}` and Markdown links in names, and control characters: SARIF
    /// keeps each a relative reference to the real file and each message plain.
    @Test func sarifEncodesNamesAsRelativeReferencesAndPlainText() throws {
        let formatter = SARIFFindings(paths: RepositoryPaths(root: "/repo", currentFolder: "/repo"), version: SBMapCommand.version)
        #expect(formatter.artifactLocation("javascript:x.storyboard").uri == "javascript%3Ax.storyboard")
        #expect(formatter.artifactLocation("App/a\u{1B}b c%.storyboard").uri == "App/a%1Bb%20c%25.storyboard")
        #expect(formatter.artifactLocation("/elsewhere/A.storyboard").uri == "file:///elsewhere/A.storyboard")
        let finding = Diagnostic(.error, .unknownStoryboard, "names storyboard '{0} [here](https://evil.example)'",
                                 at: SourceLocation(path: "A.storyboard", line: 1, column: 1))
        #expect(SARIFFindings.messageText(finding) == #"names storyboard '{{0}} \[here\](https://evil.example)'"#)
    }

    /// A finding with no file (a mistyped `--exclude`) is not a result, which GitHub code scanning would reject for
    /// lacking a location: it is a notification of the run, and the document still validates.
    @Test func sarifPutsFindingsWithoutAFileInTheRunsNotifications() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        let run = try Harness.run(["check", "App", "--exclude", "Nothing*", "--findings-format", "sarif", "--findings-output", "out.sarif"], in: root)
        #expect(run.status == 1)
        let data = try Data(contentsOf: root.appendingPathComponent("out.sarif"))
        let log = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let sarifRun = try #require((log["runs"] as? [[String: Any]])?.first)
        let results = try #require(sarifRun["results"] as? [[String: Any]])
        #expect(results.allSatisfy { ($0["locations"] as? [Any])?.isEmpty == false }, "every result has a location")
        #expect(results.contains { $0["ruleId"] as? String == "unknown-storyboard" && $0["partialFingerprints"] != nil })
        let invocation = try #require((sarifRun["invocations"] as? [[String: Any]])?.first)
        let notes = try #require(invocation["toolExecutionNotifications"] as? [[String: Any]])
        #expect(notes.contains { ($0["associatedRule"] as? [String: Any])?["id"] as? String == "exclude-matches-nothing" }, "\(notes)")
        if let schema = SARIFSchema.path {
            let check = Process()
            check.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            check.arguments = ["python3", "-c", """
                import json, sys, jsonschema
                errors = list(jsonschema.Draft4Validator(json.load(open(sys.argv[1]))).iter_errors(json.load(open(sys.argv[2]))))
                for e in errors: print(list(e.path), e.message)
                sys.exit(1 if errors else 0)
                """, schema, root.appendingPathComponent("out.sarif").path]
            try check.run()
            check.waitUntilExit()
            #expect(check.terminationStatus == 0)
        }
    }

    // MARK: workflow commands

    /// Issue 27, point 4: names that `.sbmap.yml`, an argument or `--focus` quote cannot make a line GitHub's runner
    /// reads as a workflow command (`::stop-commands::`, `::add-mask::`, a forged `::error`); sbmap's own
    /// annotations stay.
    @Test func quotedNamesCannotForgeWorkflowCommands() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]))
        func forged(_ run: SBMapRun) -> [Substring] {
            (run.stderr + run.stdout).split(separator: "\n").filter { line in
                let text = line.drop(while: { $0 == " " || $0 == "\t" })
                return text.hasPrefix("::") && !(text.hasPrefix("::error file=") || text.hasPrefix("::warning ") || text.hasPrefix("::notice "))
            }
        }
        let github = ["--findings-format", "github"]
        try Data("\"x\\n::stop-commands::token\": 1\n".utf8).write(to: root.appendingPathComponent(".sbmap.yml"))
        let config = try Harness.run(["check", "App"] + github, in: root)
        #expect(config.status == 64 && config.stderr.contains("stop-commands"), "\(config.stderr)")
        #expect(forged(config).isEmpty, "\(config.stderr)")
        try FileManager.default.removeItem(at: root.appendingPathComponent(".sbmap.yml"))
        for arguments in [["check", "App", "--exclude", "x\n::add-mask::secret"] + github,
                          ["render", "App", "--focus", "Nope\n::error::forged", "-o", "m.svg"] + github,
                          ["check", "App", "--no-such-option\n::error::forged"] + github] {
            let run = try Harness.run(arguments, in: root)
            #expect(run.stderr.contains("::") && forged(run).isEmpty, "\(arguments): \(run.stderr)")
        }
        let annotated = try Harness.run(["check", "App"] + github, in: root)
        #expect(annotated.stderr.hasPrefix("::error file=App/Main.storyboard,"), "\(annotated.stderr)")
    }

    // MARK: outputs and inputs

    /// Issue 27, point 8: every output (`-o`, `--summary`, `--write-baseline`, `--findings-output`) is checked
    /// against every input (the scanned files, `.sbmap.yml`, the theme file, the baseline read), before anything is
    /// written.
    @Test func noOutputMayBeAnInput() throws {
        let root = try Harness.project(Self.app(missing: ["Help"]).merging([
            ".sbmap.yml": "paths: [App]\n", "theme.yaml": "extends: default\n",
        ]) { a, _ in a })
        _ = try Harness.run(["check", "--write-baseline", "baseline.json"], in: root)
        let cases: [[String]] = [
            ["check", "--findings-output", "App/Main.storyboard"],
            ["check", "--findings-output", ".sbmap.yml"],
            ["check", "--baseline", "baseline.json", "--findings-output", "baseline.json"],
            ["check", "--baseline", "baseline.json", "--write-baseline", "baseline.json"],
            ["render", "-o", "theme.yaml.svg", "--theme", "theme.yaml", "--findings-output", "theme.yaml"],
            ["export", "-o", ".sbmap.yml"],
            ["site", "-o", "site", "--baseline", "baseline.json", "--findings-output", "baseline.json"],
        ]
        let before = try Self.snapshot(root)
        for arguments in cases {
            let run = try Harness.run(arguments, in: root)
            #expect(run.status == 64, "\(arguments): \(run.stderr)")
            #expect(run.stderr.contains("is one of the files sbmap reads"), "\(arguments): \(run.stderr)")
        }
        #expect(try Self.snapshot(root) == before, "no input was written")
    }

    static func snapshot(_ root: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in [".sbmap.yml", "theme.yaml", "baseline.json", "App/Main.storyboard"] {
            files[name] = try Data(contentsOf: root.appendingPathComponent(name))
        }
        return files
    }

    // MARK: a change cannot excuse its own breakage

    /// A repository whose main commit is clean, and a change on top that breaks a link (a reference to 'Help') and
    /// edits `files` (a baseline, a settings file) to excuse it.
    static func excusingChange(_ files: (URL) throws -> Void) throws -> URL {
        let root = try Harness.project(Self.app(missing: []))
        try git("init", "-q", "-b", "main", in: root)
        #expect(try Harness.run(["check", "App", "--write-baseline", "baseline.json"], in: root).status == 0)
        try git("add", ".", in: root)
        try git("commit", "-q", "-m", "clean", in: root)
        try GateTests.write(Self.app(missing: ["Help"]), into: root)
        try files(root)
        try git("add", ".", in: root)
        try git("commit", "-q", "-m", "break and excuse", in: root)
        return root
    }

    /// Issue 27, point 3: `diff` reads the baseline at the base revision; the change's edited baseline is named,
    /// with what it would excuse, and the gate still fails.
    @Test func aChangeCannotExcuseItsBreakageInTheBaseline() throws {
        let root = try Self.excusingChange { root in
            let written = try Harness.run(["check", "App", "--write-baseline", "baseline.json"], in: root)
            #expect(written.status == 1)
        }
        let run = try Harness.run(["diff", "HEAD~1", ".", "--baseline", "baseline.json", "--summary", "-"], in: root)
        #expect(run.status == 1, "judged by the base's baseline, the new error fails the gate: \(run.stderr)")
        #expect(run.stdout.contains("This change edits the baseline `baseline.json`"), "\(run.stdout)")
        #expect(run.stdout.contains("would excuse 1 new finding") && run.stdout.contains("'Help'"), "\(run.stdout)")
        #expect(run.stderr.contains("the baseline it edits would excuse 1 new finding"), "\(run.stderr)")
        // An unchanged baseline is read as before, and says nothing.
        let same = try Harness.run(["diff", "HEAD", ".", "--baseline", "baseline.json", "--summary", "-"], in: root)
        #expect(same.status == 0 && !same.stdout.contains("edits the baseline"), "\(same.stdout)")
    }

    /// The same for a `.sbmap.yml` the change adds to turn the error off: judged by the base's settings, named.
    @Test func aChangeCannotExcuseItsBreakageInTheSettings() throws {
        let root = try Self.excusingChange { root in
            try Data("findings:\n  severity:\n    unknown-storyboard: off\n".utf8).write(to: root.appendingPathComponent(".sbmap.yml"))
        }
        let run = try Harness.run(["diff", "HEAD~1", ".", "--summary", "-"], in: root)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("This change edits the findings settings of"), "\(run.stdout)")
        #expect(run.stdout.contains("would leave out or lower 1 new finding") && run.stdout.contains("'Help'"), "\(run.stdout)")
    }

    /// Issue 27: `diff` of an unchanged tree with a relative link out of the repository says nothing changed (the
    /// working tree said the link leads out, the revision's copy said nothing, and the note was new).
    @Test func aRelativeLinkOutOfTheTreeIsTheSameOnBothSides() throws {
        let outer = Harness.newFolder()
        let root = outer.appendingPathComponent("repo")
        try FileManager.default.createDirectory(at: outer.appendingPathComponent("shared"), withIntermediateDirectories: true)
        try Data(XML.storyboard(initial: "o", XML.scene("o")).utf8).write(to: outer.appendingPathComponent("shared/Other.storyboard"))
        try FileManager.default.createDirectory(at: root.appendingPathComponent("App"), withIntermediateDirectories: true)
        try GateTests.write(Self.app(missing: []), into: root)
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/Shared").path, withDestinationPath: "../../shared")
        try Self.git("init", "-q", "-b", "main", in: root)
        try Self.git("add", ".", in: root)
        try Self.git("commit", "-q", "-m", "with a link out", in: root)
        let check = try Harness.run(["check", "App"], in: root)
        #expect(check.stderr.contains("[link-outside-inputs]"), "the working tree has the note: \(check.stderr)")
        let run = try Harness.run(["diff", "HEAD", ".", "--summary", "-"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("link-outside-inputs") && !run.stdout.contains("link-outside-inputs"), "\(run.stderr)\n\(run.stdout)")
    }
}
