import Foundation
@testable import SBMapCLI
import Testing

/// Issue 18, items 1, 2 and 4: an output path is written where the user asked and nowhere else — in place to a
/// device, pipe or stream; atomically through a private, unguessable temporary file to a regular file; never over
/// one of the files read. Device files are made only in a private sandbox folder (never the real `/dev`).
@Suite struct OutputFileTests {
    static let app = ["App/Main.storyboard": RobustnessTests.good]

    /// A character device (`/dev/null`'s and `/dev/full`'s numbers, made with `mknod` in the sandbox) stays a device:
    /// written in place, never replaced by a JSON file. Needs root for `mknod`.
    @Test(.enabled(if: getuid() == 0, "mknod needs root"))
    func aCharacterDeviceIsWrittenInPlace() throws {
        let root = try Harness.project(Self.app)
        let null = root.appendingPathComponent("null").path, full = root.appendingPathComponent("full").path
        guard mknod(null, S_IFCHR | 0o666, dev_t((1 << 8) | 3)) == 0, mknod(full, S_IFCHR | 0o666, dev_t((1 << 8) | 7)) == 0 else {
            Issue.record("mknod failed in the sandbox: \(String(cString: strerror(errno)))")
            return
        }
        let run = try Harness.run(["export", "App", "-o", null], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.type(null) == S_IFCHR, "the device was replaced")
        // `/dev/full` says "no space": the error is reported, the device stays.
        let filled = try Harness.run(["render", "App", "-o", full, "--format", "dot"], in: root)
        #expect(filled.status == 2)
        #expect(filled.stderr.contains("No space left on device"), "\(filled.stderr)")
        #expect(Self.type(full) == S_IFCHR)
        #expect(try Self.temporaries(in: root).isEmpty)
    }

    /// A named pipe's reader gets the whole output, and the pipe stays a pipe; a link to the test's own stdout pipe
    /// (what `/dev/stdout` is) is written in place too. The reader never blocks the test: it is unblocked by hand
    /// when sbmap did not open the pipe.
    @Test func aPipeAndAStreamAreWrittenInPlace() throws {
        let root = try Harness.project(Self.app)
        let fifo = root.appendingPathComponent("graph.fifo").path
        #expect(mkfifo(fifo, 0o600) == 0)
        let reader = PipeReader(fifo)
        let run = try Harness.run(["export", "App", "-o", fifo], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let received = reader.finish()
        #expect(Self.type(fifo) == S_IFIFO, "the pipe was replaced")
        #expect(String(decoding: received, as: UTF8.self).contains("\"storyboards\""), "the reader got \(received.count) bytes")

        // A link to /proc/self/fd/1: sbmap's stdout, a pipe the harness reads.
        let stream = root.appendingPathComponent("stdout").path
        #expect(symlink("/proc/self/fd/1", stream) == 0)
        let streamed = try Harness.run(["export", "App", "-o", stream], in: root)
        #expect(streamed.status == 0, "\(streamed.stderr)")
        #expect(streamed.stdout.contains("\"storyboards\""))
        #expect(Self.type(stream, follow: false) == S_IFLNK)
        #expect(try Self.temporaries(in: root).isEmpty)
    }

    /// A link planted at the temporary name the old scheme used (`.graph.json.sbmap-PID.tmp`, with the very process
    /// id of the run: the shell plants it as `$$` and then becomes sbmap with `exec`) is never followed: the file it
    /// points to is untouched. The name is unguessable now, and the file is opened with `O_EXCL | O_NOFOLLOW`.
    @Test func aPlantedLinkAtATemporaryNameIsNotFollowed() throws {
        let root = try Harness.project(Self.app)
        let victim = root.appendingPathComponent("victim.txt")
        try Data("precious\n".utf8).write(to: victim)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "ln -s \"$1\" \".graph.json.sbmap-$$.tmp\" && exec \"$2\" export App -o graph.json -q",
                             "sh", victim.path, Harness.executable.path]
        process.currentDirectoryURL = root
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n")
        #expect(try String(contentsOf: root.appendingPathComponent("graph.json"), encoding: .utf8).contains("\"storyboards\""))
    }

    /// The file replaced keeps its mode: a private 0600 output stays private.
    @Test func theReplacedFileKeepsItsMode() throws {
        let root = try Harness.project(Self.app)
        let output = root.appendingPathComponent("graph.json").path
        try Data("old".utf8).write(to: URL(fileURLWithPath: output))
        chmod(output, 0o600)
        let run = try Harness.run(["export", "App", "-o", output], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        var info = stat()
        #expect(stat(output, &info) == 0)
        #expect(info.st_mode & 0o777 == 0o600)
        #expect(try String(contentsOf: URL(fileURLWithPath: output), encoding: .utf8).contains("\"storyboards\""))
    }

    /// An output path that is a link is written through (as `sed -i --follow-symlinks`): the target gets the new
    /// file atomically and the link stays a link. A link to nothing is refused and nothing is made.
    @Test func anOutputLinkIsWrittenThroughAndADanglingOneRefused() throws {
        let root = try Harness.project(Self.app.merging(["out/map.dot": "old"]) { $1 })
        let link = root.appendingPathComponent("map.dot").path
        #expect(symlink("out/map.dot", link) == 0)
        let run = try Harness.run(["render", "App", "-o", "map.dot"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.type(link, follow: false) == S_IFLNK, "the link was replaced by a file")
        #expect(try String(contentsOf: root.appendingPathComponent("out/map.dot"), encoding: .utf8).contains("digraph"))
        #expect(try Self.temporaries(in: root.appendingPathComponent("out")).isEmpty)

        let dangling = root.appendingPathComponent("gone.dot").path
        #expect(symlink("nowhere/gone.dot", dangling) == 0)
        let refused = try Harness.run(["render", "App", "-o", "gone.dot"], in: root)
        #expect(refused.status == 2)
        #expect(refused.stderr.contains("symbolic link to 'nowhere/gone.dot', which does not exist"), "\(refused.stderr)")
        #expect(Self.type(dangling, follow: false) == S_IFLNK)
        #expect(!FileManager.default.fileExists(atPath: root.appendingPathComponent("nowhere").path))
    }

    /// An output that is one of the files read (by identity: the same path spelled another way, or a link to it)
    /// is refused as a usage error, and the input is untouched.
    @Test func anOutputThatIsAnInputIsRefused() throws {
        let plist = "<plist version=\"1.0\"><dict><key>UIMainStoryboardFile</key><string>Main</string></dict></plist>"
        let root = try Harness.project(Self.app.merging(["App/Info.plist": plist]) { $1 })
        #expect(symlink("App/Info.plist", root.appendingPathComponent("alias.plist").path) == 0)
        for output in ["App/Info.plist", "./App/../App/Info.plist", "alias.plist"] {
            let run = try Harness.run(["export", ".", "-o", output], in: root)
            #expect(run.status == 64, "\(output): \(run.stderr)")
            #expect(run.stderr.contains("is one of the files sbmap reads"), "\(run.stderr)")
        }
        let render = try Harness.run(["render", "App", "-o", "App/Main.storyboard", "--format", "svg"], in: root)
        #expect(render.status == 64, "\(render.stderr)")
        let diff = try Harness.run(["diff", "App", "App", "--summary", "App/Main.storyboard"], in: root)
        #expect(diff.status == 64, "\(diff.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("App/Info.plist"), encoding: .utf8) == plist)
        #expect(try String(contentsOf: root.appendingPathComponent("App/Main.storyboard"), encoding: .utf8) == RobustnessTests.good)
    }

    static func type(_ path: String, follow: Bool = true) -> mode_t {
        var info = stat()
        guard (follow ? stat(path, &info) : lstat(path, &info)) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    static func temporaries(in folder: URL) throws -> [String] {
        try FileManager.default.contentsOfDirectory(atPath: folder.path).filter { $0.hasSuffix(".tmp") }
    }
}

/// Reads a named pipe to its end on a thread of its own. `finish` waits for it at most 30 s; if sbmap never opened
/// the pipe, it opens the write end itself so the reader's `open` returns and the test cannot hang.
final class PipeReader: @unchecked Sendable {
    private let path: String
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ path: String) {
        self.path = path
        Thread {
            let descriptor = open(path, O_RDONLY)
            if descriptor >= 0 {
                var buffer = [UInt8](repeating: 0, count: 65_536)
                while true {
                    let count = read(descriptor, &buffer, buffer.count)
                    if count <= 0 { break }
                    self.data.append(contentsOf: buffer[0..<count])
                }
                close(descriptor)
            }
            self.done.signal()
        }.start()
    }

    func finish() -> Data {
        if done.wait(timeout: .now() + 0.5) == .timedOut {
            // Still waiting in `open` (nobody wrote) or in `read`: a writer that closes at once ends either.
            let writer = open(path, O_WRONLY | O_NONBLOCK)
            if writer >= 0 { close(writer) }
            _ = done.wait(timeout: .now() + 30)
        }
        return data
    }
}
