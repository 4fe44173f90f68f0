import Foundation
import Testing

/// Issue 28, item 15: a storyboard reference into a git submodule. A revision holds the submodule as a bare gitlink,
/// the working tree has it checked out: both sides must read it the same way.
@Suite struct DiffSubmoduleTests {
    /// A superproject whose Main storyboard references `Kit` › `KitHome`, a storyboard of the submodule at
    /// `Vendor/Kit`; its last commit changes only the README.
    static func repository() throws -> (root: URL, kit: URL) {
        let kit = Harness.newFolder()
        try DiffCommandTests.write(["Kit.storyboard": XML.storyboard(initial: "k",
            XML.scene("k", attributes: #"customClass="KitViewController" storyboardIdentifier="KitHome""#))], to: kit)
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: kit)
        try DiffScratchTests.git(["add", "."], in: kit)
        try DiffScratchTests.git(["commit", "-q", "-m", "kit"], in: kit)

        let root = Harness.newFolder()
        try DiffCommandTests.write([
            "App/Main.storyboard": XML.storyboard(initial: "home",
                XML.scene("home", attributes: #"customClass="HomeViewController""#, body: XML.segue("toKit", to: "kitRef")),
                XML.reference("kitRef", storyboard: "Kit", identifier: "KitHome")),
            "README.md": "# App\n",
        ], to: root)
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: root)
        try DiffScratchTests.git(["-c", "protocol.file.allow=always", "submodule", "add", "-q", kit.path, "Vendor/Kit"], in: root)
        try DiffScratchTests.git(["add", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "the app, with its kit"], in: root)
        try DiffCommandTests.write(["README.md": "# App\n\nNow with a README.\n"], to: root)
        try DiffScratchTests.git(["commit", "-q", "-am", "README"], in: root)
        return (root, kit)
    }

    @Test func aReferenceIntoASubmoduleIsReadAtItsCommitOnBothSides() throws {
        let (root, _) = try Self.repository()
        // The working tree as the head: the submodule checked out; the base from git objects.
        let tree = try Harness.run(["diff", "HEAD~1", ".", "--summary", "-"], in: root)
        #expect(tree.status == 0, "\(tree.stderr)")
        #expect(tree.stdout == "## No storyboard change\n\n", "\(tree.stdout)")
        // Two revisions: the same.
        let revisions = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root)
        #expect(revisions.stdout == "## No storyboard change\n\n", "\(revisions.stdout)")
        // And the reference resolves: the submodule's storyboard was read, not left out.
        let check = try Harness.run(["check", "."], in: root)
        #expect(check.status == 0, "\(check.stderr)")
    }

    /// A clone that never initialised the submodule: unknown on both sides, said once.
    @Test func aSubmoduleThisCloneDoesNotHaveIsComparedOnNeitherSide() throws {
        let (root, _) = try Self.repository()
        let clone = Harness.newFolder()
        try DiffScratchTests.git(["clone", "-q", root.path, clone.path], in: root)
        let run = try Harness.run(["diff", "HEAD~1", ".", "--summary", "-"], in: clone)
        #expect(run.status == 0, "\(run.stderr)")
        let lines = run.stdout.split(separator: "\n").map(String.init)
        #expect(lines.first == "## No storyboard change", "\(run.stdout)")
        #expect(run.stdout.components(separatedBy: "Vendor/Kit").count == 2, "said once: \(run.stdout)")
        #expect(run.stdout.contains("Not compared: 1 submodule, read on neither side"), "\(run.stdout)")
    }
}
