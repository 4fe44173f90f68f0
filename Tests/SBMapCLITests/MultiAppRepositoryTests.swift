import Foundation
import Testing

/// A repository as real ones are: one Xcode project with an iOS app, a tvOS app and a macOS menu-bar app that share
/// storyboard names and code, plus a vendored sample and a committed build folder with Info.plists of their own.
/// `sbmap check` on the root must find nothing at warning or error level, link no code across platforms, and take
/// entry points only from the plists the targets use.
@Suite struct MultiAppRepositoryTests {
    /// `project.pbxproj` as Xcode writes it, cut down to what sbmap reads: groups, a variant group, build files,
    /// build phases, three targets and their build settings.
    static let pbxproj = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	classes = {
        	};
        	objectVersion = 56;
        	objects = {

        /* Begin PBXBuildFile section */
        		B001 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V001 /* Main.storyboard */; };
        		B002 /* LaunchScreen.xib in Resources */ = {isa = PBXBuildFile; fileRef = F002 /* LaunchScreen.xib */; };
        		B003 /* Home.swift in Sources */ = {isa = PBXBuildFile; fileRef = F003 /* Home.swift */; };
        		B004 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = F004 /* Main.storyboard */; };
        		B005 /* Home.swift in Sources */ = {isa = PBXBuildFile; fileRef = F003 /* Home.swift */; };
        		B006 /* Main.storyboard in Resources */ = {isa = PBXBuildFile; fileRef = V002 /* Main.storyboard */; };
        /* End PBXBuildFile section */

        /* Begin PBXFileReference section */
        		F001 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        		F002 /* LaunchScreen.xib */ = {isa = PBXFileReference; lastKnownFileType = file.xib; path = LaunchScreen.xib; sourceTree = "<group>"; };
        		F003 /* Home.swift */ = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = Home.swift; sourceTree = "<group>"; };
        		F004 /* Main.storyboard */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; path = Main.storyboard; sourceTree = "<group>"; };
        		F005 /* Base */ = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        		F006 /* Info-iOS.plist */ = {isa = PBXFileReference; lastKnownFileType = text.plist.xml; path = "Info-iOS.plist"; sourceTree = "<group>"; };
        		P001 /* Phone.app */ = {isa = PBXFileReference; explicitFileType = wrapper.application; includeInIndex = 0; path = Phone.app; sourceTree = BUILT_PRODUCTS_DIR; };
        /* End PBXFileReference section */

        /* Begin PBXGroup section */
        		G000 = {
        			isa = PBXGroup;
        			children = (
        				G001 /* Phone */,
        				G002 /* TV */,
        				G003 /* Mac */,
        				G004 /* Shared */,
        				G005 /* Products */,
        			);
        			sourceTree = "<group>";
        		};
        		G001 /* Phone */ = {
        			isa = PBXGroup;
        			children = (
        				V001 /* Main.storyboard */,
        				F002 /* LaunchScreen.xib */,
        				F006 /* Info.plist */,
        			);
        			path = Phone;
        			sourceTree = "<group>";
        		};
        		G002 /* TV */ = {
        			isa = PBXGroup;
        			children = (
        				F004 /* Main.storyboard */,
        			);
        			path = TV;
        			sourceTree = "<group>";
        		};
        		G003 /* Mac */ = {
        			isa = PBXGroup;
        			children = (
        				V002 /* Main.storyboard */,
        			);
        			path = Mac;
        			sourceTree = "<group>";
        		};
        		G004 /* Shared */ = {
        			isa = PBXGroup;
        			children = (
        				F003 /* Home.swift */,
        			);
        			path = Shared;
        			sourceTree = "<group>";
        		};
        		G005 /* Products */ = {
        			isa = PBXGroup;
        			children = (
        				P001 /* Phone.app */,
        			);
        			name = Products;
        			sourceTree = "<group>";
        		};
        /* End PBXGroup section */

        /* Begin PBXNativeTarget section */
        		T001 /* Phone */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L001 /* Build configuration list for PBXNativeTarget "Phone" */;
        			buildPhases = (
        				S001 /* Sources */,
        				R001 /* Resources */,
        			);
        			name = Phone;
        			productName = Phone;
        			productReference = P001 /* Phone.app */;
        			productType = "com.apple.product-type.application";
        		};
        		T002 /* TV */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L002 /* Build configuration list for PBXNativeTarget "TV" */;
        			buildPhases = (
        				S002 /* Sources */,
        				R002 /* Resources */,
        			);
        			name = TV;
        			productName = TV;
        			productType = "com.apple.product-type.application";
        		};
        		T003 /* Mac */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L003 /* Build configuration list for PBXNativeTarget "Mac" */;
        			buildPhases = (
        				R003 /* Resources */,
        			);
        			name = Mac;
        			productName = Mac;
        			productType = "com.apple.product-type.application";
        		};
        /* End PBXNativeTarget section */

        /* Begin PBXProject section */
        		X001 /* Project object */ = {
        			isa = PBXProject;
        			buildConfigurationList = L000 /* Build configuration list for PBXProject "Apps" */;
        			mainGroup = G000;
        			productRefGroup = G005 /* Products */;
        			projectDirPath = "";
        			projectRoot = "";
        			targets = (
        				T001 /* Phone */,
        				T002 /* TV */,
        				T003 /* Mac */,
        			);
        		};
        /* End PBXProject section */

        /* Begin PBXResourcesBuildPhase section */
        		R001 /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			files = (
        				B001 /* Main.storyboard in Resources */,
        				B002 /* LaunchScreen.xib in Resources */,
        			);
        		};
        		R002 /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			files = (
        				B004 /* Main.storyboard in Resources */,
        			);
        		};
        		R003 /* Resources */ = {
        			isa = PBXResourcesBuildPhase;
        			files = (
        				B006 /* Main.storyboard in Resources */,
        			);
        		};
        /* End PBXResourcesBuildPhase section */

        /* Begin PBXSourcesBuildPhase section */
        		S001 /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			files = (
        				B003 /* Home.swift in Sources */,
        			);
        		};
        		S002 /* Sources */ = {
        			isa = PBXSourcesBuildPhase;
        			files = (
        				B005 /* Home.swift in Sources */,
        			);
        		};
        /* End PBXSourcesBuildPhase section */

        /* Begin PBXVariantGroup section */
        		V001 /* Main.storyboard */ = {
        			isa = PBXVariantGroup;
        			children = (
        				F001 /* Base */,
        			);
        			name = Main.storyboard;
        			sourceTree = "<group>";
        		};
        		V002 /* Main.storyboard */ = {
        			isa = PBXVariantGroup;
        			children = (
        				F005 /* Base */,
        			);
        			name = Main.storyboard;
        			sourceTree = "<group>";
        		};
        /* End PBXVariantGroup section */

        /* Begin XCBuildConfiguration section */
        		C000 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				SWIFT_VERSION = 5.0;
        			};
        			name = Debug;
        		};
        		C001 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				INFOPLIST_FILE = "Phone/Info-iOS.plist";
        				PRODUCT_BUNDLE_IDENTIFIER = com.example.phone;
        				SDKROOT = iphoneos;
        			};
        			name = Debug;
        		};
        		C002 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				GENERATE_INFOPLIST_FILE = YES;
        				INFOPLIST_KEY_UIMainStoryboardFile = Main;
        				SDKROOT = appletvos;
        			};
        			name = Debug;
        		};
        		C003 /* Debug */ = {
        			isa = XCBuildConfiguration;
        			buildSettings = {
        				GENERATE_INFOPLIST_FILE = YES;
        				INFOPLIST_KEY_LSUIElement = YES;
        				INFOPLIST_KEY_NSMainStoryboardFile = Main;
        				SDKROOT = macosx;
        			};
        			name = Debug;
        		};
        /* End XCBuildConfiguration section */

        /* Begin XCConfigurationList section */
        		L000 = {isa = XCConfigurationList; buildConfigurations = (C000 /* Debug */, ); defaultConfigurationName = Debug; };
        		L001 = {isa = XCConfigurationList; buildConfigurations = (C001 /* Debug */, ); defaultConfigurationName = Debug; };
        		L002 = {isa = XCConfigurationList; buildConfigurations = (C002 /* Debug */, ); defaultConfigurationName = Debug; };
        		L003 = {isa = XCConfigurationList; buildConfigurations = (C003 /* Debug */, ); defaultConfigurationName = Debug; };
        /* End XCConfigurationList section */
        	};
        	rootObject = X001 /* Project object */;
        }

        """

    static func plist(_ pairs: [(String, String)]) -> String {
        let body = pairs.map { "    <key>\($0.0)</key>\n    <string>\($0.1)</string>" }.joined(separator: "\n")
        return """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            \(body)
            </dict>
            </plist>

            """
    }

    static func repository() throws -> URL {
        let home = """
            import UIKit

            final class HomeViewController: UIViewController {
                func play() {
                    let board = UIStoryboard(name: "Main", bundle: nil)
                    let player = board.instantiateViewController(withIdentifier: "Player")
                    present(player, animated: true)
                }
            }

            """
        let app = { (platform: String, prefix: String) in
            XML.storyboard(initial: "\(prefix)h", platform: platform,
                           XML.scene("\(prefix)h", attributes: #"customClass="HomeViewController" storyboardIdentifier="Home""#),
                           XML.scene("\(prefix)p", attributes: #"customClass="PlayerViewController" storyboardIdentifier="Player""#))
        }
        return try Harness.project([
            "Apps.xcodeproj/project.pbxproj": pbxproj,
            "Phone/Base.lproj/Main.storyboard": app("iOS.CocoaTouch", "i"),
            "Phone/LaunchScreen.xib": "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<document/>\n",
            "Phone/Info-iOS.plist": plist([("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "LaunchScreen")]),
            "TV/Main.storyboard": app("AppleTV", "t"),
            "Mac/Base.lproj/Main.storyboard": XML.storyboard(platform: "MacOSX.Cocoa",
                                                             XML.scene("app", element: "application")),
            "Shared/Home.swift": home,
            // A vendored sample and a committed CMake build folder: no target uses their plists.
            "Vendor/Sample/Info.plist": plist([("UIMainStoryboardFile", "Main"), ("UILaunchStoryboardName", "Launch")]),
            "build/CMakeFiles/Info.plist": plist([("NSMainStoryboardFile", "MainMenu")]),
        ])
    }

    @Test func aHealthyMultiAppRepositoryChecksClean() throws {
        let root = try Self.repository()
        let run = try Harness.run(["check", "."], in: root)
        #expect(run.status == 0, "\(run.stderr)")
        #expect(!run.stderr.contains("error:"), "\(run.stderr)")
        #expect(!run.stderr.contains("warning:"), "\(run.stderr)")
    }

    @Test func theExportKnowsTheTargetsAndLinksNoCodeAcrossPlatforms() throws {
        let root = try Self.repository()
        let run = try Harness.run(["export", ".", "-o", "-"], in: root)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let targets = try #require(json["targets"] as? [[String: Any]])
        #expect(targets.map { $0["id"] as? String } == ["Apps.xcodeproj#Mac", "Apps.xcodeproj#Phone", "Apps.xcodeproj#TV"])
        #expect(targets.map { $0["platforms"] as? [String] } == [["macos"], ["ios"], ["tvos"]])
        let storyboards = try #require(json["storyboards"] as? [[String: Any]])
        let byPath = Dictionary(uniqueKeysWithValues: storyboards.map { ($0["path"] as? String ?? "", $0) })
        #expect(byPath["Phone/Base.lproj/Main.storyboard"]?["targets"] as? [String] == ["Apps.xcodeproj#Phone"])
        #expect(byPath["TV/Main.storyboard"]?["targets"] as? [String] == ["Apps.xcodeproj#TV"])
        // Entry points only from what a target uses: the Phone plist and the TV and Mac build settings.
        let declaredIn = storyboards.flatMap { ($0["entryPoints"] as? [[String: Any]] ?? []).compactMap {
            ($0["declaredAt"] as? [String: Any])?["path"] as? String
        } }
        #expect(Set(declaredIn) == ["Phone/Info-iOS.plist", "Apps.xcodeproj/project.pbxproj"], "a per-platform plist name, as RxSwift's example app has")
        // Code edges: each app's Home shows its own Player, never the other platform's.
        let edges = try #require(json["edges"] as? [[String: Any]])
        let code = edges.filter { $0["kind"] as? String == "code" }.map { "\($0["from"] as? String ?? "") -> \($0["to"] as? String ?? "")" }
        #expect(code.sorted() == ["Phone/Base.lproj/Main.storyboard#ih -> Phone/Base.lproj/Main.storyboard#ip",
                                  "TV/Main.storyboard#th -> TV/Main.storyboard#tp"])
    }
}
