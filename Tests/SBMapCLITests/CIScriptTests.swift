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
        // sbmap exits 64 (bad usage) today and 2 (the run failed) after issue 21; either way not 0 and not 1.
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

    @Test func sameRepositoryPostsOnceThenUpdates() throws {
        let repo = try CIScripts.repository(change: .renameIdentifier)
        _ = try CIScripts.run("sbmap-pr.sh", ["main", "out"], in: repo)
        let base = ["GITHUB_REPOSITORY": "owner/app", "SBMAP_PR": "7", "SBMAP_HEAD_REPO": "owner/app",
                    "SBMAP_EVENT": "pull_request"]
        let gh = try CIScripts.fakeGH(in: repo)
        let first = try CIScripts.run("comment.sh", ["out/summary.md"], in: repo, environment: gh.environment.merging(base) { $1 })
        #expect(first.status == 0)
        #expect(try gh.calls() == [
            "api repos/owner/app/issues/7/comments --paginate --jq .[] | select(.body | startswith(\"<!-- sbmap-summary -->\")) | .id",
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
}
