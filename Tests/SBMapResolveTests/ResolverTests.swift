import SBMapModel
import SBMapResolve
import Testing

/// The resolver, fed with loaded facts built by hand: what the graph holds, and what is reported.
@Suite struct ResolverTests {
    /// A tab bar split into one storyboard per tab, the layout of the segregation articles.
    func tabApp(settingsName: String = "Settings") -> LoadedProject {
        LoadedProject(storyboards: [
            Fake.storyboard("App/Base.lproj/Main.storyboard", initial: "tab",
                Fake.scene("tab", as: "tabBarController",
                    Fake.segue("r1", to: "feedRef", .relationship, relationship: "viewControllers", trigger: "tabBarController"),
                    Fake.segue("r2", to: "profileRef", .relationship, relationship: "viewControllers", trigger: "tabBarController"),
                    Fake.segue("r3", to: "settingsRef", .relationship, relationship: "viewControllers", trigger: "tabBarController")),
                Fake.placeholder("feedRef", storyboard: "Feed", line: 40),
                Fake.placeholder("profileRef", storyboard: "Profile", identifier: "ProfileViewController", line: 50),
                Fake.placeholder("settingsRef", storyboard: settingsName, line: 60)),
            Fake.storyboard("App/Feed.storyboard", initial: "nav",
                Fake.scene("nav", as: "navigationController", Fake.segue("root", to: "list", .relationship, relationship: "rootViewController")),
                Fake.scene("list", as: "tableViewController", customClass: "FeedViewController",
                    Fake.segue("s1", to: "detail", .show, identifier: "showDetail", trigger: "tableViewCell")),
                Fake.scene("detail", customClass: "DetailViewController")),
            Fake.storyboard("App/Profile.storyboard",
                Fake.scene("p1", customClass: "ProfileViewController", storyboardID: "ProfileViewController")),
        ])
    }

    @Test func tabsKeepTheirOrderAndReferencesCrossFiles() {
        let graph = Resolver().resolve(tabApp())
        let tabs = graph.edges(from: "App/Base.lproj/Main.storyboard#tab")
        #expect(tabs.map(\.order) == [0, 1, 2])
        #expect(tabs.map(\.to) == ["feedRef", "profileRef", "settingsRef"].map { "App/Base.lproj/Main.storyboard#\($0)" })

        let feed = graph.node("App/Base.lproj/Main.storyboard#feedRef")
        #expect(feed?.role == .reference)
        #expect(feed?.resolution?.state == .resolved)
        #expect(feed?.resolution?.target == "App/Feed.storyboard#nav")
        #expect(feed?.label == "Feed (initial)")
        let profile = graph.node("App/Base.lproj/Main.storyboard#profileRef")
        #expect(profile?.resolution?.target == "App/Profile.storyboard#p1")

        let references = graph.edges.filter { $0.kind == .reference }
        #expect(references.count == 2)
        #expect(references.allSatisfy { $0.crossFile })
        #expect(graph.storyboards.map(\.name) == ["Main", "Feed", "Profile"])  // sorted by path
        #expect(graph.storyboards.first { $0.name == "Main" }?.localization == "Base")
        #expect(graph.node("App/Feed.storyboard#nav")?.initial == true)
    }

    @Test func aReferenceToAMissingStoryboardIsAnErrorAtThePlaceholder() {
        let graph = Resolver().resolve(tabApp())
        let settings = graph.node("App/Base.lproj/Main.storyboard#settingsRef")
        #expect(settings?.resolution?.state == .unresolved)
        #expect(settings?.resolution?.reason == "no storyboard named 'Settings'")
        let finding = graph.diagnostics.first { $0.code == .unknownStoryboard }
        #expect(finding?.severity == .error)
        #expect(finding?.location?.line == 60)
        #expect(finding?.message.contains("'Settings'") == true)
    }

    @Test func aNameThatDiffersOnlyInCaseIsItsOwnFinding() {
        let graph = Resolver().resolve(tabApp(settingsName: "feed"))
        let node = graph.node("App/Base.lproj/Main.storyboard#settingsRef")
        #expect(node?.resolution?.state == .unresolved)
        #expect(node?.resolution?.candidates == ["App/Feed.storyboard#nav"])
        #expect(graph.codes(.error) == ["case-mismatch"])
        #expect(graph.diagnostics.first?.message.contains("simulator") == true)
    }

    @Test func unknownIdentifierSuggestsTheNearestName() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("A.storyboard", Fake.placeholder("ref", storyboard: "B", identifier: "LoginViewControler")),
            Fake.storyboard("B.storyboard", Fake.scene("b1", storyboardID: "LoginViewController")),
        ])
        let graph = Resolver().resolve(project)
        let finding = graph.diagnostics.first
        #expect(finding?.code == .unknownIdentifier)
        #expect(finding?.hint == "did you mean 'LoginViewController'?")
        #expect(graph.edges.isEmpty)
    }

    @Test func identifierCaseMismatchAndMissingInitialScene() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("A.storyboard",
                Fake.placeholder("ref1", storyboard: "B", identifier: "login"),
                Fake.placeholder("ref2", storyboard: "B", line: 44)),
            Fake.storyboard("B.storyboard", Fake.scene("b1", storyboardID: "Login")),
        ])
        let graph = Resolver().resolve(project)
        #expect(graph.codes() == ["case-mismatch", "target-without-initial-scene"])
        #expect(graph.node("A.storyboard#ref1")?.resolution?.candidates == ["B.storyboard#b1"])
        #expect(graph.diagnostics.last?.location?.line == 44)
    }

    @Test func theNearestOfTwoSameNamedStoryboardsWinsAndATieIsAmbiguous() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("One/App/Main.storyboard", Fake.placeholder("ref", storyboard: "Shared")),
            Fake.storyboard("One/App/Shared.storyboard", initial: "s", Fake.scene("s")),
            Fake.storyboard("Two/App/Shared.storyboard", initial: "s", Fake.scene("s")),
            Fake.storyboard("Three/Main.storyboard", Fake.placeholder("ref", storyboard: "Shared")),
        ])
        let graph = Resolver().resolve(project)
        #expect(graph.node("One/App/Main.storyboard#ref")?.resolution?.target == "One/App/Shared.storyboard#s")
        let tie = graph.node("Three/Main.storyboard#ref")?.resolution
        #expect(tie?.state == .ambiguous)
        #expect(tie?.candidates == ["One/App/Shared.storyboard#s", "Two/App/Shared.storyboard#s"])
        // No project says which app holds which file, and the folder rule chose: one note says so.
        #expect(graph.codes() == ["no-project", "ambiguous-target"])
    }

    @Test func iOSAndMacOSStoryboardsWithOneNameDoNotCollide() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("iOS/Main.storyboard", platform: .iOS, initial: "a", Fake.scene("a")),
            Fake.storyboard("iOS/Root.storyboard", platform: .iOS, Fake.placeholder("ref", storyboard: "Main")),
            Fake.storyboard("Mac/Main.storyboard", platform: .macOS, initial: "m", Fake.scene("m", as: "windowController")),
        ])
        let graph = Resolver().resolve(project)
        #expect(graph.node("iOS/Root.storyboard#ref")?.resolution?.target == "iOS/Main.storyboard#a")
        #expect(graph.codes() == ["no-project"])
    }

    @Test func externalBundlesAreWarningsUnlessTheBundleWasScanned() {
        let storyboards = [
            Fake.storyboard("App/Main.storyboard",
                Fake.placeholder("ref", storyboard: "Kit", bundle: "com.example.Kit")),
            Fake.storyboard("Kit/Sources/Kit.storyboard", initial: "k", Fake.scene("k")),
        ]
        let unscanned = Resolver().resolve(LoadedProject(storyboards: storyboards))
        #expect(unscanned.node("App/Main.storyboard#ref")?.resolution?.state == .external)
        #expect(unscanned.codes(.warning) == ["external-bundle"])

        let scanned = Resolver().resolve(LoadedProject(
            storyboards: storyboards, settings: [Fake.plist("Kit/Info.plist", bundle: "com.example.Kit")]))
        #expect(scanned.node("App/Main.storyboard#ref")?.resolution?.target == "Kit/Sources/Kit.storyboard#k")
        #expect(scanned.diagnostics.isEmpty)
    }

    @Test func runtimeAttributeLinksResolveLikeReferences() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("Main.storyboard",
                Fake.scene("rb", customClass: "RBStoryboardLink", attributes: [("storyboardName", "Second"), ("sceneIdentifier", "Deep")]),
                Fake.scene("seg", customClass: "PlaceholderViewController",
                           attributes: [("storyboardName", "Second"), ("storyboardIdentifier", "Missing")]),
                Fake.scene("plain", customClass: "HomeViewController", attributes: [("layer.cornerRadius", "4")])),
            Fake.storyboard("Second.storyboard", initial: "s1",
                Fake.scene("s1"), Fake.scene("s2", storyboardID: "Deep")),
        ])
        let graph = Resolver().resolve(project)
        let rb = graph.node("Main.storyboard#rb")
        #expect(rb?.role == .link)
        #expect(rb?.link?.mechanism == .runtimeAttributes)
        #expect(rb?.link?.linkClass == "RBStoryboardLink")
        #expect(rb?.resolution?.target == "Second.storyboard#s2")
        #expect(graph.node("Main.storyboard#seg")?.resolution?.state == .unresolved)
        #expect(graph.node("Main.storyboard#plain")?.role == .plain)
        #expect(graph.codes() == ["unknown-identifier"])
        #expect(graph.diagnostics.first?.message.hasPrefix("PlaceholderViewController link") == true)
    }

    @Test func linkConventionsAreConfigurable() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("Main.storyboard",
                Fake.scene("inc", customClass: "IBIncludedStoryboard", attributes: [("storyboard", "Second"), ("id", "Deep")])),
            Fake.storyboard("Second.storyboard", Fake.scene("s2", storyboardID: "Deep")),
        ])
        #expect(Resolver().resolve(project).node("Main.storyboard#inc")?.role == .plain)
        let custom = ResolveOptions(linkConventions: [
            LinkConvention(className: "IBIncludedStoryboard", nameKeys: ["storyboard"], identifierKeys: ["id"]),
        ])
        let graph = Resolver(options: custom).resolve(project)
        #expect(graph.node("Main.storyboard#inc")?.resolution?.target == "Second.storyboard#s2")
    }

    @Test func unconfiguredReferences() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("Main.storyboard",
                Fake.placeholder("same", storyboard: nil, identifier: "Here", line: 5),
                Fake.placeholder("empty", storyboard: nil, line: 6),
                Fake.scene("here", storyboardID: "Here")),
        ])
        let graph = Resolver().resolve(project)
        #expect(graph.node("Main.storyboard#same")?.resolution == .resolved("Main.storyboard#here", reason: "assumed same storyboard"))
        #expect(graph.node("Main.storyboard#empty")?.resolution?.state == .unresolved)
        #expect(graph.diagnostics.map { "\($0.severity.rawValue) \($0.code)" } == ["warning unconfigured-reference", "error unconfigured-reference"])
    }

    @Test func chainsOfReferencesReachARealSceneAndCyclesAreReported() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("A.storyboard", Fake.placeholder("toB", storyboard: "B", identifier: "Hop")),
            Fake.storyboard("B.storyboard", Fake.placeholder("hop", storyboard: "C", storyboardID: "Hop")),
            Fake.storyboard("C.storyboard", initial: "c", Fake.scene("c")),
            Fake.storyboard("D.storyboard", Fake.placeholder("d", storyboard: "E", identifier: "E1", storyboardID: "D1")),
            Fake.storyboard("E.storyboard", Fake.placeholder("e", storyboard: "D", identifier: "D1", storyboardID: "E1", line: 31)),
        ])
        let graph = Resolver().resolve(project)
        let chained = graph.node("A.storyboard#toB")?.resolution
        #expect(chained?.target == "C.storyboard#c")
        #expect(chained?.reason == "through the reference 'C (initial)'")
        #expect(graph.node("D.storyboard#d")?.resolution?.state == .unresolved)
        #expect(graph.node("E.storyboard#e")?.resolution?.state == .unresolved)
        #expect(graph.codes() == ["reference-cycle", "reference-cycle"])
    }

    @Test func aReferenceToAnUnreadableStoryboardIsNotCalledUnknown() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("A.storyboard", Fake.placeholder("ref", storyboard: "Broken")),
            Fake.unreadable("Broken.storyboard"),
        ])
        let graph = Resolver().resolve(project)
        #expect(graph.node("A.storyboard#ref")?.resolution?.reason == "storyboard 'Broken' could not be read")
        // Sorted by place: the reference in A.storyboard comes before Broken.storyboard's own error.
        #expect(graph.diagnostics.map { "\($0.severity.rawValue) \($0.code)" } == ["warning unknown-storyboard", "error malformed-xml"])
    }

    @Test func localizedCopiesAreGroupedAndCompared() {
        let same = LoadedProject(storyboards: [
            Fake.storyboard("App/Base.lproj/Main.storyboard", initial: "a", Fake.scene("a")),
            Fake.storyboard("App/ja.lproj/Main.storyboard", initial: "a", Fake.scene("a")),
            Fake.storyboard("App/en.lproj/Main.storyboard", initial: "a", Fake.scene("a")),
        ])
        let graph = Resolver().resolve(same)
        #expect(graph.storyboards.count == 1)
        #expect(graph.storyboards[0].localizedVariants == ["App/en.lproj/Main.storyboard", "App/ja.lproj/Main.storyboard"])
        #expect(graph.diagnostics.isEmpty)

        let different = LoadedProject(storyboards: [
            Fake.storyboard("App/en.lproj/Main.storyboard", initial: "a", Fake.scene("a", Fake.segue("s", to: "b")), Fake.scene("b")),
            Fake.storyboard("App/ja.lproj/Main.storyboard", initial: "a", Fake.scene("a")),
        ])
        let diverged = Resolver().resolve(different)
        #expect(diverged.storyboards.map(\.path) == ["App/en.lproj/Main.storyboard"])
        #expect(diverged.codes(.warning) == ["localization-divergence"])
        #expect(diverged.diagnostics.first?.location?.path == "App/ja.lproj/Main.storyboard")
        #expect(diverged.diagnostics.first?.message.contains("1 scene and 1 segue") == true)
    }

    @Test func unwindSeguesGoToOneExitNodePerSelector() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("Main.storyboard",
                Fake.scene("a", exits: ["x1"], Fake.segue("u1", to: "x1", .unwind, unwindAction: "unwindToHome:")),
                Fake.scene("b", exits: ["x2"], Fake.segue("u2", to: "x2", .unwind, unwindAction: "unwindToHome:"),
                           Fake.segue("u3", to: "x2", .unwind, unwindAction: "done:"))),
        ])
        let graph = Resolver().resolve(project)
        let exits = graph.nodes.filter { $0.role == .exit }
        #expect(exits.map(\.id) == ["Main.storyboard#exit:unwindToHome:", "Main.storyboard#exit:done:"])
        #expect(graph.edges.filter { $0.kind == .unwind }.map(\.unwindAction) == ["unwindToHome:", "unwindToHome:", "done:"])
        #expect(graph.diagnostics.isEmpty)
    }

    @Test func perFileProblems() {
        let project = LoadedProject(storyboards: [
            Fake.storyboard("Main.storyboard", initial: "gone",
                Fake.scene("a", line: 10, storyboardID: "Twice", Fake.segue("s", to: "nowhere", identifier: "lost", line: 12)),
                Fake.scene("b", line: 20, storyboardID: "Twice"),
                Fake.scene("b", line: 30)),
        ])
        let graph = Resolver().resolve(project)
        #expect(Set(graph.codes(.error)) == ["duplicate-object-id", "duplicate-storyboard-identifier", "missing-destination", "missing-initial-scene"])
        #expect(graph.nodes.map(\.id) == ["Main.storyboard#a", "Main.storyboard#b", "Main.storyboard#b~2"])
        let missing = graph.diagnostics.first { $0.code == .missingDestination }
        #expect(missing?.location?.line == 12)
        #expect(missing?.message.contains("'nowhere'") == true)
    }

    @Test func entryPointsMarkStoryboardsAndMissingOnesAreErrors() {
        let project = LoadedProject(
            storyboards: [
                Fake.storyboard("App/Base.lproj/Main.storyboard", initial: "a", Fake.scene("a")),
                Fake.storyboard("App/Base.lproj/LaunchScreen.storyboard", initial: "l", Fake.scene("l")),
            ],
            settings: [
                Fake.plist("App/Info.plist",
                           (.main, "UIMainStoryboardFile", "Main", 20),
                           (.launch, "UILaunchStoryboardName", "LaunchScreen", 22),
                           (.scene, "UISceneStoryboardFile", "Mian", 40)),
                Fake.plist("App.xcodeproj/project.pbxproj", (.main, "INFOPLIST_KEY_UIMainStoryboardFile", "Main", 300)),
            ])
        let graph = Resolver().resolve(project)
        let main = graph.storyboards.first { $0.name == "Main" }
        #expect(main?.entryPoints.map(\.key) == ["INFOPLIST_KEY_UIMainStoryboardFile", "UIMainStoryboardFile"])
        #expect(graph.storyboards.first { $0.name == "LaunchScreen" }?.entryPoints.map(\.role) == [.launch])
        let missing = graph.diagnostics.first { $0.code == .missingEntryStoryboard }
        #expect(missing?.location == SourceLocation(path: "App/Info.plist", line: 40, column: 10))
        #expect(missing?.hint == "did you mean 'Main'?")
        #expect(graph.diagnostics.count == 1)
    }

    @Test func anEntryStoryboardWithoutInitialSceneIsAnError() {
        let project = LoadedProject(
            storyboards: [Fake.storyboard("Main.storyboard", Fake.scene("a"))],
            settings: [Fake.plist("Info.plist", (.main, "UIMainStoryboardFile", "Main", 8))])
        let graph = Resolver().resolve(project)
        #expect(graph.codes() == ["missing-initial-scene"])
        #expect(graph.diagnostics.first?.location?.path == "Info.plist")
    }

    @Test func theGraphDoesNotDependOnInputOrder() {
        var project = tabApp()
        let forward = Resolver().resolve(project)
        project.storyboards.reverse()
        #expect(Resolver().resolve(project) == forward)
    }
}
