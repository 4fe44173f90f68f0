import Foundation
import Testing

/// One run of a script of examples/ci, with the files GitHub gives a step.
struct ScriptRun {
    var status: Int32
    var stdout: String
    var stderr: String
    /// `$GITHUB_STEP_SUMMARY` and `$GITHUB_OUTPUT` of the run.
    var stepSummaryPath: String
    var outputPath: String

    func stepSummary() throws -> String { try String(contentsOfFile: stepSummaryPath, encoding: .utf8) }

    /// `key=value` lines of `$GITHUB_OUTPUT`; the last write of a key wins, as on GitHub.
    func outputs() throws -> [String: String] {
        var result: [String: String] = [:]
        for line in try String(contentsOfFile: outputPath, encoding: .utf8).split(separator: "\n") {
            guard let equals = line.firstIndex(of: "=") else { continue }
            result[String(line[..<equals])] = String(line[line.index(after: equals)...])
        }
        return result
    }
}

/// A `gh` on PATH that records each call (its arguments, one line) and answers as GitHub would.
struct FakeGH {
    var folder: URL
    var environment: [String: String]
    func calls() throws -> [String] {
        let log = folder.appendingPathComponent("calls.log")
        guard FileManager.default.fileExists(atPath: log.path) else { return [] }
        return try String(contentsOf: log, encoding: .utf8).split(separator: "\n").map(String.init)
    }
}

enum CIScripts {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    static let git: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").map { URL(fileURLWithPath: String($0)).appendingPathComponent("git") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    /// What the pull request does to the app of the base commit.
    enum Change {
        /// A new scene in Settings, reached by a segue: nothing breaks.
        case addScene
        /// Settings' scene loses the Storyboard ID that Main's reference names: the app would crash.
        case renameIdentifier
        /// Only the README changes: nothing on the map.
        case readmeOnly
    }

    /// A repository whose `main` holds a two-storyboard app, and whose checked-out branch `pr` holds the change,
    /// with `files` (path: contents) and `links` (path: where the symbolic link points) added by the pull request.
    static func repository(change: Change, files: [String: String] = [:], links: [String: String] = [:]) throws -> URL {
        let main = XML.storyboard(initial: "m1",
                                  XML.scene("m1", attributes: "customClass=\"HomeViewController\"",
                                            body: XML.segue("g1", to: "r1")),
                                  XML.reference("r1", storyboard: "Settings", identifier: "Account"))
        func settings(identifier: String, extra: Bool) -> String {
            let segues = """
                                    <connections>
                                        <segue destination="s2" kind="show" id="g2"/>\(extra ? "\n<segue destination=\"s3\" kind=\"show\" id=\"g3\"/>" : "")
                                    </connections>
                """
            var scenes = [XML.scene("s1", body: segues),
                          XML.scene("s2", attributes: "storyboardIdentifier=\"\(identifier)\" customClass=\"AccountViewController\"")]
            if extra { scenes.append(XML.scene("s3", attributes: "customClass=\"PrivacyViewController\"")) }
            return XML.storyboard(initial: "s1", scenes.joined(separator: "\n"))
        }
        let repo = try Harness.project(["App/Main.storyboard": main,
                                        "App/Settings.storyboard": settings(identifier: "Account", extra: false),
                                        "README.md": "# The app\n"])
        try gitRun(["init", "-q", "-b", "main"], in: repo)
        try gitRun(["add", "-A"], in: repo)
        try gitRun(["commit", "-q", "-m", "base"], in: repo)
        try gitRun(["checkout", "-q", "-b", "pr"], in: repo)
        switch change {
        case .addScene:
            try Data(settings(identifier: "Account", extra: true).utf8).write(to: repo.appendingPathComponent("App/Settings.storyboard"))
        case .renameIdentifier:
            try Data(settings(identifier: "AccountSettings", extra: false).utf8).write(to: repo.appendingPathComponent("App/Settings.storyboard"))
        case .readmeOnly:
            try Data("# The app\n\nNow with a README that says more.\n".utf8).write(to: repo.appendingPathComponent("README.md"))
        }
        for (path, contents) in files {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(contents.utf8).write(to: url)
        }
        for (path, destination) in links {
            let url = repo.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: url.path, withDestinationPath: destination)
        }
        try gitRun(["add", "-A"], in: repo)
        try gitRun(["commit", "-q", "-m", "the pull request"], in: repo)
        return repo
    }

    static let jq: Bool = {
        (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":")
            .contains { FileManager.default.isExecutableFile(atPath: "\($0)/jq") }
    }()

    /// A comment on the pull request, as GitHub's API lists it.
    struct Comment {
        var id: Int
        var login: String
        var body: String
    }

    static func gitRun(_ arguments: [String], in folder: URL) throws {
        let executable: URL = try #require(git)
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-c", "user.name=sbmap", "-c", "user.email=sbmap@example.com", "-c", "commit.gpgsign=false"]
            + arguments
        process.currentDirectoryURL = folder
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        try #require(process.terminationStatus == 0, "git \(arguments.joined(separator: " ")) failed")
    }

    /// Runs `examples/ci/SCRIPT` with bash in `folder`, with SBMAP the built binary and fresh step files; the
    /// GitHub and sbmap variables of the test's own environment are left out, so that a CI runner cannot leak in.
    static func run(_ script: String, _ arguments: [String], in folder: URL,
                    environment: [String: String] = [:]) throws -> ScriptRun {
        // The step's files and the captured output live outside `folder`, which may be the repository itself.
        let files = Harness.newFolder()
        try FileManager.default.createDirectory(at: files, withIntermediateDirectories: true)
        let summary = files.appendingPathComponent("step-summary.md").path
        let output = files.appendingPathComponent("output").path
        var env = ProcessInfo.processInfo.environment.filter { !$0.key.hasPrefix("GITHUB_") && !$0.key.hasPrefix("SBMAP") }
        env["SBMAP"] = Harness.executable.path
        env["GITHUB_STEP_SUMMARY"] = summary
        env["GITHUB_OUTPUT"] = output
        env["NO_COLOR"] = nil
        for (key, value) in environment { env[key] = value }
        let out = files.appendingPathComponent("stdout"), err = files.appendingPathComponent("stderr")
        try Data().write(to: out)
        try Data().write(to: err)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("examples/ci/\(script)").path] + arguments
        process.currentDirectoryURL = folder
        process.environment = env
        process.standardOutput = try FileHandle(forWritingTo: out)
        process.standardError = try FileHandle(forWritingTo: err)
        try process.run()
        process.waitUntilExit()
        let text = { (url: URL) in (try? String(contentsOf: url, encoding: .utf8)) ?? "" }
        return ScriptRun(status: process.terminationStatus, stdout: text(out), stderr: text(err),
                         stepSummaryPath: env["GITHUB_STEP_SUMMARY"] ?? summary, outputPath: output)
    }

    /// A folder with a fake `gh`, and the environment that puts it first on PATH. `existingComment` is the id of an
    /// earlier summary comment by github-actions[bot]; `comments` are the pull request's comments, which the listing
    /// call filters with its own `--jq` program (through jq); `user` is what `gh api user` answers (nil: the 403 of
    /// the workflow's token); `failWrites` makes posting fail as a read-only token does.
    static func fakeGH(in folder: URL, existingComment: String? = nil, comments: [Comment] = [], user: String? = nil,
                       failWrites: Bool = false) throws -> FakeGH {
        let bin = folder.appendingPathComponent("fake-gh-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        var all = comments
        if let existingComment, let id = Int(existingComment) {
            all.append(Comment(id: id, login: "github-actions[bot]", body: "<!-- sbmap-summary -->\n## 1 link broke"))
        }
        let json = try JSONSerialization.data(withJSONObject: all.map {
            ["id": $0.id, "user": ["login": $0.login], "body": $0.body] as [String: Any]
        })
        try json.write(to: bin.appendingPathComponent("comments.json"))
        if let user { try Data(user.utf8).write(to: bin.appendingPathComponent("user")) }
        let script = """
            #!/bin/sh
            echo "$*" >> "\(bin.path)/calls.log"
            if [ "$1 $2" = "api user" ]; then
                if [ -f "\(bin.path)/user" ]; then cat "\(bin.path)/user"; echo; exit 0; fi
                echo 'HTTP 403: Resource not accessible by integration' >&2; exit 1
            fi
            case "$*" in
                *--paginate*)
                    filter=""; previous=""
                    for argument in "$@"; do [ "$previous" = --jq ] && filter="$argument"; previous="$argument"; done
                    exec jq -r "$filter" "\(bin.path)/comments.json" ;;
            esac
            \(failWrites ? "echo 'HTTP 403: Resource not accessible by integration' >&2; exit 1" : "exit 0")

            """
        let gh = bin.appendingPathComponent("gh")
        try Data(script.utf8).write(to: gh)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: gh.path)
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return FakeGH(folder: bin, environment: ["PATH": "\(bin.path):\(path)"])
    }
}
