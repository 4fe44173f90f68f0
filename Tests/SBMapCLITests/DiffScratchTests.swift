import Foundation
import SBMapRevision
import Testing

/// Issue 18, item 7 and the `diff` parts of 12: the copies of revisions are private, removed when the run is
/// interrupted, cleaned up after runs that died, and never made inside the repository; a name that is both a
/// folder and a revision is refused; every git revision syntax works (`:/message`).
@Suite struct DiffScratchTests {
    /// A repository of two commits: the second drops the post screen.
    static func repository(extraStoryboards: Int = 0) throws -> URL {
        let root = Harness.newFolder()
        var files = DiffCommandTests.before()
        for k in 0..<extraStoryboards {
            let scenes = (0..<40).map { XML.scene("x\(k)s\($0)", body: XML.segue("g\(k)-\($0)", to: "x\(k)s\(($0 + 1) % 40)")) }
            files["App/Extra\(k).storyboard"] = XML.storyboard(initial: "x\(k)s0", scenes.joined(separator: "\n"))
        }
        try DiffCommandTests.write(files, to: root)
        try git(["init", "-q", "-b", "main"], in: root)
        try git(["add", "."], in: root)
        try git(["commit", "-q", "-m", "before the change"], in: root)
        files["App/Feed.storyboard"] = XML.storyboard(initial: "list",
            XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="Feed""#))
        try DiffCommandTests.write(files, to: root)
        try git(["commit", "-q", "-am", "drop the post screen"], in: root)
        return root
    }

    static func git(_ arguments: [String], in root: URL) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + arguments
        process.currentDirectoryURL = root
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "git \(arguments)")
    }

    static func copies(in folder: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []).filter { $0.hasPrefix("sbmap-diff-") }.sorted()
    }

    /// Leftovers of a run that is gone (no process has its id) are removed; those of a live process are kept.
    @Test func leftoversOfDeadRunsAreRemovedAndLiveOnesKept() throws {
        let root = try Self.repository()
        let temporary = Harness.newFolder()
        var dead: Int32 = 32_000
        while kill(dead, 0) == 0 || errno != ESRCH { dead -= 1 }
        let stale = "sbmap-diff-\(dead)-abcdef", live = "sbmap-diff-\(getpid())-abcdef"
        for name in [stale, live] {
            try FileManager.default.createDirectory(at: temporary.appendingPathComponent(name + "/App"), withIntermediateDirectories: true)
        }
        let run = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root, environment: ["TMPDIR": temporary.path])
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("- removed PostViewController"))
        #expect(Self.copies(in: temporary) == [live])
    }

    /// A relative or missing TMPDIR: the copies go to /tmp, and no folder is made in the repository or anywhere else.
    @Test func aRelativeOrMissingTemporaryFolderMakesNoFolders() throws {
        let root = try Self.repository()
        let missing = Harness.newFolder().appendingPathComponent("not/there")
        for value in ["tmp-relative", "tmp-relative/", missing.path] {
            let run = try Harness.run(["diff", "HEAD~1", "--summary", "-"], in: root, environment: ["TMPDIR": value])
            #expect(run.status == 0, "\(value): \(run.stderr)")
            #expect(run.stdout.contains("- removed PostViewController"))
        }
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("tmp-relative").path))
        #expect(!FileManager.default.fileExists(atPath: missing.deletingLastPathComponent().path))
    }

    /// Without TMPDIR the copies go to `/dev/shm` only when it is a shared folder like `/tmp` (root's, sticky,
    /// writable by all) with room; a folder of the user's, a link to one, or a missing one is not used.
    @Test func theMemoryFolderIsUsedOnlyWhenItIsSharedLikeTmp() throws {
        let own = Harness.newFolder()
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        try FileManager.default.setAttributes([.posixPermissions: 0o1777], ofItemAtPath: own.path)
        if geteuid() == 0 { #expect(chown(own.path, 65534, 65534) == 0) }  // nobody's, when the tests run as root
        #expect(!ScratchFolder.isMemoryFolder(own.path, minimumFree: 0), "not root's")
        #expect(!ScratchFolder.isMemoryFolder(own.appendingPathComponent("missing").path, minimumFree: 0))
        #expect(!ScratchFolder.isMemoryFolder("/", minimumFree: 0), "not writable by all")
        if ScratchFolder.isMemoryFolder("/tmp", minimumFree: 0) {
            let link = own.appendingPathComponent("shm")
            try FileManager.default.createSymbolicLink(atPath: link.path, withDestinationPath: "/tmp")
            #expect(!ScratchFolder.isMemoryFolder(link.path, minimumFree: 0), "a link")
            #expect(!ScratchFolder.isMemoryFolder("/tmp", minimumFree: UInt64.max), "no room")
        }
        if ScratchFolder.isMemoryFolder("/dev/shm") {
            let root = try Self.repository()
            let run = try Harness.run(["diff", "HEAD~1", "--summary", "-"], in: root, environment: ["TMPDIR": ""])
            #expect(run.status == 0 && run.stdout.contains("- removed PostViewController"), "\(run.stderr)")
        }
    }

    /// SIGTERM or SIGINT while a revision's copy exists: the copy (0700 while it lives) is removed, and the run
    /// ends 143 / 130.
    @Test func anInterruptedDiffRemovesItsCopies() throws {
        let root = try Self.repository(extraStoryboards: 60)
        var caught = 0
        for attempt in 0..<4 {
            // A folder per attempt: what one attempt left cannot be taken for the next one's copy.
            let temporary = Harness.newFolder()
            try FileManager.default.createDirectory(at: temporary, withIntermediateDirectories: true)
            let signal = attempt % 2 == 0 ? SIGTERM : SIGINT
            let command = "cd '\(root.path)' && TMPDIR='\(temporary.path)' exec '\(Harness.executable.path)' diff HEAD~1 HEAD --summary /dev/null"
            let pid = try RobustnessTests.spawn("/bin/sh", ["-c", command])
            var status: Int32 = 0
            var reaped = false
            var seen: String?
            let deadline = Date().addingTimeInterval(60)
            while Date() < deadline, seen == nil {
                seen = Self.copies(in: temporary).first
                if waitpid(pid, &status, WNOHANG) == pid { reaped = true; break }
            }
            if let seen {
                var info = stat()
                if lstat(temporary.appendingPathComponent(seen).path, &info) == 0 {
                    #expect(info.st_mode & 0o777 == 0o700, "a copy of the repository readable by others")
                }
            }
            if !reaped {
                kill(pid, signal)
                while waitpid(pid, &status, 0) < 0, errno == EINTR {}
            }
            let exited = (status & 0x7F) == 0, code = (status >> 8) & 0xFF
            if seen != nil, !reaped, exited, code == 128 + signal { caught += 1 }
            let left = Self.copies(in: temporary)
            let inside = left.first.map { (try? FileManager.default.subpathsOfDirectory(atPath: temporary.appendingPathComponent($0).path)) ?? [] } ?? []
            #expect(left.isEmpty, "attempt \(attempt): \(left) holding \(inside.prefix(5)); status \(status), seen \(seen ?? "-"), reaped \(reaped)")
        }
        #expect(caught > 0, "no attempt caught the run while a copy existed")
    }

    /// `:/message` names the newest commit whose message matches: a revision like any other.
    @Test func aMessageSearchIsARevision() throws {
        let root = try Self.repository()
        let search = try Harness.run(["diff", ":/before the", "HEAD", "--summary", "-"], in: root)
        #expect(search.status == 0, "\(search.stderr)")
        let plain = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root)
        #expect(search.stdout == plain.stdout)
        #expect(search.stdout.contains("- removed PostViewController"))
    }

    /// A folder named like a revision (`main/` beside the branch `main`) is not silently taken for it: refused with
    /// both named and how to say which; `./main` is the folder and `main^{commit}` the revision.
    @Test func aNameThatIsBothAFolderAndARevisionIsRefused() throws {
        let root = try Self.repository()
        try DiffCommandTests.write(DiffCommandTests.before().filter { $0.key.hasSuffix(".storyboard") }.reduce(into: [:]) {
            $0["main/" + $1.key] = $1.value
        }, to: root)
        let both = try Harness.run(["diff", "main", "HEAD", "--summary", "-"], in: root)
        #expect(both.status == 64, "\(both.stderr)")
        #expect(both.stderr.contains("'main' is both a folder and a git revision"), "\(both.stderr)")
        #expect(both.stderr.contains("'./main'") && both.stderr.contains("'main^{commit}'"))
        let folder = try Harness.run(["diff", "./main", "./main", "--summary", "-"], in: root)
        #expect(folder.status == 0, "\(folder.stderr)")
        let revision = try Harness.run(["diff", "main^{commit}", "HEAD", "--summary", "-"], in: root)
        #expect(revision.status == 0, "\(revision.stderr)")
        // An option-like name is never passed to git as an option.
        let dashed = try Harness.run(["diff", "--", "--output=x", "HEAD"], in: root)
        #expect(dashed.status == 64 && !FileManager.default.fileExists(atPath: root.appendingPathComponent("x").path))
    }

    /// A diff of a revision against the working tree starts three git processes: one `rev-parse` (the revision
    /// and where the repository is), one `ls-tree`, one `cat-file --batch` (the commit peeled, then the blobs);
    /// two revisions, five. It started nine (each `Process` spawn cost 25–45 ms, docs/benchmarks.md).
    @Test func aDiffStartsFewGitProcesses() throws {
        let root = try Self.repository()
        let bin = Harness.newFolder(), log = bin.appendingPathComponent("calls.log")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let real = try #require(ProcessInfo.processInfo.environment["PATH"]?.split(separator: ":")
            .map { "\($0)/git" }.first { FileManager.default.isExecutableFile(atPath: $0) })
        let wrapper = bin.appendingPathComponent("git")
        try Data("#!/bin/sh\necho \"$1 $2 $3 $4\" >> '\(log.path)'\nexec '\(real)' \"$@\"\n".utf8).write(to: wrapper)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: wrapper.path)
        let path = bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")
        func calls(_ arguments: [String]) throws -> [String] {
            try? FileManager.default.removeItem(at: log)
            let run = try Harness.run(arguments + ["--summary", "-"], in: root, environment: ["PATH": path])
            #expect(run.status == 0, "\(run.stderr)")
            #expect(run.stdout.contains("- removed PostViewController"), "\(run.stdout)")
            return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map { String($0.split(separator: " ").first ?? "") }
        }
        let oneRevision = try calls(["diff", "HEAD~1", "."])
        #expect(oneRevision == ["rev-parse", "-C", "-C"], "\(oneRevision)")  // -C top ls-tree, -C top cat-file
        let twoRevisions = try calls(["diff", "HEAD~1", "HEAD"])
        #expect(twoRevisions.count == 5, "\(twoRevisions)")
        #expect(twoRevisions.filter { $0 == "rev-parse" }.count == 2, "\(twoRevisions)")
    }
}
