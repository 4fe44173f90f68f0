import SBMapModel
@testable import SBMapParse
import Testing

/// Xcode projects and Swift packages read into targets: which file each target builds, its platforms, its
/// Info.plist and its entry points, every path spelled like discovery's.
@Suite("Projects: project.pbxproj and Package.swift")
struct ProjectFileLoaderTests {
    /// A project in `Apps/Apps.xcodeproj`: nested groups (one with a name and no path), a SOURCE_ROOT file, a folder
    /// reference, an Xcode 16 synchronized folder with an exception, a widget extension, and settings the targets
    /// inherit from the project.
    static let project = """
        // !$*UTF8*$!
        {
        	archiveVersion = 1;
        	objectVersion = 77;
        	objects = {
        		B1 = {isa = PBXBuildFile; fileRef = V1 /* Main.storyboard */; };
        		B2 = {isa = PBXBuildFile; fileRef = F2 /* Settings.storyboard */; };
        		B3 = {isa = PBXBuildFile; fileRef = F3 /* Onboarding */; };
        		B4 = {isa = PBXBuildFile; fileRef = F4 /* Widget.storyboard */; };
        		B5 = {isa = PBXBuildFile; fileRef = F5 /* AppDelegate.swift */; };
        		B6 = {isa = PBXBuildFile; productRef = PKG1 /* SomePackage */; };
        		F1 = {isa = PBXFileReference; lastKnownFileType = file.storyboard; name = Base; path = Base.lproj/Main.storyboard; sourceTree = "<group>"; };
        		F1b = {isa = PBXFileReference; lastKnownFileType = text.plist.strings; name = fr; path = fr.lproj/Main.strings; sourceTree = "<group>"; };
        		F2 = {isa = PBXFileReference; lastKnownFileType = file.storyboard; path = Settings.storyboard; sourceTree = "<group>"; };
        		F3 = {isa = PBXFileReference; lastKnownFileType = folder; path = Onboarding; sourceTree = SOURCE_ROOT; };
        		F4 = {isa = PBXFileReference; lastKnownFileType = file.storyboard; path = "Widget Files/Widget.storyboard"; sourceTree = "<group>"; };
        		F5 = {isa = PBXFileReference; lastKnownFileType = sourcecode.swift; path = AppDelegate.swift; sourceTree = "<group>"; };
        		F6 = {isa = PBXFileReference; explicitFileType = wrapper.application; path = App.app; sourceTree = BUILT_PRODUCTS_DIR; };
        		G0 = {isa = PBXGroup; children = (G1, G2, G3, SG1, F3, F6); sourceTree = "<group>"; };
        		G1 /* App */ = {isa = PBXGroup; children = (G1a, F5); path = App; sourceTree = "<group>"; };
        		G1a /* Screens (no folder) */ = {isa = PBXGroup; children = (V1, F2); name = Screens; sourceTree = "<group>"; };
        		G2 /* Widget */ = {isa = PBXGroup; children = (F4); path = "../Extensions/Widget"; sourceTree = "<group>"; };
        		G3 = {isa = PBXGroup; children = (); name = Products; sourceTree = "<group>"; };
        		SG1 /* Features */ = {isa = PBXFileSystemSynchronizedRootGroup; exceptions = (EX1); path = Features; sourceTree = "<group>"; };
        		EX1 = {isa = PBXFileSystemSynchronizedBuildFileExceptionSet; membershipExceptions = (Debug/Debug.storyboard, README.md); target = T1; };
        		V1 /* Main.storyboard */ = {isa = PBXVariantGroup; children = (F1, F1b); name = Main.storyboard; sourceTree = "<group>"; };
        		T1 /* App */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L1;
        			buildPhases = (S1, R1, FW1);
        			fileSystemSynchronizedGroups = (SG1);
        			name = App;
        			productType = "com.apple.product-type.application";
        		};
        		T2 /* Widget */ = {
        			isa = PBXNativeTarget;
        			buildConfigurationList = L2;
        			buildPhases = (R2);
        			name = Widget;
        			productType = "com.apple.product-type.app-extension";
        		};
        		T3 /* Lint */ = {isa = PBXAggregateTarget; name = Lint; };
        		S1 = {isa = PBXSourcesBuildPhase; files = (B5); };
        		R1 = {isa = PBXResourcesBuildPhase; files = (B1, B2, B3); };
        		R2 = {isa = PBXResourcesBuildPhase; files = (B4); };
        		FW1 = {isa = PBXFrameworksBuildPhase; files = (B6); };
        		X1 = {
        			isa = PBXProject;
        			buildConfigurationList = L0;
        			mainGroup = G0;
        			projectDirPath = "";
        			targets = (T1, T2, T3);
        		};
        		C0d = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Debug; };
        		C0r = {isa = XCBuildConfiguration; buildSettings = {SDKROOT = iphoneos; }; name = Release; };
        		C1d = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/$(TARGET_NAME)/Info.plist"; PRODUCT_BUNDLE_IDENTIFIER = com.example.app.debug; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx"; }; name = Debug; };
        		C1r = {isa = XCBuildConfiguration; buildSettings = {INFOPLIST_FILE = "$(SRCROOT)/$(TARGET_NAME)/Info.plist"; PRODUCT_BUNDLE_IDENTIFIER = com.example.app; SUPPORTED_PLATFORMS = "iphoneos iphonesimulator macosx"; }; name = Release; };
        		C2r = {isa = XCBuildConfiguration; buildSettings = {
        				GENERATE_INFOPLIST_FILE = YES;
        				INFOPLIST_KEY_NSExtensionMainStoryboard = Ignored;
        				"INFOPLIST_KEY_UIMainStoryboardFile[sdk=iphoneos*]" = Widget;
        				INFOPLIST_KEY_UILaunchStoryboardName = "Launch Screen";
        				PRODUCT_BUNDLE_IDENTIFIER = "$(BASE_ID).widget";
        			}; name = Release; };
        		L0 = {isa = XCConfigurationList; buildConfigurations = (C0d, C0r); };
        		L1 = {isa = XCConfigurationList; buildConfigurations = (C1d, C1r); };
        		L2 = {isa = XCConfigurationList; buildConfigurations = (C2r); };
        	};
        	rootObject = X1 /* Project object */;
        }
        """

    func load() throws -> LoadedBuildProject {
        let loaded = ProjectFileLoader().loadProjectFile(bytes: Array(Self.project.utf8), path: "Apps/Apps.xcodeproj/project.pbxproj")
        #expect(loaded.diagnostics.isEmpty)
        return try #require(loaded.value)
    }

    @Test func theProjectIsNamedByItsFolderAndRootedBesideIt() throws {
        let project = try load()
        #expect(project.kind == .xcode)
        #expect(project.name == "Apps/Apps.xcodeproj")
        #expect(project.root == "Apps")
        #expect(project.targets.map(\.name) == ["App", "Widget"], "aggregate targets build no bundle")
    }

    @Test func filesResolveThroughTheGroupTree() throws {
        let app = try #require(try load().targets.first)
        // Build phase order: Sources, then Resources.
        #expect(app.files == [
            "Apps/App/AppDelegate.swift",
            "Apps/App/Base.lproj/Main.storyboard",  // a group with a name and no path adds no folder
            "Apps/App/fr.lproj/Main.strings",       // every localization of a variant group
            "Apps/App/Settings.storyboard",
        ])
        let widget = try #require(try load().targets.last)
        #expect(widget.files == ["Extensions/Widget/Widget Files/Widget.storyboard"], "a group path may climb out with ..")
    }

    @Test func folderReferencesAndSynchronizedFoldersHoldWhatIsBelowThem() throws {
        let app = try #require(try load().targets.first)
        #expect(app.folders.map(\.path) == ["Apps/Onboarding", "Apps/Features"])
        let features = try #require(app.folders.last)
        #expect(features.excluded == ["Apps/Features/Debug/Debug.storyboard", "Apps/Features/README.md"])
        #expect(features.contains("Apps/Features/Cart/Cart.storyboard"))
        #expect(!features.contains("Apps/Features/Debug/Debug.storyboard"))
        #expect(app.folders.first?.contains("Apps/Onboarding/Base.lproj/Welcome.storyboard") == true)
    }

    @Test func settingsComeFromReleaseThenTheProject() throws {
        let project = try load()
        let app = try #require(project.targets.first), widget = try #require(project.targets.last)
        #expect(app.infoPlistFile == "Apps/App/Info.plist")
        #expect(app.bundleIdentifier == "com.example.app", "Release wins over Debug")
        #expect(app.platforms == [.iOS, .macOS], "SUPPORTED_PLATFORMS")
        #expect(widget.platforms == [.iOS], "SDKROOT inherited from the project")
        #expect(widget.bundleIdentifier == nil, "a $(…) the build computes is left out")
        #expect(widget.infoPlistFile == nil)
        #expect(app.declaredAt?.line == Self.line(of: "name = App;", in: Self.project))
    }

    @Test func infoPlistKeysBelongToTheTargetThatSetsThem() throws {
        let project = try load()
        #expect(try #require(project.targets.first).entryPoints.isEmpty)
        let widget = try #require(project.targets.last)
        #expect(widget.entryPoints.map { "\($0.role.rawValue) \($0.key) = \($0.storyboardName)" } == [
            "main INFOPLIST_KEY_UIMainStoryboardFile[sdk=iphoneos*] = Widget",
            "launch INFOPLIST_KEY_UILaunchStoryboardName = Launch Screen",
        ])
        let line = try #require(widget.entryPoints.last?.location)
        let text = Self.project.split(separator: "\n", omittingEmptySubsequences: false)[line.line - 1]
        #expect(text.dropFirst(line.column - 1).hasPrefix("\"Launch Screen\""))
    }

    @Test func aBrokenProjectIsAWarningAtItsPlace() {
        let truncated = String(Self.project.prefix(900))
        let loaded = ProjectFileLoader().loadProjectFile(bytes: Array(truncated.utf8), path: "A.xcodeproj/project.pbxproj")
        #expect(loaded.value == nil)
        #expect(loaded.diagnostics.map(\.severity) == [.warning])
        #expect(loaded.diagnostics.first?.message.contains("truncated") == true)
        let conflict = Self.project.replacingOccurrences(of: "\t\tT3 /* Lint */", with: "<<<<<<< HEAD\n\t\tT3 /* Lint */")
        let merged = ProjectFileLoader().loadProjectFile(bytes: Array(conflict.utf8), path: "A.xcodeproj/project.pbxproj")
        #expect(merged.value == nil)
        #expect(merged.diagnostics.first?.location?.line == Self.line(of: "<<<<<<< HEAD", in: conflict))
        #expect(merged.diagnostics.first?.hint?.contains("merge") == true)
    }

    @Test func aPackageManifestGivesOneTargetPerTargetFolder() throws {
        let manifest = """
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Kit",
                platforms: [.iOS(.v15), .macCatalyst(.v15)], // a comment
                products: [.library(name: "Kit", targets: ["Feature"])],
                targets: [
                    .target(name: "Feature", resources: [.process("Storyboards")]),
                    .target(
                        name: "Legacy",
                        path: "Sources/Old/Legacy",
                        exclude: ["Unused.storyboard", "Notes"]
                    ),
                    .executableTarget(name: "Tool"),
                    .testTarget(name: "FeatureTests", dependencies: ["Feature"]),
                    /* .target(name: "Commented") */
                ]
            )
            """
        let loaded = ProjectFileLoader().loadPackageManifest(bytes: Array(manifest.utf8), path: "Kit/Package.swift")
        let project = try #require(loaded.value)
        #expect(project.kind == .swiftPackage && project.name == "Kit/Package.swift" && project.root == "Kit")
        #expect(project.targets.map(\.name) == ["Feature", "Legacy", "Tool"])
        #expect(project.targets.map { $0.folders.map(\.path) } == [["Kit/Sources/Feature"], ["Kit/Sources/Old/Legacy"], ["Kit/Sources/Tool"]])
        #expect(project.targets[1].folders.first?.excluded == ["Kit/Sources/Old/Legacy/Notes", "Kit/Sources/Old/Legacy/Unused.storyboard"])
        #expect(project.targets.allSatisfy { $0.platforms == [.iOS] })
        #expect(project.targets.first?.declaredAt?.line == 9)
    }

    /// The 1-based line of the first line containing `text`.
    static func line(of text: String, in source: String) -> Int? {
        source.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.contains(text) }.map { $0 + 1 }
    }

    /// Old projects saved as XML property lists (found in rob-brown/RBStoryboardLink): the same objects, another syntax.
    @Test func aProjectSavedAsAnXMLPropertyListReadsTheSame() throws {
        let xml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0">
            <dict>
            	<key>objects</key>
            	<dict>
            		<key>X1</key>
            		<dict><key>isa</key><string>PBXProject</string><key>mainGroup</key><string>G0</string>
            			<key>targets</key><array><string>T1</string></array></dict>
            		<key>G0</key>
            		<dict><key>isa</key><string>PBXGroup</string><key>children</key><array><string>F1</string></array>
            			<key>path</key><string>App</string><key>sourceTree</key><string>&lt;group&gt;</string></dict>
            		<key>F1</key>
            		<dict><key>isa</key><string>PBXFileReference</string><key>path</key><string>Main.storyboard</string>
            			<key>sourceTree</key><string>&lt;group&gt;</string></dict>
            		<key>B1</key><dict><key>isa</key><string>PBXBuildFile</string><key>fileRef</key><string>F1</string></dict>
            		<key>R1</key><dict><key>isa</key><string>PBXResourcesBuildPhase</string><key>files</key><array><string>B1</string></array></dict>
            		<key>T1</key>
            		<dict><key>isa</key><string>PBXNativeTarget</string><key>name</key><string>Links</string>
            			<key>productType</key><string>com.apple.product-type.application</string>
            			<key>buildPhases</key><array><string>R1</string></array></dict>
            	</dict>
            	<key>rootObject</key>
            	<string>X1</string>
            </dict>
            </plist>
            """
        let loaded = ProjectFileLoader().loadProjectFile(bytes: Array(xml.utf8), path: "L/L.xcodeproj/project.pbxproj")
        #expect(loaded.diagnostics.isEmpty)
        let target = try #require(loaded.value?.targets.first)
        #expect(target.name == "Links")
        #expect(target.files == ["L/App/Main.storyboard"])
        let broken = ProjectFileLoader().loadProjectFile(bytes: Array(xml.prefix(400).utf8), path: "L/L.xcodeproj/project.pbxproj")
        #expect(broken.value == nil && broken.diagnostics.allSatisfy { $0.severity == .warning } && !broken.diagnostics.isEmpty)
    }

    @Test func pathsAreSpelledLikeDiscovery() {
        #expect(ProjectPaths.join("", "./App/../App/Main.storyboard") == "App/Main.storyboard")
        #expect(ProjectPaths.join("Apps", "../Extensions/W") == "Extensions/W")
        #expect(ProjectPaths.join("..", "../x") == "../../x")
        #expect(ProjectPaths.join("/abs/p", "../q") == "/abs/q")
        #expect(ProjectPaths.join("App", "/abs/file") == "/abs/file")
    }
}
