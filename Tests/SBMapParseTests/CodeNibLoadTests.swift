import SBMapModel
import Testing
@testable import SBMapParse

/// What the readers record of nibs loaded by name (issue 32): the name, the bundle, the API as written, whether a
/// missing nib crashes, and where; a declaration or another method of the same name records nothing.
@Suite struct CodeNibLoadTests {
    @Test func swiftFormsAreRecordedWithTheirAPIAndPlace() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            class A: UIViewController {
                init() { super.init(nibName: "A", bundle: nil) }
                override init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init(nibName: nibNameOrNil, bundle: nibBundleOrNil) }
                func f() {
                    _ = B(nibName: kName, bundle: Bundle(for: A.self))
                    _ = UINib(nibName: "Cell", bundle: nil)
                    _ = Bundle.main.loadNibNamed("View", owner: self, options: nil)
                    _ = other.loadNibNamed("View", owner: self, topLevelObjects: nil)
                    _ = NSNib(nibNamed: "Mac", bundle: nil)
                    _ = helper(nibName: "NotAType")
                }
            }
            """)
        let uses = file.nibLoads.map { "\($0.api) \($0.name) \($0.outcome) \($0.location.line):\($0.location.column)" }
        #expect(uses == [
            #"init(nibName:bundle:) literal("A") crashes 3:14"#,
            #"init(nibName:bundle:) parameter("nibNameOrNil") crashes 4:84"#,
            #"init(nibName:bundle:) symbol(["kName"]) crashes 6:13"#,
            #"UINib(nibName:bundle:) literal("Cell") crashes 7:13"#,
            #"loadNibNamed(_:owner:options:) literal("View") crashes 8:25"#,
            #"loadNibNamed(_:owner:topLevelObjects:) literal("View") fails 9:19"#,
            #"NSNib(nibNamed:bundle:) literal("Mac") fails 10:13"#,
        ], "\(uses)")
        #expect(file.nibLoads[2].bundle == .ofType("A"))
        #expect(file.nibLoads[5].bundle == .foreign("other"))
        #expect(file.nibLoads[0].enclosingType == ["A"])
    }

    @Test func objectiveCFormsAreRecorded() {
        let file = CodeFixtures.scan(source: """
            @implementation R
            - (void)f {
                UIViewController *vc = [[ProfileViewController alloc] initWithNibName:@"Profile" bundle:nil];
                UINib *nib = [UINib nibWithNibName:@"Cell" bundle:nil];
                [[NSBundle mainBundle] loadNibNamed:@"View" owner:self options:nil];
                [self.thing initWithNibName:@"No" bundle:nil];
            }
            @end
            """, language: .objectiveC)
        let uses = file.nibLoads.map { "\($0.api) \($0.name) \($0.bundle)" }
        #expect(uses == [
            #"initWithNibName:bundle: literal("Profile") main"#,
            #"nibWithNibName:bundle: literal("Cell") main"#,
            #"loadNibNamed:owner:options: literal("View") main"#,
        ], "\(uses)")
    }
}
