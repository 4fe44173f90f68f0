import Foundation
import Testing

/// Issue 28, points 1, 2, 4, 6, 9, 11 and 14: every certain crash a pull request can make is an error (and a
/// "broke" in `diff`), and nothing that cannot crash is one.
@Suite struct GateLevelsTests {
    static func findings(_ root: URL) throws -> [String] { try RecallClassesTests.findings(root) }

    /// Main: the membership scene (initial), with a segue 'joinPremium' to the premium scene when `segue` is set.
    static func membershipBoard(segue: String? = "joinPremium", title: String = "Membership") -> String {
        XML.storyboard(initial: "m",
            XML.scene("m", attributes: #"customClass="MembershipViewController" title="\#(title)""#,
                      body: segue.map { XML.segue("sj", to: "p", identifier: $0) } ?? ""),
            XML.scene("p", attributes: #"customClass="PremiumViewController""#))
    }

    static let membershipCode = """
        import UIKit
        class MembershipViewController: UIViewController {
            @IBAction func join() {
                self.performSegue(withIdentifier: "joinPremium", sender: nil)
            }
        }
        class PremiumViewController: UIViewController {}
        """

    // MARK: Point 1: a performed segue deleted

    @Test func aPerformedSegueThatNoSceneOfTheClassHasIsAnError() throws {
        let root = try Harness.project(["App/Main.storyboard": Self.membershipBoard(segue: nil),
                                        "App/Membership.swift": Self.membershipCode])
        let all = try Self.findings(root)
        let line = RecallClassesTests.finding(all, at: "App/Membership.swift:4:")
        #expect(RecallClassesTests.level(line) == "error", "\(all)")
        #expect(line?.contains("performing it crashes the app") == true, "\(all)")
        #expect(try Harness.run(["check", "App"], in: root).status == 1)

        // Renamed rather than deleted: an error too, with the suggestion.
        let renamed = try Harness.project(["App/Main.storyboard": Self.membershipBoard(segue: "joinPremiumPlan"),
                                           "App/Membership.swift": Self.membershipCode])
        #expect(RecallClassesTests.level(RecallClassesTests.finding(try Self.findings(renamed), at: "App/Membership.swift:4:")) == "error")
    }

    /// The counter-cases stay below error: the class overrides performSegue and may handle the identifier, or the
    /// call is on an object whose class is not known and the segue exists elsewhere in the app.
    @Test func aPerformedSegueStaysBelowErrorWhereTheCallMayNotCrash() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "m",
                XML.scene("m", attributes: #"customClass="RouterViewController""#),
                XML.scene("p", attributes: #"customClass="PremiumViewController""#, body: XML.segue("sj", to: "m", identifier: "joinPremium"))),
            "App/Router.swift": """
                import UIKit
                class RouterViewController: UIViewController {
                    override func performSegue(withIdentifier identifier: String, sender: Any?) {
                        if identifier == "joinPremium" { return }
                        super.performSegue(withIdentifier: identifier, sender: sender)
                    }
                    func join() { performSegue(withIdentifier: "joinPremium", sender: nil) }
                    func other(_ host: UIViewController) { host.performSegue(withIdentifier: "joinPremium", sender: nil) }
                }
                class PremiumViewController: UIViewController {}
                """,
        ])
        let all = try Self.findings(root)
        #expect(!all.contains { $0.contains(": error: ") }, "\(all)")
    }

    /// The gate: a commit that deletes a performed segue exits 1, and the summary has a "broke" line.
    @Test func deletingAPerformedSegueFailsTheGateWithABrokeLine() throws {
        let root = Harness.newFolder()
        try DiffCommandTests.write(["App/Main.storyboard": Self.membershipBoard(), "App/Membership.swift": Self.membershipCode], to: root)
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: root)
        try DiffScratchTests.git(["add", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "membership"], in: root)
        try DiffCommandTests.write(["App/Main.storyboard": Self.membershipBoard(segue: nil)], to: root)
        try DiffScratchTests.git(["commit", "-q", "-am", "drop the premium segue"], in: root)

        let run = try Harness.run(["diff", "HEAD~1", "HEAD", "--summary", "-"], in: root)
        #expect(run.status == 1, "\(run.stderr)")
        #expect(run.stdout.contains("**broke**"), "\(run.stdout)")
        #expect(run.stdout.contains("joinPremium"), "\(run.stdout)")
        #expect(!run.stdout.contains("No link broke or was fixed"), "\(run.stdout)")
        for failOn in ["new-errors", "new-warnings", "new-unresolved", "any-unresolved"] {
            #expect(try Harness.run(["diff", "HEAD~1", "HEAD", "--fail-on", failOn], in: root).status == 1, "\(failOn)")
        }
        #expect(try Harness.run(["diff", "HEAD~1", "HEAD", "--strict"], in: root).status == 1)
        #expect(try Harness.run(["diff", "HEAD~1", "HEAD", "--fail-on", "never"], in: root).status == 0)
    }

    /// `diff --strict` and `--fail-on new-warnings` fail on a new warning; the default gate does not; `--strict`
    /// with another `--fail-on` is bad usage, as in `check`.
    @Test func diffStrictAndNewWarningsFailOnANewWarning() throws {
        let root = Harness.newFolder()
        try DiffCommandTests.write(["App/Main.storyboard": Self.membershipBoard(), "App/Membership.swift": Self.membershipCode], to: root)
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: root)
        try DiffScratchTests.git(["add", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "membership"], in: root)
        // A reference to a storyboard that does not exist, which nothing leads to: a warning (point 9).
        try DiffCommandTests.write(["App/Main.storyboard": XML.storyboard(initial: "m",
            XML.scene("m", attributes: #"customClass="MembershipViewController""#, body: XML.segue("sj", to: "p", identifier: "joinPremium")),
            XML.scene("p", attributes: #"customClass="PremiumViewController""#),
            XML.reference("gone", storyboard: "Gifts"))], to: root)
        try DiffScratchTests.git(["commit", "-q", "-am", "a reference nothing uses"], in: root)

        let plain = try Harness.run(["diff", "HEAD~1", "HEAD"], in: root)
        #expect(plain.status == 0, "\(plain.stderr)")
        #expect(plain.stderr.contains("warning:"), "\(plain.stderr)")
        #expect(try Harness.run(["diff", "HEAD~1", "HEAD", "--strict"], in: root).status == 1)
        #expect(try Harness.run(["diff", "HEAD~1", "HEAD", "--fail-on", "new-warnings"], in: root).status == 1)
        #expect(try Harness.run(["diff", "HEAD~1", "HEAD", "--strict", "--fail-on", "new-warnings"], in: root).status == 1)
        #expect(try Harness.run(["diff", "HEAD~1", "HEAD", "--strict", "--fail-on", "never"], in: root).status == 64)
    }

    // MARK: Point 2: an ID that exists nowhere

    @Test func anIDNoStoryboardHasIsAnErrorWhateverTheReceiver() throws {
        let code = """
            import UIKit
            class PrinterSettingsViewController: UIViewController {
                func makePrinterPanel(_ board: UIStoryboard) -> UIViewController {
                    board.instantiateViewController(withIdentifier: "PrinterPanel")
                }
            }
            """
        let broken = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "s",
                XML.scene("s", attributes: #"customClass="PrinterSettingsViewController""#),
                XML.scene("q", attributes: #"storyboardIdentifier="PrinterPanelV2""#)),
            "App/PrinterSettings.swift": code,
        ])
        let all = try Self.findings(broken)
        let line = all.first { $0.contains("'PrinterPanel'") }
        #expect(RecallClassesTests.level(line) == "error", "\(all)")
        #expect(line?.contains("exists in no storyboard of the app") == true)

        // The counter-case: some storyboard has the ID, so which one the parameter is decides: no error.
        let fine = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "s",
                XML.scene("s", attributes: #"customClass="PrinterSettingsViewController""#),
                XML.scene("q", attributes: #"storyboardIdentifier="PrinterPanel""#)),
            "App/PrinterSettings.swift": code,
        ])
        #expect(!(try Self.findings(fine)).contains { $0.contains(": error: ") || $0.contains(": warning: ") })
    }

    // MARK: Point 4: deferred pass-through overrides

    static func deferringCode(viewDidAppear body: String) -> String {
        """
        import UIKit
        class CheckoutViewController: UIViewController {
            private var pendingSegue: String?
            private var isVisible = false

            override func performSegue(withIdentifier identifier: String, sender: Any?) {
                if isVisible {
                    super.performSegue(withIdentifier: identifier, sender: sender)
                } else {
                    pendingSegue = identifier
                }
            }

            override func viewDidAppear(_ animated: Bool) {
                super.viewDidAppear(animated)
                isVisible = true
        \(body)
            }

            func pay() { performSegue(withIdentifier: "showReciept", sender: nil) }
        }
        """
    }

    @Test func anOverrideThatDefersTheIdentifierToViewDidAppearPassesItThrough() throws {
        let board = XML.storyboard(initial: "c",
            XML.scene("c", attributes: #"customClass="CheckoutViewController""#, body: XML.segue("sr", to: "r", identifier: "showReceipt")),
            XML.scene("r"))
        let forwarded = """
                    if let segue = pendingSegue {
                        pendingSegue = nil
                        super.performSegue(withIdentifier: segue, sender: nil)
                    }
            """
        let root = try Harness.project(["App/Main.storyboard": board, "App/Checkout.swift": Self.deferringCode(viewDidAppear: forwarded)])
        let all = try Self.findings(root)
        let line = all.first { $0.contains("'showReciept'") }
        #expect(RecallClassesTests.level(line) == "error", "\(all)")
        #expect(line?.contains("did you mean 'showReceipt'") == true, "\(all)")
        // The forward in viewDidAppear gives back what was performed: no note of its own.
        #expect(all.count == 1, "\(all)")

        // `if let pendingSegue` and `self.pendingSegue` forward it the same way.
        let shorthand = """
                    guard let pendingSegue else { return }
                    self.pendingSegue = nil
                    super.performSegue(withIdentifier: pendingSegue, sender: nil)
            """
        let other = try Harness.project(["App/Main.storyboard": board, "App/Checkout.swift": Self.deferringCode(viewDidAppear: shorthand)])
        #expect(RecallClassesTests.level(try Self.findings(other).first { $0.contains("'showReciept'") }) == "error")
    }

    /// Counter-cases: the stored identifier is compared, or never performed: the override may handle it, a note.
    @Test func aStoredIdentifierThatIsReadOtherwiseIsHandled() throws {
        let board = XML.storyboard(initial: "c",
            XML.scene("c", attributes: #"customClass="CheckoutViewController""#, body: XML.segue("sr", to: "r", identifier: "showReceipt")),
            XML.scene("r"))
        for body in ["""
                    if pendingSegue == "showReciept" { show(UIViewController(), sender: nil) }
                    else if let segue = pendingSegue { super.performSegue(withIdentifier: segue, sender: nil) }
            """, """
                    print(pendingSegue ?? "")
            """] {
            let root = try Harness.project(["App/Main.storyboard": board, "App/Checkout.swift": Self.deferringCode(viewDidAppear: body)])
            let all = try Self.findings(root)
            #expect(RecallClassesTests.level(all.first { $0.contains("'showReciept'") }) == "note", "\(body): \(all)")
        }
    }

    // MARK: Point 6: any-unresolved honours the baseline

    @Test func anyUnresolvedHonoursTheBaseline() throws {
        let root = Harness.newFolder()
        try DiffCommandTests.write(GateTests.app(missing: ["Help"]), to: root)
        try DiffScratchTests.git(["init", "-q", "-b", "main"], in: root)
        let written = try Harness.run(["check", "App", "--write-baseline", "baseline.json"], in: root)
        #expect(written.status == 1, "\(written.stderr)")
        try DiffScratchTests.git(["add", "."], in: root)
        try DiffScratchTests.git(["commit", "-q", "-m", "a known broken reference, in the baseline"], in: root)
        // A control pull request: a comment line in the storyboard moves the known finding, and changes nothing else.
        try DiffCommandTests.write(GateTests.app(missing: ["Help"], linesAbove: 2), to: root)
        try DiffScratchTests.git(["commit", "-q", "-am", "control"], in: root)

        let gate = ["diff", "HEAD~1", "HEAD", "--fail-on", "any-unresolved"]
        #expect(try Harness.run(gate, in: root).status == 1, "without the baseline the known link fails it")
        let known = try Harness.run(gate + ["--baseline", "baseline.json"], in: root)
        #expect(known.status == 0, "\(known.stderr)")

        // One more broken link: the baseline does not know it.
        try DiffCommandTests.write(GateTests.app(missing: ["Help", "Gone"], linesAbove: 2), to: root)
        try DiffScratchTests.git(["commit", "-q", "-am", "break another"], in: root)
        #expect(try Harness.run(gate + ["--baseline", "baseline.json"], in: root).status == 1)
    }

    // MARK: Point 9: an orphaned storyboard reference

    @Test func aReferenceNothingLeadsToIsAWarningThatSaysSo() throws {
        let root = try Harness.project(["App/Main.storyboard": XML.storyboard(initial: "m",
            XML.scene("m", body: XML.segue("sg", to: "used", kind: "show")),
            XML.reference("used", storyboard: "Gifts"),
            XML.reference("orphan", storyboard: "Wallet"))])
        let all = try Self.findings(root)
        let orphan = all.filter { $0.contains("'Wallet'") }
        #expect(orphan.count == 1 && RecallClassesTests.level(orphan.first) == "warning", "\(all)")
        #expect(orphan.first?.contains("no segue or relationship leads to this reference, so nothing follows it") == true, "\(all)")
        // The reference a segue leads to is still an error.
        let used = all.filter { $0.contains("'Gifts'") }
        #expect(used.count == 1 && RecallClassesTests.level(used.first) == "error", "\(all)")
    }

    // MARK: Point 11: code of a class whose only scene nothing reaches

    @Test func errorsInCodeOfAClassWhoseScenesNothingReachesAreWarnings() throws {
        let code = """
            import UIKit
            class LegacyCouponViewController: UIViewController {
                func redeem() {
                    let next = storyboard!.instantiateViewController(withIdentifier: "CouponRedeemed")
                    show(next, sender: nil)
                }
            }
            """
        func board(reached: Bool) -> String {
            XML.storyboard(initial: "home",
                XML.scene("home", body: reached ? XML.segue("sc", to: "coupon") : ""),
                XML.scene("coupon", attributes: #"customClass="LegacyCouponViewController""#),
                XML.scene("done", attributes: #"storyboardIdentifier="CouponDone""#))
        }
        let stale = try Harness.project(["App/Main.storyboard": board(reached: false), "App/Coupon.swift": code])
        let all = try Self.findings(stale)
        let line = RecallClassesTests.finding(all, at: "App/Coupon.swift:4:")
        #expect(RecallClassesTests.level(line) == "warning", "\(all)")
        #expect(line?.contains("no entry point, segue, relationship or code leads to a scene of class 'LegacyCouponViewController'") == true, "\(all)")

        let live = try Harness.project(["App/Main.storyboard": board(reached: true), "App/Coupon.swift": code])
        #expect(RecallClassesTests.level(RecallClassesTests.finding(try Self.findings(live), at: "App/Coupon.swift:4:")) == "error")
    }

    // MARK: Point 14: declarations are not calls

    @Test func declarationsAndPatternsNamedLikeCallsAreNoCalls() throws {
        let root = try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "r", XML.scene("r", attributes: #"customClass="RouteViewController""#)),
            "App/Route.swift": """
                import UIKit
                enum RouteAction {
                    case performSegue(withIdentifier: String, sender: Any?)
                    case dismiss
                }
                enum StoryboardSegue { enum Main: String { case openHelp } }
                class RouteViewController: UIViewController {
                    func handle(_ action: RouteAction) {
                        switch action {
                        case .performSegue(let id, let sender):
                            print(id, sender as Any)
                        case let .performSegue(withIdentifier: id, sender: _):
                            print(id)
                        case .dismiss:
                            dismiss(animated: true)
                        }
                    }
                    private func perform(segue: StoryboardSegue.Main) {
                        print(segue)
                    }
                    func make() -> RouteAction { return .performSegue(withIdentifier: "x", sender: nil) }
                }
                """,
        ])
        let all = try Self.findings(root)
        #expect(!all.contains { $0.contains("App/Route.swift") }, "\(all)")
    }
}
