import Foundation
import Testing

/// Issue 20: where a call truly cannot be decided, its note says what stopped sbmap, in words a reader can map to
/// the issue's classes: a parameter (a helper taking the names, class 3), a name no scanned file declares (a
/// dependency not checked in), the storyboard a helper is called on, a storyboard that could not be read (class 6's
/// exception), an override that handles identifiers (class 1), a foreign bundle (class 5), a key no device reads.
@Suite struct RecallNotesTests {
    typealias R = RecallClassesTests

    @Test func eachNoteSaysWhatStoppedIt() throws {
        let files = [
            "App/Main.storyboard": XML.storyboard(initial: "h",
                XML.scene("h", attributes: #"customClass="HomeViewController" storyboardIdentifier="Home""#,
                          body: XML.segue("sh", to: "h", identifier: "showHome"))),
            "App/Helpers.swift": """
                import UIKit
                final class Screens {
                    func make(from storyboard: UIStoryboard) -> UIViewController {
                        storyboard.instantiateViewController(withIdentifier: "Home")
                    }
                    func load(name: String) -> UIStoryboard {
                        UIStoryboard(name: name, bundle: nil)
                    }
                    func pod() -> UIViewController {
                        UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: PodScreens.home)
                    }
                }
                extension UIStoryboard {
                    func screen(_ id: String) -> UIViewController {
                        self.instantiateViewController(withIdentifier: "Home")
                    }
                }
                """,
        ]
        let all = try R.findings(try Harness.project(files))
        let parameter = R.finding(all, at: "App/Helpers.swift:4:")
        #expect(R.level(parameter) == "note"
                    && parameter!.contains("storyboard 'storyboard' is not a constant (a parameter: each caller passes its own value"), "\(all)")
        let name = R.finding(all, at: "App/Helpers.swift:7:")
        #expect(R.level(name) == "note" && name!.contains("storyboard name 'name' is not a constant (a parameter"), "\(all)")
        let undeclared = R.finding(all, at: "App/Helpers.swift:10:")
        #expect(R.level(undeclared) == "note"
                    && undeclared!.contains("'PodScreens.home' is not a constant (no scanned file declares it: a dependency that is not checked in"),
                "\(all)")
        let helper = R.finding(all, at: "App/Helpers.swift:15:")
        #expect(R.level(helper) == "note" && helper!.contains("(the storyboard this helper is called on)"), "\(all)")
    }

    /// A segue performed on an object of unknown class, that no scanned storyboard has, is a warning (class 6); with
    /// a storyboard that could not be read, a note that says so instead of claiming a crash.
    @Test func anUnreadStoryboardMayHoldTheName() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "h", XML.scene("h", attributes: #"customClass="HomeViewController""#)),
            "App/Other.storyboard": "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n",
            "App/Presenter.swift": """
                import UIKit
                final class Presenter {
                    func present(in vc: UIViewController) {
                        vc.performSegue(withIdentifier: "showDax", sender: nil)
                    }
                }
                """,
        ])
        let all = try R.findings(root)
        let segue = R.finding(all, at: "App/Presenter.swift:4:")
        #expect(R.level(segue) == "note" && segue!.contains("(but a storyboard under the paths could not be read, and may hold it)"), "\(all)")
    }
}
