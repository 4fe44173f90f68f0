import Foundation
import SBMapDiscover
import SBMapParse
import Testing

/// "Read only the project" (docs/robustness.md, Inputs): links that leave the scanned folders, config paths that
/// leave the config's folder, theme paths that name other files, YAML aliases, and Git LFS pointers.
@Suite struct InputsTests {
    static let lfsPointer = """
        version https://git-lfs.github.com/spec/v1
        oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
        size 12345

        """

    static func storyboard(_ className: String) -> String {
        XML.storyboard(initial: "a", XML.scene("a", attributes: "customClass=\"\(className)\""))
    }

    // MARK: - Links that leave the scanned folders

    /// `Leak.storyboard -> ../outside/Secret.storyboard` and a folder linked to an outside one: not followed, one
    /// note each, and nothing of them in the export. A link inside the folder still works, and the outside file is
    /// mapped when it is passed as a path.
    @Test func linksOutOfTheInputsAreNotFollowed() throws {
        let root = try Harness.project([
            "outside/Secret.storyboard": Self.storyboard("SecretViewController"),
            "outside/More/Hidden.storyboard": Self.storyboard("HiddenViewController"),
            "App/Main.storyboard": Self.storyboard("MainViewController"),
            "App/.design/Kept.storyboard": Self.storyboard("KeptViewController"),
        ])
        let fm = FileManager.default
        let app = root.appendingPathComponent("App")
        try fm.createSymbolicLink(atPath: app.appendingPathComponent("Leak.storyboard").path,
                                  withDestinationPath: "../outside/Secret.storyboard")
        try fm.createSymbolicLink(atPath: app.appendingPathComponent("LeakFolder").path,
                                  withDestinationPath: root.appendingPathComponent("outside/More").path)
        try fm.createSymbolicLink(atPath: app.appendingPathComponent("Kept.storyboard").path,
                                  withDestinationPath: ".design/Kept.storyboard")

        let run = try Harness.run(["export", "App", "-o", "graph.json"], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        let json = try String(contentsOf: root.appendingPathComponent("graph.json"), encoding: .utf8)
        #expect(!json.contains("SecretViewController") && !json.contains("HiddenViewController"))
        #expect(json.contains("MainViewController") && json.contains("KeptViewController"))
        for link in ["App/Leak.storyboard", "App/LeakFolder"] {
            #expect(Robust.findings(run.stderr).filter { $0.path == link }.map { "\($0.level) \($0.code)" } == ["note link-outside-inputs"],
                    "\(run.stderr)")
        }
        #expect(run.stderr.contains("pass the link's target as a path"))
        #expect(!run.stderr.contains("Secret") && !run.stderr.contains("Hidden"))

        // Named on the command line, the outside file is the user's choice.
        let named = try Harness.run(["export", "App", "outside/Secret.storyboard", "-o", "named.json"], in: root)
        #expect(named.status == 0, "\(named.stderr)")
        #expect(try String(contentsOf: root.appendingPathComponent("named.json"), encoding: .utf8).contains("SecretViewController"))
    }

    /// A file swapped for a link between discovery and loading is not followed (`O_NOFOLLOW`): the link may lead
    /// anywhere. (Library level, so the timing is exact.)
    @Test func aFileThatBecomesALinkAfterDiscoveryIsNotFollowed() throws {
        let root = try Harness.project([
            "outside/Secret.storyboard": Self.storyboard("SecretViewController"),
            "App/Main.storyboard": Self.storyboard("MainViewController"),
            "App/Info.plist": "<plist><dict/></plist>",
        ])
        let app = root.appendingPathComponent("App")
        let discovered = Discovery().discover([app.path])
        #expect(discovered.files.count == 2)
        for name in ["Main.storyboard", "Info.plist"] {
            try FileManager.default.removeItem(at: app.appendingPathComponent(name))
            try FileManager.default.createSymbolicLink(atPath: app.appendingPathComponent(name).path,
                                                       withDestinationPath: root.appendingPathComponent("outside/Secret.storyboard").path)
        }
        let project = ProjectLoader().load(discovered.files)
        #expect(project.storyboards.compactMap(\.value).isEmpty)
        let findings = project.storyboards.flatMap(\.diagnostics) + project.settings.flatMap(\.diagnostics)
        #expect(findings.map(\.code.rawValue) == ["unreadable-file", "unreadable-file"])
        #expect(findings.allSatisfy { $0.message.contains("symbolic link") })
    }

    /// `diff` against a revision that commits `App/Leak.storyboard -> /…/outside/Secret.storyboard`: the
    /// revision's copy follows the same rule, so the summary shows nothing of the outside file.
    @Test func aCommittedLinkOutOfTheRepositoryIsNotReadByDiff() throws {
        let top = Harness.newFolder()
        let repo = top.appendingPathComponent("repo")
        try Robust.write(Self.storyboard("SecretViewController"), "outside/Secret.storyboard", in: top)
        try Robust.write(Self.storyboard("MainViewController"), "App/Main.storyboard", in: repo)
        func git(_ args: String...) throws {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com"] + args
            process.currentDirectoryURL = repo
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
            #expect(process.terminationStatus == 0, "git \(args)")
        }
        try git("init", "-q", "-b", "main")
        try git("add", ".")
        try git("commit", "-q", "-m", "before")
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("App/Leak.storyboard").path,
                                                   withDestinationPath: top.appendingPathComponent("outside/Secret.storyboard").path)
        try git("add", ".")
        try git("commit", "-q", "-m", "a link out")

        let run = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: repo)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stdout.contains("Secret") && !run.stderr.contains("Secret"), "\(run.stdout)")
        #expect(run.stderr.contains("link-outside-inputs"), "\(run.stderr)")
    }

    // MARK: - Config and theme files

    /// A repository's `.sbmap.yml` cannot point sbmap at the rest of the machine: `/`, `..`, an absolute path and a
    /// link that leads out are each an error at its line (exit 64), and nothing is read. Inside paths still work.
    @Test func configPathsMustStayInsideTheConfigsFolder() throws {
        let top = try Harness.project([
            "outside/Secret.storyboard": Self.storyboard("SecretViewController"),
            "repo/App/Main.storyboard": Self.storyboard("MainViewController"),
            "repo/App/Sub/Other.storyboard": Self.storyboard("OtherViewController"),
        ])
        let repo = top.appendingPathComponent("repo")
        try FileManager.default.createSymbolicLink(atPath: repo.appendingPathComponent("Out").path,
                                                   withDestinationPath: top.appendingPathComponent("outside").path)
        try Robust.write("""
            paths:
              - App
              - /
              - ../outside
              - \(top.appendingPathComponent("outside").path)
              - Out
              - App/Sub/../..
            render:
              theme: ../outside/theme.yml

            """, ".sbmap.yml", in: repo)
        let run = try Harness.run(["export", "-o", "graph.json"], in: repo)
        #expect(run.status == 64, "\(run.stderr)")
        let lines = run.stderr.split(separator: "\n").filter { $0.contains("leads outside the folder that holds this file") }
        #expect(lines.map { $0.split(separator: ":")[1] } == ["3", "4", "5", "6", "9"], "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("graph.json").path))

        try Robust.write("paths: [App, ./App/Sub, App/Sub/..]\n", ".sbmap.yml", in: repo)
        let inside = try Harness.run(["export", "-o", "graph.json"], in: repo)
        #expect(inside.status == 0, "\(inside.stderr)")
        #expect(try String(contentsOf: repo.appendingPathComponent("graph.json"), encoding: .utf8).contains("OtherViewController"))
    }

    /// `--theme` naming a file that is not a theme (a credentials file, a JSON secret): "not a theme file", the
    /// allowed keys, and none of the file's keys or values. A theme with a typo still names the unknown key.
    @Test func aThemePathToAFileThatIsNotAThemeEchoesNothingOfIt() throws {
        let root = try Harness.project([
            "App/Main.storyboard": Self.storyboard("MainViewController"),
            "credentials": "aws_access_key_id: AKIAEXAMPLEKEY\naws_secret_access_key: s3cr3tValue\n",
            "secrets.json": #"{"api_token": "tok_live_123", "password": "hunter2"}"#,
            "typo.yml": "name: Mine\ncanvs:\n  background: \"#ffffff\"\n",
        ])
        for file in ["credentials", "secrets.json"] {
            let path = root.appendingPathComponent(file).path
            let run = try Harness.run(["render", "App", "--theme", path, "-o", "map.svg"], in: root)
            #expect(run.status != 0)
            #expect(run.stderr.contains("not a theme file"), "\(run.stderr)")
            #expect(run.stderr.contains("extends, name"))
            for secret in ["aws_access_key_id", "AKIAEXAMPLEKEY", "aws_secret", "s3cr3tValue", "api_token", "tok_live", "password", "hunter2"] {
                #expect(!run.stderr.contains(secret), "\(secret) echoed: \(run.stderr)")
            }
        }
        let typo = try Harness.run(["render", "App", "--theme", "typo.yml", "-o", "map.svg"], in: root)
        #expect(typo.stderr.contains("unknown key 'canvs'"), "\(typo.stderr)")
    }

    /// The YAML key bomb: a mapping key that is an alias of a list nested nine levels deep, ten wide (10^9 when
    /// expanded). Refused at the alias's line before anything is expanded, in a config file found in a parent folder
    /// and in a theme; a normal config and theme still work. (This run takes milliseconds; speed is not timed here.)
    @Test func yamlAnchorsAndAliasesAreRefusedBeforeExpansion() throws {
        var bomb = "a0: &a0 [x, x, x, x, x, x, x, x, x, x]\n"
        for k in 1...9 {
            bomb += "a\(k): &a\(k) [" + Array(repeating: "*a\(k - 1)", count: 10).joined(separator: ", ") + "]\n"
        }
        bomb += "? *a9\n: boom\n"
        let root = try Harness.project([
            ".sbmap.yml": bomb,
            ".git/HEAD": "ref: refs/heads/main\n",  // a repository: its config is found from a subfolder
            "work/App/Main.storyboard": Self.storyboard("MainViewController"),
            "work/theme.yml": "extends: default\nname: &n Mine\ndescription: *n\n",
        ])
        let work = root.appendingPathComponent("work")
        let run = try Harness.run(["check", "App"], in: work)
        #expect(run.status == 64, "\(run.stderr)")
        #expect(run.stderr.contains(".sbmap.yml:1:5: error: YAML anchors and aliases"), "\(run.stderr)")
        #expect(run.stderr.split(separator: "\n").filter { $0.contains("anchors and aliases") }.count == 20, "at most 20 places")

        let theme = try Harness.run(["render", "App", "--no-config", "--theme", "theme.yml", "-o", "map.svg"], in: work)
        #expect(theme.status != 0)
        #expect(theme.stderr.contains("theme.yml:2:7: error: YAML anchors and aliases"), "\(theme.stderr)")
        #expect(theme.stderr.contains("theme.yml:3:14: error: YAML anchors and aliases"), "\(theme.stderr)")

        // Text that only looks like one is fine, and so is a normal config.
        try Robust.write("""
            # a comment with *stars and &ampersands
            paths: [App]
            exclude: ["*.generated/*", '&odd', R&D, a*b]
            findings:
              suppress:
                - code: unknown-storyboard
                  paths: ["Legacy/**"]
                  reason: |
                    *not* an alias & not an anchor
            render:
              theme: dark

            """, ".sbmap.yml", in: work)
        let normal = try Harness.run(["check"], in: work.appendingPathComponent("App"))
        #expect(normal.status == 0, "\(normal.stderr)")
        #expect(normal.stderr.contains("1 storyboard"), "\(normal.stderr)")
    }

    // MARK: - Git LFS pointers

    /// A checkout without LFS: the storyboard, an Info.plist and the project are pointers. Each is one warning that
    /// says how to fetch it; a reference, a code load and an entry point naming the storyboard are unknown (a note at
    /// most), not broken; the run is clean (exit 0) and everything else is mapped.
    @Test func lfsPointersAreWarningsAndLinksIntoThemAreUnknown() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(
                initial: "a",
                XML.scene("a", attributes: #"customClass="HomeViewController""#, body: XML.segue("g1", to: "r")),
                XML.reference("r", storyboard: "Settings", identifier: "Privacy")),
            "App/Settings.storyboard": Self.lfsPointer,
            "App/Info.plist": """
                <?xml version="1.0" encoding="UTF-8"?>
                <plist version="1.0"><dict><key>UIMainStoryboardFile</key><string>Settings</string></dict></plist>
                """,
            "Widget/Info.plist": Self.lfsPointer,
            "App/App.xcodeproj/project.pbxproj": Self.lfsPointer,
            "App/Home.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    func open() {
                        let vc = UIStoryboard(name: "Settings", bundle: nil).instantiateViewController(withIdentifier: "Account")
                        present(vc, animated: true)
                    }
                }
                """,
        ])
        let run = try Harness.run(["check", "."], in: root)
        let findings = Robust.findings(run.stderr)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(findings.filter { $0.level == "error" }.isEmpty, "\(run.stderr)")
        for path in ["App/Settings.storyboard", "Widget/Info.plist", "App/App.xcodeproj/project.pbxproj"] {
            #expect(findings.filter { $0.path == path }.map { "\($0.level) \($0.code)" } == ["warning lfs-pointer"], "\(run.stderr)")
        }
        #expect(run.stderr.contains("Git LFS pointer"))
        #expect(run.stderr.contains("git lfs pull"))
        #expect(run.stderr.contains("lfs: true"))
        // The reference and the code load: notes.
        #expect(findings.contains { $0.path == "App/Main.storyboard" && $0.level == "note" && $0.code == "unknown-storyboard" }, "\(run.stderr)")
        #expect(findings.contains { $0.path == "App/Home.swift" && $0.level == "note" && $0.code == "code-unknown-storyboard" }, "\(run.stderr)")
        #expect(!run.stderr.contains("holds no XML"))
        #expect(run.stderr.contains("1 storyboard"), "\(run.stderr)")
    }

    /// A storyboard that is broken (not a pointer) and named in code: "could not be read", a warning as for a
    /// reference to it, not "does not exist" (an error that blamed the call).
    @Test func codeNamingABrokenStoryboardIsNotAMissingStoryboard() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", attributes: #"customClass="HomeViewController""#)),
            "App/Broken.storyboard": "<document><scenes>",
            "App/Home.swift": """
                import UIKit
                class HomeViewController: UIViewController {
                    func open() { _ = UIStoryboard(name: "Broken", bundle: nil).instantiateInitialViewController() }
                }
                """,
        ])
        let run = try Harness.run(["check", "App"], in: root)
        let code = Robust.findings(run.stderr).filter { $0.path == "App/Home.swift" }
        #expect(code.map { "\($0.level) \($0.code)" } == ["warning code-unknown-storyboard"], "\(run.stderr)")
        #expect(run.stderr.contains("could not be read"))
    }
}
