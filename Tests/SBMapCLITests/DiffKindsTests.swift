import Foundation
import Testing

/// `sbmap diff` in a reviewer's words: broke, fixed, added, removed, changed and moved, on the map (SVG classes) and
/// in the summary, whose first line is the verdict.
@Suite struct DiffKindsTests {
    static let main = XML.storyboard(initial: "home",
        XML.scene("home", attributes: #"customClass="HomeViewController""#, body: XML.segue("toFeed", to: "feedRef")),
        XML.reference("feedRef", storyboard: "Feed", identifier: "feed"))

    static func feed(identifier: String = "feed", extra: String = "", feedClass: String = "FeedViewController") -> String {
        XML.storyboard(initial: "list",
            XML.scene("list", attributes: #"customClass="\#(feedClass)" storyboardIdentifier="\#(identifier)""#), extra)
    }

    /// base/App and head/App: Main references Feed's `feed` scene; `change` edits head's files.
    func pair(base change0: (inout [String: String]) -> Void = { _ in }, head change: (inout [String: String]) -> Void) throws -> URL {
        var base = ["App/Main.storyboard": Self.main, "App/Feed.storyboard": Self.feed()]
        change0(&base)
        var head = base
        change(&head)
        var files: [String: String] = [:]
        for (path, text) in base { files["base/" + path] = text }
        for (path, text) in head { files["head/" + path] = text }
        return try Harness.project(files)
    }

    func diff(_ root: URL) throws -> (run: SBMapRun, summary: String, svg: String) {
        let run = try Harness.run(["diff", "base", "head", "-o", "diff.svg", "--summary", "summary.md", "--fail-on", "never",
                                   "--artifact-url", "https://example.com/run/1"], in: root)
        let summary = (try? String(contentsOf: root.appendingPathComponent("summary.md"), encoding: .utf8)) ?? ""
        let svg = (try? String(contentsOf: root.appendingPathComponent("diff.svg"), encoding: .utf8)) ?? ""
        return (run, summary, svg)
    }

    static func firstLine(_ text: String) -> String { text.split(separator: "\n").first.map(String.init) ?? "" }

    @Test func aLinkThatStopsResolvingBrokeAndIsNeverDrawnAsAdded() throws {
        let root = try pair { $0["App/Feed.storyboard"] = Self.feed(identifier: "news") }
        let (run, summary, svg) = try diff(root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(Self.firstLine(summary) == "## 1 link broke, it crashes at runtime", "\(summary)")
        #expect(summary.contains("**broke**"))
        #expect(summary.contains("[artifact](https://example.com/run/1)"))
        let newFindings = try #require(summary.range(of: "### New findings"))
        let changes = try #require(summary.range(of: "### Changes by storyboard"))
        #expect(newFindings.lowerBound < changes.lowerBound, "the new findings come before the changes")
        #expect(svg.contains("diff broke"), "the broken reference is marked on the map")
        #expect(svg.contains("broke:"), "with a visible 'broke' mark")
        #expect(!svg.contains("diff added"), "broken is not added")
        #expect(!summary.contains("removed link"), "the link a broken reference lost is what broke, not a removal: \(summary)")
    }

    @Test func aNewUnresolvedLinkBrokeToo() throws {
        let root = try pair { files in
            files["App/Main.storyboard"] = XML.storyboard(initial: "home",
                XML.scene("home", attributes: #"customClass="HomeViewController""#, body: """
                    <connections>
                        <segue destination="feedRef" kind="show" id="toFeed"/>
                        <segue destination="goneRef" kind="show" id="toGone"/>
                    </connections>
                """),
                XML.reference("feedRef", storyboard: "Feed", identifier: "feed"), XML.reference("goneRef", storyboard: "Gone"))
        }
        let (_, summary, svg) = try diff(root)
        #expect(Self.firstLine(summary) == "## 1 link broke, it crashes at runtime", "\(summary)")
        #expect(!summary.contains("added → Gone"), "\(summary)")
        #expect(svg.contains("diff broke"))
        #expect(!svg.contains("diff added"))
    }

    @Test func aLinkThatResolvesAgainIsFixed() throws {
        let root = try pair(base: { $0["App/Feed.storyboard"] = Self.feed(identifier: "news") }, head: {
            $0["App/Feed.storyboard"] = Self.feed(identifier: "feed")
        })
        let (_, summary, svg) = try diff(root)
        #expect(Self.firstLine(summary) == "## 1 link fixed", "\(summary)")
        #expect(summary.contains("### Fixed findings"))
        #expect(svg.contains("diff fixed"))
        #expect(!summary.contains("added link"), "the link a fixed reference gained is what was fixed: \(summary)")
    }

    @Test func addedRemovedAndChangedScenes() throws {
        let added = try pair { $0["App/Feed.storyboard"] = Self.feed(extra: XML.scene("post", attributes: #"customClass="PostViewController""#)) }
        let (_, addedSummary, addedSVG) = try diff(added)
        #expect(Self.firstLine(addedSummary) == "## Feed: 1 scene added", "\(addedSummary)")
        #expect(addedSummary.contains("- added PostViewController"), "\(addedSummary)")
        #expect(addedSVG.contains("diff added"))

        let removed = try pair(base: { $0["App/Feed.storyboard"] = Self.feed(extra: XML.scene("post", attributes: #"customClass="PostViewController""#)) },
                               head: { $0["App/Feed.storyboard"] = Self.feed() })
        let (_, removedSummary, removedSVG) = try diff(removed)
        #expect(removedSummary.contains("- removed PostViewController"), "\(removedSummary)")
        #expect(removedSVG.contains("diff removed"))

        let changed = try pair { $0["App/Feed.storyboard"] = Self.feed(feedClass: "NewsViewController") }
        let (_, changedSummary, changedSVG) = try diff(changed)
        #expect(changedSummary.contains("class: FeedViewController → NewsViewController"), "\(changedSummary)")
        #expect(changedSVG.contains("diff changed"))
    }

    @Test func aSceneRefactoredToAnotherStoryboardIsOneMove() throws {
        let settings = XML.storyboard(initial: "set",
            XML.scene("set", attributes: #"customClass="SettingsViewController""#, body: XML.segue("toCredits", to: "cr")),
            XML.scene("cr", attributes: #"customClass="CreditsViewController""#))
        let root = try pair(base: { $0["App/Settings.storyboard"] = settings }, head: { files in
            // Xcode's Refactor to Storyboard: the scene keeps its object id in the new file; a reference stays behind.
            files["App/Settings.storyboard"] = XML.storyboard(initial: "set",
                XML.scene("set", attributes: #"customClass="SettingsViewController""#, body: XML.segue("toCredits", to: "ref-cr")),
                XML.reference("ref-cr", storyboard: "NewFeature"))
            files["App/NewFeature.storyboard"] = XML.storyboard(initial: "cr",
                XML.scene("cr", attributes: #"customClass="CreditsViewController""#))
        })
        let (_, summary, _) = try diff(root)
        #expect(summary.contains("CreditsViewController moved from Settings to NewFeature, now reached through a reference"), "\(summary)")
        #expect(!summary.contains("added CreditsViewController"), "\(summary)")
        #expect(!summary.contains("removed CreditsViewController"), "\(summary)")
        #expect(!summary.contains("added link"), "the segue into the reference is the same segue: \(summary)")
    }

    @Test func noChangeSaysSo() throws {
        let root = try pair { _ in }
        let (run, summary, _) = try diff(root)
        #expect(run.status == 0)
        #expect(Self.firstLine(summary) == "## No storyboard change", "\(summary)")
    }

    /// A diff colour that the normal map uses for something else (green for embed segues, amber for ambiguous links)
    /// would say two things at once. The print theme is black and grey only: its kinds differ by line style and mark.
    @Test(arguments: ["default", "dark"])
    func noDiffColourMeansSomethingElseOnTheMap(theme: String) throws {
        let text = try String(contentsOf: TestAssets.repository.appendingPathComponent("themes/\(theme).yaml"), encoding: .utf8)
        let start = try #require(text.range(of: "\ndiff:\n")), end = try #require(text.range(of: "\nmarkers:", range: start.upperBound..<text.endIndex))
        func colours(_ part: Substring) -> Set<String> {
            Set(part.matches(of: /"(#[0-9a-fA-F]{6})"/).map { $0.output.1.lowercased() })
        }
        let diff = colours(text[start.lowerBound..<end.lowerBound])
        let rest = colours(text[..<start.lowerBound]).union(colours(text[end.lowerBound...]))
        #expect(!diff.isEmpty)
        #expect(diff.isDisjoint(with: rest), "diff colours also used on the map: \(diff.intersection(rest).sorted())")
        // Grey scale: each kind has its own mark.
        for mark in ["broke:", "fixed:", "\"+ \"", "\"− \"", "\"Δ \""] {
            #expect(text[start.lowerBound..<end.lowerBound].contains(mark), "\(mark) missing")
        }
    }
}

extension DiffKindsTests {
    /// The summary's Mermaid picture is the changed neighbourhood: no stub saying how many scenes are further away.
    @Test func theSummarysPictureShowsOnlyTheChangedNeighbourhood() throws {
        let chain = XML.storyboard(initial: "list",
            XML.scene("list", attributes: #"customClass="FeedViewController" storyboardIdentifier="feed""#, body: XML.segue("g1", to: "a")),
            XML.scene("a", attributes: #"customClass="AViewController""#, body: XML.segue("g2", to: "b")),
            XML.scene("b", attributes: #"customClass="BViewController""#))
        let root = try pair(base: { $0["App/Feed.storyboard"] = chain }) { files in
            files["App/Main.storyboard"] = Self.main.replacingOccurrences(of: "HomeViewController", with: "StartViewController")
        }
        let (run, summary, svg) = try diff(root)
        #expect(run.status == 0, "\(run.stderr)")
        let picture = try #require(summary.range(of: "```mermaid").map { String(summary[$0.upperBound...]) })
        #expect(picture.contains("StartViewController"), "\(summary)")
        #expect(!picture.contains("further away"), "\(picture)")
        #expect(!picture.contains("BViewController"), "two links away from the change: not drawn, not folded")
        #expect(svg.contains("further away"), "the diff map still folds what is further away into a stub")
    }
}
