import Foundation
import Testing

/// Issue 20, class 3: helpers that take the storyboard names as parameters. A call that passes literals is followed
/// one level into the helper (declared on any type, in any scanned file) and checked at the call, as a direct call.
@Suite struct RecallHelperTests {
    static let storyboards: [String: String] = [
        "App/Main.storyboard": XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HomeViewController""#)),
        "App/Settings.storyboard": XML.storyboard(initial: "sec",
            XML.scene("sec", attributes: #"customClass="SecurityViewController" storyboardIdentifier="security""#)),
    ]

    static let factory = """
        import UIKit
        final class ScreenFactory {
            func make(storyboardName: String, identifier: String, animated: Bool = true) -> UIViewController {
                UIStoryboard(name: storyboardName, bundle: nil).instantiateViewController(withIdentifier: identifier)
            }
            func makeDetail(_ board: UIStoryboard) -> UIViewController {
                board.instantiateViewController(withIdentifier: "detial")
            }
        }
        class SecurityViewController: UIViewController {}
        """

    /// The literals a call passes are checked at the call's line, at a direct call's level: an ID that no scene of
    /// that storyboard has is an error, a storyboard name that does not exist too; a storyboard passed as a load
    /// is followed into a helper that instantiates from its parameter.
    @Test func literalsPassedToAHelperAreCheckedAtTheCall() throws {
        var files = Self.storyboards
        files["App/ScreenFactory.swift"] = Self.factory
        files["App/Home.swift"] = """
            import UIKit
            class HomeViewController: UIViewController {
                let factory = ScreenFactory()
                func openSecurity() {
                    show(factory.make(storyboardName: "Settings", identifier: "securty"), sender: nil)
                }
                func openSettings() {
                    show(factory.make(storyboardName: "Setings", identifier: "security", animated: false), sender: nil)
                }
                func openDetail() {
                    show(factory.makeDetail(UIStoryboard(name: "Settings", bundle: nil)), sender: nil)
                }
            }
            """
        let all = try RecallClassesTests.findings(try Harness.project(files))
        let id = RecallClassesTests.finding(all, at: "App/Home.swift:5:")
        #expect(RecallClassesTests.level(id) == "error", "\(all)")
        #expect(id?.contains("'securty'") == true && id?.contains("make(storyboardName:identifier:animated:)") == true)
        #expect(id?.contains("[code-unknown-identifier]") == true)
        let name = RecallClassesTests.finding(all, at: "App/Home.swift:8:")
        #expect(RecallClassesTests.level(name) == "error", "\(all)")
        #expect(name?.contains("'Setings'") == true && name?.contains("[code-unknown-storyboard]") == true)
        let detail = RecallClassesTests.finding(all, at: "App/Home.swift:11:")
        #expect(detail?.contains("'detial'") == true, "\(all)")
        #expect(detail?.contains("[code-unknown-identifier]") == true)
    }

    /// An existing ID passed to the helper gives no finding, and a code link from the caller's type to the scene.
    @Test func anExistingIDLinksTheCallerToTheScene() throws {
        var files = Self.storyboards
        files["App/ScreenFactory.swift"] = Self.factory
        files["App/Home.swift"] = """
            import UIKit
            class HomeViewController: UIViewController {
                func openSecurity() {
                    show(ScreenFactory().make(storyboardName: "Settings", identifier: "security"), sender: nil)
                }
            }
            """
        let root = try Harness.project(files)
        let all = try RecallClassesTests.findings(root)
        #expect(all.allSatisfy { !$0.contains("App/Home.swift") }, "\(all)")
        _ = try Harness.run(["export", ".", "-o", "graph.json"], in: root)
        let graph = try JSONSerialization.jsonObject(with: Data(contentsOf: root.appendingPathComponent("graph.json")))
        let edges = (graph as? [String: Any])?["edges"] as? [[String: Any]] ?? []
        let code = edges.filter { $0["kind"] as? String == "code" && ($0["to"] as? String)?.hasSuffix("Settings.storyboard#sec") == true }
        #expect(code.count == 1, "\(edges)")
        #expect((code.first?["from"] as? String)?.contains("Main.storyboard#h") == true, "\(code)")
    }

    /// Counter-cases: a call that passes a variable, or a helper that forwards its parameter through something else,
    /// is not followed; the helper's notes stay, saying a parameter stopped them.
    @Test func aCallWithoutLiteralsLeavesTheHelpersNote() throws {
        var files = Self.storyboards
        files["App/ScreenFactory.swift"] = Self.factory
        files["App/Home.swift"] = """
            import UIKit
            class HomeViewController: UIViewController {
                var destination = "securty"
                func openSecurity() {
                    show(ScreenFactory().make(storyboardName: "Settings", identifier: destination), sender: nil)
                }
            }
            """
        let all = try RecallClassesTests.findings(try Harness.project(files))
        #expect(all.allSatisfy { !$0.contains("App/Home.swift") }, "\(all)")
        let note = RecallClassesTests.finding(all, at: "App/ScreenFactory.swift:4:57:")
        #expect(note.map { RecallClassesTests.level($0) == "note" && $0.contains("a parameter") } == true, "\(all)")
    }

    /// Objective-C: a method that loads and instantiates with its parameters, called with literals, is checked at
    /// the message send; a send passing a variable is not followed (the method's notes stay).
    @Test func objectiveCLiteralsPassedToAMethodAreCheckedAtTheSend() throws {
        var files = Self.storyboards
        files["App/Factory.m"] = """
            #import <UIKit/UIKit.h>
            @implementation ScreenFactory
            - (UIViewController *)makeWithStoryboard:(NSString *)name identifier:(NSString *)identifier {
                UIStoryboard *board = [UIStoryboard storyboardWithName:name bundle:nil];
                return [board instantiateViewControllerWithIdentifier:identifier];
            }
            @end
            @implementation HomeViewController
            - (void)open:(NSString *)destination {
                UIViewController *a = [[ScreenFactory new] makeWithStoryboard:@"Settings" identifier:@"securty"];
                UIViewController *b = [[ScreenFactory new] makeWithStoryboard:@"Settings" identifier:@"security"];
                UIViewController *c = [[ScreenFactory new] makeWithStoryboard:@"Settings" identifier:destination];
            }
            @end
            """
        let all = try RecallClassesTests.findings(try Harness.project(files))
        let id = RecallClassesTests.finding(all, at: "App/Factory.m:10:")
        #expect(RecallClassesTests.level(id) == "error", "\(all)")
        #expect(id?.contains("'securty'") == true && id?.contains("makeWithStoryboard:identifier:") == true, "\(all)")
        #expect(all.allSatisfy { !$0.contains("App/Factory.m:11:") && !$0.contains("App/Factory.m:12:") }, "\(all)")
        let note = RecallClassesTests.finding(all, at: "App/Factory.m:5:")
        #expect(note.map { RecallClassesTests.level($0) == "note" && $0.contains("a parameter") } == true, "\(all)")
    }

    /// A parameter whose default value is a storyboard load with a literal name (firebase's `static func
    /// fromStoryboard(_ storyboard: UIStoryboard = UIStoryboard(name: "Main", bundle: nil))`): the helper's body is
    /// checked with the default, where it is written, as a direct call (an error for an ID 'Main' does not have, a
    /// link for one it has); a call that passes its own storyboard is still checked at the call. The counter-case: a
    /// default that is not a literal (a variable) leaves the helper's note.
    @Test func aParametersLiteralDefaultIsFollowed() throws {
        var files = Self.storyboards
        files["App/Review.swift"] = """
            import UIKit
            let shared = UIStoryboard(name: "Main", bundle: nil)
            class HomeViewController: UIViewController {
                static func fromStoryboard(_ storyboard: UIStoryboard = UIStoryboard(name: "Main", bundle: nil)) -> UIViewController {
                    storyboard.instantiateViewController(withIdentifier: "NewReview")
                }
                static func security(_ storyboard: UIStoryboard = UIStoryboard(name: "Settings", bundle: nil)) -> UIViewController {
                    storyboard.instantiateViewController(withIdentifier: "security")
                }
                static func fromShared(_ storyboard: UIStoryboard = shared) -> UIViewController {
                    storyboard.instantiateViewController(withIdentifier: "security")
                }
                func open() { show(Self.fromStoryboard(), sender: nil); show(Self.security(), sender: nil); show(Self.fromShared(), sender: nil) }
            }
            """
        let all = try RecallClassesTests.findings(try Harness.project(files))
        let broken = RecallClassesTests.finding(all, at: "App/Review.swift:5:")
        #expect(RecallClassesTests.level(broken) == "error" && broken!.contains("'NewReview'") && broken!.contains("of 'Main'")
                && broken!.contains("default values of fromStoryboard(_:)"), "\(all)")
        #expect(all.allSatisfy { !$0.contains("App/Review.swift:8:") }, "\(all)")
        let note = all.filter { $0.contains("App/Review.swift:11:") }
        #expect(!note.isEmpty && note.allSatisfy { RecallClassesTests.level($0) != "error" }, "\(all)")
        #expect(note.contains { RecallClassesTests.level($0) == "note" && $0.contains("a parameter") }, "\(all)")
    }
}
