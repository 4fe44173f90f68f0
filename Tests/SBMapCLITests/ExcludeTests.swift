import Foundation
import Testing

/// `--exclude` and `.sbmap.yml`'s `exclude:`: a glob with `/` is a path from a folder argument or from where it was
/// written (the current folder; the config file's folder), and a glob that matches nothing says so.
@Suite struct ExcludeTests {
    /// App/Main, App/Feed/Feed, App/Feed/Old/Old: three storyboards, one of them in a folder to leave out.
    func project(_ more: [String: String] = [:]) throws -> URL {
        let storyboard = { (id: String) in XML.storyboard(initial: id, XML.scene(id)) }
        return try Harness.project([
            "App/Main.storyboard": storyboard("main"),
            "App/Feed/Feed.storyboard": storyboard("feed"),
            "App/Feed/Old/Old.storyboard": storyboard("old"),
        ].merging(more) { $1 })
    }

    /// The storyboards `export` maps, and its run.
    func mapped(_ arguments: [String], in folder: URL) throws -> (paths: [String], run: SBMapRun) {
        let run = try Harness.run(["export"] + arguments, in: folder)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any], "\(run.stderr)")
        let paths = (json["storyboards"] as? [[String: Any]] ?? []).compactMap { $0["path"] as? String }
        return (paths, run)
    }

    @Test func aGlobWithASlashIsAPathFromTheFolderArgumentOrFromTheCurrentFolder() throws {
        let root = try project()
        let kept = ["App/Feed/Feed.storyboard", "App/Main.storyboard"]
        for glob in ["Feed/Old", "App/Feed/Old", "./App/Feed/Old", "Feed/Old/", "App/Feed/Old/*", root.path + "/App/Feed/Old"] {
            let (paths, run) = try mapped(["App", "--exclude", glob], in: root)
            #expect(paths == kept, "--exclude \(glob): \(paths)")
            #expect(run.status == 0 && !run.stderr.contains("warning:"), "--exclude \(glob): \(run.stderr)")
        }
        // A pattern that spells the folder argument, from the current folder and from a folder below it.
        #expect(try mapped(["App/Feed", "--exclude", "App/Feed/Old"], in: root).paths == ["App/Feed/Feed.storyboard"])
        let app = root.appendingPathComponent("App")
        #expect(try mapped(["Feed", "--exclude", "Feed/Old"], in: app).paths == ["Feed/Feed.storyboard"])
        // An absolute argument, and a glob from the current folder.
        #expect(try mapped([app.path, "--exclude", "App/Feed/Old"], in: root).paths
                == [app.path + "/Feed/Feed.storyboard", app.path + "/Main.storyboard"])
    }

    @Test func globsMatchNamesAnywhereAndPathsAcrossFolders() throws {
        let root = try project()
        #expect(try mapped(["App", "--exclude", "Old"], in: root).paths == ["App/Feed/Feed.storyboard", "App/Main.storyboard"])
        #expect(try mapped(["App", "--exclude", "F*"], in: root).paths == ["App/Main.storyboard"])
        #expect(try mapped(["App", "--exclude", "**/Old"], in: root).paths == ["App/Feed/Feed.storyboard", "App/Main.storyboard"])
        #expect(try mapped(["App", "--exclude", "App/Feed/*"], in: root).paths == ["App/Main.storyboard"])
        #expect(try mapped(["App", "--exclude", "*/Old/*.storyboard"], in: root).paths == ["App/Feed/Feed.storyboard", "App/Main.storyboard"])
    }

    /// A glob that excludes nothing is a warning (a mistake the user would not see otherwise), about the run, not a
    /// file: exit 0, and 1 with `--strict`. Each glob is judged on its own, so two that match the same folder are
    /// both fine.
    @Test func aGlobThatMatchesNothingIsAWarning() throws {
        let root = try project()
        let (paths, run) = try mapped(["App", "--exclude", "App/Fed/Old", "--exclude", "Nope"], in: root)
        #expect(paths.count == 3)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").map(String.init)
        #expect(lines.contains { $0.hasPrefix("sbmap: warning: --exclude 'App/Fed/Old' matches nothing sbmap reads under 'App' (a glob with '/' is a path from a folder argument or from the current folder")
            && $0.hasSuffix("[exclude-matches-nothing]") }, "\(run.stderr)")
        #expect(lines.contains { $0.hasPrefix("sbmap: warning: --exclude 'Nope' matches nothing sbmap reads under 'App' (a glob without '/' matches file and folder names anywhere") },
                "\(run.stderr)")
        #expect(lines.last?.hasSuffix("0 errors, 2 warnings, 0 notes") == true, "\(run.stderr)")
        let strict = try Harness.run(["check", "App", "--exclude", "App/Fed/Old", "--strict"], in: root)
        #expect(strict.status == 1)

        let both = try Harness.run(["check", "App", "--exclude", "Old", "--exclude", "App/Feed/Old", "--exclude", "Feed/Old"], in: root)
        #expect(both.status == 0)
        #expect(!both.stderr.contains("exclude-matches-nothing"), "\(both.stderr)")
        // A file named alone is read whatever the globs say: they have nothing to match, and no warning says so.
        let file = try Harness.run(["check", "App/Main.storyboard", "--exclude", "Nope"], in: root)
        #expect(!file.stderr.contains("exclude-matches-nothing"), "\(file.stderr)")
    }

    /// `.sbmap.yml`'s globs behave as the flag's, from the file's folder; one that matches nothing is a warning at
    /// its line, when the run reads what the file describes.
    @Test func theConfigFilesExcludesBehaveTheSame() throws {
        let root = try project([
            ".git/HEAD": "ref: refs/heads/main\n",
            ".sbmap.yml": """
                paths: [App]
                exclude:
                  - App/Feed/Old
                  - Nope/*

                """,
            "Tools/README": "a folder to run in",
        ])
        let fromRoot = try mapped([], in: root)
        #expect(fromRoot.paths == ["App/Feed/Feed.storyboard", "App/Main.storyboard"], "\(fromRoot.run.stderr)")
        #expect(fromRoot.run.stderr.contains(".sbmap.yml:4:5: warning: exclude 'Nope/*' matches nothing sbmap reads under 'App' (a glob with '/' is a path from a folder argument or from this file's folder"),
                "\(fromRoot.run.stderr)")
        #expect(fromRoot.run.stderr.components(separatedBy: "exclude-matches-nothing").count == 2, "only Nope/*: \(fromRoot.run.stderr)")

        // From a folder below, the file's globs are still from its folder.
        let tools = try mapped([], in: root.appendingPathComponent("Tools"))
        #expect(tools.paths == ["../App/Feed/Feed.storyboard", "../App/Main.storyboard"], "\(tools.run.stderr)")
        #expect(tools.run.stderr.contains("../.sbmap.yml:4:5: warning: exclude 'Nope/*'"), "\(tools.run.stderr)")

        // A part of the project: the globs still apply, and the file's other globs are not reported.
        let part = try mapped(["App/Feed"], in: root)
        #expect(part.paths == ["App/Feed/Feed.storyboard"])
        #expect(!part.run.stderr.contains("exclude-matches-nothing"), "\(part.run.stderr)")
        // A flag's glob is reported as always, beside the file's.
        let flag = try Harness.run(["check", "App/Feed", "--exclude", "Gone"], in: root)
        #expect(flag.stderr.contains("sbmap: warning: --exclude 'Gone' matches nothing"), "\(flag.stderr)")
        #expect(!flag.stderr.contains("'Nope/*'"))
    }
}
