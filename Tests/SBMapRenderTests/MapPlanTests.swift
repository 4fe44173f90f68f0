import SBMapModel
import SBMapStyle
import Testing

/// The plan a render follows, the names `--all` writes, what `--focus` accepts, and how labels are cut.
@Suite struct MapPlanTests {
    let app = SampleGraphs.tabBarApp

    @Test func aGraphWithinTheBudgetIsDrawnInFullAndOneOverItAsTheOverview() {
        #expect(MapPlan.choose(nil, for: app, budget: MapBudget()).view == .full)
        let over = MapPlan.choose(nil, for: app, budget: MapBudget(nodes: 5, edges: 600))
        #expect(over.view == .overview)
        #expect(over.notice?.contains("--focus Main") == true, "the entry storyboard is the example")
        let edges = MapPlan.choose(nil, for: app, budget: MapBudget(nodes: 600, edges: 3))
        #expect(edges.view == .overview)
        // What the user asked for is drawn as asked, with no notice.
        let asked = MapPlan.choose(.full, for: app, budget: MapBudget(nodes: 1, edges: 1))
        #expect(asked.view == .full && asked.notice == nil)
    }

    @Test func fileNamesAreStableReadableAndDistinct() {
        let storyboards = [
            Storyboard(path: "App/Base.lproj/Main.storyboard", name: "Main", platform: .iOS),
            Storyboard(path: "TV/Base.lproj/Main.storyboard", name: "Main", platform: .tvOS),
            Storyboard(path: "App/Settings/Settings.storyboard", name: "Settings", platform: .iOS),
            Storyboard(path: "App/My Profile.storyboard", name: "My Profile", platform: .iOS),
            Storyboard(path: "App/設定.storyboard", name: "設定", platform: .iOS),
            Storyboard(path: "App/Overview.storyboard", name: "Overview", platform: .iOS),
            Storyboard(path: "A/x/Same.storyboard", name: "Same", platform: .iOS),
            Storyboard(path: "B/x/Same.storyboard", name: "Same", platform: .iOS),
        ]
        let names = MapFileNames.names(for: storyboards)
        #expect(names["App/Base.lproj/Main.storyboard"] == "App-Main")
        #expect(names["TV/Base.lproj/Main.storyboard"] == "TV-Main")
        #expect(names["App/Settings/Settings.storyboard"] == "Settings")
        #expect(names["App/My Profile.storyboard"] == "My-Profile")
        #expect(names["App/設定.storyboard"]?.hasPrefix("storyboard-") == true)
        #expect(names["App/Overview.storyboard"] == "Overview-2", "overview.svg is the overview's")
        #expect(names["A/x/Same.storyboard"] == "A-x-Same" && names["B/x/Same.storyboard"] == "B-x-Same")
        #expect(Set(names.values.map { $0.lowercased() }).count == storyboards.count)
        #expect(MapFileNames.names(for: storyboards.reversed()) == names, "independent of input order")
    }

    @Test func focusAcceptsANameAPathOrAScene() throws {
        let search = "App/Search/Search.storyboard"
        guard case .success(let byName) = FocusSelection.select("Search", in: app) else { Issue.record("Search"); return }
        #expect(byName.storyboard == search && byName.scene == nil)
        guard case .success(let byPath) = FocusSelection.select("Search/Search.storyboard", in: app) else {
            Issue.record("by path"); return
        }
        #expect(byPath.storyboard == search)
        guard case .success(let main) = FocusSelection.select("App/Main", in: app) else { Issue.record("lproj"); return }
        #expect(main.storyboard == "App/Base.lproj/Main.storyboard")
        let scene = app.nodes.first { $0.storyboard == search && $0.storyboardIdentifier != nil }
        let identifier = try #require(scene?.storyboardIdentifier)
        guard case .success(let byScene) = FocusSelection.select("Search:\(identifier)", in: app) else {
            Issue.record("scene"); return
        }
        #expect(byScene.scene == scene?.id)
        guard case .failure(let unknown) = FocusSelection.select("Serch", in: app) else { Issue.record("unknown"); return }
        #expect(unknown.description.contains("no storyboard named 'Serch'") && unknown.description.contains("Search"))
    }

    @Test func labelsAreCutAroundTheNameTheyAreAbout() {
        let text = "unresolved: no storyboard named 'Settings' in the targets that build this file"
        let cut = TextSafety.capped(text, 40, keeping: TextSafety.firstQuoted(text))
        #expect(cut.count <= 40)
        #expect(cut.contains("'Settings'"))
        #expect(cut.hasPrefix("unresolved:"))
        // Plain capping cut the name in two: the bug this fixes.
        #expect(!TextSafety.capped(text, 40).contains("'Settings'"))
        #expect(TextSafety.capped("short", 40, keeping: "x") == "short")
        let long = "unresolved: '" + String(repeating: "A", count: 60) + "'"
        #expect(TextSafety.capped(long, 20, keeping: TextSafety.firstQuoted(long)).count == 20)
        #expect(TextSafety.cappedMiddle("App/Very/Long/Folder/Names/Here/Main.storyboard", 24) == "App/…/Main.storyboard")
        #expect(TextSafety.cappedMiddle("App/Very/Long/Folder/Names/Here/Main.storyboard", 32) == "App/…/Names/Here/Main.storyboard")
        #expect(TextSafety.cappedMiddle("Very Long Name Without Folders.storyboard", 24) == "Very Lon…ders.storyboard")
    }
}
