import Foundation
import Testing

/// An `.xcconfig` the project names is read only inside the folder sbmap was given (issue 32, point 4): a symbolic
/// link in its place that points out of the project tree is not followed, for a relative argument and for an
/// absolute one (`sbmap check /path/to/App`, `ProjectFileLoader.absoluteRoot`), and a note says so; the same file as
/// a real file inside the tree is read.
@Suite struct XcconfigOutsideTests {
    /// The launch screen's name comes only from the `.xcconfig`; the storyboard is an entry point when it is read.
    static func files() -> [String: String] {
        var files = GateResolutionTests.projectWithXcconfig(
            plist: [("UILaunchStoryboardName", "$(INFOPLIST_KEY_UILaunchStoryboardName)"), ("UIMainStoryboardFile", "Register")],
            xcconfig: "INFOPLIST_KEY_UILaunchStoryboardName = Till Launch\n",
            resources: ["App/Base.lproj/Register.storyboard", "App/Base.lproj/Till Launch.storyboard"])
        files.merge(GateResolutionTests.tillBoards) { a, _ in a }
        return files
    }

    static func run(_ root: URL, absolute: Bool) throws -> (launch: [String], stderr: String) {
        let run = try Harness.run(["export", absolute ? root.path : ".", "--no-config", "-o", "-"], in: root)
        let json = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        let prefix = absolute ? root.path + "/" : ""
        let boards = RealAppShapesTests.storyboards(json)
        let launch = boards[prefix + "App/Base.lproj/Till Launch.storyboard"]?.entryPoints ?? ["(no storyboard)"]
        return (launch.map { $0.replacingOccurrences(of: prefix, with: "") }, run.stderr)
    }

    @Test(arguments: [false, true])
    func aRealXcconfigInsideTheTreeIsRead(absolute: Bool) throws {
        let root = try Harness.project(Self.files())
        let (launch, stderr) = try Self.run(root, absolute: absolute)
        #expect(launch == ["INFOPLIST_KEY_UILaunchStoryboardName @ App/App.xcconfig"], "\(stderr)")
        #expect(!stderr.contains("link-outside-inputs"), "\(stderr)")
    }

    @Test(arguments: [false, true])
    func anXcconfigLinkedFromOutsideTheTreeIsNotReadAndSaysSo(absolute: Bool) throws {
        var files = Self.files()
        let removed = files.removeValue(forKey: "App/App.xcconfig")
        let text = try #require(removed)
        let root = try Harness.project(files)
        let outside = try Harness.project(["Shared.xcconfig": text]).appendingPathComponent("Shared.xcconfig")
        try FileManager.default.createSymbolicLink(atPath: root.appendingPathComponent("App/App.xcconfig").path,
                                                   withDestinationPath: outside.path)
        let (launch, stderr) = try Self.run(root, absolute: absolute)
        // Not read: the launch screen's name stays unknown (a note), and the storyboard is no entry point.
        #expect(launch.isEmpty, "\(launch) \(stderr)")
        let path = (absolute ? root.path + "/" : "") + "App/App.xcconfig"
        let real = URL(fileURLWithPath: outside.path).resolvingSymlinksInPath().path
        let lines = stderr.split(separator: "\n").filter { $0.contains("[link-outside-inputs]") }
        #expect(lines == ["\(path): note: the project names '\(path)', but it leads outside the folder sbmap reads (to '\(real)'); it is not read, so the build settings it holds are not known (sbmap reads only the folder it is given: pass a folder that holds the file too, or keep the file inside the project) [link-outside-inputs]"],
                "\(stderr)")
        #expect(!stderr.contains(": error:"), "\(stderr)")
    }
}
