import Foundation
import Testing

/// examples/ci/install-sbmap.sh, the install step of action.yml, against a fake release (a folder served as a
/// `file://` URL holding a tarball of `make dist`'s layout, whose sbmap is a script printing its version) and a fake
/// source checkout (whose `make install` writes such a script): the pinned download with its checksum, the cache
/// hit, the refusal of a tarball that does not match its checksum, and the build from source where there is none.
@Suite("The action's install script", .enabled(if: InstallScript.tools, "needs curl, tar and sha256sum"))
struct InstallScriptTests {
    @Test func downloadsThePinnedTarballThenUsesTheCache() throws {
        let work = try Harness.project([:])
        let release = try InstallScript.release(version: "9.8.7", in: work)
        let prefix = work.appendingPathComponent("tool-cache/sbmap/9.8.7").path
        let first = try InstallScript.run(["9.8.7", prefix], in: work, release: release)
        #expect(first.status == 0, "\(first.stderr)")
        #expect(first.stderr.contains("downloading"))
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/sbmap"))
        #expect(FileManager.default.fileExists(atPath: prefix + "/share/man/man1/sbmap.1"))
        let again = try InstallScript.run(["9.8.7", prefix], in: work, release: release)
        #expect(again.status == 0)
        #expect(again.stderr.contains("9.8.7 is already in"), "a cache hit downloads nothing: \(again.stderr)")
        #expect(!again.stderr.contains("downloading"))
    }

    @Test func refusesATarballThatDoesNotMatchItsChecksum() throws {
        let work = try Harness.project([:])
        let release = try InstallScript.release(version: "9.8.7", in: work)
        let sum = release.appendingPathComponent(InstallScript.tarball("9.8.7") + ".sha256")
        try Data((String(repeating: "0", count: 64) + "  " + InstallScript.tarball("9.8.7") + "\n").utf8).write(to: sum)
        let prefix = work.appendingPathComponent("prefix").path
        let run = try InstallScript.run(["9.8.7", prefix], in: work, release: release)
        #expect(run.status != 0)
        #expect(run.stdout.contains("does not match its checksum") || run.stderr.contains("does not match its checksum"))
        #expect(!FileManager.default.fileExists(atPath: prefix + "/bin/sbmap"))
    }

    @Test func buildsFromSourceWhereThereIsNoTarball() throws {
        let work = try Harness.project([:])
        let release = work.appendingPathComponent("empty-release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        let source = try InstallScript.source(version: "9.8.7", in: work)
        let prefix = work.appendingPathComponent("prefix").path
        let run = try InstallScript.run(["9.8.7", prefix], in: work, release: release, source: source)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(run.stdout.contains("::notice title=sbmap::no release tarball of sbmap 9.8.7"), "\(run.stdout)")
        #expect(run.stderr.contains("built from source"))
        #expect(FileManager.default.isExecutableFile(atPath: prefix + "/bin/sbmap"))
    }
}

/// action.yml calls scripts by path and installs the version scripts/version.sh reads from the sources: both must
/// hold, or the action breaks on its first run.
@Suite("action.yml and what it calls")
struct ActionFileTests {
    @Test func everyScriptTheActionCallsExists() throws {
        let action = try String(contentsOf: CIScripts.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let called = action.components(separatedBy: "$GITHUB_ACTION_PATH/").dropFirst()
            .map { String($0.prefix { !"\" \n".contains($0) }) }
        #expect(Set(called) == ["scripts/version.sh", "examples/ci/install-sbmap.sh", "examples/ci/sbmap-pr.sh",
                                "examples/ci/comment.sh", "examples/ci/gate.sh"], "\(called)")
        for script in called {
            #expect(FileManager.default.isExecutableFile(atPath: CIScripts.root.appendingPathComponent(script).path), "\(script)")
        }
        for input in ["base", "paths", "fail-on", "baseline", "comment"] {
            #expect(action.contains("\n  \(input):\n"), "input \(input)")
        }
    }

    @Test func theActionInstallsTheVersionSbmapReports() throws {
        let version = try CIScripts.run("../../scripts/version.sh", [], in: CIScripts.root)
        #expect(version.status == 0, "\(version.stderr)")
        let binary = try Harness.run(["--version"], in: CIScripts.root)
        #expect(!version.stdout.isEmpty)
        #expect(binary.stdout.hasPrefix(version.stdout.trimmingCharacters(in: .whitespacesAndNewlines) + " "), "\(binary.stdout)")
    }
}

enum InstallScript {
    static var tools: Bool {
        ["curl", "tar", "sha256sum"].allSatisfy { tool in
            (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
                .contains { FileManager.default.isExecutableFile(atPath: "\($0)/\(tool)") }
        }
    }

    static func tarball(_ version: String) -> String {
        #if os(Linux)
        let os = "linux"
        #else
        let os = "macos"
        #endif
        var name = utsname()
        uname(&name)
        let machine = withUnsafeBytes(of: &name.machine) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        return "sbmap-\(version)-\(os)-\(machine).tar.gz"
    }

    /// A script that answers `--version` as sbmap does.
    static func fakeBinary(_ version: String, note: String) -> String {
        "#!/bin/sh\necho '\(version) (\(note))'\n"
    }

    /// A release folder with the tarball of `version` for this machine and its .sha256, as `make dist` writes them.
    static func release(version: String, in work: URL) throws -> URL {
        let name = String(tarball(version).dropLast(".tar.gz".count))
        let stage = work.appendingPathComponent("stage/\(name)")
        for folder in ["bin", "share/man/man1"] {
            try FileManager.default.createDirectory(at: stage.appendingPathComponent(folder), withIntermediateDirectories: true)
        }
        try Data(fakeBinary(version, note: "from the release").utf8).write(to: stage.appendingPathComponent("bin/sbmap"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stage.appendingPathComponent("bin/sbmap").path)
        try Data(".TH SBMAP 1\n".utf8).write(to: stage.appendingPathComponent("share/man/man1/sbmap.1"))
        let release = work.appendingPathComponent("release")
        try FileManager.default.createDirectory(at: release, withIntermediateDirectories: true)
        try shell("tar -C '\(stage.deletingLastPathComponent().path)' -czf '\(release.path)/\(name).tar.gz' '\(name)' && cd '\(release.path)' && sha256sum '\(name).tar.gz' > '\(name).tar.gz.sha256'")
        return release
    }

    /// A source checkout whose bootstrap does nothing and whose `make install` writes a fake sbmap.
    static func source(version: String, in work: URL) throws -> URL {
        let source = work.appendingPathComponent("source")
        try FileManager.default.createDirectory(at: source.appendingPathComponent("scripts"), withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: source.appendingPathComponent("scripts/bootstrap.sh"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: source.appendingPathComponent("scripts/bootstrap.sh").path)
        let binary = fakeBinary(version, note: "built from source").replacingOccurrences(of: "\n", with: "\\n")
        try Data("install:\n\tmkdir -p $(PREFIX)/bin\n\tprintf \"\(binary)\" > $(PREFIX)/bin/sbmap\n\tchmod 755 $(PREFIX)/bin/sbmap\n".utf8)
            .write(to: source.appendingPathComponent("Makefile"))
        return source
    }

    static func shell(_ command: String) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "\(command) failed")
    }

    /// install-sbmap.sh with the release at a file:// URL; a fake `swift` on PATH lets the source build start.
    static func run(_ arguments: [String], in work: URL, release: URL, source: URL? = nil) throws -> ScriptRun {
        let bin = work.appendingPathComponent("fake-bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: bin.appendingPathComponent("swift"))
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent("swift").path)
        var environment = ["SBMAP_RELEASE_URL": "file://" + release.path,
                           "PATH": bin.path + ":" + (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin")]
        if let source { environment["SBMAP_SOURCE"] = source.path }
        return try CIScripts.run("install-sbmap.sh", arguments, in: work, environment: environment)
    }
}
