import Foundation
import Testing

/// Issue 20, class 5: the caller's own bundle written out (`Bundle(for: Self.self)`, `Bundle(for: type(of: self))`,
/// `Bundle(for: AClassOfTheTarget.self)`, `.module`, a helper returning one) holds the storyboards of the target that
/// compiles the calling file: a name it does not have crashes the call. The counter-case: a foreign bundle
/// (`Bundle(identifier:)`, `Bundle(path:)`, a helper from a dependency that is not checked in) stays a note that says so.
@Suite struct RecallBundleTests {
    typealias R = RecallClassesTests

    /// An app `App` (Main.storyboard) that links a framework `Kit` (Kit.storyboard), each with its own sources.
    static func appAndKit(app: [String: String], kit: [String: String]) throws -> URL {
        var files: [String: String] = [
            "App/Main.storyboard": XML.storyboard(initial: "h",
                XML.scene("h", attributes: #"customClass="HomeViewController" storyboardIdentifier="Home""#)),
            "Kit/Kit.storyboard": XML.storyboard(initial: "k",
                XML.scene("k", attributes: #"customClass="KitViewController" storyboardIdentifier="Kit""#)),
        ]
        for (path, text) in app { files[path] = text }
        for (path, text) in kit { files[path] = text }
        files["Both.xcodeproj/project.pbxproj"] = RealAppShapesTests.pbxproj(targets: [
            (name: "App", type: RealAppShapesTests.app, plist: nil, resources: ["App/Main.storyboard"],
             sources: app.keys.sorted()),
            (name: "Kit", type: "com.apple.product-type.framework", plist: nil, resources: ["Kit/Kit.storyboard"],
             sources: kit.keys.sorted()),
        ])
        return try Harness.project(files)
    }

    @Test func theCallersOwnBundleHoldsItsTargetsStoryboards() throws {
        let root = try Self.appAndKit(
            app: [
                "App/Home.swift": """
                    import UIKit
                    class HomeViewController: UIViewController {
                        static func make() -> UIViewController {
                            UIStoryboard(name: "Mian", bundle: Bundle(for: HomeViewController.self)).instantiateInitialViewController()!
                        }
                        func kit() {
                            _ = UIStoryboard(name: "Kit", bundle: Bundle(for: KitViewController.self))
                            _ = UIStoryboard(name: "Main", bundle: Bundle(for: KitViewController.self))
                        }
                    }
                    """,
            ],
            kit: [
                "Kit/KitViewController.swift": """
                    import UIKit
                    enum KitBundle {
                        static var bundle: Bundle { Bundle(for: KitViewController.self) }
                        static let module: Bundle = bundle
                    }
                    public class KitViewController: UIViewController {
                        func open() {
                            _ = UIStoryboard(name: "Kitt", bundle: Bundle(for: type(of: self)))
                            _ = UIStoryboard(name: "Main", bundle: Bundle(for: Self.self))
                            _ = UIStoryboard(name: "Kt", bundle: KitBundle.module)
                            let bundle = Bundle(for: Self.self)
                            _ = UIStoryboard(name: "Kiit", bundle: bundle)
                            _ = UIStoryboard(name: "Kit", bundle: KitBundle.bundle)
                        }
                    }
                    """,
                "Kit/BundleHelper.m": """
                    #import <UIKit/UIKit.h>
                    @implementation BundleHelper
                    + (NSBundle *)frameworkBundle {
                        return [NSBundle bundleForClass:[self class]];
                    }
                    - (void)open {
                        UIStoryboard *sb = [UIStoryboard storyboardWithName:@"Kti" bundle:[BundleHelper frameworkBundle]];
                        NSBundle *own = [NSBundle bundleForClass:self.class];
                        UIStoryboard *other = [UIStoryboard storyboardWithName:@"Ktt" bundle:own];
                    }
                    @end
                    """,
            ])
        let all = try R.findings(root)
        // A class of the calling target.
        let own = R.finding(all, at: "App/Home.swift:4:")
        #expect(R.level(own) == "error" && own!.contains("'Mian'") && own!.contains("does not exist"), "\(all)")
        // Another target's class: its bundle, which has 'Kit' and not 'Main'.
        #expect(R.finding(all, at: "App/Home.swift:7:") == nil, "\(all)")
        let main = R.finding(all, at: "App/Home.swift:8:")
        #expect(R.level(main) == "warning" && main!.contains("storyboard-not-in-target") && main!.contains("not in the bundle of Kit"), "\(all)")
        for line in [8, 10, 12] {
            let f = R.finding(all, at: "Kit/KitViewController.swift:\(line):")
            #expect(R.level(f) == "error" && f!.contains("does not exist"), "\(line): \(all)")
        }
        // A framework's own bundle is not the app's: 'Main' is only in the app.
        let inKit = R.finding(all, at: "Kit/KitViewController.swift:9:")
        #expect(R.level(inKit) == "warning" && inKit!.contains("storyboard-not-in-target"), "\(all)")
        #expect(R.finding(all, at: "Kit/KitViewController.swift:13:") == nil, "\(all)")
        for line in [7, 9] {
            let f = R.finding(all, at: "Kit/BundleHelper.m:\(line):")
            #expect(R.level(f) == "error" && f!.contains("does not exist"), "\(line): \(all)")
        }
    }

    /// `.module` in a Swift package target is that target's resource bundle.
    @Test func aPackageTargetsModuleBundle() throws {
        let root = try Harness.project([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "Feature", platforms: [.iOS(.v15)],
                    targets: [.target(name: "Feature", resources: [.process("Resources")])])
                """,
            "Sources/Feature/Resources/Feature.storyboard": XML.storyboard(initial: "f",
                XML.scene("f", attributes: #"customClass="FeatureViewController""#)),
            "Sources/Feature/FeatureViewController.swift": """
                import UIKit
                public class FeatureViewController: UIViewController {
                    public static func make() -> UIViewController {
                        UIStoryboard(name: "Featur", bundle: .module).instantiateInitialViewController()!
                    }
                    public static func right() -> UIViewController {
                        UIStoryboard(name: "Feature", bundle: Bundle.module).instantiateInitialViewController()!
                    }
                }
                """,
        ])
        let all = try R.findings(root)
        let f = all.filter { $0.contains("FeatureViewController.swift:4:") && $0.contains("code-unknown-storyboard") }
        #expect(f.count == 1 && R.level(f[0]) == "error", "\(all)")
        #expect(!all.contains { $0.contains("FeatureViewController.swift:7:") }, "\(all)")
    }

    /// Provenance's shape: a base package target's `BundleLoader.module` is, by `#if` branch, the bundle of the iOS
    /// or the tvOS package target (`IOS.BundleLoader.bundle`, a module in front), each of which declares its own
    /// `BundleLoader.bundle = Bundle.module`. A name neither target bundles is an error.
    @Test func aHelperNamingAnotherModulesBundle() throws {
        let loader = "import Foundation\npublic class BundleLoader {\n    public static let bundle: Bundle = Bundle.module\n}\n"
        let root = try Harness.project([
            "Package.swift": """
                // swift-tools-version:5.9
                import PackageDescription
                let package = Package(name: "UI", platforms: [.iOS(.v16), .tvOS(.v16)],
                    targets: [.target(name: "Base"), .target(name: "IOS"), .target(name: "TV")])
                """,
            "Sources/IOS/IOS.swift": loader,
            "Sources/TV/TV.swift": loader,
            "Sources/IOS/Resources/GameMoreInfo.storyboard": XML.storyboard(initial: "g", XML.scene("g", attributes: #"customClass="Library""#)),
            "Sources/Base/Base.swift": """
                import UIKit
                public class BundleLoader {
                    public static let module: Bundle = bundle
                #if os(tvOS)
                    public static let bundle: Bundle = TV.BundleLoader.bundle
                #else
                    public static let bundle: Bundle = IOS.BundleLoader.bundle
                #endif
                }
                final class Library: UIViewController {
                    func open() {
                        _ = UIStoryboard(name: "GameMoreInf", bundle: BundleLoader.module)
                        _ = UIStoryboard(name: "GameMoreInfo", bundle: BundleLoader.module)
                    }
                }
                """,
        ])
        let all = try R.findings(root)
        let wrong = R.finding(all, at: "Sources/Base/Base.swift:12:")
        #expect(R.level(wrong) == "error" && wrong!.contains("'GameMoreInf'") && wrong!.contains("from the bundle of IOS"), "\(all)")
        #expect(R.finding(all, at: "Sources/Base/Base.swift:13:") == nil, "\(all)")
    }

    /// The counter-cases: a bundle from elsewhere may hold storyboards sbmap cannot see. Each note says which bundle.
    @Test func aForeignBundleStaysANote() throws {
        let root = try Self.appAndKit(
            app: [
                "App/Home.swift": """
                    import UIKit
                    class HomeViewController: UIViewController {
                        func open() {
                            _ = UIStoryboard(name: "OtherKit", bundle: Bundle(identifier: "com.other.Kit"))
                            let path = Bundle.main.path(forResource: "Console", ofType: "bundle")!
                            _ = UIStoryboard(name: "Console", bundle: Bundle(path: path))
                            _ = UIStoryboard(name: "Onboarding", bundle: OTRAssets.resourcesBundle)
                            _ = UIStoryboard(name: "Pod", bundle: Bundle(for: PodClass.self))
                        }
                    }
                    """,
            ],
            kit: [:])
        let all = try R.findings(root)
        let identifier = R.finding(all, at: "App/Home.swift:4:")
        #expect(R.level(identifier) == "note" && identifier!.contains("from a foreign bundle ('Bundle(identifier: \"com.other.Kit\")')")
                    && identifier!.contains("sbmap cannot see that bundle's storyboards"), "\(all)")
        #expect(R.level(R.finding(all, at: "App/Home.swift:6:")) == "note", "\(all)")
        let helper = R.finding(all, at: "App/Home.swift:7:")
        #expect(R.level(helper) == "note" && helper!.contains("'OTRAssets.resourcesBundle', which no scanned file declares: a dependency that is not checked in?"), "\(all)")
        let pod = R.finding(all, at: "App/Home.swift:8:")
        #expect(R.level(pod) == "note" && pod!.contains("no scanned file defines class 'PodClass'"), "\(all)")
    }
}
