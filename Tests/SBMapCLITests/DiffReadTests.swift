import Foundation
import SBMapAnalysis
import SBMapDiscover
@testable import SBMapRevision
import Testing
@testable import SBMapCLI

/// Issue 21, "the diff reads only what it needs": a revision is read from git's object database, only the files the
/// analysis reads (`git ls-tree`, then `git cat-file --batch`), so a blob it does not need may be missing, a blob it
/// needs and lacks is a failed run that names the file, and the selection is discovery's own.
@Suite struct DiffReadTests {
    /// `DiffScratchTests.repository()` (two commits: the second drops the post screen) with a 5 MB asset of random
    /// bytes committed in the first, kept as a loose object.
    static func repositoryWithAsset() throws -> (root: URL, asset: String) {
        let root = try DiffScratchTests.repository()
        let asset = root.appendingPathComponent("Assets/big.bin")
        try FileManager.default.createDirectory(at: asset.deletingLastPathComponent(), withIntermediateDirectories: true)
        var generator = SystemRandomNumberGenerator()
        try Data((0..<5 << 20).map { _ in UInt8.random(in: 0...255, using: &generator) }).write(to: asset)
        try DiffScratchTests.git(["add", "Assets/big.bin"], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "an asset"], in: root)
        return (root, "Assets/big.bin")
    }

    /// git's answer, or nil when it fails.
    static func git(_ arguments: [String], in root: URL) throws -> String? {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git"] + arguments
        process.currentDirectoryURL = root
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return process.terminationStatus == 0 ? String(decoding: data, as: UTF8.self) : nil
    }

    /// Removes the loose object of `path` at `revision` from the repository's object database.
    static func removeObject(of path: String, at revision: String, in root: URL) throws {
        let oid = try #require(try git(["rev-parse", "\(revision):\(path)"], in: root)).trimmingCharacters(in: .whitespacesAndNewlines)
        let file = root.appendingPathComponent(".git/objects/\(oid.prefix(2))/\(oid.dropFirst(2))")
        try FileManager.default.removeItem(at: file)
        #expect(try git(["cat-file", "-e", oid], in: root) == nil, "the object is still readable")
    }

    /// A blob the map does not need (a 5 MB asset, pruned from the clone) does not stop the diff: it is never asked
    /// for. (With `git archive`, the run failed: "cannot read revision".)
    @Test func aMissingAssetDoesNotStopTheDiff() throws {
        let (root, asset) = try Self.repositoryWithAsset()
        try Self.removeObject(of: asset, at: "HEAD", in: root)
        let run = try Harness.run(["diff", "HEAD~2", "HEAD", "--summary", "-"], in: root, environment: ["SBMAP_TIMINGS": "1"])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("- removed PostViewController"), "\(run.stdout)")
        // The git stage of each side, with what it read of what the revision lists.
        let stages = run.stderr.split(separator: "\n").filter { $0.hasPrefix("sbmap: time: git ") }
        #expect(stages.count == 2, "\(run.stderr)")
        #expect(stages.last?.contains("HEAD (") == true && stages.last?.contains("5 of 6 files") == true, "\(stages)")
    }

    /// A blob over the size limit of its file is not written into the copy (once 300 MiB from 2.4 MB of git
    /// objects, before the limit refused them): git's header gives its size first, the copy gets a file of that
    /// size with no bytes in it, and the analysis refuses it unread, with the finding a checkout gives.
    @Test func aBlobOverTheLimitIsNotWrittenAndGetsTheLimitsFinding() throws {
        let root = try DiffScratchTests.repository()
        let padding = String(repeating: "<!-- padding padding padding padding padding padding padding -->\n", count: 48_000)
        let huge = XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HugeViewController""#)) + padding
        try Data(huge.utf8).write(to: root.appendingPathComponent("App/Huge.storyboard"))
        try Data(("let huge = 1\n" + String(repeating: "// a generated line of a vendored amalgamation\n", count: 190_000)).utf8)
            .write(to: root.appendingPathComponent("App/Huge.swift"))
        try DiffScratchTests.git(["add", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "huge files"], in: root)

        let run = try Harness.run(["diff", "HEAD~1", "HEAD", "--max-file-size", "2", "--summary", "-"], in: root,
                                  environment: ["SBMAP_TIMINGS": "1"])
        let stage = run.stderr.split(separator: "\n").last { $0.hasPrefix("sbmap: time: git ") && $0.contains("HEAD (") }
        #expect(stage?.contains("MB, 0.0 MB written)") == true, "\(run.stderr)")
        let check = try Harness.run(["check", ".", "--max-file-size", "2"], in: root)
        for file in ["App/Huge.storyboard", "App/Huge.swift"] {
            let finding = check.stderr.split(separator: "\n").first { $0.contains(file) && $0.contains("[file-too-large]") }
            #expect(finding != nil, "\(check.stderr)")
            #expect(run.stderr.contains(String(finding ?? "-")) || run.stdout.contains(String(finding ?? "-")),
                    "diff gives check's finding: \(run.stderr)")
        }
    }

    /// A blob the map needs and the clone lacks: the run failed (exit 2), naming the file and what to do.
    @Test func aMissingStoryboardNamesTheFileAndFailsTheRun() throws {
        let root = try DiffScratchTests.repository()
        try Self.removeObject(of: "App/Feed.storyboard", at: "HEAD~1", in: root)
        let run = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root)
        #expect(run.status == 2, "\(run.stderr)")
        #expect(run.stderr.contains("cannot read revision 'HEAD~1'"), "\(run.stderr)")
        #expect(run.stderr.contains("'App/Feed.storyboard'") && run.stderr.contains("git fetch"), "\(run.stderr)")
        #expect(run.stdout.isEmpty)
    }

    /// In a partial clone without blobs, the diff fetches the blobs the map needs and no other: the asset stays
    /// missing after the run.
    @Test func aPartialCloneFetchesOnlyWhatTheMapNeeds() throws {
        let (origin, asset) = try Self.repositoryWithAsset()
        try DiffScratchTests.git(["config", "uploadpack.allowFilter", "true"], in: origin)
        let clone = Harness.newFolder()
        try DiffScratchTests.git(["clone", "-q", "--no-checkout", "--filter=blob:none", "file://\(origin.path)", clone.path],
                                 in: origin)
        let oid = try #require(try Self.git(["rev-parse", "HEAD:\(asset)"], in: clone)).trimmingCharacters(in: .whitespacesAndNewlines)
        func missing() throws -> Set<String> {
            let objects = try #require(try Self.git(["rev-list", "--objects", "--missing=print", "HEAD"], in: clone))
            return Set(objects.split(separator: "\n").filter { $0.hasPrefix("?") }.map { String($0.dropFirst()) })
        }
        #expect(try missing().contains(oid), "the clone has the asset already: not a partial clone")
        let run = try Harness.run(["diff", "HEAD~2", "HEAD", "--summary", "-"], in: clone)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("- removed PostViewController"), "\(run.stdout)")
        #expect(try missing().contains(oid), "the asset was fetched")
    }

    /// The revision's `.sbmap.yml` is read first, and what it says (its paths and excludes) decides what else is
    /// read: the same map as `check` on a checkout of that revision.
    @Test func theRevisionsSettingsChooseWhatIsRead() throws {
        let root = try DiffScratchTests.repository()
        try DiffCommandTests.write([
            ".sbmap.yml": "paths: [Other]\nexclude: [Legacy]\n",
            "Other/Start.storyboard": XML.storyboard(initial: "a", XML.scene("a", attributes: #"customClass="StartViewController""#)),
            "Other/Legacy/Old.storyboard": XML.storyboard(initial: "o", XML.scene("o", attributes: #"customClass="OldViewController""#)),
        ], to: root)
        try DiffScratchTests.git(["add", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "settings"], in: root)
        let run = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        // HEAD maps Other (without Legacy) only: App's scenes are gone from the map, Start is new, Old never read.
        #expect(run.stdout.contains("StartViewController") && run.stdout.contains("- removed FeedViewController"), "\(run.stdout)")
        #expect(!run.stdout.contains("OldViewController"), "\(run.stdout)")
        // Without the settings, everything under the current folder; from a subfolder, that subfolder.
        let unset = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-", "--no-config"], in: root)
        #expect(unset.status == 0 && unset.stdout.contains("OldViewController"), "\(unset.stderr)")
        let sub = try Harness.run(["diff", "HEAD~1", "HEAD", "--no-config"], in: root.appendingPathComponent("App"))
        #expect(sub.status == 0 && sub.stderr.contains("no change to the storyboard map"), "\(sub.stderr)")
    }

    /// The two revisions are written into one folder in turn (the second only changes what differs): whichever
    /// comes second sees nothing of the first (its settings, a folder, a link, a changed file), so the diff is the
    /// diff of two checkouts, both ways round.
    @Test func eachRevisionIsReadAsACheckoutWouldBe() throws {
        let root = Harness.newFolder()
        let repo = root.appendingPathComponent("repo")
        func scene(_ id: String, _ name: String) -> String { XML.scene(id, attributes: #"customClass="\#(name)" storyboardIdentifier="\#(name)""#) }
        try DiffCommandTests.write([
            ".sbmap.yml": "exclude: [Skipped]\n",
            "App/Main.storyboard": XML.storyboard(initial: "m", scene("m", "MainViewController")),
            "App/Skipped/Extra.storyboard": XML.storyboard(initial: "x", scene("x", "ExtraViewController")),
            "Old/Gone.storyboard": XML.storyboard(initial: "g", scene("g", "GoneViewController")),
            "App/Feed.swift": "import UIKit\nlet feed = UIStoryboard(name: \"Gone\", bundle: nil)\n",
        ], to: repo)
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("App/Linked.storyboard").path,
                                                   withDestinationPath: "../Old/Gone.storyboard")
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: repo)
        try DiffScratchTests.git(["add", "."], in: repo)
        try DiffScratchTests.git(["commit", "-q", "-m", "before"], in: repo)
        for path in [".sbmap.yml", "Old/Gone.storyboard", "App/Linked.storyboard"] {
            try FileManager.default.removeItem(at: repo.appendingPathComponent(path))
        }
        try DiffCommandTests.write([
            "App/Main.storyboard": XML.storyboard(initial: "m", scene("m", "MainViewController"), scene("n", "NewViewController")),
            "App/Linked.storyboard": XML.storyboard(initial: "l", scene("l", "LinkedViewController")),
        ], to: repo)
        try DiffScratchTests.git(["add", "-A"], in: repo)
        try DiffScratchTests.git(["commit", "-q", "-m", "after"], in: repo)
        // The checkouts, for comparison.
        for (name, revision) in [("before", "HEAD~1"), ("after", "HEAD")] {
            try DiffScratchTests.git(["worktree", "add", "-q", "--detach", root.appendingPathComponent(name).path, revision], in: repo)
        }
        for (base, head) in [("HEAD~1", "HEAD"), ("HEAD", "HEAD~1")] {
            let revisions = try Harness.run(["diff", base, head, "--summary", "-", "-o", "map.json"], in: repo)
            let checkouts = try Harness.run(["diff", base == "HEAD" ? "after" : "before", head == "HEAD" ? "after" : "before",
                                             "--summary", "-", "-o", "map.json"], in: root)
            #expect(revisions.status == checkouts.status, "\(revisions.stderr)")
            #expect(revisions.stdout == checkouts.stdout, "\(base) → \(head)")
            let map = { (folder: URL) in (try? String(contentsOf: folder.appendingPathComponent("map.json"), encoding: .utf8)) ?? "" }
            #expect(map(repo) == map(root) && !map(repo).isEmpty, "\(base) → \(head)")
        }
        let forward = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: repo)
        #expect(forward.stdout.contains("ExtraViewController") && forward.stdout.contains("NewViewController"), "\(forward.stdout)")
        #expect(forward.stdout.contains("LinkedViewController") && forward.stdout.contains("GoneViewController"), "\(forward.stdout)")
    }

    /// A revision's settings naming a committed link out of the repository are refused as in a checkout (exit 64,
    /// at the line), even though the copy holds the link only once the inputs are written, and nothing out there is
    /// read.
    @Test func aSettingsPathThroughACommittedLinkOutIsRefused() throws {
        let top = Harness.newFolder()
        let repo = top.appendingPathComponent("repo")
        try DiffCommandTests.write([
            "outside/Secret.storyboard": XML.storyboard(initial: "x", XML.scene("x", attributes: #"customClass="SecretViewController""#)),
            "repo/App/Main.storyboard": XML.storyboard(initial: "m", XML.scene("m", attributes: #"customClass="MainViewController""#)),
        ], to: top)
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: repo)
        try DiffScratchTests.git(["add", "."], in: repo)
        try DiffScratchTests.git(["commit", "-q", "-m", "before"], in: repo)
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("Out").path,
                                                   withDestinationPath: top.appendingPathComponent("outside").path)
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("App/Leak").path, withDestinationPath: "../Out")
        try DiffCommandTests.write([".sbmap.yml": "paths: [App, Out]\n"], to: repo)
        try DiffScratchTests.git(["add", "."], in: repo)
        try DiffScratchTests.git(["commit", "-q", "-m", "a link out"], in: repo)
        let checkout = try Harness.run(["check"], in: repo)
        #expect(checkout.status == 64 && checkout.stderr.contains("leads outside"), "\(checkout.stderr)")

        let run = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: repo)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(".sbmap.yml:1:") && run.stderr.contains("leads outside"), "\(run.stderr)")
        #expect(!run.stdout.contains("Secret") && !run.stderr.contains("Secret"), "\(run.stdout)")
    }

    /// The seam itself: the paths selected from a revision's listing are exactly what discovery reads in a checkout
    /// of it (by real path, through links), plus the manifests it opens to tell its own output and the `.xcconfig`s
    /// a project may name. Skipped folders, excluded paths and assets are not selected.
    @Test func theSelectionIsWhatDiscoveryReads() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "m", XML.scene("m")),
            "App/Info.plist": "<plist><dict/></plist>",
            "App/AppDelegate.swift": "final class AppDelegate {}\n",
            "App/Legacy/Old.storyboard": "<document/>",
            "App.xcodeproj/project.pbxproj": "// !$*UTF8*$!\n{}\n",
            "Package.swift": "// swift-tools-version:5.9\n",
            "Config/Base.xcconfig": "SDKROOT = iphoneos\n",
            "Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig": "OTHER = 1\n",
            "Pods/Lib/Pod.storyboard": "<document/>",
            ".build/Built.storyboard": "<document/>",
            "DerivedData/Gen.swift": "",
            "App/Compiled.storyboardc/Inner.storyboard": "<document/>",
            ".hidden/Secret.storyboard": "<document/>",
            "Vendor/.shared/Shared.storyboard": XML.storyboard(initial: "s", XML.scene("s")),
            "Assets/big.bin": String(repeating: "x", count: 1 << 16),
            "Assets/Icon.png": "png",
            "Assets/real.data": XML.storyboard(initial: "r", XML.scene("r")),
            "docs/site/sbmap-site.json": "{}",
            "docs/site/Page.storyboard": XML.storyboard(initial: "p", XML.scene("p")),
            "Sources/Lib/Code.m": "",
        ])
        let links = [
            "App/Shared": "../Vendor/.shared",          // a folder inside, under a hidden one: followed
            "App/Alias.storyboard": "../Assets/real.data",  // a file inside, named otherwise: its target is read
            "App/Leak.storyboard": "/etc/hostname",        // out of the tree: not followed, noted
            "App/Dangling.storyboard": "Nowhere.storyboard",
            "App/Loop": "Loop",
        ]
        for (link, target) in links {
            try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent(link).path, withDestinationPath: target)
        }
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: root)
        try DiffScratchTests.git(["add", "-f", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "all"], in: root)

        let listing = try #require(try Self.git(["ls-tree", "-r", "-z", "--full-tree", "HEAD"], in: root))
        let entries = RevisionCopy.entries(in: Data(listing.utf8))
        #expect(entries.count == 25)
        let tree = ListedTree(entries.map { (path: $0.path, entry: $0.entry) })
        let configuration = AnalysisConfiguration(excludes: ["Legacy"])
        let selection = try Analysis.selection(of: tree, inputs: [""], from: "", configuration: configuration) { path in
            try FileManager.default.destinationOfSymbolicLink(atPath: root.appendingPathComponent(path).path)
        }

        let top = root.resolvingSymlinksInPath().path + "/"
        let discovered = Discovery(options: DiscoveryOptions(excludes: ["Legacy"])).discover([root.path])
        let read = Set(discovered.files.map { URL(fileURLWithPath: $0.url).resolvingSymlinksInPath().path }
            .map { $0.hasPrefix(top) ? String($0.dropFirst(top.count)) : $0 })
        #expect(read.contains("Vendor/.shared/Shared.storyboard") && read.contains("Assets/real.data"), "\(read.sorted())")
        #expect(selection.files.subtracting(read)
            == ["docs/site/sbmap-site.json", "Config/Base.xcconfig", "Pods/Target Support Files/Pods-App/Pods-App.debug.xcconfig"])
        #expect(read.subtracting(selection.files).isEmpty, "\(read.subtracting(selection.files))")
        #expect(!selection.files.contains("Assets/big.bin") && !selection.files.contains("Assets/Icon.png"))
        #expect(selection.links == ["App/Shared", "App/Alias.storyboard", "App/Leak.storyboard", "App/Dangling.storyboard"])
        #expect(selection.folders == [""])
        #expect(discovered.diagnostics.map(\.code.rawValue).sorted() == ["link-outside-inputs", "unreadable-file"])

        // Without code, the sources are not selected; from a subfolder, only what is under it.
        let noCode = try Analysis.selection(of: tree, inputs: ["."], from: "App", configuration: AnalysisConfiguration(readsCode: false)) { _ in nil }
        #expect(noCode.files.filter { !$0.hasSuffix(".xcconfig") }.sorted()
            == ["App/Info.plist", "App/Legacy/Old.storyboard", "App/Main.storyboard"])
    }

    /// Paths a hostile tree could hold are never written: absolute, `..`, `.git`, empty parts, overlong names.
    @Test func unsafePathsInATreeAreRefused() {
        for path in ["/etc/passwd", "../up.storyboard", "App/../../x", "App/./x", "App//x", ".git/config", "App/.GIT/hooks/x",
                     "", String(repeating: "n", count: 256) + ".storyboard"] {
            #expect(!RevisionCopy.isSafe(path), "\(path)")
        }
        for path in ["App/Main.storyboard", ".sbmap.yml", "App/..x/y", "a b/c\nd.swift"] {
            #expect(RevisionCopy.isSafe(path), "\(path)")
        }
        let records = "100644 blob 0123456789abcdef0123456789abcdef01234567\t../evil.storyboard\0"
            + "100644 blob 0123456789abcdef0123456789abcdef01234567\tApp/Main.storyboard\0"
            + "160000 commit 0123456789abcdef0123456789abcdef01234567\tVendor/Lib\0"
            + "040000 tree 0123456789abcdef0123456789abcdef01234567\tApp\0"
        #expect(RevisionCopy.entries(in: Data(records.utf8)).map(\.path) == ["App/Main.storyboard", "Vendor/Lib"])
        // A damaged tree that lists a path twice, or a path below a file: the first entry stands, the rest is dropped.
        let damaged = ListedTree([(path: "App/Main.storyboard", entry: .file), (path: "App/Main.storyboard/x.storyboard", entry: .file),
                                  (path: "App/Main.storyboard", entry: .link)])
        #expect(damaged.fileCount == 1 && damaged.files { _ in true } == ["App/Main.storyboard"])
    }
}
