import Foundation
import Testing

/// Links into a site that do not depend on where sbmap ran, and a footer that says what the site was built from.
@Suite struct SiteProvenanceTests {
    func page(_ folder: URL, _ name: String) throws -> String {
        try String(contentsOf: folder.appendingPathComponent(name), encoding: .utf8)
    }

    func anchors(_ html: String) -> Set<String> {
        let regex = try! NSRegularExpression(pattern: ##"(?:id|data-node)="(scene-[^"]*)"|href="[^"#]*#(scene-[^"]*)""##)
        var found = Set<String>()
        for match in regex.matches(in: html, range: NSRange(html.startIndex..., in: html)) {
            for group in 1...2 {
                if let range = Range(match.range(at: group), in: html) { found.insert(String(html[range])) }
            }
        }
        return found
    }

    @Test func sceneAnchorsAreTheSameWhereverSbmapRuns() throws {
        let root = try SiteFixtures.tabApp()
        #expect(try Harness.run(["site", "App", "-o", "near", "-q"], in: root).status == 1)
        // From another folder, with the app's absolute path: as a CI runner that checks out elsewhere would.
        let elsewhere = Harness.newFolder()
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)
        let far = elsewhere.appendingPathComponent("far")
        #expect(try Harness.run(["site", root.appendingPathComponent("App").path, "-o", far.path, "-q"], in: elsewhere).status == 1)
        for name in ["storyboards/Feed.html", "storyboards/Main.html", "findings.html"] {
            let a = anchors(try page(root.appendingPathComponent("near"), name)), b = anchors(try page(far, name))
            #expect(!a.isEmpty && a == b, "\(name): \(a.symmetricDifference(b))")
            #expect(a.allSatisfy { !$0.contains("App") && !$0.contains("storyboard") }, "\(name): \(a)")
        }
        #expect(anchors(try page(far, "storyboards/Feed.html")).contains("scene-detail"))
    }

    func git(_ arguments: [String], in folder: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=sbmap", "-c", "user.email=sbmap@example.com", "-c", "commit.gpgsign=false"] + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    func head(_ folder: URL) throws -> String {
        try git(output: ["rev-parse", "HEAD"], in: folder)
    }

    @Test func theFooterNamesTheCommitOfAGitWorkTreeAndNothingOutsideOne() throws {
        let root = try SiteFixtures.tabApp()
        #expect(try Harness.run(["site", "App", "-o", "plain", "-q"], in: root).status == 1)
        let plain = try page(root.appendingPathComponent("plain"), "index.html")
        #expect(plain.contains("<footer>") && !plain.contains("from commit"))

        try git(["init", "-q"], in: root)
        try git(["add", "App"], in: root)
        try git(["commit", "-q", "-m", "app"], in: root)
        let commit = try head(root)
        #expect(commit.count == 40)
        #expect(try Harness.run(["site", "App", "-o", "site", "-q"], in: root).status == 1)
        let date = try git(output: ["show", "-s", "--format=%cs", "HEAD"], in: root)
        #expect(date.count == 10, "\(date)")
        for name in ["index.html", "findings.html", "diagnostics.html", "storyboards/Feed.html"] {
            let html = try page(root.appendingPathComponent("site"), name)
            // The commit and its date; the files are as committed (the site itself, written inside, does not count).
            #expect(html.contains("from commit <code class=\"commit\">\(commit)</code> of <time class=\"commit-date\" datetime=\"\(date)\">\(date)</time>,"), "\(name)")
            #expect(!html.contains("with local changes"), "\(name)")
        }
        // The same commit gives the same bytes: there is no clock in the pages.
        #expect(try Harness.run(["site", "App", "-o", "again", "-q"], in: root).status == 1)
        let first = try page(root.appendingPathComponent("site"), "index.html")
        let second = try page(root.appendingPathComponent("again"), "index.html")
        #expect(first == second, "\(zip(first.split(separator: "\n"), second.split(separator: "\n")).first { $0 != $1 }.map { "\($0) ≠ \($1)" } ?? "")")

        // A scanned file changed since the commit, or a new one: the footer says so.
        let feed = root.appendingPathComponent("App/Feed/FeedViewController.swift")
        try (try String(contentsOf: feed, encoding: .utf8) + "\n// edited\n").write(to: feed, atomically: true, encoding: .utf8)
        #expect(try Harness.run(["site", "App", "-o", "site", "-q"], in: root).status == 1)
        #expect(try page(root.appendingPathComponent("site"), "index.html")
            .contains("\(date)</time> <strong class=\"local-changes\">with local changes</strong>"))
        try git(["checkout", "-q", "--", "App"], in: root)
        try "new".write(to: root.appendingPathComponent("App/Notes.txt"), atomically: true, encoding: .utf8)
        #expect(try Harness.run(["site", "App", "-o", "site", "-q"], in: root).status == 1)
        #expect(try page(root.appendingPathComponent("site"), "index.html").contains("with local changes"), "an untracked file")
        // A change outside the scanned folder is not one of what was scanned.
        try FileManager.default.removeItem(at: root.appendingPathComponent("App/Notes.txt"))
        try "elsewhere".write(to: root.appendingPathComponent("README.txt"), atomically: true, encoding: .utf8)
        #expect(try Harness.run(["site", "App", "-o", "site", "-q"], in: root).status == 1)
        #expect(!(try page(root.appendingPathComponent("site"), "index.html").contains("with local changes")))
        // A site written inside the scanned folder (`sbmap site . -o site`) is not a change of it, on the next run either.
        let app = root.appendingPathComponent("App")
        for _ in 0..<2 {
            #expect(try Harness.run(["site", ".", "-o", "map", "-q"], in: app).status == 1)
            #expect(!(try page(app.appendingPathComponent("map"), "index.html").contains("with local changes")))
        }
    }

    func git(output arguments: [String], in folder: URL) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
