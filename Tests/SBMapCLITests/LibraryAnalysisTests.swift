import Foundation
import SBMapAnalysis
@testable import SBMapCLI
import SBMapModel
import Testing

/// A program that calls `Analysis.run` gets exactly what `sbmap check` reports: the same findings, at the same
/// levels, with the same words, and the same summary line.
@Suite struct LibraryAnalysisTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// What `sbmap check` prints for `paths` (absolute), and what the library gives for them, in check's words.
    static func both(_ paths: [String], policy: FindingPolicy = FindingPolicy(), config: Bool = false,
                     in folder: URL) throws -> (check: [String], library: [String], result: AnalysisResult) {
        let run = try Harness.run(["check"] + paths + (config ? [] : ["--no-config"]), in: folder)
        let result = try Analysis.run(inputs: paths, configuration: AnalysisConfiguration(policy: policy))
        let library = result.findings.map { FindingsReporter.printable($0).xcodeLine } + ["sbmap: " + result.counts.summaryLine]
        return (run.stderr.split(separator: "\n").map(String.init), library, result)
    }

    @Test(arguments: ["CoordinatorApp", "LegacyApp", "TabBarApp"])
    func theExampleAppsGiveWhatCheckReports(_ app: String) throws {
        let path = Self.repository.appendingPathComponent("examples/\(app)").path
        let (check, library, result) = try Self.both([path], in: Harness.newFolder().deletingLastPathComponent())
        #expect(check == library)
        #expect(result.counts.storyboards > 0 && result.counts.scenes > 0, "the example was read: \(check)")
    }

    /// One app with a finding for each thing that makes a finding less sure: a storyboard nothing loads, a class
    /// nothing refers to, a file no target builds, an Info.plist no target uses, a call inside `@try`, a class that
    /// implements `performSegue` itself, a receiver of unknown type; and the settings file's levels and suppressions.
    static func downgrades() throws -> URL {
        let pbxproj = RealAppShapesTests.pbxproj(targets: [(
            name: "App", type: RealAppShapesTests.app, plist: "Info.plist", resources: ["Main.storyboard", "Copy~.storyboard"],
            sources: ["Home.swift", "Leftover.swift", "Router.swift", "Safe.m", "Plain.swift"])])
        return try Harness.project([
            "App/App.xcodeproj/project.pbxproj": pbxproj,
            "App/Info.plist": RealAppShapesTests.plist([("UIMainStoryboardFile", "Main")]),
            "App/Main.storyboard": XML.storyboard(initial: "h",
                XML.scene("h", attributes: #"customClass="HomeViewController" storyboardIdentifier="Home""#,
                          body: XML.segue("toPlain", to: "c")),
                XML.scene("a", attributes: #"customClass="RouterViewController""#),
                XML.scene("b", attributes: #"customClass="SafeViewController""#),
                XML.scene("c", attributes: #"customClass="PlainViewController""#),
                XML.reference("r", storyboard: "Nowhere")),
            "App/Copy~.storyboard": XML.storyboard(initial: "c", XML.scene("c"), XML.reference("r", storyboard: "Settings~iOS")),
            "App/Old.storyboard": XML.storyboard(initial: "o", XML.scene("o"), XML.reference("r", storyboard: "Gone")),
            "App/Home.swift": """
                import UIKit
                final class HomeViewController: UIViewController {
                    func open() { present(UIStoryboard(name: "Main", bundle: nil).instantiateViewController(withIdentifier: "Missing"), animated: true) }
                }
                """,
            "App/Leftover.swift": """
                import UIKit
                public class LeftoverViewController: UIViewController {
                    func start() {
                        let board = UIStoryboard(name: "Main", bundle: nil)
                        present(board.instantiateViewController(withIdentifier: "StartViewController"), animated: true)
                    }
                }
                """,
            "App/Unbuilt.swift": """
                import UIKit
                final class UnbuiltViewController: UIViewController {
                    func open() { _ = UIStoryboard(name: "Absent", bundle: nil) }
                }
                """,
            "App/Router.swift": RealAppShapesTests.routerSwift,
            "App/Safe.m": RealAppShapesTests.safeM,
            "App/Plain.swift": RealAppShapesTests.plainSwift,
            "Sample/Info.plist": RealAppShapesTests.plist([("UIMainStoryboardFile", "Gone")]),
            "Sample/Sample.storyboard": XML.storyboard(initial: "s", XML.scene("s")),
        ])
    }

    @Test func everyDowngradeIsTheSameInTheLibraryAndInCheck() throws {
        let root = try Self.downgrades()
        let paths = ["App", "Sample"].map { root.appendingPathComponent($0).path }
        let (check, library, result) = try Self.both(paths, in: root)
        #expect(check == library)
        // Each downgrade happened, so the comparison covers it.
        let lines = library.joined(separator: "\n")
        for expected in ["warning: storyboard reference names storyboard 'Settings~iOS'", "(but nothing scanned loads Copy~.storyboard",
                         "(but nothing scanned refers to 'LeftoverViewController'", "(no target builds this file)",
                         "(no target of the scanned projects uses this Info.plist)", "(the call is inside @try",
                         "('RouterViewController' implements performSegue itself", "on another object"] {
            #expect(lines.contains(expected), "\(expected)\n\(lines)")
        }
        #expect(result.findings.contains { $0.severity == .error && $0.location?.path.hasSuffix("Home.swift") == true })
        // Code that no target compiles never runs: its finding is a note, like a storyboard no target builds.
        let unbuilt = result.findings.filter { $0.location?.path.hasSuffix("Unbuilt.swift") == true }
        #expect(unbuilt.map(\.severity) == [.info] && unbuilt.first?.message.hasSuffix("(no target builds this file)") == true,
                "\(unbuilt)")
        // The facts stay on the findings, for a program to read.
        #expect(result.findings.first { $0.location?.path.hasSuffix("Safe.m") == true }?.facts == [.caughtByTry])
        #expect(result.findings.first { $0.location?.path.hasSuffix("Leftover.swift") == true }?.facts
                == [.typeNeverReferenced(type: "LeftoverViewController")])
    }

    @Test func theSettingsFilesLevelsAndSuppressionsAreTheSame() throws {
        let root = try Self.downgrades()
        try Data("""
            findings:
              severity:
                code-unknown-segue: error
                code-dynamic: off
              suppress:
                - code: unknown-storyboard
                  paths: ["App/Old.storyboard"]
            """.utf8).write(to: root.appendingPathComponent(".sbmap.yml"))
        let policy = FindingPolicy(levels: [.codeUnknownSegue: .error, .codeDynamic: .none],
                                   suppressions: [.init(code: .unknownStoryboard, paths: ["App/Old.storyboard"])],
                                   folder: root.standardizedFileURL.path)
        let paths = ["App", "Sample"].map { root.appendingPathComponent($0).path }
        let (check, library, result) = try Self.both(paths, policy: policy, config: true, in: root)
        #expect(check == library)
        #expect(!result.findings.contains { $0.location?.path.hasSuffix("Old.storyboard") == true })
        #expect(result.findings.contains { $0.code == .codeUnknownSegue && $0.severity == .error })
    }

    /// The working folder is part of the configuration: relative inputs are read from it, findings name files from
    /// it, and suppression globs match them there, whatever the process's current folder is; two analyses of two
    /// folders run at once and each gives what `sbmap check .` gives inside its folder.
    @Test func theWorkingFolderIsTheConfigurationsNotTheProcesss() throws {
        let one = try Self.downgrades(), two = try Self.downgrades()
        try FileManager.default.removeItem(at: two.appendingPathComponent("App/Old.storyboard"))
        let policy = { (root: URL) in
            FindingPolicy(suppressions: [.init(code: .unknownStoryboard, paths: ["App/Main.storyboard"])],
                          folder: root.standardizedFileURL.path)
        }
        let expected = try [one, two].map { root in
            try Harness.run(["check", ".", "--no-config"], in: root).stderr.split(separator: "\n").map(String.init)
        }
        #expect(FileManager.default.currentDirectoryPath != one.path)
        let (first, second) = concurrently {
            Result { try Analysis.run(inputs: ["."], configuration: AnalysisConfiguration(folder: one.path)) }
        } while: {
            Result { try Analysis.run(inputs: ["."], configuration: AnalysisConfiguration(folder: two.path)) }
        }
        for (k, result) in [try first.get(), try second.get()].enumerated() {
            let lines = result.findings.map { FindingsReporter.printable($0).xcodeLine } + ["sbmap: " + result.counts.summaryLine]
            #expect(lines == expected[k])
            #expect(result.findings.contains { $0.location?.path == "App/Old.storyboard" } == (k == 0))
        }
        let suppressed = try Analysis.run(inputs: ["App"], configuration: AnalysisConfiguration(policy: policy(one), folder: one.path))
        #expect(!suppressed.findings.contains { $0.code == .unknownStoryboard && $0.location?.path == "App/Main.storyboard" })
        #expect(suppressed.findings.contains { $0.code == .unknownStoryboard && $0.location?.path == "App/Old.storyboard" })
        #expect(throws: AnalysisError.noSuchPath(["Nowhere"])) {
            try Analysis.run(inputs: ["Nowhere"], configuration: AnalysisConfiguration(folder: one.path))
        }
    }
}
