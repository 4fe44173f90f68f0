import Foundation
import Testing

/// `#if` branches taken for the platform of each target that compiles the file (in one real app 62 of 117 code
/// edges joined different platforms in a repository with iOS, tvOS and macOS apps, code inside `#if os(iOS)` included).
@Suite struct CompileConditionLinkTests {
    /// An app per platform, each Main with a Player scene; one shared file, no project (platforms come from the
    /// storyboards and the `#if` branches).
    func repository(_ shared: String, file: String = "Shared/Player.swift") throws -> URL {
        let board = { (platform: String, id: String) in
            XML.storyboard(initial: "\(id)h", platform: platform,
                           XML.scene("\(id)h", attributes: #"customClass="HomeViewController""#),
                           XML.scene("\(id)p", attributes: #"storyboardIdentifier="Player""#))
        }
        return try Harness.project([
            "Phone/Main.storyboard": board("iOS.CocoaTouch", "i"),
            "TV/Main.storyboard": board("AppleTV", "t"),
            "Mac/Main.storyboard": XML.storyboard(initial: "mh", platform: "MacOSX.Cocoa",
                XML.scene("mh", element: "viewController", attributes: #"customClass="HomeViewController""#),
                XML.scene("mp", element: "viewController", attributes: #"storyboardIdentifier="Player""#)),
            file: shared,
        ])
    }

    func codeEdges(_ root: URL) throws -> [String] {
        let run = try Harness.run(["export", ".", "-o", "-"], in: root)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let edges = try #require(json["edges"] as? [[String: Any]])
        return edges.filter { $0["kind"] as? String == "code" }
            .map { "\($0["from"] as? String ?? "") -> \($0["to"] as? String ?? "")" }.sorted()
    }

    @Test func eachBranchLinksOnlyToItsPlatformsStoryboards() throws {
        let root = try repository("""
            #if os(iOS)
            import UIKit
            final class HomeViewController: UIViewController {
                func play() { present(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Player"), animated: true) }
            }
            #elseif os(tvOS)
            import UIKit
            final class HomeViewController: UIViewController {
                func play() { show(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Player"), sender: nil) }
            }
            #else
            import AppKit
            final class HomeViewController: NSViewController {
                func play() { presentAsSheet(NSStoryboard(name: "Main", bundle: nil).instantiateController(withIdentifier: "Player") as! NSViewController) }
            }
            #endif
            """)
        #expect(try codeEdges(root) == [
            "Mac/Main.storyboard#mh -> Mac/Main.storyboard#mp",
            "Phone/Main.storyboard#ih -> Phone/Main.storyboard#ip",
            "TV/Main.storyboard#th -> TV/Main.storyboard#tp",
        ])
    }

    @Test func aBranchForAnotherPlatformMakesNoLinkAndNoFinding() throws {
        let root = try repository("""
            import UIKit
            final class HomeViewController: UIViewController {
                func play() {
                    #if os(tvOS)
                    show(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Player"), sender: nil)
                    #endif
                    #if os(watchOS)
                    _ = UIStoryboard(name: "Missing", bundle: nil)
                    #endif
                    #if DEBUG
                    _ = UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Player")
                    #endif
                }
            }
            """)
        let edges = try codeEdges(root)
        #expect(edges.contains("TV/Main.storyboard#th -> TV/Main.storyboard#tp"))
        #expect(edges.contains("Phone/Main.storyboard#ih -> Phone/Main.storyboard#ip"), "#if DEBUG may be compiled: kept")
        let check = try Harness.run(["check", "."], in: root)
        #expect(!check.stderr.contains("Missing"), "a watchOS-only branch in a UIKit file is compiled nowhere it runs: \(check.stderr)")
    }

    @Test func objectiveCTargetMacros() throws {
        let root = try repository("""
            #import <UIKit/UIKit.h>
            @implementation HomeViewController
            - (void)play {
            #if TARGET_OS_TV
                UIViewController *vc = [[UIStoryboard storyboardWithName:@"Main" bundle:nil] instantiateViewControllerWithIdentifier:@"Player"];
                [self showViewController:vc sender:nil];
            #endif
            }
            @end
            """, file: "Shared/Player.m")
        #expect(try codeEdges(root) == ["TV/Main.storyboard#th -> TV/Main.storyboard#tp"])
    }
}
