import Foundation
import Testing

/// Issue 20: broken code links that a careless pull request makes, in the shapes real apps write them, each with
/// its counter-case (where the call truly cannot be decided, and stays a note saying why).
@Suite struct RecallClassesTests {
    /// The findings of `sbmap check` on `folder`, one line each.
    static func findings(_ root: URL, _ arguments: [String] = ["check", "."]) throws -> [String] {
        let run = try Harness.run(arguments, in: root)
        return run.stderr.split(separator: "\n").map(String.init)
            .filter { $0.contains(": error:") || $0.contains(": warning:") || $0.contains(": note:") }
    }

    /// The one finding at `place` (`File.swift:12:`), or nil.
    static func finding(_ all: [String], at place: String) -> String? {
        let here = all.filter { $0.contains(place) }
        return here.count == 1 ? here[0] : nil
    }

    static func level(_ line: String?) -> String? {
        guard let line else { return nil }
        for level in ["error", "warning", "note"] where line.contains(": \(level): ") { return level }
        return nil
    }

    // MARK: Class 1: pass-through overrides

    /// An override of `performSegue` that only defers the call, or forwards it unchanged to `super`, handles no
    /// identifier: UIKit still looks the segue up, so a wrong identifier crashes. So does a wrapper of another
    /// signature. The counter-case, an override that switches on the identifier, may handle it: a note saying so.
    @Test func passThroughOverridesKeepCallsCheckable() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "a",
                XML.scene("a", attributes: #"customClass="FeedViewController""#,
                          body: XML.segue("sa", to: "b", identifier: "openPost")),
                XML.scene("b", attributes: #"customClass="RoutingViewController""#,
                          body: XML.segue("sb", to: "c", identifier: "openPost")),
                XML.scene("c", attributes: #"customClass="LegacyViewController""#,
                          body: XML.segue("sc", to: "a", identifier: "openPost"))),
            "App/Feed.swift": """
                import UIKit
                enum FeedSegue: String { case openPots }
                extension UIViewController {
                    func performSegue(_ segue: FeedSegue) {
                        performSegue(withIdentifier: segue.rawValue, sender: self)
                    }
                }
                class FeedViewController: UIViewController {
                    override func performSegue(withIdentifier identifier: String, sender: Any?) {
                        DispatchQueue.main.async {
                            super.performSegue(withIdentifier: identifier, sender: sender)
                        }
                    }
                    func open() { performSegue(withIdentifier: "openPots", sender: nil) }
                    func openThroughWrapper() { performSegue(.openPots) }
                }
                """,
            "App/Routing.swift": """
                import UIKit
                class RoutingViewController: UIViewController {
                    override func performSegue(withIdentifier identifier: String, sender: Any?) {
                        switch identifier {
                        case "openPots": show(UIViewController(), sender: nil)
                        default: super.performSegue(withIdentifier: identifier, sender: sender)
                        }
                    }
                    func open() { performSegue(withIdentifier: "openPots", sender: nil) }
                }
                """,
            "App/Legacy.m": """
                #import <UIKit/UIKit.h>
                @implementation LegacyViewController
                - (void)performSegueWithIdentifier:(NSString *)identifier sender:(id)sender {
                    dispatch_async(dispatch_get_main_queue(), ^{
                        [super performSegueWithIdentifier:identifier sender:sender];
                    });
                }
                - (void)open {
                    [self performSegueWithIdentifier:@"openPots" sender:nil];
                }
                @end
                """,
        ])
        let all = try Self.findings(root)
        let direct = Self.finding(all, at: "App/Feed.swift:14:")
        // Errors: a segue the scene's own class performs, and no override handles it.
        #expect(Self.level(direct) == "error" && direct!.contains("code-unknown-segue") && direct!.contains("'openPots'"), "\(all)")
        #expect(Self.level(Self.finding(all, at: "App/Feed.swift:15:")) == "error", "\(all)")
        #expect(Self.level(Self.finding(all, at: "App/Legacy.m:9:")) == "error", "\(all)")
        // The counter-case: the class handles the identifier itself.
        let handled = Self.finding(all, at: "App/Routing.swift:9:")
        #expect(Self.level(handled) == "note" && handled!.contains("implements performSegue itself"), "\(all)")
    }

    // MARK: Class 2: receivers whose type is written in the code

    /// A call on a property typed by a class, on a cast (`as?`, `as!`), on `self?` after `[weak self]`, or on a
    /// local bound to `self` is checked against that class's scenes. The counter-cases: a receiver typed by a
    /// protocol or by UIKit's class is not known (a note saying so), and a right identifier is no finding.
    @Test func receiversWhoseTypeIsWrittenAreChecked() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "h",
                XML.scene("h", attributes: #"customClass="HostViewController""#,
                          body: XML.segue("sh", to: "p", identifier: "showPlayer")),
                XML.scene("p", attributes: #"customClass="PlayerViewController" storyboardIdentifier="Player""#,
                          body: XML.segue("sp", to: "q", identifier: "showQueue")),
                XML.scene("q", attributes: #"customClass="QueueViewController""#)),
            "App/Host.swift": """
                import UIKit
                protocol Presenting: AnyObject {}
                class HostViewController: UIViewController {
                    var playerViewController: PlayerViewController!
                    weak var presenter: Presenting?
                    var generic: UIViewController?
                    func fromProperty() {
                        self.playerViewController.performSegue(withIdentifier: "showQueu", sender: nil)
                        playerViewController.performSegue(withIdentifier: "showQueue", sender: nil)
                    }
                    func fromCast(_ top: UIViewController?) {
                        if let player = top as? PlayerViewController {
                            player.performSegue(withIdentifier: "showQueu", sender: nil)
                        }
                    }
                    func fromInstantiation() {
                        let player = storyboard!.instantiateViewController(withIdentifier: "Player") as! PlayerViewController
                        player.performSegue(withIdentifier: "showQueu", sender: nil)
                    }
                    func untyped(_ vc: Presenting) {
                        generic?.performSegue(withIdentifier: "showPlayer", sender: nil)
                    }
                }
                """,
            "App/Player.swift": """
                import UIKit
                class PlayerViewController: UIViewController {
                    func later() {
                        DispatchQueue.main.async { [weak self] in
                            self?.performSegue(withIdentifier: "showQueu", sender: nil)
                        }
                        DispatchQueue.main.async { [weak self] in
                            guard let strongSelf = self else { return }
                            strongSelf.performSegue(withIdentifier: "showQueu", sender: nil)
                        }
                    }
                }
                class QueueViewController: UIViewController {}
                """,
        ])
        let all = try Self.findings(root)
        for place in ["App/Host.swift:8:", "App/Host.swift:13:", "App/Host.swift:18:", "App/Player.swift:5:", "App/Player.swift:9:"] {
            let f = Self.finding(all, at: place)
            // An error: the receiver's class is known.
            #expect(Self.level(f) == "error" && f!.contains("from 'PlayerViewController'") && f!.contains("'showQueue'"),
                    "\(place): \(all)")
        }
        #expect(Self.finding(all, at: "App/Host.swift:9:") == nil, "\(all)")
        // Typed only by UIKit's class: any scene's segue may be meant, and 'showPlayer' is one.
        #expect(Self.finding(all, at: "App/Host.swift:21:") == nil, "\(all)")
    }

    // MARK: Class 6: names that exist nowhere

    /// Whatever an untyped receiver is, it is one of the app's storyboards or view controllers: a Storyboard ID or a
    /// segue identifier that no storyboard of the app has crashes the call. The counter-cases: a name that exists
    /// somewhere stays unknown (no finding), and a storyboard that could not be read may hold it (a note).
    @Test func namesThatExistNowhereAreWarnings() throws {
        let files = [
            "App/Main.storyboard": XML.storyboard(initial: "t",
                XML.scene("t", attributes: #"customClass="TabViewController""#,
                          body: XML.segue("st", to: "d", identifier: "showDax")),
                XML.scene("d", attributes: #"customClass="DaxViewController" storyboardIdentifier="Dax""#)),
            "App/Presenter.swift": """
                import UIKit
                protocol Onboarding: UIViewController {}
                final class Presenter {
                    func present(in vc: Onboarding) {
                        vc.performSegue(withIdentifier: "showDaxDialog", sender: nil)
                        vc.performSegue(withIdentifier: "showDax", sender: nil)
                    }
                    func make(from storyboard: UIStoryboard) -> UIViewController {
                        storyboard.instantiateViewController(withIdentifier: "DaxDialog")
                    }
                    func makeKnown(from storyboard: UIStoryboard) -> UIViewController {
                        storyboard.instantiateViewController(withIdentifier: "Dax")
                    }
                }
                """,
        ]
        let root = try Harness.project(files)
        let all = try Self.findings(root)
        let segue = Self.finding(all, at: "App/Presenter.swift:5:")
        #expect(Self.level(segue) == "warning" && segue!.contains("exists in no storyboard of the app"), "\(all)")
        #expect(Self.finding(all, at: "App/Presenter.swift:6:") == nil, "\(all)")
        let scene = all.filter { $0.contains("App/Presenter.swift:9:") && $0.contains("code-unknown-identifier") }
        #expect(scene.count == 1 && Self.level(scene[0]) == "warning" && scene[0].contains("crashes whatever the receiver is"), "\(all)")
        #expect(!all.contains { $0.contains("App/Presenter.swift:12:") && !$0.contains(": note:") }, "\(all)")

        // A storyboard that is an LFS pointer may hold them: notes at most.
        var unread = files
        unread["App/Other.storyboard"] = "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
        let hidden = try Self.findings(try Harness.project(unread))
        #expect(!hidden.contains { $0.contains("App/Presenter.swift:") && !$0.contains(": note:") }, "\(hidden)")
    }

    // MARK: Class 7: constant forms

    /// `static let` members of extensions of `NSStoryboard.Name` / `NSStoryboard.SceneIdentifier` used as `.member`,
    /// and `NSStoryboardSegue.Identifier("x")`, are constants: linked and checked. The counter-case: the right
    /// names link, with no finding.
    @Test func frameworkNameConstantsAreChecked() throws {
        let scene = XML.scene("g", element: "viewController",
                              attributes: #"customClass="GeneralViewController" storyboardIdentifier="General""#,
                              body: XML.segue("sg", to: "g", identifier: "showAccount"))
        let root = try Harness.project([
            "App/Preferences.storyboard": XML.storyboard(initial: "g", platform: "MacOSX.Cocoa", scene),
            "App/Names.swift": """
                import Cocoa
                extension NSStoryboard.Name {
                    static let preferences = NSStoryboard.Name("Preferences")
                    static let settings = NSStoryboard.Name("Settings")
                }
                extension NSStoryboard.SceneIdentifier {
                    static let general = NSStoryboard.SceneIdentifier("General")
                    static let generalTypo = NSStoryboard.SceneIdentifier("Generl")
                }
                final class GeneralViewController: NSViewController {
                    static func make() -> NSViewController {
                        NSStoryboard(name: .preferences, bundle: nil).instantiateController(withIdentifier: .generalTypo) as! NSViewController
                    }
                    static func settings() -> NSViewController {
                        NSStoryboard(name: .settings, bundle: nil).instantiateInitialController() as! NSViewController
                    }
                    static func right() -> NSViewController {
                        NSStoryboard(name: .preferences, bundle: nil).instantiateController(withIdentifier: .general) as! NSViewController
                    }
                    func open() {
                        performSegue(withIdentifier: NSStoryboardSegue.Identifier("showAccounts"), sender: nil)
                        performSegue(withIdentifier: NSStoryboardSegue.Identifier("showAccount"), sender: nil)
                    }
                }
                """,
        ])
        let all = try Self.findings(root)
        let id = Self.finding(all, at: "App/Names.swift:12:")
        #expect(Self.level(id) == "error" && id!.contains("code-unknown-identifier") && id!.contains("'Generl'"), "\(all)")
        let board = all.filter { $0.contains("App/Names.swift:15:") && $0.contains("code-unknown-storyboard") }
        #expect(board.count == 1 && Self.level(board[0]) == "error" && board[0].contains("'Settings'"), "\(all)")
        let segue = Self.finding(all, at: "App/Names.swift:21:")
        #expect(Self.level(segue) == "error" && segue!.contains("'showAccounts'"), "\(all)")
        for line in [18, 22] { #expect(Self.finding(all, at: "App/Names.swift:\(line):") == nil, "\(line): \(all)") }
    }
}
