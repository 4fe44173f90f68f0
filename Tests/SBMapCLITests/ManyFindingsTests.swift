import Foundation
import Testing

/// Thousands of findings in one file: every command still ends in bounded time. A Swift file of 26,000 broken
/// `UIStoryboard(name:)` calls took minutes in `check`: every finding read its file again from the top to find the
/// class it is in. This checks the behaviour on a smaller instance (speed is measured by `scripts/bench.sh --hostile`):
/// every call and every reference is one finding at its line, at its level.
@Suite struct ManyFindingsTests {
    @Test func everyBrokenCallAndReferenceInOneFileIsOneFinding() throws {
        let count = 300
        var code = "import UIKit\n\nfinal class HomeViewController: UIViewController {\n"
        for k in 0..<count { code += "    func load\(k)() { _ = UIStoryboard(name: \"Missing\(k)\", bundle: nil) }\n" }
        for k in 0..<count { code += "    func go\(k)() { performSegue(withIdentifier: \"gone\(k)\", sender: nil) }\n" }
        // A class nothing refers to: its errors are warnings that say why.
        code += "}\n\nfinal class LeftoverViewController: UIViewController {\n"
        for k in 0..<count {
            code += "    func make\(k)() { _ = UIStoryboard(name: \"Main\", bundle: nil).instantiateViewController(withIdentifier: \"Gone\(k)\") }\n"
        }
        code += "}\n"
        let references = (0..<count).map { XML.reference("r\($0)", storyboard: "Absent\($0)") }
        // Segues lead to every reference: one nothing leads to is never followed, a warning.
        let segues = "<connections>\n" + (0..<count).map { #"<segue destination="r\#($0)" kind="show" id="g\#($0)"/>"# }
            .joined(separator: "\n") + "\n</connections>"
        // Main refers to References: a storyboard nothing loads would have its broken references as warnings (the
        // app never follows them), and these are errors.
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "a", XML.scene("a", attributes: #"customClass="HomeViewController" storyboardIdentifier="Home""#),
                                                  XML.reference("toReferences", storyboard: "References")),
            "App/References.storyboard": XML.storyboard(initial: "b", XML.scene("b", body: segues))
                .replacingOccurrences(of: "    </scenes>", with: references.joined(separator: "\n") + "\n    </scenes>"),
            "App/Hostile.swift": code,
        ])
        let run = try Harness.run(["check", "App"], in: root)
        #expect(run.status == 1)
        let lines = run.stderr.split(separator: "\n")
        func findings(_ code: String, _ level: String) -> [Substring] { lines.filter { $0.contains(": \(level): ") && $0.hasSuffix("[\(code)]") } }
        #expect(findings("code-unknown-storyboard", "error").count == count, "\(run.stderr.suffix(2_000))")
        #expect(findings("code-unknown-segue", "error").count == count)
        let leftover = findings("code-unknown-identifier", "warning")
        #expect(leftover.count == count)
        #expect(leftover.allSatisfy { $0.contains("LeftoverViewController") }, "\(leftover.first ?? "")")
        #expect(findings("unknown-storyboard", "error").count == count)
        // Each at its own line: the first call is on line 4, the last leftover one on line 7 + 3 × count - 1.
        #expect(run.stderr.contains("App/Hostile.swift:4:"))
        #expect(run.stderr.contains("App/Hostile.swift:\(6 + 3 * count):"))
    }
}
