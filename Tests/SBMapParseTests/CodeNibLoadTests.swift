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

    /// `Name()` of a name ending in `Controller`, and `Name(nibName: nil, bundle: nil)`, are recorded as the nib the
    /// class finds by its name; a window controller's nib name is recorded as AppKit's (a missing one fails).
    @Test func implicitNibsAndWindowNibNamesAreRecorded() {
        let file = CodeFixtures.scan(source: """
            import UIKit
            class R {
                func f() {
                    _ = ProfileViewController()
                    _ = SettingsViewController(nibName: nil, bundle: nil)
                    _ = module.OtherViewController()
                    _ = makeController()
                    _ = DataSource()
                    _ = Prefs(windowNibName: "Prefs")
                    _ = NSWindowController(windowNibName: "About", owner: self)
                }
            }
            class P: NSWindowController {
                override var windowNibName: NSNib.Name? { "P" }
            }
            class Q: NSWindowController {
                override var windowNibName: NSNib.Name? { return NSNib.Name("Q") }
                init() { super.init(windowNibName: "Q2") }
                var other: String { "not a nib" }
            }
            class S: NSWindowController {
                override var windowNibName: NSNib.Name? { name ?? "S" }
            }
            """)
        let uses = file.nibLoads.map { "\($0.api) \($0.name) \($0.outcome) \($0.isImplicit) \($0.location.line):\($0.location.column)" }
        #expect(uses == [
            #"init() typeName("ProfileViewController") crashes true 4:13"#,
            #"init(nibName:bundle:) typeName("SettingsViewController") crashes true 5:13"#,
            #"init(windowNibName:) literal("Prefs") fails false 9:13"#,
            #"init(windowNibName:owner:) literal("About") fails false 10:13"#,
            #"windowNibName literal("P") fails false 14:47"#,
            #"windowNibName literal("Q") fails false 17:65"#,
            #"init(windowNibName:) literal("Q2") fails false 18:14"#,
        ], "\(uses)")
        let objC = CodeFixtures.scan(source: """
            @implementation R
            - (void)f {
                PrefsController *c = [[PrefsController alloc] initWithWindowNibName:@"Prefs"];
            }
            @end
            """, language: .objectiveC)
        #expect(objC.nibLoads.map { "\($0.api) \($0.name) \($0.outcome)" } == [#"initWithWindowNibName: literal("Prefs") fails"#])
    }

    /// `[[X alloc] init]`, `[X new]` and `[[X alloc] initWithNibName:nil bundle:nil]` of a capitalised class are
    /// recorded as the nib the class finds by its name, at the outer `[`; `self`, another initialiser, a named nib
    /// and a method send are not.
    @Test func objectiveCImplicitNibsAreRecorded() {
        let file = CodeFixtures.scan(source: """
            @implementation R
            - (void)f {
                SettingsViewController *a = [[SettingsViewController alloc] init];
                [self.navigationController pushViewController:[NotesViewController new] animated:YES];
                AccountViewController *b = [[AccountViewController alloc] initWithNibName:nil bundle:nil];
                id c = [[self alloc] init];
                id d = [[OtherViewController alloc] initWithStyle:UITableViewStyleGrouped];
                id e = [[[PlainViewController alloc] init] autorelease];
                id f = [x new];
                id g = [[Named alloc] initWithNibName:@"Named" bundle:nil];
                id h = [Thing newThing];
            }
            @end
            """, language: .objectiveC)
        let uses = file.nibLoads.map { "\($0.api) \($0.name) \($0.isImplicit) \($0.location.line):\($0.location.column)" }
        #expect(uses == [
            #"init typeName("SettingsViewController") true 3:33"#,
            #"new typeName("NotesViewController") true 4:51"#,
            #"initWithNibName:bundle: typeName("AccountViewController") true 5:32"#,
            #"init typeName("PlainViewController") true 8:13"#,
            #"initWithNibName:bundle: literal("Named") false 10:12"#,
        ], "\(uses)")
        #expect(file.nibLoads.allSatisfy { $0.enclosingType == ["R"] })
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
