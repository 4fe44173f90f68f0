import SBMapModel
import SBMapParse
import Testing
@testable import SBMapResolve

/// One resolver for storyboard names: a storyboard reference, an Info.plist key and a call in code that name the same
/// storyboard from the same place find the same file, or fail the same way. Each case is tested from a reference and
/// from code, through the whole resolver and linker.
@Suite struct StoryboardNameIndexTests {
    /// Resolves `storyboards` (and projects), then links `source` written at `sourcePath`.
    static func run(_ storyboards: [Loaded<LoadedStoryboard>], projects: [Loaded<LoadedBuildProject>] = [],
                    source: String? = nil, at sourcePath: String = "App/Home.swift") -> StoryboardGraph {
        let project = LoadedProject(storyboards: storyboards, projects: projects)
        let graph = Resolver().resolve(project)
        guard let source else { return graph }
        let code = [CodeScanner().scan(text: source, path: sourcePath, language: .swift)]
        return CodeLinker().link(graph, code: code, membership: TargetMembership(project.projects))
    }

    /// A Swift file whose `Home` class loads storyboard `name` with `api` and instantiates its scene `Detail`.
    static func code(_ name: String, api: String = "UIStoryboard", framework: String = "UIKit") -> String {
        """
        import \(framework)
        final class Home {
            func show() {
                let vc = \(api)(name: "\(name)", bundle: nil).\(api == "UIStoryboard" ? "instantiateViewController" : "instantiateController")(withIdentifier: "Detail")
                _ = vc
            }
        }
        """
    }

    static func findings(_ g: StoryboardGraph) -> [String] {
        g.diagnostics.map { "\($0.severity.rawValue) \($0.code) \($0.location?.path ?? "")" }
    }

    static func codeTargets(_ g: StoryboardGraph) -> [String] {
        g.edges.filter { $0.kind == .code }.map(\.to).sorted()
    }

    static func detail(_ path: String, platform: Platform = .iOS) -> Loaded<LoadedStoryboard> {
        Fake.storyboard(path, platform: platform, initial: "d", Fake.scene("d", customClass: "Detail", storyboardID: "Detail"))
    }

    // MARK: - The index alone

    @Test func theRulesApplyInOrder() {
        let index = StoryboardNameIndex(
            [StoryboardNameIndex.Entry(path: "A/Main.storyboard", name: "Main", platform: .iOS, targets: ["A"]),
             StoryboardNameIndex.Entry(path: "B/Main.storyboard", name: "Main", platform: .iOS, targets: ["B"]),
             StoryboardNameIndex.Entry(path: "A/settings.storyboard", name: "settings", platform: .iOS, targets: ["A"]),
             StoryboardNameIndex.Entry(path: "B/Settings.storyboard", name: "Settings", platform: .iOS, targets: ["B"]),
             StoryboardNameIndex.Entry(path: "A/Mac.storyboard", name: "Mac", platform: .macOS, targets: ["A"])],
            unread: [StoryboardNameIndex.UnreadStoryboard(path: "A/Broken.storyboard", lfsPointer: false, targets: ["A"]),
                     StoryboardNameIndex.UnreadStoryboard(path: "B/Main.storyboard", lfsPointer: true, targets: ["B"])])
        let inA = StoryboardNameIndex.Scope(path: "A/Root.storyboard", platforms: [.iOS], certain: true, targets: ["A"])
        #expect(index.resolve("Main", from: inA) == .found([0]))
        #expect(index.resolve("Broken", from: inA) == .unread(path: "A/Broken.storyboard", lfsPointer: false))
        // A case variant in the bundle is what the simulator loads: that, not the exact name in another target.
        #expect(index.resolve("Settings", from: inA) == .caseMismatch([2]))
        #expect(index.resolve("Mac", from: inA) == .otherPlatform([4]))
        var unsure = inA
        unsure.certain = false
        #expect(index.resolve("Mac", from: unsure) == .found([4]))
        #expect(index.resolve("Nowhere", from: inA) == .missing)
        var nowhere = inA
        nowhere.targets = ["C"]
        // Outside the scope, the nearest copy is the one the file most likely means.
        #expect(index.resolve("Main", from: nowhere) == .notInTarget([0]))
        nowhere.path = "C/Root.storyboard"
        #expect(index.resolve("Main", from: nowhere) == .notInTarget([0, 1]))
        // Without targets, every storyboard is in scope and the nearest folder wins; a tie is every one.
        let near = StoryboardNameIndex.Scope(path: "B/Sub/File.swift", platforms: [.iOS, .unknown], certain: false, targets: nil)
        #expect(index.resolve("Main", from: near) == .found([1]))
        var far = near
        far.path = "C/File.swift"
        #expect(index.resolve("Main", from: far) == .found([0, 1]))
        far.path = nil
        #expect(index.resolve("Main", from: far) == .found([0, 1]))
    }

    // MARK: - Letter case

    @Test func aNameInTheWrongCaseIsACaseMismatchFromAReferenceAndFromCode() {
        let storyboards = [Fake.storyboard("App/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "detail")),
                           Self.detail("App/Detail.storyboard")]
        let graph = Self.run(storyboards, source: Self.code("detail"))
        #expect(Self.findings(graph) == ["error case-mismatch App/Home.swift", "error case-mismatch App/Root.storyboard"])
        // Code still draws the link to the storyboard the simulator loads.
        #expect(Self.codeTargets(graph) == ["App/Detail.storyboard#d"])
    }

    /// The target holds `settings` in another case; only another target holds `Settings` exactly. On a device the
    /// call finds neither; in the simulator it loads the target's own: a case mismatch, for a reference and for code
    /// alike (code called it `storyboard-not-in-target` before the resolvers were one).
    @Test func aCaseVariantInTheTargetWinsOverTheExactNameInAnotherTarget() {
        let storyboards = [Fake.storyboard("App/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           Self.detail("App/detail.storyboard"), Self.detail("Widget/Detail.storyboard")]
        let projects = [TargetResolutionTests.project(
            "", TargetResolutionTests.target("App", .iOS, files: ["App/Root.storyboard", "App/detail.storyboard", "App/Home.swift"]),
            TargetResolutionTests.target("Widget", .iOS, files: ["Widget/Detail.storyboard"],
                                         type: "com.apple.product-type.app-extension"))]
        let graph = Self.run(storyboards, projects: projects, source: Self.code("Detail"))
        #expect(Self.findings(graph) == ["error case-mismatch App/Home.swift", "error case-mismatch App/Root.storyboard"])
        #expect(Self.codeTargets(graph) == ["App/detail.storyboard#d"])
    }

    // MARK: - Two targets

    @Test func aNameResolvesInsideTheTargetOfTheNamingFileFromAReferenceAndFromCode() {
        let storyboards = [Fake.storyboard("Shared/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           Self.detail("Shared/Detail.storyboard"), Self.detail("Full/Detail.storyboard")]
        let projects = [TargetResolutionTests.project(
            "", TargetResolutionTests.target("Full", .iOS, files: ["Shared/Root.storyboard", "Full/Detail.storyboard", "Shared/Home.swift"]),
            TargetResolutionTests.target("Lite", .iOS, files: ["Shared/Detail.storyboard"]))]
        let graph = Self.run(storyboards, projects: projects, source: Self.code("Detail"), at: "Shared/Home.swift")
        #expect(graph.diagnostics.isEmpty)
        // The Lite app's file is nearer by folder, and not in the Full app's bundle.
        #expect(graph.node("Shared/Root.storyboard#ref")?.resolution?.target == "Full/Detail.storyboard#d")
        #expect(Self.codeTargets(graph) == ["Full/Detail.storyboard#d"])
    }

    @Test func aNameOnlyAnotherTargetHoldsIsNotInTargetFromAReferenceAndFromCode() {
        let storyboards = [Fake.storyboard("App/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           Self.detail("Lite/Detail.storyboard")]
        let projects = [TargetResolutionTests.project(
            "", TargetResolutionTests.target("App", .iOS, files: ["App/Root.storyboard", "App/Home.swift"]),
            TargetResolutionTests.target("Lite", .iOS, files: ["Lite/Detail.storyboard"]))]
        let graph = Self.run(storyboards, projects: projects, source: Self.code("Detail"))
        #expect(Self.findings(graph) == ["warning storyboard-not-in-target App/Home.swift",
                                         "warning storyboard-not-in-target App/Root.storyboard"])
        #expect(graph.diagnostics.allSatisfy { $0.message.contains("only in Lite (iOS)") })
    }

    // MARK: - Platform

    @Test func aStoryboardOfAnotherPlatformIsNeverFoundFromAReferenceOrFromCertainCode() {
        let storyboards = [Fake.storyboard("App/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           Self.detail("Mac/Detail.storyboard", platform: .macOS)]
        let graph = Self.run(storyboards, source: Self.code("Detail"))
        // The reference's iOS storyboard cannot load it; UIStoryboard never loads a macOS storyboard.
        #expect(Self.findings(graph).contains("error unknown-storyboard App/Root.storyboard"))
        #expect(Self.findings(graph).contains("error code-unknown-storyboard App/Home.swift"))
        #expect(graph.diagnostics.first { $0.code == .codeUnknownStoryboard }?.message.contains("only storyboard of that name is for") == true)
        #expect(!Self.codeTargets(graph).contains("Mac/Detail.storyboard#d"))
    }

    @Test func eachPlatformFindsItsOwnStoryboardOfAName() {
        let storyboards = [Fake.storyboard("iOS/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           Self.detail("iOS/Detail.storyboard"), Self.detail("Mac/Detail.storyboard", platform: .macOS)]
        let graph = Self.run(storyboards, source: Self.code("Detail", api: "NSStoryboard", framework: "AppKit"), at: "iOS/Home.swift")
        #expect(graph.node("iOS/Root.storyboard#ref")?.resolution?.target == "iOS/Detail.storyboard#d")
        // NSStoryboard finds the macOS file, however near the iOS one is.
        #expect(Self.codeTargets(graph) == ["Mac/Detail.storyboard#d"])
        #expect(Self.findings(graph) == ["info no-project "])
    }

    // MARK: - Unread files

    @Test func aNameOfAFileThatCouldNotBeReadIsUnknownNotMissingFromAReferenceAndFromCode() {
        let storyboards = [Fake.storyboard("App/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           Fake.unreadable("App/Detail.storyboard")]
        let graph = Self.run(storyboards, source: Self.code("Detail"))
        #expect(Self.findings(graph) == ["error malformed-xml App/Detail.storyboard", "warning code-unknown-storyboard App/Home.swift",
                                         "warning unknown-storyboard App/Root.storyboard"])
    }

    /// The storyboard loader records why it read nothing: an LFS pointer, or a file that failed.
    @Test func theLoaderRecordsWhyAStoryboardWasNotRead() {
        let pointer = "version https://git-lfs.github.com/spec/v1\noid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393\nsize 12345\n"
        #expect(StoryboardLoader().load(bytes: Array(pointer.utf8), path: "A.storyboard").unread == .lfsPointer)
        #expect(StoryboardLoader().load(bytes: Array("<document><scenes>".utf8), path: "A.storyboard").unread == .failed)
        let read = StoryboardLoader().load(bytes: Array("<document><scenes></scenes></document>".utf8), path: "A.storyboard")
        #expect(read.value != nil && read.unread == nil)
    }

    /// The loader says which file is an LFS pointer: no finding is read back to know it.
    @Test func anLFSPointerIsTheLoadersFactAndItsNamesAreNotes() {
        let pointer = Loaded<LoadedStoryboard>(path: "App/Detail.storyboard", nil, unread: .lfsPointer)
        #expect(Fake.unreadable("App/Other.storyboard").unread == .failed)
        let storyboards = [Fake.storyboard("App/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           pointer]
        let graph = Self.run(storyboards, source: Self.code("Detail"))
        #expect(Self.findings(graph) == ["info code-unknown-storyboard App/Home.swift", "info unknown-storyboard App/Root.storyboard"])
        #expect(graph.storyboardIndex?.unread.map(\.path) == ["App/Detail.storyboard"])
    }

    // MARK: - Nearest folder

    /// Two apps in one repository and no project: a name finds the nearest storyboard by folder, from a reference
    /// and from code (code linked to both before the resolvers were one); equally near ones are all found.
    @Test func withoutProjectsTheNearestFolderWinsFromAReferenceAndFromCode() {
        let storyboards = [Fake.storyboard("One/App/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail")),
                           Self.detail("One/App/Detail.storyboard"), Self.detail("Two/App/Detail.storyboard"),
                           Fake.storyboard("Three/Root.storyboard", initial: "r", Fake.scene("r"), Fake.placeholder("ref", storyboard: "Detail"))]
        let near = Self.run(storyboards, source: Self.code("Detail"), at: "One/App/Sources/Home.swift")
        #expect(near.node("One/App/Root.storyboard#ref")?.resolution?.target == "One/App/Detail.storyboard#d")
        #expect(Self.codeTargets(near) == ["One/App/Detail.storyboard#d"])
        let tie = Self.run(storyboards, source: Self.code("Detail"), at: "Three/Home.swift")
        #expect(tie.node("Three/Root.storyboard#ref")?.resolution?.state == .ambiguous)
        #expect(Self.codeTargets(tie) == ["One/App/Detail.storyboard#d", "Two/App/Detail.storyboard#d"])
    }

    /// A graph that carries no index (made by hand, or read back from JSON) is indexed from its storyboards.
    @Test func aGraphWithoutAnIndexIsIndexedFromItsStoryboards() {
        var graph = Self.run([Self.detail("App/Detail.storyboard")])
        #expect(graph.storyboardIndex?.count == 1)
        graph.storyboardIndex = nil
        let code = [CodeScanner().scan(text: Self.code("Detail"), path: "App/Home.swift", language: .swift)]
        #expect(Self.codeTargets(CodeLinker().link(graph, code: code)) == ["App/Detail.storyboard#d"])
    }
}
