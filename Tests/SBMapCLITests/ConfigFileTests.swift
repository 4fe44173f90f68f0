import Foundation
import SBMapModel
import Testing

/// `.sbmap.yml`: found by walking up, paths relative to it, flags win, mistakes at their line with exit 64.
@Suite struct ConfigFileTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// App/Main references a missing Help storyboard (an error); Legacy/Old references a missing Gone (an error). A
    /// segue leads to each reference: one nothing leads to is a warning.
    func project(config: String) throws -> URL {
        try Harness.project([
            ".sbmap.yml": config,
            ".git/HEAD": "ref: refs/heads/main\n",  // the repository's top: the search for the file stops here
            "App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", body: XML.segue("sr", to: "r")), XML.reference("r", storyboard: "Help")),
            "Legacy/Old.storyboard": XML.storyboard(initial: "b", XML.scene("b", body: XML.segue("sg", to: "g")), XML.reference("g", storyboard: "Gone")),
            "Tools/Note.txt": "a folder to run in",
        ])
    }

    @Test func theFileIsFoundFromASubfolderAndItsPathsAreRelativeToIt() throws {
        let root = try project(config: "paths: [App]\n")
        let run = try Harness.run(["check"], in: root.appendingPathComponent("Tools"))
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("../App/Main.storyboard:"))
        #expect(!run.stderr.contains("Legacy"), "only the file's paths are read")
        // Paths on the command line replace the file's.
        let legacy = try Harness.run(["check", "Legacy"], in: root)
        #expect(legacy.stderr.contains("Legacy/Old.storyboard") && !legacy.stderr.contains("App/Main"))
    }

    /// The search walks up to the repository's top (the folder holding `.git`, a folder or a worktree's file) and no
    /// further: a `.sbmap.yml` above it (a hostile `/tmp/.sbmap.yml`) is never applied. Outside a repository only the
    /// folder sbmap runs in is searched.
    @Test func aFileAboveTheRepositoryIsNeverApplied() throws {
        let hostile = "findings:\n  severity:\n    unknown-storyboard: off\n"
        let outer = try Harness.project([
            ".sbmap.yml": hostile,
            "repo/.git/HEAD": "ref: refs/heads/main\n",
            "repo/App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", body: XML.segue("sr", to: "r")), XML.reference("r", storyboard: "Help")),
            "worktree/.git": "gitdir: /somewhere/else\n",
            "worktree/App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", body: XML.segue("sr", to: "r")), XML.reference("r", storyboard: "Help")),
            "plain/App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", body: XML.segue("sr", to: "r")), XML.reference("r", storyboard: "Help")),
        ])
        for folder in ["repo", "repo/App", "worktree/App", "plain", "plain/App"] {
            let run = try Harness.run(["check", "."], in: outer.appendingPathComponent(folder))
            #expect(run.status == 1, "\(folder): the file above was applied: \(run.stderr)")
            #expect(run.stderr.contains("unknown-storyboard"), "\(folder): \(run.stderr)")
        }
        // Inside the repository, a file in a folder above the current one still applies; outside one, a file in the
        // current folder does.
        try Robust.write(hostile, ".sbmap.yml", in: outer.appendingPathComponent("repo"))
        try Robust.write(hostile, ".sbmap.yml", in: outer.appendingPathComponent("plain"))
        for folder in ["repo/App", "plain"] {
            let run = try Harness.run(["check", "."], in: outer.appendingPathComponent(folder))
            #expect(run.status == 0, "\(folder): \(run.stderr)")
        }
    }

    @Test func severityAndSuppressionsChangeWhatIsReportedAndTheExitCode() throws {
        let root = try project(config: """
            paths: [.]
            findings:
              severity:
                unknown-storyboard: warning
              suppress:
                - code: unknown-storyboard
                  paths: ["Legacy/*"]
                  reason: being deleted
            """)
        let run = try Harness.run(["check"], in: root)
        #expect(run.status == 0, "a warning does not fail: \(run.stderr)")
        #expect(run.stderr.contains("App/Main.storyboard:") && run.stderr.contains("warning:"))
        #expect(!run.stderr.contains("Legacy/Old.storyboard"))
        // --strict from the command line, or from the file, fails on the warning.
        #expect(try Harness.run(["check", "--strict"], in: root).status == 1)
        // --no-config: the findings as sbmap reports them.
        let plain = try Harness.run(["check", ".", "--no-config"], in: root)
        #expect(plain.status == 1 && plain.stderr.contains("Legacy/Old.storyboard"))
    }

    @Test func offLeavesACodeOut() throws {
        let root = try project(config: "findings:\n  severity:\n    unknown-storyboard: off\n")
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("unknown-storyboard"))
    }

    @Test func mistakesAreErrorsAtTheirLineAndExit64() throws {
        let root = try project(config: """
            paths: [App]
            colour: blue
            findings:
              severity:
                unknown-storybord: off
                unknown-identifier: fatal
            render:
              hops: many
            """)
        let run = try Harness.run(["check"], in: root)
        #expect(run.status == 64)
        #expect(run.stderr.contains(".sbmap.yml:2:1: error: key 'colour': unknown key 'colour'"))
        #expect(run.stderr.contains(".sbmap.yml:5:5: error: key 'findings.severity.unknown-storybord': unknown finding code"))
        #expect(run.stderr.contains("did you mean 'unknown-storyboard'?") || run.stderr.contains("unknown-storybord"))
        #expect(run.stderr.contains(".sbmap.yml:6:25: error: key 'findings.severity.unknown-identifier': unknown level 'fatal'"))
        #expect(run.stderr.contains(".sbmap.yml:8:9: error: key 'render.hops': expected a whole number"))
        let syntax = try project(config: "paths: [App\n")
        let broken = try Harness.run(["check"], in: syntax)
        #expect(broken.status == 64 && broken.stderr.contains(".sbmap.yml:") && broken.stderr.contains("not valid YAML"))
    }

    @Test func renderSettingsComeFromTheFileAndFlagsWin() throws {
        let root = try project(config: "paths: [App]\nrender:\n  theme: dark\n  max-nodes: 1\n")
        let run = try Harness.run(["render", "-o", "map.svg"], in: root)
        #expect(run.stderr.contains("drawing the overview"), "max-nodes 1 from the file")
        let svg = try String(contentsOf: root.appendingPathComponent("map.svg"), encoding: .utf8)
        #expect(svg.contains("#0d1117"), "the dark theme's background")
        let flags = try Harness.run(["render", "-o", "map2.svg", "--max-nodes", "500", "--theme", "print"], in: root)
        #expect(!flags.stderr.contains("drawing the overview"))
    }

    @Test func theDocumentedExampleFileIsValid() throws {
        let example = Self.repository.appendingPathComponent("docs/examples/sbmap.yml")
        guard FileManager.default.fileExists(atPath: example.path) else { return }
        let root = try project(config: "")
        let run = try Harness.run(["check", ".", "--config", example.path], in: root)
        #expect(run.status != 64, "\(run.stderr)")
    }

    @Test func everyFindingCodeIsDocumentedAndKnownToTheConfigFile() throws {
        let docs = Self.repository.appendingPathComponent("docs/diagnostics.md")
        guard let text = try? String(contentsOf: docs, encoding: .utf8) else { return }
        let documented = Set(text.split(separator: "\n").compactMap { line -> String? in
            guard line.hasPrefix("| `") else { return nil }
            return line.dropFirst(3).split(separator: "`").first.map(String.init)
        })
        let known = Set(DiagnosticCode.known.map(\.rawValue))
        // Every code declared in the model is in `known` (a new code someone forgot to list there).
        let model = Self.repository.appendingPathComponent("Sources/SBMapModel/Diagnostic.swift")
        let declared = Set((try String(contentsOf: model, encoding: .utf8)).matches(of: /static let \w+ = Self\("([a-z-]+)"\)/)
            .map { String($0.output.1) })
        #expect(declared == known, "declared but not in DiagnosticCode.known: \(declared.subtracting(known).sorted())")
        #expect(known.subtracting(documented).isEmpty, "codes not in docs/diagnostics.md: \(known.subtracting(documented).sorted())")
        #expect(documented.subtracting(known).isEmpty, "documented codes sbmap does not know: \(documented.subtracting(known).sorted())")
    }
}
