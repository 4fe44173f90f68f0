import SBMapModel

/// Hand-built graphs for the tests: small, and written out in full so each test shows its input.
enum SampleGraphs {
    static func scene(_ path: String, _ objectID: String, _ element: String = "viewController",
                      customClass: String? = nil, identifier: String? = nil, title: String? = nil,
                      initial: Bool = false, line: Int = 10) -> Node {
        Node(id: Node.sceneID(storyboard: path, objectID: objectID), storyboard: path, objectID: objectID,
             element: element, role: SceneRole(element: element), customClass: customClass,
             storyboardIdentifier: identifier, title: title,
             label: title ?? customClass ?? identifier ?? element, initial: initial,
             location: SourceLocation(path: path, line: line, column: 9))
    }

    static func reference(_ path: String, _ objectID: String, storyboard: String?, identifier: String? = nil,
                          bundle: String? = nil, resolution: Resolution?, line: Int = 40,
                          mechanism: LinkTarget.Mechanism = .storyboardReference) -> Node {
        let runtime = mechanism == .runtimeAttributes
        return Node(id: Node.sceneID(storyboard: path, objectID: objectID), storyboard: path, objectID: objectID,
                    element: runtime ? "viewController" : "viewControllerPlaceholder", role: runtime ? .link : .reference,
                    customClass: runtime ? "RBStoryboardLink" : nil,
                    label: storyboard ?? "Reference", location: SourceLocation(path: path, line: line, column: 9),
                    link: LinkTarget(mechanism: mechanism, storyboardName: storyboard, identifier: identifier,
                                     bundleIdentifier: bundle, linkClass: runtime ? "RBStoryboardLink" : nil),
                    resolution: resolution)
    }

    static func edge(_ path: String, _ id: String, _ from: Node, _ to: Node, _ kind: EdgeKind,
                     relationship: String? = nil, order: Int? = nil, identifier: String? = nil,
                     selector: String? = nil, customClass: String? = nil, unwindAction: String? = nil,
                     line: Int = 20) -> Edge {
        Edge(id: "\(path)#\(id)", from: from.id, to: to.id, kind: kind, relationship: relationship, order: order,
             identifier: identifier, creationSelector: selector, customClass: customClass, unwindAction: unwindAction,
             crossFile: from.storyboard != to.storyboard, trigger: Trigger(element: "button", objectID: nil),
             location: SourceLocation(path: path, line: line, column: 13))
    }

    static func link(_ from: Node, _ to: Node) -> Edge {
        Edge(id: "\(from.id)->\(to.id)", from: from.id, to: to.id, kind: .reference, crossFile: true,
             location: from.location)
    }

    /// A tab bar app split into one storyboard per tab, with every kind of link the map draws.
    static var tabBarApp: StoryboardGraph {
        let main = "App/Base.lproj/Main.storyboard"
        let feed = "App/Feed/Feed.storyboard"
        let search = "App/Search/Search.storyboard"
        let settings = "App/Settings/Settings.storyboard"

        // Main: the tab bar, one placeholder per tab.
        let tabs = scene(main, "TAB-01", "tabBarController", customClass: "RootTabBarController", initial: true, line: 12)
        let feedNav = scene(feed, "FNV-01", "navigationController", identifier: "FeedNavigation", initial: true, line: 11)
        let searchNav = scene(search, "SNV-01", "navigationController", initial: true, line: 11)
        let settingsSplit = scene(settings, "SPL-01", "splitViewController", customClass: "SettingsSplitViewController",
                                  initial: true, line: 11)
        let feedRef = reference(main, "REF-FD", storyboard: "Feed", resolution: .resolved(feedNav.id), line: 30)
        let searchRef = reference(main, "REF-SR", storyboard: "Search", resolution: .resolved(searchNav.id), line: 36)
        let profileRef = reference(main, "REF-PR", storyboard: "Profile",
                                   resolution: Resolution(state: .unresolved, reason: "no storyboard named 'Profile' was scanned"),
                                   line: 42)
        let settingsLink = reference(main, "LNK-ST", storyboard: "Settings", resolution: .resolved(settingsSplit.id),
                                     line: 48, mechanism: .runtimeAttributes)
        let onboarding = scene(main, "ONB-01", customClass: "OnboardingViewController", identifier: "Onboarding",
                               title: "Welcome", line: 54)

        // Feed: a navigation stack, a modal, an embed, an unwind.
        let feedList = scene(feed, "FLT-01", "tableViewController", customClass: "FeedViewController",
                             identifier: "Feed", title: "Feed", line: 20)
        let stories = scene(feed, "STB-01", customClass: "StoriesBarViewController", line: 60)
        let post = scene(feed, "PST-01", customClass: "PostDetailViewController", identifier: "PostDetail",
                         title: "Post", line: 80)
        let composeNav = scene(feed, "CNV-01", "navigationController", identifier: "ComposeNavigation", line: 100)
        let compose = scene(feed, "CMP-01", customClass: "ComposeViewController", title: "New Post", line: 110)
        let exit = Node(id: Node.exitID(storyboard: feed, action: "unwindToFeed:"), storyboard: feed, objectID: nil,
                        element: "exit", role: .exit, label: "unwindToFeed:",
                        location: SourceLocation(path: feed, line: 130, column: 9), unwindAction: "unwindToFeed:")

        // Search: a popover, a custom segue, a reference into Feed's post detail.
        let searchVC = scene(search, "SRC-01", customClass: "SearchViewController", identifier: "Search",
                             title: "Search", line: 20)
        let filter = scene(search, "FLT-02", customClass: "FilterViewController", line: 50)
        let results = scene(search, "RES-01", customClass: "ResultsViewController", identifier: "Results", line: 70)
        let postRef = reference(search, "REF-PS", storyboard: "Feed", identifier: "PostDetail",
                                resolution: .resolved(post.id), line: 90)

        // Settings: a split view, an external reference.
        let settingsList = scene(settings, "SLS-01", "tableViewController", customClass: "SettingsListViewController",
                                 title: "Settings", line: 20)
        let settingsDetail = scene(settings, "SDT-01", customClass: "SettingsDetailViewController", line: 40)
        let payments = reference(settings, "REF-PY", storyboard: "Payments", bundle: "com.example.PaymentsKit",
                                 resolution: Resolution(state: .external, reason: "bundle com.example.PaymentsKit was not scanned"),
                                 line: 60)

        // Code: a coordinator that shows scenes by identifier.
        let coordinator = Node(id: Node.codeID(type: "AppCoordinator"), storyboard: nil, objectID: nil, element: "code",
                               role: .code, customClass: "AppCoordinator", label: "AppCoordinator",
                               location: SourceLocation(path: "App/AppCoordinator.swift", line: 42, column: 5))

        let storyboards = [
            Storyboard(path: main, name: "Main", platform: .iOS, localization: "Base", initialScene: tabs.id,
                       entryPoints: [EntryPoint(role: .main, key: "UIMainStoryboardFile",
                                                declaredAt: SourceLocation(path: "App/Info.plist", line: 30))]),
            Storyboard(path: feed, name: "Feed", platform: .iOS, initialScene: feedNav.id),
            Storyboard(path: search, name: "Search", platform: .iOS, initialScene: searchNav.id),
            Storyboard(path: settings, name: "Settings", platform: .iOS, initialScene: settingsSplit.id),
        ]
        let nodes = [tabs, feedRef, searchRef, profileRef, settingsLink, onboarding,
                     feedNav, feedList, stories, post, composeNav, compose, exit,
                     searchNav, searchVC, filter, results, postRef,
                     settingsSplit, settingsList, settingsDetail, payments,
                     coordinator]
        let edges = [
            edge(main, "r1", tabs, feedRef, .relationship, relationship: "viewControllers", order: 0),
            edge(main, "r2", tabs, searchRef, .relationship, relationship: "viewControllers", order: 1),
            edge(main, "r3", tabs, profileRef, .relationship, relationship: "viewControllers", order: 2),
            edge(main, "r4", tabs, settingsLink, .relationship, relationship: "viewControllers", order: 3),
            link(feedRef, feedNav), link(searchRef, searchNav), link(settingsLink, settingsSplit),
            edge(feed, "f1", feedNav, feedList, .relationship, relationship: "rootViewController"),
            edge(feed, "f2", feedList, post, .show, identifier: "showPost", selector: "makePostDetail:"),
            edge(feed, "f3", feedList, stories, .embed),
            edge(feed, "f4", post, composeNav, .presentation, identifier: "compose"),
            edge(feed, "f5", composeNav, compose, .relationship, relationship: "rootViewController"),
            edge(feed, "f6", compose, exit, .unwind, unwindAction: "unwindToFeed:"),
            edge(search, "s1", searchNav, searchVC, .relationship, relationship: "rootViewController"),
            edge(search, "s2", searchVC, filter, .popoverPresentation, identifier: "filters"),
            edge(search, "s3", searchVC, results, .custom, customClass: "FadeSegue"),
            edge(search, "s4", results, postRef, .show, identifier: "openPost"),
            link(postRef, post),
            edge(settings, "t1", settingsSplit, settingsList, .relationship, relationship: "masterViewController"),
            edge(settings, "t2", settingsSplit, settingsDetail, .relationship, relationship: "detailViewController"),
            edge(settings, "t3", settingsList, settingsDetail, .showDetail, identifier: "detail"),
            edge(settings, "t4", settingsList, payments, .show),
            Edge(id: "code:AppCoordinator->\(onboarding.id)", from: coordinator.id, to: onboarding.id, kind: .code,
                 identifier: "Onboarding", crossFile: true, location: SourceLocation(path: "App/AppCoordinator.swift", line: 42)),
            Edge(id: "code:AppCoordinator->\(results.id)", from: coordinator.id, to: results.id, kind: .code,
                 identifier: "Results", crossFile: true, location: SourceLocation(path: "App/AppCoordinator.swift", line: 57)),
        ]
        return StoryboardGraph(storyboards: storyboards, nodes: nodes, edges: edges)
    }

    /// Two scenes and a show segue in one storyboard.
    static var tiny: StoryboardGraph {
        let path = "Tiny.storyboard"
        let a = scene(path, "AAA-01", customClass: "FirstViewController", initial: true)
        let b = scene(path, "BBB-02", customClass: "SecondViewController", line: 30)
        return StoryboardGraph(storyboards: [Storyboard(path: path, name: "Tiny", platform: .iOS, initialScene: a.id)],
                               nodes: [a, b], edges: [edge(path, "e1", a, b, .show, identifier: "next")])
    }

    /// Two storyboards in a cycle: A opens B through a storyboard reference, and B's scene shows two of A's scenes
    /// from code, by identifier. The code links close a cycle of clusters, so the renderer leaves them out of the
    /// ranking, and they land on the rank of their source: labelled edges within one rank, which Graphviz up to
    /// 13.0.0 frees twice in `gvFreeLayout` (docs/robustness.md).
    static var codeCycle: StoryboardGraph {
        let a = "App/A.storyboard", b = "App/B.storyboard", code = "App/YViewController.swift"
        let x = scene(a, "XXX-01", customClass: "XViewController", initial: true)
        let a1 = scene(a, "AA1-01", customClass: "A1ViewController", line: 20)
        let a2 = scene(a, "AA2-01", customClass: "A2ViewController", identifier: "Two", line: 30)
        let a3 = scene(a, "AA3-01", customClass: "A3ViewController", identifier: "Three", line: 40)
        let y = scene(b, "YYY-01", customClass: "YViewController", initial: true)
        let toB = reference(a, "REF-B1", storyboard: "B", resolution: .resolved(y.id), line: 50)
        func codeLink(_ to: Node, _ identifier: String, line: Int) -> Edge {
            Edge(id: "code:YViewController->\(to.id)", from: y.id, to: to.id, kind: .code, identifier: identifier,
                 crossFile: true, location: SourceLocation(path: code, line: line, column: 9))
        }
        return StoryboardGraph(
            storyboards: [Storyboard(path: a, name: "A", platform: .iOS, initialScene: x.id),
                          Storyboard(path: b, name: "B", platform: .iOS, initialScene: y.id)],
            nodes: [x, a1, a2, a3, toB, y],
            edges: [edge(a, "e1", x, a1, .show), edge(a, "e2", a1, a2, .show, identifier: "toTwo"), edge(a, "e3", a1, a3, .show),
                    edge(a, "e4", x, toB, .show), link(toB, y), codeLink(a2, "Two", line: 12), codeLink(a3, "Three", line: 13)])
    }
}
