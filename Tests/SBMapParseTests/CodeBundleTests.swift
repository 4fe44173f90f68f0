import SBMapModel
import Testing
@testable import SBMapParse

/// Issue 20, class 5: what the scanner records of the bundle a storyboard is loaded from, and of members that
/// return one. The linker decides what a class's or a member's bundle is (RecallBundleTests).
@Suite struct CodeBundleTests {
    @Test func swiftBundleArguments() {
        let file = CodeScanner().scan(text: """
            import UIKit
            enum KitBundle {
                static var bundle: Bundle { Bundle(for: Token.self) }
                static let module: Bundle = .module
                static func framework() -> Bundle { return Bundle(for: self) }
                static let token: Bundle = {
                    #if SWIFT_PACKAGE
                    return Bundle.module
                    #else
                    return Bundle(for: Token.self)
                    #endif
                }()
                static let name = "Main"
            }
            class Home: UIViewController {
                func f(_ given: Bundle) {
                    _ = UIStoryboard(name: "A", bundle: nil)
                    _ = UIStoryboard(name: "B", bundle: Bundle(for: Self.self))
                    _ = UIStoryboard(name: "C", bundle: Bundle(for: type(of: self)))
                    _ = UIStoryboard(name: "D", bundle: Bundle(for: Kit.Token.self))
                    _ = UIStoryboard(name: "E", bundle: .module)
                    _ = UIStoryboard(name: "F", bundle: KitBundle.bundle)
                    _ = UIStoryboard(name: "G", bundle: Bundle(identifier: "com.other.Kit"))
                    let own = Bundle(for: Home.self)
                    _ = UIStoryboard(name: "H", bundle: own)
                    _ = UIStoryboard(name: "I", bundle: given)
                    _ = UIStoryboard(name: "J", bundle: Bundle(for: type(of: other)))
                    _ = UIStoryboard(name: "K", bundle: .framework)
                }
            }
            """, path: "A.swift", language: .swift).value!
        #expect(file.loads.map(\.bundle) == [
            .main, .own, .own, .ofType("Token"), .own, .member(["KitBundle", "bundle"]),
            .identifier(.literal("com.other.Kit"), text: #"Bundle(identifier: "com.other.Kit")"#), .ofType("Home"), .foreign("given"),
            .foreign("Bundle(for: type(of: other))"), .member(["Bundle", "framework"]),
        ])
        #expect(file.bundleHelpers.map { "\($0.path.joined(separator: ".")) \($0.value)" } == [
            "KitBundle.bundle ofType(\"Token\")", "KitBundle.module own", "KitBundle.framework own",
            "KitBundle.token own", "KitBundle.token ofType(\"Token\")",
        ])
    }

    @Test func objectiveCBundleArguments() {
        let file = CodeScanner().scan(text: """
            @implementation BundleHelper
            + (NSBundle *)frameworkBundle {
                return [NSBundle bundleForClass:[self class]];
            }
            + (NSBundle *)resources {
                static NSBundle *bundle = nil;
                static dispatch_once_t once;
                dispatch_once(&once, ^{
                    bundle = [NSBundle bundleWithPath:[[NSBundle bundleForClass:self] pathForResource:@"R" ofType:@"bundle"]];
                });
                return bundle;
            }
            - (void)open {
                [UIStoryboard storyboardWithName:@"A" bundle:[NSBundle mainBundle]];
                [UIStoryboard storyboardWithName:@"B" bundle:[NSBundle bundleForClass:[self class]]];
                [UIStoryboard storyboardWithName:@"C" bundle:[NSBundle bundleForClass:[Kit class]]];
                [UIStoryboard storyboardWithName:@"D" bundle:[BundleHelper frameworkBundle]];
                NSBundle *own = [NSBundle bundleForClass:self.class];
                [UIStoryboard storyboardWithName:@"E" bundle:own];
                [UIStoryboard storyboardWithName:@"F" bundle:[NSBundle bundleWithIdentifier:@"com.other"]];
                [UIStoryboard storyboardWithName:@"G" bundle:SWIFTPM_MODULE_BUNDLE];
            }
            @end
            """, path: "B.m", language: .objectiveC).value!
        #expect(file.loads.map(\.bundle) == [
            .main, .own, .ofType("Kit"), .member(["BundleHelper", "frameworkBundle"]), .own,
            .identifier(.literal("com.other"), text: #"[NSBundle bundleWithIdentifier: "com.other"]"#), .own,
        ])
        #expect(file.bundleHelpers.map(\.path) == [["BundleHelper", "frameworkBundle"], ["BundleHelper", "resources"]])
        #expect(file.bundleHelpers.map(\.value).first == .own)
        if case .foreign = file.bundleHelpers.last?.value {} else { Issue.record("a resource bundle is foreign: \(file.bundleHelpers)") }
    }
}
