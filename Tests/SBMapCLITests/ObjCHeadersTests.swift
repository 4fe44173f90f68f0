import Foundation
import SBMapModel
import SBMapParse
import Testing

/// Objective-C headers (issue 32): in most Objective-C code the `.m` holds `@implementation` and a class extension,
/// and only the header says what the class inherits. A header beside Objective-C (or named as an implementation is)
/// gives its classes and their doc comments, so that a view controller declared there has its xib screen, its
/// implicit nib and the navigation to it; what a header's code does is not read, and a C header is left alone.
@Suite struct ObjCHeadersTests {
    static func app(extra: [String: String] = [:]) throws -> URL {
        try Harness.project([
            "App/Main.storyboard": XML.storyboard(initial: "m", XML.scene("m", attributes: #"customClass="ListViewController""#)),
            "App/Classes/ProfileViewController.h": """
                #import <UIKit/UIKit.h>
                /// Who the reader is.
                @interface ProfileViewController : UIViewController
                @end
                static inline void Unused(void) { [UIStoryboard storyboardWithName:@"Nowhere" bundle:nil]; }
                """,
            "App/Classes/ProfileViewController.m": """
                #import "ProfileViewController.h"
                @interface ProfileViewController ()
                @end
                @implementation ProfileViewController
                @end
                """,
            "App/Classes/ProfileViewController.xib": XibScreensTests.xib(owner: "ProfileViewController"),
            // A framework's public headers, apart from their implementations.
            "App/Public/SettingsViewController.h": "#import <UIKit/UIKit.h>\n@interface SettingsViewController : UITableViewController\n@end\n",
            "App/Classes/SettingsViewController.m": "#import \"SettingsViewController.h\"\n@implementation SettingsViewController\n@end\n",
            "App/Classes/ListViewController.h": "#import <UIKit/UIKit.h>\n@interface ListViewController : UIViewController\n@end\n",
            "App/Classes/ListViewController.m": """
                #import "ListViewController.h"
                #import "ProfileViewController.h"
                #import "SettingsViewController.h"
                @implementation ListViewController
                - (void)showProfile { [self.navigationController pushViewController:[ProfileViewController new] animated:YES]; }
                - (void)showSettings {
                    SettingsViewController *settings = [[SettingsViewController alloc] init];
                    [self presentViewController:settings animated:YES completion:nil];
                }
                @end
                """,
            // A C library's header: no Objective-C beside it or named like it.
            "Vendor/core/cpu.h": "@interface NotAClass : UIViewController\n@end\n",
            "Vendor/core/cpu.c": "int cpu(void) { return 0; }\n",
            "Vendor/core/Panel.xib": XibScreensTests.xib(owner: "NotAClass"),
        ].merging(extra) { $1 })
    }

    @Test func aViewControllerDeclaredInItsHeaderHasItsScreenAndItsNavigation() throws {
        let folder = try Self.app()
        let (nodes, edges, stderr) = try CodeNavigationTests.export(folder)
        let profile = try #require(nodes.first { $0["role"] as? String == "xib-screen" }, "the header says ProfileViewController is a view controller")
        let profileID = try #require(profile["id"] as? String)
        #expect(profile["doc"] as? String == "Who the reader is.", "the header's doc comment")
        #expect(CodeNavigationTests.navigation(edges) == [
            "App/Main.storyboard#m → \(profileID) push",
            "App/Main.storyboard#m → code:SettingsViewController present",
        ], "\(CodeNavigationTests.navigation(edges))")
        // `[ProfileViewController new]` loads the nib named after the class.
        #expect(edges.contains { $0["to"] as? String == profileID && $0["relationship"] == nil && $0["via"] as? String == "new" })
        // The C library's header is not read: its class is unknown, so its xib is no screen.
        #expect(nodes.filter { $0["role"] as? String == "xib-screen" }.count == 1)
        // The header's inline function is not read: no finding for its storyboard name.
        #expect(!stderr.contains("Nowhere"), "\(stderr)")
        #expect(stderr.contains("1 xib screen, 1 code screen"), "\(stderr)")
    }

    @Test func aHeaderGivesItsClassesAlone() throws {
        let scanner = CodeScanner()
        // What a header gives: its classes only.
        let header = scanner.scan(text: "/// A list.\n@interface ListViewController : UIViewController\n@end\n@interface ListViewController (Extras)\n@end\n"
                                  + "static void f(void) { [self performSegueWithIdentifier:@\"x\" sender:nil]; }\n",
                                  path: "App/ListViewController.h", language: .objectiveC)
        let file = try #require(header.value)
        #expect(file.types.map { "\($0.name):\($0.superclass ?? "-"):\($0.doc ?? "-")" } == ["ListViewController:UIViewController:A list."])
        #expect(file.performs.isEmpty && file.loads.isEmpty && header.diagnostics.isEmpty)
        // A header too large to read is a note: no link depends on it alone.
        let big = CodeScanner(maxFileSize: 16).scan(text: "@interface A : UIViewController\n@end\n", path: "A.h", language: .objectiveC)
        #expect(big.diagnostics.map(\.severity) == [.info])
    }
}
