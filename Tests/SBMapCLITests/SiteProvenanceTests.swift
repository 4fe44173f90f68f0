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
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "rev-parse", "HEAD"]
        process.currentDirectoryURL = folder
        let out = Pipe()
        process.standardOutput = out
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
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
        for name in ["index.html", "findings.html", "diagnostics.html", "storyboards/Feed.html"] {
            #expect(try page(root.appendingPathComponent("site"), name).contains("from commit <code class=\"commit\">\(commit)</code>"), "\(name)")
        }
        // The same commit gives the same bytes: there is no clock in the pages.
        #expect(try Harness.run(["site", "App", "-o", "again", "-q"], in: root).status == 1)
        let first = try page(root.appendingPathComponent("site"), "index.html")
        let second = try page(root.appendingPathComponent("again"), "index.html")
        #expect(first == second, "\(zip(first.split(separator: "\n"), second.split(separator: "\n")).first { $0 != $1 }.map { "\($0) ≠ \($1)" } ?? "")")
    }
}
