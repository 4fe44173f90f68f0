import Foundation
import Testing
import SBMapModel
import SBMapParse
@testable import SBMapResolve

/// A small resolved graph: storyboards Main and Settings (iOS), Inspector (macOS).
private func graph() -> StoryboardGraph {
    func scene(_ board: String, _ id: String, cls: String? = nil, sid: String? = nil) -> Node {
        Node(id: Node.sceneID(storyboard: "\(board).storyboard", objectID: id), storyboard: "\(board).storyboard",
             objectID: id, element: "viewController", role: .plain, customClass: cls, storyboardIdentifier: sid,
             label: cls ?? sid ?? id)
    }
    let nodes = [
        scene("Main", "nav"), scene("Main", "home", cls: "HomeViewController", sid: "Home"),
        scene("Main", "detail", cls: "DetailViewController", sid: "Detail"),
        scene("Main", "list", cls: "ListViewController", sid: "ListViewController"),
        scene("Main", "profile", cls: "ProfileViewController"),
        scene("Main", "messages", sid: "MessagesList"),
        scene("Settings", "root", cls: "SettingsViewController", sid: "SettingsRoot"),
        scene("Inspector", "win", sid: "InspectorWindow"),
    ]
    let edges = [
        Edge(id: "Main.storyboard#s1", from: "Main.storyboard#home", to: "Main.storyboard#detail", kind: .show, identifier: "showDetail"),
        Edge(id: "Main.storyboard#s2", from: "Main.storyboard#home", to: "Main.storyboard#detail", kind: .show, identifier: "Confirm Bid"),
    ]
    return StoryboardGraph(storyboards: [
        Storyboard(path: "Main.storyboard", name: "Main", platform: .iOS, initialScene: "Main.storyboard#nav"),
        Storyboard(path: "Settings.storyboard", name: "Settings", platform: .iOS, initialScene: "Settings.storyboard#root"),
        Storyboard(path: "Inspector.storyboard", name: "Inspector", platform: .macOS),
    ], nodes: nodes, edges: edges)
}

private func link(_ sources: [(String, String)]) -> StoryboardGraph {
    let code = sources.map { path, text in
        CodeScanner().scan(text: text, path: path, language: CodeScanner.language(ofPath: path)!)
    }
    return CodeLinker().link(graph(), code: code)
}

private func codeEdges(_ g: StoryboardGraph) -> [String] {
    g.edges.filter { $0.kind == .code }.map { "\($0.from) -> \($0.to)\($0.crossFile ? " cross" : "") @\($0.location!.line)" }
}

private func findings(_ g: StoryboardGraph) -> [String] {
    g.diagnostics.map { "\($0.severity.rawValue) \($0.code) \($0.location?.description ?? "")" }
}

/// A code fixture of the parse tests (`Tests/SBMapParseTests/Fixtures/Code/<name>`), scanned under `Code/<name>`.
private func fixture(_ name: String) -> Loaded<LoadedCodeFile> {
    let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("../SBMapParseTests/Fixtures/Code/\(name)").standardizedFileURL
    let text = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    return CodeScanner().scan(text: text, path: "Code/\(name)", language: CodeScanner.language(ofPath: name)!)
}

/// `graph()` plus an Onboarding storyboard with scenes SignIn and Permissions.
private func graphWithOnboarding() -> StoryboardGraph {
    var g = graph()
    g.storyboards.append(Storyboard(path: "Onboarding.storyboard", name: "Onboarding", platform: .iOS,
                                    initialScene: "Onboarding.storyboard#welcome"))
    for (id, sid) in [("welcome", "Welcome"), ("signIn", "SignIn"), ("permissions", "Permissions")] {
        g.nodes.append(Node(id: "Onboarding.storyboard#\(id)", storyboard: "Onboarding.storyboard", objectID: id,
                            element: "viewController", role: .plain, storyboardIdentifier: sid, label: sid))
    }
    return g
}

@Suite struct CodeLinkerTests {
    @Test func aDeclaredStoryboardMemberWinsOverUIKitsProperty() {
        let g = CodeLinker().link(graphWithOnboarding(), code: [fixture("StoredStoryboard.swift"), fixture("StoredStoryboard.m")])
        #expect(Set(codeEdges(g)) == [
            // The coordinator's `private let storyboard`, with and without `self.`.
            "code:OnboardingCoordinator -> Onboarding.storyboard#signIn cross @11",
            "code:OnboardingCoordinator -> Onboarding.storyboard#permissions cross @14",
            // Declared later, in an extension; and inherited from a superclass.
            "code:LateCoordinator -> Settings.storyboard#root cross @22",
            "code:SubFlow -> Main.storyboard#detail cross @46",
            // A view controller: UIKit's property, then a local, then the property again.
            "Main.storyboard#home -> Main.storyboard#detail @53",
            "Main.storyboard#home -> Settings.storyboard#root cross @55",
            "Main.storyboard#home -> Main.storyboard#detail @56",
            // Objective-C: a getter that loads by name.
            "code:SearchFlow -> Settings.storyboard#root cross @21",
        ])
        // Injected (Swift) or set from outside (an ObjC property): dynamic, never UIKit's storyboard.
        #expect(findings(g) == ["info code-dynamic Code/StoredStoryboard.m:11:22", "info code-dynamic Code/StoredStoryboard.swift:37:35"])
        #expect(g.diagnostics.allSatisfy { !$0.message.contains("self.storyboard") })
    }

    @Test func edgesFromEnclosingScenesAndCodeNodes() {
        let g = link([("App/Home.swift", """
        class HomeViewController: UIViewController {
            func a() {
                let vc = UIStoryboard(name: "Settings", bundle: nil)
                    .instantiateViewController(withIdentifier: "SettingsRoot")
                _ = storyboard?.instantiateViewController(withIdentifier: "Detail")
            }
        }
        class AppDelegate {
            func start() { _ = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() }
        }
        """)])
        #expect(Set(codeEdges(g)) == [
            "Main.storyboard#home -> Main.storyboard#detail @5",
            "Main.storyboard#home -> Settings.storyboard#root cross @4",
            "code:AppDelegate -> Main.storyboard#nav cross @9",
        ])
        let codeNode = g.nodes.first { $0.id == "code:AppDelegate" }
        #expect(codeNode?.role == .code)
        #expect(g.edges.first { $0.to == "Settings.storyboard#root" }?.via == "instantiateViewController(withIdentifier:)")
        #expect(g.diagnostics.isEmpty)
    }

    @Test func constantsAcrossFiles() {
        let g = link([
            ("App/Constants.swift", """
            struct AppDelegate { struct MainStoryboard { static let name = "Main"
                struct Identifiers { static let list = "ListViewController" } } }
            enum StoryboardNames: String { case Settings }
            """),
            ("App/Coordinator.swift", """
            final class Coordinator {
                func go() {
                    let sb = UIStoryboard(name: AppDelegate.MainStoryboard.name, bundle: nil)
                    _ = sb.instantiateViewController(withIdentifier: MainStoryboard.Identifiers.list)
                    _ = UIStoryboard(name: StoryboardNames.Settings.rawValue, bundle: nil).instantiateInitialViewController()
                }
            }
            """),
            ("App/Lister.m", """
            NSString *const kDetail = @"Detail";
            @implementation Coordinator (ObjC)
            - (void)x { [[UIStoryboard storyboardWithName:@"Main" bundle:nil] instantiateViewControllerWithIdentifier:kDetail]; }
            @end
            """),
        ])
        #expect(Set(codeEdges(g)) == [
            "code:Coordinator -> Main.storyboard#list cross @4",
            "code:Coordinator -> Settings.storyboard#root cross @5",
            "code:Coordinator -> Main.storyboard#detail cross @3",
        ])
        #expect(g.diagnostics.isEmpty)
    }

    @Test func unknownNamesAreFindingsAtTheSourceLocation() {
        let g = link([("App/Bad.swift", """
        class HomeViewController: UIViewController {
            func a() {
                _ = UIStoryboard(name: "Nope", bundle: nil)
                _ = UIStoryboard(name: "main", bundle: nil)
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Missing")
                performSegue(withIdentifier: "showDetail", sender: nil)
                performSegue(withIdentifier: "showDetial", sender: nil)
                performSegue(withIdentifier: SegueIdentifier.confirm.rawValue, sender: nil)
                _ = UIStoryboard(name: "Inspector", bundle: nil)
            }
        }
        enum SegueIdentifier: String { case confirm = "Confirm Bid" }
        """)])
        #expect(findings(g) == [
            "error code-unknown-storyboard App/Bad.swift:3:13",
            "error case-mismatch App/Bad.swift:4:13",
            "error code-unknown-identifier App/Bad.swift:5:53",
            "error code-unknown-segue App/Bad.swift:7:9",
            "error code-unknown-storyboard App/Bad.swift:9:13",
        ])
        #expect(g.diagnostics[2].message == "instantiateViewController(withIdentifier:) names storyboard ID 'Missing', which no scene of 'Main' has; this call crashes the app")
        #expect(g.diagnostics[4].message.contains("macos"))
    }

    @Test func findingsFollowTheHouseStyle() {
        // Every kind of code finding, in one file: lowercase sentences (or an API name first), values in single
        // quotes, no trailing period, what to do in the hint.
        let g = link([("S.swift", """
        class HomeViewController: UIViewController {
            func a(id: String) {
                _ = UIStoryboard(name: "Nope", bundle: nil)
                _ = UIStoryboard(name: "main", bundle: nil)
                _ = UIStoryboard(name: "Inspector", bundle: nil)
                _ = UIStoryboard(name: "Gone", bundle: Bundle(for: Self.self))
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "home")
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Missing")
                _ = UIStoryboard(name: "Inspector", bundle: nil).instantiateInitialViewController()
                _ = storyboard?.instantiateViewController(withIdentifier: id)
                performSegue(withIdentifier: "showDetial", sender: nil)
                _ = StoryboardScene.Nowhere.thing.instantiate()
                _ = StoryboardScene.Main.gone.instantiate()
                perform(segue: StoryboardSegue.Main.nothing, sender: nil)
            }
        }
        class Other { func b() { _ = storyboard?.instantiateInitialViewController(); performSegue(withIdentifier: "zzz", sender: nil) } }
        """)])
        #expect(g.diagnostics.count >= 12)
        for d in g.diagnostics {
            let firstWord = d.message.prefix { $0 != " " }
            #expect(d.message.first?.isLowercase == true || d.message.hasPrefix("'") || firstWord.contains("("), "\(d.message)")
            #expect(!d.message.hasSuffix("."), "\(d.message)")
            #expect(!d.message.contains("\""), "\(d.message)")
            #expect(d.hint != nil, "\(d.message)")
            #expect(!(d.hint ?? "").hasSuffix("."), "\(d.hint ?? "")")
            #expect(!(d.hint ?? "").contains("\""), "\(d.hint ?? "")")
        }
    }

    @Test func dynamicArgumentsAreInfoNeverGuesses() {
        let g = link([("D.swift", """
        class HomeViewController: UIViewController {
            func a(name: String, id: String) {
                _ = UIStoryboard(name: name, bundle: nil)
                _ = storyboard?.instantiateViewController(withIdentifier: id)
                performSegue(withIdentifier: "\\(id)x", sender: nil)
            }
        }
        """)])
        #expect(findings(g) == ["info code-dynamic D.swift:3:13", "info code-dynamic D.swift:4:25", "info code-dynamic D.swift:5:9"])
        #expect(codeEdges(g).isEmpty)
    }

    @Test func helpersEnumHelpersAndObjCCategories() {
        let g = link([
            ("H.swift", """
            extension UIStoryboard { static var settings: UIStoryboard { UIStoryboard(name: "Settings", bundle: nil) } }
            enum AppStoryboard: String {
                case Main
                var instance: UIStoryboard { UIStoryboard(name: self.rawValue, bundle: .main) }
            }
            class HomeViewController: UIViewController {
                func a() {
                    _ = UIStoryboard.settings.instantiateInitialViewController()
                    _ = AppStoryboard.Main.instance.instantiateViewController(withIdentifier: "Detail")
                }
            }
            """),
            ("C.m", """
            @implementation UIStoryboard (Extras)
            + (UIStoryboard *)settingsStoryboard { return [UIStoryboard storyboardWithName:@"Settings" bundle:nil]; }
            @end
            @implementation DetailViewController
            - (void)x { [[UIStoryboard settingsStoryboard] instantiateViewControllerWithIdentifier:@"SettingsRoot"]; }
            @end
            """),
        ])
        #expect(Set(codeEdges(g)) == [
            "Main.storyboard#home -> Settings.storyboard#root cross @8",
            "Main.storyboard#home -> Main.storyboard#detail @9",
            "Main.storyboard#detail -> Settings.storyboard#root cross @5",
        ])
        // The enum helper's own load has a `self.rawValue` name: reported once, where it is written.
        #expect(findings(g) == ["info code-dynamic H.swift:4:34"])
    }

    @Test func generatedAccessorsWithAndWithoutTheGeneratedFile() {
        let use = ("U.swift", """
        class HomeViewController: UIViewController {
            func a() {
                _ = StoryboardScene.Main.messagesList.instantiate()
                _ = R.storyboard.settings.settingsRoot()
                _ = R.storyboard.main.initialViewController()
                perform(segue: StoryboardSegue.Main.showDetail, sender: nil)
                performSegue(withIdentifier: R.segue.homeViewController.confirmBid, sender: nil)
                _ = StoryboardScene.Main.gone.instantiate()
            }
        }
        """)
        let g = link([use])
        #expect(Set(codeEdges(g)) == [
            "Main.storyboard#home -> Main.storyboard#messages @3",
            "Main.storyboard#home -> Settings.storyboard#root cross @4",
            "Main.storyboard#home -> Main.storyboard#nav @5",
            "Main.storyboard#home -> code-target:Main#gone @8",
        ])
        #expect(findings(g) == ["warning code-unknown-identifier U.swift:8:13"])

        let generated = ("Generated/Storyboards.swift", """
        // Generated using SwiftGen
        enum StoryboardScene {
          enum Main: StoryboardType {
            static let storyboardName = "Main"
            static let messagesList = SceneType<UIViewController>(storyboard: Main.self, identifier: "MessagesList")
            static let gone = SceneType<UIViewController>(storyboard: Main.self, identifier: "Gone")
          }
        }
        """)
        let g2 = link([use, generated])
        #expect(findings(g2) == ["error code-unknown-identifier U.swift:8:13"], "a stale generated file names a scene that is gone")
    }

    @Test func classNameHeuristicIsLabelled() {
        let g = link([("K.swift", """
        class AppCoordinator {
            func start() {
                _ = ProfileViewController.instantiateFromStoryboard()
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: String(describing: ListViewController.self))
            }
        }
        """)])
        let heuristic = g.edges.first { $0.to == "Main.storyboard#profile" }
        #expect(heuristic?.via == "heuristic: class name (ProfileViewController.instantiateFromStoryboard())")
        #expect(g.edges.contains { $0.to == "Main.storyboard#list" && $0.from == "code:AppCoordinator" })
    }

    @Test func deterministicOrder() {
        let sources = [("B.swift", "class X { func f() { _ = UIStoryboard(name: \"Main\", bundle: nil).instantiateViewController(withIdentifier: \"Home\") } }"),
                       ("A.swift", "class Y { func f() { _ = UIStoryboard(name: \"Nope\", bundle: nil) } }")]
        let a = link(sources)
        let b = link(sources.reversed())
        #expect(a == b)
        #expect(a.edges.filter { $0.kind == .code }.map(\.id) == a.edges.filter { $0.kind == .code }.map(\.id).sorted())
    }

    @Test func brokenLinksAreDrawnToCodeTargetNodes() {
        let g = link([("App/Broken.swift", """
        class HomeViewController: UIViewController {
            func a() {
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Missing")
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "detail")
                _ = UIStoryboard(name: "Nope", bundle: nil).instantiateViewController(withIdentifier: "X")
                _ = UIStoryboard(name: "Inspector", bundle: nil).instantiateInitialViewController()
                _ = UIStoryboard(name: "Elsewhere", bundle: Bundle(identifier: "com.other.Kit")).instantiateInitialViewController()
            }
        }
        class AppDelegate { func b() { _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Missing") } }
        """)])
        let targets = Dictionary(uniqueKeysWithValues: g.nodes.filter { $0.role == .codeTarget }.map { ($0.id, $0) })
        #expect(targets.keys.sorted() == ["code-target:Elsewhere", "code-target:Inspector", "code-target:Main#Missing",
                                          "code-target:Main#detail", "code-target:Nope#X"])
        // An unknown Storyboard ID sits in its storyboard's cluster; an unknown storyboard outside any.
        let missing = targets["code-target:Main#Missing"]
        #expect(missing?.storyboard == "Main.storyboard")
        #expect(missing?.link == LinkTarget(mechanism: .code, storyboardName: "Main", identifier: "Missing"))
        #expect(missing?.resolution == Resolution(state: .unresolved, reason: "no scene with storyboard ID 'Missing' in 'Main'"))
        #expect(missing?.location?.line == 3, "the first call that names it")
        #expect(targets["code-target:Main#detail"]?.resolution?.candidates == ["Main.storyboard#detail"], "the letter-case match")
        #expect(targets["code-target:Nope#X"]?.storyboard == nil)
        #expect(targets["code-target:Nope#X"]?.resolution?.reason == "no storyboard named 'Nope'")
        #expect(targets["code-target:Inspector"]?.resolution?.reason == "storyboard 'Inspector' exists only for macos")
        #expect(targets["code-target:Elsewhere"]?.resolution?.state == .external)
        // Each call draws a code edge into its target, from where it is made; two calls share one target.
        #expect(Set(codeEdges(g).filter { $0.contains("code-target") }) == [
            "Main.storyboard#home -> code-target:Main#Missing @3",
            "Main.storyboard#home -> code-target:Main#detail @4",
            "Main.storyboard#home -> code-target:Nope#X cross @5",
            "Main.storyboard#home -> code-target:Inspector cross @6",
            "Main.storyboard#home -> code-target:Elsewhere cross @7",
            "code:AppDelegate -> code-target:Main#Missing cross @10",
        ])
        // A target is never a scene for later look-ups: linking again gives the same graph plus the same additions.
        #expect(CodeLinker().link(g, code: []).nodes == g.nodes)
    }

    @Test func exitNodesLinkToTheScenesImplementingTheUnwindAction() {
        var base = graph()
        func exit(_ selector: String, segueLine: Int) {
            let id = Node.exitID(storyboard: "Main.storyboard", action: selector)
            base.nodes.append(Node(id: id, storyboard: "Main.storyboard", objectID: nil, element: "exit", role: .exit,
                                   label: "Exit: \(selector)", unwindAction: selector))
            base.edges.append(Edge(id: "Main.storyboard#u\(segueLine)", from: "Main.storyboard#detail", to: id, kind: .unwind,
                                   unwindAction: selector, location: SourceLocation(path: "Main.storyboard", line: segueLine, column: 17)))
        }
        exit("unwindToHomeWithSegue:", segueLine: 40)
        exit("unwindToSettings:", segueLine: 50)
        exit("unwindNowhere:", segueLine: 60)
        let code = [
            ("App/Home.swift", """
            class HomeViewController: UIViewController {
                @IBAction func unwindToHome(segue: UIStoryboardSegue) {}
            }
            class BaseFlowController: UIViewController {
                @IBAction func unwindToHome(segue: UIStoryboardSegue) {}
            }
            class ListViewController: BaseFlowController {}
            final class Shell { @IBAction func unwindToSettings(_ segue: UIStoryboardSegue) {} }
            """),
            ("App/Settings.m", """
            @implementation SettingsViewController
            - (IBAction)unwindToSettings:(UIStoryboardSegue *)segue {}
            @end
            """),
        ].map { CodeScanner().scan(text: $1, path: $0, language: CodeScanner.language(ofPath: $0)!) }
        let g = CodeLinker().link(base, code: code)
        let unwinds = g.edges.filter { $0.kind == .unwindTarget }
            .map { "\($0.from.split(separator: ":").last!): -> \($0.to)\($0.crossFile ? " cross" : "") @\($0.location!.path):\($0.location!.line)" }
        #expect(Set(unwinds) == [
            // The class itself, and a subclass's scene (it inherits the action).
            "unwindToHomeWithSegue: -> Main.storyboard#home @App/Home.swift:2",
            "unwindToHomeWithSegue: -> Main.storyboard#list @App/Home.swift:5",
            // Objective-C, into another storyboard; and a class with no scene gets a code node.
            "unwindToSettings: -> Settings.storyboard#root cross @App/Settings.m:2",
            "unwindToSettings: -> code:Shell cross @App/Home.swift:8",
        ])
        #expect(g.edges.first { $0.to == "Main.storyboard#home" && $0.kind == .unwindTarget }?.via
            == "@IBAction HomeViewController.unwindToHomeWithSegue:")
        // Nobody implements the third: a warning at the unwind segue, in the storyboard.
        #expect(findings(g) == ["warning code-unknown-unwind Main.storyboard:60:17"])
        #expect(g.diagnostics[0].hint?.contains("@IBAction func unwindNowhere(_ segue: UIStoryboardSegue)") == true)
        // Without code there is nothing to say.
        let none = CodeLinker().link(base, code: [])
        #expect(none.diagnostics.isEmpty && !none.edges.contains { $0.kind == .unwindTarget })
    }

    @Test func withoutStoryboardsNamesAreNotChecked() {
        // Sources alone (a path without storyboards): the run warns once (no-storyboards); names are not errors.
        let code = CodeScanner().scan(text: """
            class A: UIViewController { func f() {
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "X")
                _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "\\(n)")
            } }
            """, path: "A.swift", language: .swift)
        let g = CodeLinker().link(StoryboardGraph(), code: [code])
        #expect(findings(g) == ["info code-dynamic A.swift:3:49"])
        #expect(g.diagnostics[0].message.contains("'\"\\(n)\"'"), "the interpolation is shown as written")
        #expect(g.nodes.isEmpty && g.edges.isEmpty)
    }

    @Test func nestedEnumsOfTheSameNameResolveThroughTheEnclosingType() {
        // `enum Segue: String` in every view controller (here 40 of them, more than a loose look-up scans):
        // each use reads its own class's enum, as Swift does.
        var sources = [("Home.swift", """
            class HomeViewController: UIViewController {
                enum Segue: String { case next = "showDetail" }
                func go() { performSegue(withIdentifier: Segue.next.rawValue, sender: nil) }
            }
            """)]
        for i in 0..<40 {
            sources.append(("S\(i).swift", """
                class Screen\(i): UIViewController {
                    enum Segue: String { case next = "Nowhere\(i)" }
                    func go() { performSegue(withIdentifier: Segue.next.rawValue, sender: nil) }
                }
                """))
        }
        let g = link(sources)
        #expect(!g.diagnostics.contains { $0.location?.path == "Home.swift" }, "showDetail starts at Home's scene")
        #expect(g.diagnostics.filter { $0.code == .codeUnknownSegue }.count == 40)
        #expect(g.diagnostics.allSatisfy { $0.code != .codeDynamic })
    }

    /// A segue identifier that the class's scenes lack but scenes elsewhere have: the hint names the least label of
    /// those scenes. An implicit member resolves when the cases of its name agree on one raw value.
    @Test func segueHintsAndImplicitMembers() {
        var g = graph()
        g.edges.append(Edge(id: "Main.storyboard#s3", from: "Main.storyboard#messages", to: "Main.storyboard#detail",
                            kind: .show, identifier: "Confirm Bid"))
        let code = CodeScanner().scan(text: """
            enum Once: String { case go = "Detail" }
            enum Twice: String { case go = "Detail" }
            enum Left: String { case both = "Home" }
            enum Right: String { case both = "Detail" }
            class ProfileViewController: UIViewController {
                func a() {
                    performSegue(withIdentifier: "Confirm Bid", sender: nil)
                    _ = storyboard?.instantiateViewController(withIdentifier: .go)
                    _ = storyboard?.instantiateViewController(withIdentifier: .both)
                }
            }
            """, path: "P.swift", language: .swift)
        let linked = CodeLinker().link(g, code: [code])
        let segue = linked.diagnostics.first { $0.code == .codeUnknownSegue }
        #expect(segue?.hint == "segue identifiers belong to the scene they start from; a segue 'Confirm Bid' starts at scene 'HomeViewController'")
        // The segue no scene of the class has is drawn as a link that does not resolve, like a missing Storyboard ID.
        #expect(codeEdges(linked) == ["Main.storyboard#profile -> Main.storyboard#detail @8",
                                      "Main.storyboard#profile -> code-target:Main#segue:Confirm Bid @7"])
        #expect(linked.diagnostics.contains { $0.code == .codeDynamic && $0.message.contains("'.both' is not a constant (more than one enum has this case)") })
    }

    /// A segue identifier that differs only in letter case from two of the class's: the hint names the least of
    /// them, in every run (the class's identifiers are a set, whose order changes from one to the next).
    @Test func aCaseOnlySegueHintIsTheSameEveryRun() {
        var g = graph()
        g.edges.append(Edge(id: "Main.storyboard#s3", from: "Main.storyboard#home", to: "Main.storyboard#detail",
                            kind: .show, identifier: "ShowDetail"))
        g.edges.append(Edge(id: "Main.storyboard#s4", from: "Main.storyboard#home", to: "Main.storyboard#detail",
                            kind: .show, identifier: "SHOWDETAIL"))
        let code = CodeScanner().scan(text: """
            class HomeViewController: UIViewController {
                func a() { performSegue(withIdentifier: "showdetail", sender: nil) }
            }
            """, path: "H.swift", language: .swift)
        var hints: Set<String> = []
        for _ in 0..<40 {
            let linked = CodeLinker().link(g, code: [code])
            for d in linked.diagnostics where d.code == .codeUnknownSegue { hints.insert(d.hint ?? "") }
        }
        #expect(hints == ["segue identifiers are case-sensitive: did you mean 'SHOWDETAIL'?"])
    }

    /// Edge ids are made byte by byte at their final size; they must read as the file and the two ends, with the
    /// ordinal after `~` from the second call on.
    @Test func edgeIDsSpellTheFileAndTheEnds() {
        for path in ["App/Sources/Home.swift", "Ünïcödé/Ansicht 🗺.swift", ""] {
            for (from, to) in [("Main.storyboard#home", "Main.storyboard#detail"), ("", ""), ("code:Ä", "code-target:Main#X")] {
                #expect(CodeLinkPass.edgeID(in: path, from: from, to: to) == "code:\(path)#\(from)->\(to)")
                #expect(CodeLinkPass.edgeID(in: path, from: from, to: to, ordinal: 2) == "code:\(path)#\(from)->\(to)~2")
                #expect(CodeLinkPass.edgeID(in: path, from: from, to: to, ordinal: 1_000_000) == "code:\(path)#\(from)->\(to)~1000000")
            }
        }
    }

    /// No line in a code edge's id: the same calls give the same ids wherever they are in the file, two calls that
    /// link the same ends are told apart by their order, and one call that makes its edge twice makes one edge.
    @Test func codeEdgeIDsDoNotMoveWithTheLines() {
        let source = """
            class HomeViewController: UIViewController {
                func a() { let d = storyboard!.instantiateViewController(withIdentifier: "Detail") }
                func b() { let d = storyboard!.instantiateViewController(withIdentifier: "Detail") }
                func c() { let s = UIStoryboard(name: "Settings", bundle: nil).instantiateInitialViewController() }
            }
            """
        func codeEdges(_ text: String) -> [Edge] { link([("H.swift", text)]).edges.filter { $0.kind == .code } }
        let before = codeEdges(source)
        let after = codeEdges("// one line\n\n// and two more\n" + source)
        #expect(before.map(\.id) == [
            "code:H.swift#Main.storyboard#home->Main.storyboard#detail",
            "code:H.swift#Main.storyboard#home->Main.storyboard#detail~2",
            "code:H.swift#Main.storyboard#home->Settings.storyboard#root",
        ])
        #expect(after.map(\.id) == before.map(\.id))
        #expect(after.map { $0.location?.line ?? 0 } == before.map { ($0.location?.line ?? 0) + 3 }, "the lines stay data")
    }

    @Test func swiftNamesOfUnwindSelectors() {
        #expect(UnwindRule.swiftName("unwindToListWithSegue:") == "unwindToList(segue: UIStoryboardSegue)")
        #expect(UnwindRule.swiftName("unwindHere:") == "unwindHere(_ segue: UIStoryboardSegue)")
        #expect(UnwindRule.swiftName("a:b:") == "a:b:")
    }

    @Test func objcPerformSegueChecksTheClassScenes() {
        let g = link([("P.m", """
        @implementation HomeViewController
        - (void)a {
            [self performSegueWithIdentifier:@"showDetail" sender:self];
            [self performSegueWithIdentifier:@"Nowhere" sender:self];
        }
        @end
        """)])
        #expect(findings(g) == ["error code-unknown-segue P.m:4:11"])
    }
}
