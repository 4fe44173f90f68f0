import Foundation
import Testing

/// The scripts behind action.yml and examples/ci/github-actions.yml, run as GitHub runs them, on scratch git
/// repositories with two commits: `sbmap-pr.sh` (the comparison, the step summary, the outputs), `comment.sh` (the
/// pull-request comment, through a fake `gh` that records its calls) and `gate.sh` (the step's result). Exit 0 and 1
/// mean sbmap ran; anything else must fail the step, never pass it.
@Suite("CI scripts on scratch repositories", .enabled(if: CIScripts.git != nil, "no git on PATH"))
struct CIScriptTests {
    @Test func cleanChangePassesAndWritesTheSummary() throws {
        let repo = try CIScripts.repository(change: .addScene)
        let run = try CIScripts.run("sbmap-pr.sh", ["main", "out"], in: repo)
        #expect(run.status == 0, "\(run.stderr)")
        let summary = try String(contentsOf: repo.appendingPathComponent("out/summary.md"), encoding: .utf8)
        #expect(summary.hasPrefix("<!-- sbmap-summary -->\n"))
        #expect(summary.count > 40, "the summary has sbmap's text after the marker: \(summary)")
        #expect(try run.stepSummary() == summary)
        #expect(try run.outputs()["status"] == "0")
        #expect(try run.outputs()["summary"] == repo.appendingPathComponent("out/summary.md").standardizedFileURL.path)
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("out/diff.svg").path))
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("out/maps/overview.svg").path))
    }

    @Test func breakingChangeFailsWithAnnotations() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        let run = try CIScripts.run("sbmap-pr.sh", ["main", "out"], in: repo, environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stderr.contains("::error file="), "GitHub annotations for the new finding: \(run.stderr)")
        #expect(run.stderr.contains("unknown-identifier"))
        let summary = try run.stepSummary()
        #expect(summary.hasPrefix("<!-- sbmap-summary -->"))
        #expect(summary.contains("Account"), "the summary names what broke: \(summary)")
        #expect(try run.outputs()["status"] == "1")
        // The action's last step turns that into a failed step.
        let gate = try CIScripts.run("gate.sh", ["1", "new-errors"], in: repo)
        #expect(gate.status == 1)
        #expect(gate.stdout.contains("::error title=sbmap::"))
    }

    @Test func wrongBaseFailsTheStepWithAMessage() throws {
        let repo = try CIScripts.repository(change: .addScene)
        let run = try CIScripts.run("sbmap-pr.sh", ["origin/no-such-branch", "out"], in: repo,
                                    environment: ["GITHUB_ACTIONS": "true"])
        // sbmap exits 64 (bad usage) or 2 (the run failed) for a base that does not exist; either way not 0 and not 1.
        #expect(run.status != 0 && run.status != 1, "\(run.stderr)")
        #expect(run.stderr.contains("::error title=sbmap::sbmap diff origin/no-such-branch"), "\(run.stderr)")
        #expect(run.stderr.contains("this is not a pass"))
        let summary = try run.stepSummary()
        #expect(summary.contains("sbmap could not compare"), "the job's page says why: \(summary)")
        #expect(try run.outputs()["status"] == String(run.status))
        let gate = try CIScripts.run("gate.sh", [String(run.status)], in: repo)
        #expect(gate.status == run.status)
        let missing = try CIScripts.run("gate.sh", [""], in: repo)
        #expect(missing.status == 2, "no status at all is a failure too")
    }

    @Test func aMissingBinaryIsAFailureNotAPass() throws {
        let repo = try CIScripts.repository(change: .addScene)
        let run = try CIScripts.run("sbmap-pr.sh", ["main", "out"], in: repo,
                                    environment: ["SBMAP": "/nonexistent/sbmap"])
        #expect(run.status == 127, "\(run.stderr)")
        #expect(try run.stepSummary().contains("sbmap could not compare"))
    }

    @Test func eachFolderOfPathsIsComparedOnItsOwn() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        let run = try CIScripts.run("sbmap-pr.sh", ["main", "out"], in: repo, environment: ["SBMAP_PATHS": "App Gone"])
        #expect(run.status == 2, "a folder that is not there fails the check: \(run.stderr)")
        #expect(FileManager.default.fileExists(atPath: repo.appendingPathComponent("out/App/diff.svg").path))
        let summary = try run.stepSummary()
        #expect(summary.contains("## `App`"), "\(summary)")
        #expect(summary.contains("Account"), "App's comparison ran: \(summary)")
        #expect(summary.contains("sbmap could not compare `Gone`"), "\(summary)")
    }

    @Test func forkPullRequestWritesTheSummaryAndNeverComments() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        let check = try CIScripts.run("sbmap-pr.sh", ["main", "out"], in: repo)
        #expect(check.status == 1)
        let gh = try CIScripts.fakeGH(in: repo)
        let comment = try CIScripts.run("comment.sh", ["out/summary.md"], in: repo, environment: gh.environment.merging([
            "GITHUB_REPOSITORY": "owner/app", "SBMAP_PR": "7", "SBMAP_HEAD_REPO": "someone/app",
            "SBMAP_EVENT": "pull_request", "GITHUB_STEP_SUMMARY": check.stepSummaryPath,
        ]) { $1 })
        #expect(comment.status == 0, "a read-only token skips the comment without failing: \(comment.stdout)")
        #expect(comment.stdout.contains("::notice title=sbmap::pull request from a fork"))
        #expect(try gh.calls().isEmpty, "no comment attempted")
        #expect(try check.stepSummary().hasPrefix("<!-- sbmap-summary -->"), "the summary is on the job's page")
    }

    @Test(.enabled(if: CIScripts.jq, "the fake gh filters with jq")) func sameRepositoryPostsOnceThenUpdates() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        _ = try CIScripts.run("sbmap-pr.sh", ["main", "out"], in: repo)
        let base = ["GITHUB_REPOSITORY": "owner/app", "SBMAP_PR": "7", "SBMAP_HEAD_REPO": "owner/app",
                    "SBMAP_EVENT": "pull_request"]
        let gh = try CIScripts.fakeGH(in: repo)
        let first = try CIScripts.run("comment.sh", ["out/summary.md"], in: repo, environment: gh.environment.merging(base) { $1 })
        #expect(first.status == 0)
        #expect(try gh.calls() == [
            "api user --jq .login",
            "api repos/owner/app/issues/7/comments --paginate --jq .[] | select(.body | startswith(\"<!-- sbmap-summary -->\")) | \"\\(.id) \\(.user.login)\"",
            "api -X POST repos/owner/app/issues/7/comments -F body=@out/summary.md",
        ])
        let again = try CIScripts.fakeGH(in: repo, existingComment: "4242")
        _ = try CIScripts.run("comment.sh", ["out/summary.md"], in: repo, environment: again.environment.merging(base) { $1 })
        #expect(try again.calls().last == "api -X PATCH repos/owner/app/issues/comments/4242 -F body=@out/summary.md")
        // A token that cannot write after all (an organisation's read-only default) warns and passes.
        let denied = try CIScripts.fakeGH(in: repo, failWrites: true)
        let refused = try CIScripts.run("comment.sh", ["out/summary.md"], in: repo, environment: denied.environment.merging(base) { $1 })
        #expect(refused.status == 0)
        #expect(refused.stdout.contains("::warning title=sbmap::could not post the summary comment"), "\(refused.stdout)")
        // comment: never asks nothing of gh.
        let off = try CIScripts.fakeGH(in: repo)
        _ = try CIScripts.run("comment.sh", ["out/summary.md"], in: repo,
                              environment: off.environment.merging(base) { $1 }.merging(["SBMAP_COMMENT": "never"]) { $1 })
        #expect(try off.calls().isEmpty)
    }

    // MARK: What a pull request controls (a change can name no file the workflow runs)

    /// The default output folder is a fresh one outside the checkout: a pull request cannot have planted anything in it.
    @Test func theDefaultOutputFolderIsFreshAndOutsideTheCheckout() throws {
        let repo = try CIScripts.repository(change: .addScene)
        let run = try CIScripts.run("sbmap-pr.sh", ["main"], in: repo)
        #expect(run.status == 0, "\(run.stderr)")
        let out = try #require(try run.outputs()["out-dir"])
        #expect(!out.hasPrefix(repo.resolvingSymlinksInPath().path) && !out.hasPrefix(repo.path), "\(out)")
        #expect(FileManager.default.fileExists(atPath: out + "/summary.md"))
        #expect(!FileManager.default.fileExists(atPath: repo.appendingPathComponent("sbmap-out").path))
        try? FileManager.default.removeItem(atPath: out)
    }

    /// A pull request that commits `sbmap-out/sbmap.log -> ~/.profile` (here a stand-in file outside the repository),
    /// and a storyboard whose name is shell code: the link is refused before anything is written, so the file it
    /// points at is untouched and no name reaches it; an output folder that is itself a committed link is refused too.
    @Test func aLinkThePullRequestCommittedInTheOutputFolderIsRefused() throws {
        let victims = Harness.newFolder()
        try FileManager.default.createDirectory(at: victims, withIntermediateDirectories: true)
        let profile = victims.appendingPathComponent("profile")
        try Data("export PATH=/usr/bin\n".utf8).write(to: profile)
        let hostile = "App/x';touch /tmp/owned;#.storyboard"
        let repo = try CIScripts.repository(change: .addScene, files: [hostile: XML.storyboard(initial: "h1", XML.scene("h1"))],
                                            links: ["sbmap-out/sbmap.log": profile.path, "linked-out": victims.path])
        try? FileManager.default.removeItem(atPath: "/tmp/owned")
        for out in ["sbmap-out", "linked-out", "linked-out/", "linked-out/sub"] {
            let run = try CIScripts.run("sbmap-pr.sh", ["main", out], in: repo, environment: ["GITHUB_ACTIONS": "true"])
            #expect(run.status == 64, "\(out): \(run.stderr)")
            #expect(run.stderr.contains("::error title=sbmap::the output folder"), "\(out): \(run.stderr)")
            #expect(try run.outputs()["status"] == "64")
            #expect(try String(contentsOf: profile, encoding: .utf8) == "export PATH=/usr/bin\n", "\(out)")
            #expect(try FileManager.default.contentsOfDirectory(atPath: victims.path) == ["profile"], "\(out)")
        }
        // The same pull request, with the output folder outside the checkout: the name is only text in the log.
        let run = try CIScripts.run("sbmap-pr.sh", ["main"], in: repo)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!FileManager.default.fileExists(atPath: "/tmp/owned"))
        #expect(try String(contentsOf: profile, encoding: .utf8) == "export PATH=/usr/bin\n")
        if let out = try run.outputs()["out-dir"] { try? FileManager.default.removeItem(atPath: out) }
    }

    /// A base that is an option: `--upload-pack=CMD` would run CMD through `git fetch`, `--help` would print help and
    /// exit 0 (a green gate that compared nothing). Refused as bad usage, and the gate fails on it.
    @Test func anOptionWhereTheBaseShouldBeIsRefused() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        let planted = repo.appendingPathComponent("pwned").path
        for base in ["--upload-pack=touch \(planted)", "origin/--upload-pack=touch \(planted)", "--help", "-h",
                     "main:refs/heads/x", "origin/-x", "main\n::add-mask::secret"] {
            let run = try CIScripts.run("sbmap-pr.sh", [base, Harness.newFolder().path], in: repo,
                                        environment: ["GITHUB_ACTIONS": "true"])
            #expect(run.status == 64, "\(base): \(run.stderr)")
            #expect(run.stderr.contains("::error title=sbmap::the base"), "\(base): \(run.stderr)")
            #expect(!run.stderr.contains("\n::add-mask::"), "a line break in the base starts no workflow command")
            #expect(try run.outputs()["status"] == "64", "\(base)")
            #expect(try run.stepSummary().hasPrefix("### sbmap did not compare anything\n\n    the base"), "the job's page says why")
            #expect(!FileManager.default.fileExists(atPath: planted), "\(base)")
            let gate = try CIScripts.run("gate.sh", ["64"], in: repo)
            #expect(gate.status == 64)
        }
    }

    /// An sbmap that exits 0 without comparing (a stand-in that prints nothing, as `--help` would have): not a pass.
    @Test func aZeroWithoutASummaryIsNotAPass() throws {
        let repo = try CIScripts.repository(change: .addScene)
        let fake = Harness.newFolder()
        try FileManager.default.createDirectory(at: fake, withIntermediateDirectories: true)
        let binary = fake.appendingPathComponent("sbmap")
        try Data("#!/bin/sh\nexit 0\n".utf8).write(to: binary)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: binary.path)
        let run = try CIScripts.run("sbmap-pr.sh", ["main", Harness.newFolder().path], in: repo, environment: ["SBMAP": binary.path])
        #expect(run.status == 2, "\(run.stderr)")
        #expect(try run.stepSummary().contains("sbmap could not compare"))
        #expect(run.stderr.contains("without writing the summary"))
    }

    /// An exit status is taken modulo 256: 256 must not turn into a pass.
    @Test func theGateNeverWrapsToAPass() throws {
        let folder = Harness.newFolder()
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        for status in ["256", "512", "0256", "00", "01", "99999999999999999999"] {
            let gate = try CIScripts.run("gate.sh", [status], in: folder)
            #expect(gate.status == 2, "\(status) → \(gate.status)")
        }
        #expect(try CIScripts.run("gate.sh", ["255"], in: folder).status == 255)
        #expect(try CIScripts.run("gate.sh", ["0"], in: folder).status == 0)
    }

    // MARK: A quiet comment, and only the bot's own (it edits no comment a person wrote)

    static let pullRequest = ["GITHUB_REPOSITORY": "owner/app", "SBMAP_PR": "7", "SBMAP_HEAD_REPO": "owner/app",
                              "SBMAP_EVENT": "pull_request"]

    /// A pull request that changes only the README: the summary says so on the job's page, and nobody is notified.
    @Test(.enabled(if: CIScripts.jq, "the fake gh filters with jq")) func aReadmeOnlyPullRequestGetsNoComment() throws {
        let repo = try CIScripts.repository(change: .readmeOnly)
        let out = Harness.newFolder().path
        let check = try CIScripts.run("sbmap-pr.sh", ["main", out], in: repo)
        #expect(check.status == 0, "\(check.stderr)")
        #expect(try check.outputs()["changed"] == "false")
        let summary = try String(contentsOfFile: out + "/summary.md", encoding: .utf8)
        #expect(summary.hasPrefix("<!-- sbmap-summary -->\n<!-- sbmap: no change -->\n"), "\(summary)")
        let gh = try CIScripts.fakeGH(in: repo)
        let comment = try CIScripts.run("comment.sh", [out + "/summary.md"], in: repo,
                                        environment: gh.environment.merging(Self.pullRequest) { $1 })
        #expect(comment.status == 0)
        #expect(comment.stdout.contains("did not change: no pull-request comment"), "\(comment.stdout)")
        let calls = try gh.calls()
        #expect(calls.allSatisfy { !$0.contains("-X") }, "no POST, PATCH or DELETE: \(calls)")
        // A change to the map does post.
        let changed = try CIScripts.run("sbmap-pr.sh", ["main", Harness.newFolder().path],
                                        in: try CIScripts.repository(change: .addScene))
        #expect(try changed.outputs()["changed"] == "true")
    }

    /// A later push that leaves nothing to say: the earlier summary comment (the bot's) is deleted, not left stale.
    @Test(.enabled(if: CIScripts.jq, "the fake gh filters with jq")) func aLaterPushDeletesTheObsoleteComment() throws {
        let repo = try CIScripts.repository(change: .readmeOnly)
        let out = Harness.newFolder().path
        _ = try CIScripts.run("sbmap-pr.sh", ["main", out], in: repo)
        let gh = try CIScripts.fakeGH(in: repo, comments: [
            .init(id: 11, login: "octocat", body: "Looks good"),
            .init(id: 12, login: "github-actions[bot]", body: "<!-- sbmap-summary -->\n## 1 link broke, it crashes at runtime"),
        ])
        let comment = try CIScripts.run("comment.sh", [out + "/summary.md"], in: repo,
                                        environment: gh.environment.merging(Self.pullRequest) { $1 })
        #expect(comment.status == 0)
        #expect(try gh.calls().filter { $0.contains("-X") } == ["api -X DELETE repos/owner/app/issues/comments/12"])
        #expect(comment.stdout.contains("earlier summary comment is deleted"))
    }

    /// A comment someone else wrote that starts with the marker is never edited nor deleted: the bot posts its own.
    @Test(.enabled(if: CIScripts.jq, "the fake gh filters with jq")) func aForeignCommentWithTheMarkerIsLeftAlone() throws {
        let foreign = CIScripts.Comment(id: 21, login: "mallory", body: "<!-- sbmap-summary -->\nAll fine, merge it")
        let repo = try CIScripts.repository(change: .renameIdentifier)
        let out = Harness.newFolder().path
        _ = try CIScripts.run("sbmap-pr.sh", ["main", out], in: repo)
        let gh = try CIScripts.fakeGH(in: repo, comments: [foreign])
        _ = try CIScripts.run("comment.sh", [out + "/summary.md"], in: repo, environment: gh.environment.merging(Self.pullRequest) { $1 })
        #expect(try gh.calls().filter { $0.contains("-X") } == ["api -X POST repos/owner/app/issues/7/comments -F body=@\(out)/summary.md"])
        // With the bot's own comment there too, that one is updated.
        let both = try CIScripts.fakeGH(in: repo, comments: [foreign, .init(id: 22, login: "github-actions[bot]", body: "<!-- sbmap-summary -->\nold")])
        _ = try CIScripts.run("comment.sh", [out + "/summary.md"], in: repo, environment: both.environment.merging(Self.pullRequest) { $1 })
        #expect(try both.calls().filter { $0.contains("-X") } == ["api -X PATCH repos/owner/app/issues/comments/22 -F body=@\(out)/summary.md"])
        // Nothing to say: mallory's comment is not deleted either.
        let quiet = Harness.newFolder().path
        _ = try CIScripts.run("sbmap-pr.sh", ["main", quiet], in: try CIScripts.repository(change: .readmeOnly))
        let alone = try CIScripts.fakeGH(in: repo, comments: [foreign])
        _ = try CIScripts.run("comment.sh", [quiet + "/summary.md"], in: repo, environment: alone.environment.merging(Self.pullRequest) { $1 })
        let aloneCalls = try alone.calls()
        #expect(aloneCalls.allSatisfy { !$0.contains("-X") }, "\(aloneCalls)")
    }

    /// A personal token may ask who it is: its user's comment is the one to update (not github-actions[bot]'s).
    @Test(.enabled(if: CIScripts.jq, "the fake gh filters with jq")) func theTokensOwnLoginFindsTheComment() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        let out = Harness.newFolder().path
        _ = try CIScripts.run("sbmap-pr.sh", ["main", out], in: repo)
        let comments: [CIScripts.Comment] = [.init(id: 31, login: "github-actions[bot]", body: "<!-- sbmap-summary -->\nold"),
                                             .init(id: 32, login: "release-bot", body: "<!-- sbmap-summary -->\nold")]
        let gh = try CIScripts.fakeGH(in: repo, comments: comments, user: "release-bot")
        _ = try CIScripts.run("comment.sh", [out + "/summary.md"], in: repo, environment: gh.environment.merging(Self.pullRequest) { $1 })
        #expect(try gh.calls().filter { $0.contains("-X") } == ["api -X PATCH repos/owner/app/issues/comments/32 -F body=@\(out)/summary.md"])
        // An app's token names its login in the input; one that is not a login is refused, not put into a filter.
        let app = try CIScripts.fakeGH(in: repo, comments: comments)
        _ = try CIScripts.run("comment.sh", [out + "/summary.md"], in: repo, environment: app.environment
            .merging(Self.pullRequest) { $1 }.merging(["SBMAP_COMMENT_AUTHOR": "github-actions[bot]"]) { $1 })
        #expect(try app.calls().filter { $0.contains("-X") } == ["api -X PATCH repos/owner/app/issues/comments/31 -F body=@\(out)/summary.md"])
        let odd = try CIScripts.fakeGH(in: repo, comments: comments)
        let refused = try CIScripts.run("comment.sh", [out + "/summary.md"], in: repo, environment: odd.environment
            .merging(Self.pullRequest) { $1 }.merging(["SBMAP_COMMENT_AUTHOR": "x\") | .id, (\"y"]) { $1 })
        #expect(refused.stdout.contains("is not a GitHub login"))
        #expect(try odd.calls().isEmpty)
    }

    /// `upload-sarif`: the findings of HEAD as SARIF 2.1.0, one file per folder, named in the step's outputs.
    @Test func sarifForCodeScanning() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        let out = Harness.newFolder().path
        let run = try CIScripts.run("sbmap-pr.sh", ["main", out], in: repo, environment: ["SBMAP_SARIF": "true", "SBMAP_PATHS": "App"])
        #expect(run.status == 1, "\(run.stderr)")
        let folder = try #require(try run.outputs()["sarif"])
        #expect(folder == out + "/sarif")
        let files = try FileManager.default.contentsOfDirectory(atPath: folder)
        #expect(files == ["App.sarif"])
        let data = try Data(contentsOf: URL(fileURLWithPath: folder + "/App.sarif"))
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["version"] as? String == "2.1.0")
        #expect(String(decoding: data, as: UTF8.self).contains("unknown-identifier"))
        // Without the input, no SARIF.
        let plain = try CIScripts.run("sbmap-pr.sh", ["main", Harness.newFolder().path], in: repo)
        #expect(try plain.outputs()["sarif"] == nil)
    }
}
