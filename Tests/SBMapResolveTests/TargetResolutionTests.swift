import SBMapAnalysis
import SBMapModel
import Testing
@testable import SBMapResolve

/// Names resolve inside the targets of the file that names them; only what a target uses declares entry points;
/// what no target builds is at most a note. Each test has the shape of a case seen in a real repository.
@Suite struct TargetResolutionTests {
    /// An Xcode project at `root` with these targets.
    static func project(_ root: String, _ targets: LoadedTarget...) -> Loaded<LoadedBuildProject> {
        let name = root.isEmpty ? "App.xcodeproj" : "\(root)/App.xcodeproj"
        return Loaded(path: "\(name)/project.pbxproj", LoadedBuildProject(
            path: "\(name)/project.pbxproj", kind: .xcode, name: name, root: root, targets: targets))
    }

    static func target(_ name: String, _ platform: Platform, plist: String? = nil, files: [String],
                       type: String = "com.apple.product-type.application",
                       settings: [EntryPointDeclaration] = []) -> LoadedTarget {
        LoadedTarget(name: name, productType: type, platforms: [platform], infoPlistFile: plist,
                     entryPoints: settings, files: files)
    }

    /// One repository, one project, two iOS apps (a full one and a lite one); each has its own `Main.storyboard`,
    /// and the lite app's sits nearer to the full app's reference by folder.
    static func twoApps() -> LoadedProject {
        LoadedProject(
            storyboards: [
                Fake.storyboard("Shared/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Main")),
                Fake.storyboard("Shared/Main.storyboard", platform: .iOS, initial: "tv", Fake.scene("tv")),
                Fake.storyboard("iOS/Main.storyboard", initial: "a", Fake.scene("a")),
            ],
            projects: [project("", target("App", .iOS, files: ["Shared/Root.storyboard", "iOS/Main.storyboard"]),
                               target("Lite", .iOS, files: ["Shared/Main.storyboard"]))])
    }

    @Test func aReferenceResolvesInsideItsOwnTargetEvenWhenAnotherAppsFileIsNearer() {
        let graph = Resolver().resolve(Self.twoApps())
        #expect(graph.node("Shared/Root.storyboard#ref")?.resolution?.target == "iOS/Main.storyboard#a")
        #expect(graph.diagnostics.isEmpty)
        #expect(graph.targets.map(\.id) == ["App.xcodeproj#App", "App.xcodeproj#Lite"])
        #expect(graph.targets.map(\.title) == ["App (iOS)", "Lite (iOS)"])
        #expect(graph.storyboards.map(\.targets) == [["App.xcodeproj#Lite"], ["App.xcodeproj#App"], ["App.xcodeproj#App"]])
    }

    @Test func anotherTargetsStoryboardIsNeverASilentMatch() {
        var project = Self.twoApps()
        project.storyboards.removeLast()  // the full app's own Main is gone; only the lite app's is left
        let graph = Resolver().resolve(project)
        let reference = graph.node("Shared/Root.storyboard#ref")?.resolution
        #expect(reference?.state == .unresolved)
        #expect(graph.codes() == ["storyboard-not-in-target"])
        let finding = graph.diagnostics.first
        #expect(finding?.severity == .warning)
        #expect(finding?.message.contains("only in Lite (iOS), not in App (iOS)") == true)
        #expect(finding?.location == SourceLocation(path: "Shared/Root.storyboard", line: 30, column: 9))
    }

    @Test func onlyAPlistATargetUsesDeclaresEntryPoints() {
        let project = LoadedProject(
            storyboards: [
                Fake.storyboard("App/Base.lproj/Main.storyboard", initial: "a", Fake.scene("a")),
                Fake.storyboard("App/Base.lproj/LaunchScreen.storyboard", initial: "l", Fake.scene("l")),
            ],
            settings: [
                Fake.plist("App/Info.plist", (.main, "UIMainStoryboardFile", "Main", 20)),
                // A vendored sample's plist and a committed CMake build folder's: no target uses them.
                Fake.plist("Vendor/Sample/Info.plist", (.main, "UIMainStoryboardFile", "Main", 8),
                           (.launch, "UILaunchStoryboardName", "LaunchScreen", 9)),
                Fake.plist("build/CMakeFiles/Info.plist", (.main, "UIMainStoryboardFile", "Missing", 8)),
            ],
            projects: [Self.project("", Self.target("App", .iOS, plist: "App/Info.plist",
                                                    files: ["App/Base.lproj/Main.storyboard", "App/Base.lproj/LaunchScreen.storyboard"]))])
        let graph = Resolver().resolve(project)
        let main = graph.storyboards.first { $0.name == "Main" }
        #expect(main?.entryPoints.map(\.declaredAt.path) == ["App/Info.plist"])
        #expect(graph.storyboards.first { $0.name == "LaunchScreen" }?.entryPoints.isEmpty == true)
        #expect(graph.diagnostics.isEmpty)
    }

    @Test func buildSettingsDeclareEntryPointsOfTheirOwnTarget() {
        let key = EntryPointDeclaration(role: .main, key: "INFOPLIST_KEY_UIMainStoryboardFile", storyboardName: "Main",
                                        location: SourceLocation(path: "App.xcodeproj/project.pbxproj", line: 300, column: 40))
        let missing = EntryPointDeclaration(role: .launch, key: "INFOPLIST_KEY_UILaunchStoryboardName", storyboardName: "Launch",
                                            location: SourceLocation(path: "App.xcodeproj/project.pbxproj", line: 301, column: 40))
        let project = LoadedProject(
            storyboards: [
                Fake.storyboard("iOS/Main.storyboard", initial: "a", Fake.scene("a")),
                Fake.storyboard("Mac/Main.storyboard", platform: .macOS, initial: "m", Fake.scene("m", as: "windowController")),
            ],
            projects: [Self.project("", Self.target("App", .iOS, files: ["iOS/Main.storyboard"], settings: [key, missing]),
                                    Self.target("Mac", .macOS, files: ["Mac/Main.storyboard"]))])
        let graph = Resolver().resolve(project)
        #expect(graph.storyboards.first { $0.path == "iOS/Main.storyboard" }?.entryPoints.count == 1)
        #expect(graph.storyboards.first { $0.path == "Mac/Main.storyboard" }?.entryPoints.isEmpty == true)
        #expect(graph.codes() == ["missing-entry-storyboard"])
        #expect(graph.diagnostics.first?.location?.line == 301)
    }

    @Test func aLaunchScreenMayBeANib() {
        var project = LoadedProject(
            storyboards: [Fake.storyboard("App/Main.storyboard", initial: "a", Fake.scene("a"))],
            settings: [Fake.plist("App/Info.plist", (.main, "UIMainStoryboardFile", "Main", 20),
                                  (.launch, "UILaunchStoryboardName", "LaunchScreen", 22))],
            nibs: ["App/LaunchScreen.xib"])
        #expect(Resolver().resolve(project).diagnostics.isEmpty)
        project.nibs = ["App/Other.xib"]
        #expect(Resolver().resolve(project).codes() == ["missing-entry-storyboard"])
    }

    @Test func aMacOSMainStoryboardWithOnlyTheApplicationSceneIsNormal() {
        let project = LoadedProject(
            storyboards: [Fake.storyboard("Bar/Main.storyboard", platform: .macOS,
                                          Fake.scene("app", as: "application"), Fake.scene("menu", as: "menu"))],
            settings: [Fake.plist("Bar/Info.plist", (.main, "NSMainStoryboardFile", "Main", 12))])
        let graph = Resolver().resolve(project)
        #expect(graph.diagnostics.isEmpty)
        #expect(graph.storyboards.first?.entryPoints.map(\.key) == ["NSMainStoryboardFile"])
    }

    @Test func whatNoTargetBuildsIsOnlyANote() {
        let project = LoadedProject(
            storyboards: [
                Fake.storyboard("App/Main.storyboard", initial: "a", Fake.scene("a")),
                // An old copy, still in the repository, in no target: its broken reference never runs.
                Fake.storyboard("App/Old/Settings.storyboard", initial: "s", Fake.scene("s"),
                                Fake.placeholder("gone", storyboard: "Removed")),
            ],
            projects: [Self.project("", Self.target("App", .iOS, files: ["App/Main.storyboard"]))])
        let graph = Resolver().resolve(project)
        #expect(graph.codes() == ["unknown-storyboard"])
        // The analysis's severity step decides the level, from whether a target builds the file.
        let findings = Analysis.decide(graph.diagnostics, membership: TargetMembership(project.projects))
        #expect(findings.first?.severity == .info)
        #expect(findings.first?.message.hasSuffix("(no target builds this file)") == true)
        #expect(findings.first?.facts == [.fileBuiltByNoTarget])
        #expect(graph.storyboards.first { $0.path == "App/Old/Settings.storyboard" }?.targets == [])
    }

    @Test func storyboardsNoProjectDescribesResolveByFolderWithANote() {
        let project = LoadedProject(
            storyboards: [
                Fake.storyboard("App/Main.storyboard", initial: "a", Fake.scene("a")),
                Fake.storyboard("Other/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Main")),
            ],
            projects: [Self.project("App", Self.target("App", .iOS, files: ["App/Main.storyboard"]))])
        let graph = Resolver().resolve(project)
        #expect(graph.node("Other/Root.storyboard#ref")?.resolution?.target == "App/Main.storyboard#a")
        #expect(graph.codes() == ["no-project"])
        #expect(graph.diagnostics.first?.message.contains("Other/Root.storyboard") == true)
    }

    @Test func aFolderTargetHoldsItsFilesLessItsExceptions() {
        let folder = TargetFolder(path: "App/UI", excluded: ["App/UI/Legacy"])
        #expect(folder.contains("App/UI/Main.storyboard"))
        #expect(folder.contains("App/UI/Sub/Main.storyboard"))
        #expect(!folder.contains("App/UI/Legacy/Old.storyboard"))
        #expect(!folder.contains("App/UIKitExtras/Main.storyboard"))
        #expect(TargetFolder(path: "").contains("Main.storyboard"))
    }
}
