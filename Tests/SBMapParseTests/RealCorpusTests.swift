import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

/// Validation against a folder of real storyboards and Info.plists, when one is named in
/// `SBMAP_CORPUS` (the project's tests never need it). With `SBMAP_CORPUS_REPORT` set, it also writes
/// one line per storyboard, `path<TAB>scenes<TAB>segues`, for comparison with an independent count.
@Suite("Real corpus", .enabled(if: ProcessInfo.processInfo.environment["SBMAP_CORPUS"] != nil))
struct RealCorpusTests {
    @Test func everyRealFileLoadsCleanly() throws {
        let environment = ProcessInfo.processInfo.environment
        let root = try #require(environment["SBMAP_CORPUS"])
        var files: [InputFile] = []
        let enumerator = FileManager.default.enumerator(atPath: root)
        while let relative = enumerator?.nextObject() as? String {
            let kind: InputFile.Kind? = relative.hasSuffix(".storyboard") ? .storyboard
                : relative.hasSuffix(".plist") ? .infoPlist : nil
            if let kind { files.append(InputFile(kind: kind, url: "\(root)/\(relative)", path: relative)) }
        }
        files.sort()
        let start = Date()
        let project = ProjectLoader().load(files)
        let seconds = Date().timeIntervalSince(start)
        for loaded in project.storyboards + [] {
            #expect(loaded.value != nil, "\(loaded.path): \(loaded.diagnostics.map(\.xcodeLine))")
        }
        for loaded in project.settings {
            #expect(loaded.value != nil, "\(loaded.path): \(loaded.diagnostics.map(\.xcodeLine))")
        }
        if let report = environment["SBMAP_CORPUS_REPORT"] {
            var lines = project.storyboards.map { loaded in
                let scenes = loaded.value?.scenes ?? []
                return "\(loaded.path)\t\(scenes.count)\t\(scenes.reduce(0) { $0 + $1.segues.count })"
            }
            for loaded in project.settings {
                for entry in loaded.value?.entryPoints ?? [] {
                    lines.append("#entry\t\(entry.location)\t\(entry.role.rawValue)\t\(entry.storyboardName)")
                }
            }
            lines.append("#seconds\t\(seconds)")
            try lines.joined(separator: "\n").appending("\n").write(toFile: report, atomically: true, encoding: .utf8)
        }
    }
}
