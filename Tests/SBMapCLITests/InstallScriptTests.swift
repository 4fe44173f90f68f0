import Foundation
import Testing
@testable import SBMapCLI

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

    /// An action pinned to a commit after 9.8.7, whose sources still say 9.8.7: never the 9.8.7 release, but a build
    /// of that commit whose `--version` names it, and a cache hit the next time.
    @Test func anUnreleasedCommitIsBuiltNeverTheReleaseItsSourcesName() throws {
        let work = try Harness.project([:])
        let release = try InstallScript.release(version: "9.8.7", in: work)
        let source = try InstallScript.source(version: "9.8.7", in: work)
        let prefix = work.appendingPathComponent("tool-cache/sbmap/9.8.7+abc123def456").path
        let run = try InstallScript.run(["9.8.7+abc123def456", prefix], in: work, release: release, source: source)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("downloading"), "\(run.stderr)")
        #expect(run.stderr.contains("9.8.7+abc123def456 (built from source)"), "\(run.stderr)")
        let again = try InstallScript.run(["9.8.7+abc123def456", prefix], in: work, release: release, source: source)
        #expect(again.status == 0)
        #expect(again.stderr.contains("9.8.7+abc123def456 is already in"), "\(again.stderr)")
        // A version that is not one (it would reach make and a URL) is refused.
        let odd = try InstallScript.run(["9.8.7; rm -rf /", prefix], in: work, release: release, source: source)
        #expect(odd.status == 64)
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
        #expect(Set(called) == ["examples/ci/which-sbmap.sh", "examples/ci/install-sbmap.sh", "examples/ci/sbmap-pr.sh",
                                "examples/ci/comment.sh", "examples/ci/gate.sh"], "\(called)")
        for script in called {
            #expect(FileManager.default.isExecutableFile(atPath: CIScripts.root.appendingPathComponent(script).path), "\(script)")
        }
        for input in ["base", "paths", "fail-on", "baseline", "comment", "comment-author", "upload-sarif"] {
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

    /// The `run:` scripts of a workflow file: the text of each `run:` value, inline or block.
    static func runScripts(_ yaml: String) -> [String] {
        var scripts: [String] = [], current: [String]? = nil, indent = 0
        for line in yaml.components(separatedBy: "\n") {
            let spaces = line.prefix { $0 == " " }.count
            if var block = current {
                if line.trimmingCharacters(in: .whitespaces).isEmpty || spaces > indent { block.append(line); current = block; continue }
                scripts.append(block.joined(separator: "\n")); current = nil
            }
            let trimmed = line.drop { $0 == " " || $0 == "-" }
            guard trimmed.hasPrefix("run:") else { continue }
            let value = trimmed.dropFirst(4).trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("|") || value.hasPrefix(">") { current = []; indent = spaces } else { scripts.append(value) }
        }
        if let current { scripts.append(current.joined(separator: "\n")) }
        return scripts
    }

    /// No input, step output or event field is pasted into shell text: a pull request's branch name or base would
    /// run as code. Each reaches the script through `env:`.
    @Test func noExpressionInsideAShellScript() throws {
        #expect(Self.runScripts("steps:\n  - run: echo \"${{ x }}\"\n  - run: |\n      a\n      b ${{ y }}\n    env:\n      A: 1\n").count == 2)
        var files = ["action.yml"]
        files += try FileManager.default.contentsOfDirectory(atPath: CIScripts.root.appendingPathComponent("examples/ci").path)
            .filter { $0.hasSuffix(".yml") }.map { "examples/ci/" + $0 }
        for file in files {
            let yaml = try String(contentsOf: CIScripts.root.appendingPathComponent(file), encoding: .utf8)
            let scripts = Self.runScripts(yaml)
            #expect(!scripts.isEmpty, "\(file)")
            for script in scripts { #expect(!script.contains("${{"), "\(file): \(script)") }
        }
    }

    /// The cache is restored and saved in separate steps, the save right after the install, so that a red gate does
    /// not throw the installed sbmap away; its key carries the version, which names the commit of an unreleased build;
    /// the repository comes from the action's path, not from github.action_repository (empty in composite actions).
    @Test func theCacheSurvivesARedCheckAndKnowsTheCommit() throws {
        let action = try String(contentsOf: CIScripts.root.appendingPathComponent("action.yml"), encoding: .utf8)
        let steps = action.components(separatedBy: "\n    - name: ").dropFirst().map { $0.prefix { $0 != "\n" } }
        let restore = try #require(steps.firstIndex(of: "Restore sbmap from the cache"))
        let install = try #require(steps.firstIndex(of: "Install sbmap"))
        let save = try #require(steps.firstIndex(of: "Save sbmap to the cache"))
        let compare = try #require(steps.firstIndex(of: "Compare with the base"))
        #expect(restore < install && save == install + 1 && save < compare, "\(steps)")
        #expect(action.contains("uses: actions/cache/restore@v4") && action.contains("uses: actions/cache/save@v4"))
        #expect(!action.contains("uses: actions/cache@"))
        #expect(action.components(separatedBy: "key: sbmap-${{ steps.version.outputs.version }}-").count == 3)
        #expect(!action.contains("${{ github.action_repository") && !action.contains("OWNER/StoryboardMap'"))
        #expect(action.contains("uses: github/codeql-action/upload-sarif@"))
        #expect(action.contains("inputs.upload-sarif == 'true'"))
    }

    /// The action's path names its repository and the ref it was pinned to; the version follows the ref: the release
    /// for its tag, the commit for anything else (never the release the sources still name).
    @Test func theActionPathNamesTheRepositoryAndTheVersion() throws {
        let version = try CIScripts.run("../../scripts/version.sh", [], in: CIScripts.root).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let actions = Harness.newFolder().appendingPathComponent("_work/_actions/someone/StoryboardMap")
        try FileManager.default.createDirectory(at: actions, withIntermediateDirectories: true)
        let sha = "0123456789abcdef0123456789abcdef01234567"
        func which(_ ref: String, _ input: String = "") throws -> [String: String] {
            let path = actions.appendingPathComponent(ref)
            if !FileManager.default.fileExists(atPath: path.path) {
                try FileManager.default.createSymbolicLink(at: path, withDestinationURL: CIScripts.root)
            }
            let run = try CIScripts.run("which-sbmap.sh", [path.path, input], in: CIScripts.root,
                                        environment: ["RUNNER_TOOL_CACHE": "/opt/tool-cache"])
            #expect(run.status == 0, "\(run.stderr)")
            return Dictionary(run.stdout.split(separator: "\n").compactMap { line -> (String, String)? in
                guard let eq = line.firstIndex(of: "=") else { return nil }
                return (String(line[..<eq]), String(line[line.index(after: eq)...]))
            }, uniquingKeysWith: { $1 })
        }
        let release = try which("v" + version)
        #expect(release["repository"] == "someone/StoryboardMap")
        #expect(release["version"] == version)
        #expect(release["prefix"] == "/opt/tool-cache/sbmap/" + version)
        let pinned = try which(sha)
        #expect(pinned["version"] == version + "+0123456789ab", "\(pinned)")
        #expect(pinned["prefix"] == "/opt/tool-cache/sbmap/\(version)+0123456789ab")
        #expect(try which("v" + version, "source")["version"] == "source")
    }

    /// `scripts/version.sh --build-id`: nothing at the release tag, the commit anywhere else; and what
    /// `sbmap --version` prints first for each.
    @Test(.enabled(if: CIScripts.git != nil, "no git on PATH")) func anUnreleasedBuildNamesItsCommit() throws {
        let version = try CIScripts.run("../../scripts/version.sh", [], in: CIScripts.root).stdout
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let repo = try Harness.project([
            "Sources/SBMapCLI/SBMapCommand.swift": "    public static let version = \"\(version)\"\n",
            "scripts/version.sh": try String(contentsOf: CIScripts.root.appendingPathComponent("scripts/version.sh"), encoding: .utf8),
        ])
        try CIScripts.gitRun(["init", "-q", "-b", "main"], in: repo)
        try CIScripts.gitRun(["add", "-A"], in: repo)
        try CIScripts.gitRun(["commit", "-q", "-m", "release"], in: repo)
        try CIScripts.gitRun(["tag", "v" + version], in: repo)
        let script = repo.appendingPathComponent("scripts/version.sh").path
        func run(_ arguments: [String]) throws -> String {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/bin/bash")
            process.arguments = [script] + arguments
            var env = ProcessInfo.processInfo.environment
            env["GITHUB_REF"] = nil
            process.environment = env
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            let data = pipe.fileHandleForReading.readDataToEndOfFile()
            process.waitUntilExit()
            return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        #expect(try run(["--build-id"]) == "")
        #expect(try run(["--build"]) == version)
        try Data("// later\n".utf8).write(to: repo.appendingPathComponent("Sources/later.swift"))
        try CIScripts.gitRun(["add", "-A"], in: repo)
        try CIScripts.gitRun(["commit", "-q", "-m", "after the release"], in: repo)
        let id = try run(["--build-id"])
        #expect(id.count == 12 && id.allSatisfy(\.isHexDigit), "\(id)")
        #expect(try run(["--build"]) == "\(version)+\(id)")
        #expect(SBMapCommand.buildVersion(id: id) == "\(version)+\(id)")
        #expect(SBMapCommand.buildVersion(id: "") == version)
        #expect(SBMapCommand.buildVersion(id: "a b") == version, "not an ID: left out")
    }
}

/// The licence: sbmap's own, and the notices of what a release tarball bundles, in the tarball.
@Suite("Licence and release tarball", .enabled(if: InstallScript.tools, "needs tar"))
struct LicenceTests {
    @Test func theRepositoryHasAnMITLicenceAndTheNotices() throws {
        let licence = try String(contentsOf: CIScripts.root.appendingPathComponent("LICENSE"), encoding: .utf8)
        #expect(licence.hasPrefix("MIT License\n"))
        #expect(licence.contains("The StoryboardMap authors"))
        let notices = try String(contentsOf: CIScripts.root.appendingPathComponent("THIRD-PARTY-NOTICES"), encoding: .utf8)
        for name in ["Swift standard library", "Apache License", "Runtime Library Exception", "swift-argument-parser",
                     "Yams", "libyaml", "ICU"] {
            #expect(notices.contains(name), "\(name)")
        }
        let readme = try String(contentsOf: CIScripts.root.appendingPathComponent("README.md"), encoding: .utf8)
        #expect(readme.contains("[MIT License](LICENSE)"))
    }

    /// `make dist` (scripts/dist.sh) with a stand-in binary: the tarball holds LICENSE and THIRD-PARTY-NOTICES.
    @Test func theDistTarballCarriesTheLicenceAndTheNotices() throws {
        let work = try Harness.project([:])
        let scripts = work.appendingPathComponent("scripts")
        try FileManager.default.createDirectory(at: scripts, withIntermediateDirectories: true)
        for file in ["scripts/dist.sh", "scripts/version.sh", "README.md", "LICENSE", "THIRD-PARTY-NOTICES"] {
            try FileManager.default.copyItem(at: CIScripts.root.appendingPathComponent(file), to: work.appendingPathComponent(file))
        }
        let bin = work.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let sbmap = """
            #!/bin/sh
            case "$1" in --version) echo '9.8.7 (Graphviz 2.42)' ;; --generate-completion-script) echo "# $2 completions" ;; esac

            """
        let manual = "#!/bin/sh\nmkdir -p \"$3\" && echo '.TH SBMAP 1' > \"$3/sbmap.1\"\n"
        for (name, text) in [("sbmap", sbmap), ("generate-manual", manual)] {
            try Data(text.utf8).write(to: bin.appendingPathComponent(name))
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: bin.appendingPathComponent(name).path)
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [work.appendingPathComponent("scripts/dist.sh").path]
        var env = ProcessInfo.processInfo.environment
        env["SBMAP_DIST_BIN"] = bin.path
        env["BUILD_ID"] = ""
        process.environment = env
        let out = Pipe(), err = Pipe()
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let printed = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        let errors = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(errors)")
        let tarball = work.appendingPathComponent(printed.trimmingCharacters(in: .whitespacesAndNewlines))
        let name = String(InstallScript.tarball("9.8.7").dropLast(".tar.gz".count))
        #expect(tarball.lastPathComponent == name + ".tar.gz")
        let list = Process()
        list.executableURL = URL(fileURLWithPath: "/bin/sh")
        list.arguments = ["-c", "tar -tzf '\(tarball.path)'"]
        let listing = Pipe()
        list.standardOutput = listing
        try list.run()
        let entries = String(decoding: listing.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n").map(String.init)
        list.waitUntilExit()
        for file in ["bin/sbmap", "README.md", "LICENSE", "THIRD-PARTY-NOTICES", "share/man/man1/sbmap.1"] {
            #expect(entries.contains("\(name)/\(file)"), "\(file): \(entries)")
        }
        // A checkout without the notices makes no tarball at all.
        try FileManager.default.removeItem(at: work.appendingPathComponent("THIRD-PARTY-NOTICES"))
        let again = Process()
        again.executableURL = URL(fileURLWithPath: "/bin/bash")
        again.arguments = [work.appendingPathComponent("scripts/dist.sh").path]
        again.environment = env
        again.standardOutput = FileHandle.nullDevice
        again.standardError = FileHandle.nullDevice
        try again.run()
        again.waitUntilExit()
        #expect(again.terminationStatus != 0)
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
        // The build ID make was given (BUILD_ID=…) is in the version, as the Makefile stamps it into sbmap.
        let binary = fakeBinary(version + "$(if $(BUILD_ID),+$(BUILD_ID))", note: "built from source")
            .replacingOccurrences(of: "\n", with: "\\n")
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
