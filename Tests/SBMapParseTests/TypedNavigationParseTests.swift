import SBMapModel
import Testing
@testable import SBMapParse

/// Controllers whose class the code states without making them in the call (issue 32): a local whose declaration
/// writes its type, a cast, a `var` never set again, a property of the enclosing type. What stays unknown (a `var`
/// set again, a closure's result, a generic, a storyboard's scene) records nothing, and the linker decides what a
/// property's or a factory's class is.
@Suite struct TypedNavigationParseTests {
    static func uses(_ file: LoadedCodeFile) -> [String] {
        file.navigations.map { n in "\(n.call.rawValue) \(n.controller) \(n.location.line)" }
    }

    @Test func aLocalsDeclaredTypeOrACastIsTheClass() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                func start(nav: UINavigationController, any: Any, container: Container) {
                    let a: ProfileViewController = container.resolve()
                    nav.pushViewController(a, animated: true)
                    var b: AboutViewController? = container.resolve()
                    nav.present(b!, animated: true)
                    let c = container.make() as HistoryViewController
                    nav.show(c, sender: nil)
                    let d = any as! DetailViewController
                    nav.pushViewController(d, animated: true)
                    if let e = any as? ListViewController {
                        nav.pushViewController(e, animated: true)
                    }
                    guard let f = nav.topViewController as? SettingsViewController else { return }
                    nav.pushViewController(f, animated: true)
                    let g: UIViewController = BadgeViewController()
                    nav.addChild(g)
                    let h: UIViewController = makeBadge()
                    nav.addChild(h)
                    let i: ChildViewController
                    i = ChildViewController()
                    nav.addChild(i)
                    nav.present(any as! NoteViewController, animated: true)
                    nav.present(BadgeViewController() as UIViewController, animated: true)
                    b = nil
                }
            }
            """)
        #expect(Self.uses(file) == [
            #"push type("ProfileViewController") 5"#,
            #"present type("AboutViewController") 7"#,
            #"show type("HistoryViewController") 9"#,
            #"push type("DetailViewController") 11"#,
            #"push type("ListViewController") 13"#,
            #"push type("SettingsViewController") 16"#,
            #"child type("BadgeViewController") 18"#,
            #"child factory(["makeBadge"]) 20"#,
            #"child type("ChildViewController") 23"#,
            #"present type("NoteViewController") 24"#,
            #"present type("BadgeViewController") 25"#,
        ], "\(Self.uses(file))")
    }

    @Test func aNameDeclaredTwiceIsTheDeclarationInScope() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                func start(nav: UINavigationController, container: Container, flag: Bool) {
                    let vc: AViewController = container.resolve()
                    if flag {
                        let vc: BViewController = container.resolve()
                        nav.pushViewController(vc, animated: true)
                    }
                    nav.pushViewController(vc, animated: true)
                }
            }
            """)
        #expect(Self.uses(file) == [#"push type("BViewController") 7"#, #"push type("AViewController") 9"#], "\(Self.uses(file))")
    }

    @Test func aVarNeverSetAgainIsItsValuesClass() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                func once(nav: UINavigationController) {
                    var vc = DetailViewController()
                    vc.title = "Detail"
                    nav.pushViewController(vc, animated: true)
                }
                func twice(nav: UINavigationController) {
                    var vc = DetailViewController()
                    nav.pushViewController(vc, animated: true)
                    vc = OtherViewController()
                }
                func swapped(nav: UINavigationController) {
                    var vc = DetailViewController()
                    swap(&vc, &other)
                    nav.pushViewController(vc, animated: true)
                }
                func typed(nav: UINavigationController) {
                    var vc: DetailViewController = DetailViewController()
                    vc = DetailSubclassViewController()
                    nav.pushViewController(vc, animated: true)
                }
                func siblings(nav: UINavigationController, flag: Bool) {
                    if flag {
                        var vc = AViewController()
                        nav.pushViewController(vc, animated: true)
                    } else {
                        var vc = BViewController()
                        nav.pushViewController(vc, animated: true)
                        if vc == other { return }
                    }
                }
            }
            """)
        #expect(Self.uses(file) == [
            #"push type("DetailViewController") 6"#,
            #"push type("DetailViewController") 21"#,
            #"push type("AViewController") 26"#,
            #"push type("BViewController") 29"#,
        ], "\(Self.uses(file))")
    }

    @Test func aPropertyIsRecordedByNameAndItsClassWithTheType() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                private let detail = DetailViewController()
                lazy var about = AboutViewController(nibName: nil, bundle: nil)
                lazy var history: HistoryViewController = { HistoryViewController() }()
                let list: ListViewController
                var plain = PlainViewController()
                let helper = makeHelper()
                func start(nav: UINavigationController) {
                    nav.pushViewController(detail, animated: true)
                    nav.present(self.about, animated: true)
                    nav.show(self?.history, sender: nil)
                    nav.addChild(list)
                }
            }
            """)
        #expect(Self.uses(file) == [
            #"push member("detail") 10"#,
            #"present member("about") 11"#,
            #"show member("history") 12"#,
            #"child member("list") 13"#,
        ], "\(Self.uses(file))")
        #expect(file.typedMembers.map { "\($0.name) \($0.type) \($0.fromInitialValue)" } == [
            "detail DetailViewController true", "about AboutViewController true",
            "history HistoryViewController false", "list ListViewController false",
        ], "a `var` (not lazy) may be set again; a call of a function is no class")
    }

    @Test func aNameBoundByAClosureALoopOrAPatternIsNoProperty() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                let detail = DetailViewController()
                func closure(nav: UINavigationController, items: [UIViewController]) {
                    items.forEach { detail in nav.pushViewController(detail, animated: true) }
                }
                func loop(nav: UINavigationController, items: [UIViewController]) {
                    for detail in items { nav.pushViewController(detail, animated: true) }
                }
                func pattern(nav: UINavigationController, state: State) {
                    if case let .shown(detail) = state { nav.pushViewController(detail, animated: true) }
                }
                func typedClosure(nav: UINavigationController, items: [UIViewController]) {
                    items.map { (detail: UIViewController) in nav.present(detail, animated: true) }
                }
                func nested(nav: UINavigationController) {
                    let detail = OtherViewController()
                    func inner() { nav.pushViewController(detail, animated: true) }
                }
                func later(nav: UINavigationController) {
                    detail.title = "x"
                    nav.pushViewController(detail, animated: true)
                }
                func multiline(nav: UINavigationController, items: [UIViewController]) {
                    items.map { (other: UIViewController,
                                 detail: UIViewController) in nav.present(detail, animated: true) }
                }
                func tuple(nav: UINavigationController, pair: (UIViewController, UIViewController)) {
                    let (other, detail) = pair
                    nav.present(detail, animated: true)
                }
                func switched(nav: UINavigationController, state: State) {
                    switch state {
                    case let .shown(other, detail): nav.present(detail, animated: true)
                    }
                }
                func argument(nav: UINavigationController) {
                    nav.addChild(detail)
                    configure(detail, label: detail)
                    nav.present(detail, animated: true)
                }
            }
            """)
        #expect(Self.uses(file) == [#"push member("detail") 22"#, #"child member("detail") 38"#, #"present member("detail") 40"#],
                "\(Self.uses(file))")
    }

    /// A hostile function: twelve thousand pushes of a `var` (each would read the rest of the function for a later
    /// `vc =`) and of a property (each would read the function so far for a binding of its name). The file's
    /// walks share one budget (`SwiftCodeReader.navigationScanBudget`): the first pushes are read, then the names are
    /// unknown, and reading stays linear.
    @Test func aHostileFunctionSpendsTheBudgetAndThenTheNamesAreUnknown() {
        let pushes = 12_000
        for (declaration, name) in [("var vc = DetailViewController()", "vc"), ("", "detail")] {
            var text = "import UIKit\nfinal class Coordinator {\n    let detail = DetailViewController()\n"
            text += "    func go(nav: UINavigationController) {\n        \(declaration)\n"
            for _ in 0..<pushes { text += "        nav.pushViewController(\(name), animated: true)\n" }
            text += "    }\n}\n"
            let file = CodeFixtures.scan(source: text)
            #expect(file.navigations.count > 10 && file.navigations.count < pushes / 4, "\(name): \(file.navigations.count)")
        }
    }

    @Test func whatStaysUnknownRecordsNothing() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            final class Coordinator {
                func start<T: UIViewController>(nav: UINavigationController, type: T.Type, any: Any) {
                    let a = { DetailViewController() }()
                    nav.pushViewController(a, animated: true)
                    let c = storyboard!.instantiateViewController(withIdentifier: "Detail") as! DetailViewController
                    nav.pushViewController(c, animated: true)
                    guard let d = UIStoryboard(name: "Main", bundle: nil).instantiateInitialViewController() as? HomeViewController
                    else { return }
                    nav.pushViewController(d, animated: true)
                    let e: DetailViewController = StoryboardScene.Main.detail.instantiate()
                    nav.pushViewController(e, animated: true)
                    guard let made = storyboard?.instantiateViewController(withIdentifier: "List"),
                          let list = made as? ListViewController else { return }
                    nav.present(list, animated: true)
                    let typed: ListViewController = made as! ListViewController
                    nav.present(typed, animated: true)
                    pages.setViewControllers([DetailViewController()], direction: .forward, animated: false, completion: nil)
                    nav.pushViewController(self, animated: true)
                }
            }
            """)
        #expect(Self.uses(file).isEmpty, "\(Self.uses(file))")
    }
}
