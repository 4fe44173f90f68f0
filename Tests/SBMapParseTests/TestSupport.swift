import Foundation
import SBMapModel
@testable import SBMapParse

/// Fixtures live in `Fixtures/`, copied into the test bundle as one folder.
enum Fixture {
    static var directory: URL {
        guard let url = Bundle.module.url(forResource: "Fixtures", withExtension: nil) else {
            fatalError("the Fixtures folder is missing from the test bundle")
        }
        return url
    }

    static func url(_ name: String) -> URL { directory.appendingPathComponent(name) }

    static func text(_ name: String) throws -> String {
        try String(contentsOf: url(name), encoding: .utf8)
    }

    /// An input file named the way the CLI would name it: by a short relative path.
    static func input(_ name: String, kind: InputFile.Kind = .storyboard) -> InputFile {
        InputFile(kind: kind, url: url(name).path, path: "App/\(name)")
    }

    static func storyboard(_ name: String) -> Loaded<LoadedStoryboard> {
        StoryboardLoader().load(input(name))
    }
}

/// Where the element whose start tag contains `needle` begins: the 1-based line, and the column of the
/// `<` before `needle` on that line. Tests compute expected locations from the fixture text this way,
/// so editing a fixture does not silently break location assertions.
func position(of needle: String, in text: String) -> (line: Int, column: Int)? {
    for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
        guard let hit = line.range(of: needle) else { continue }
        guard let open = line[..<hit.lowerBound].lastIndex(of: "<") else { return nil }
        return (index + 1, line.distance(from: line.startIndex, to: open) + 1)
    }
    return nil
}

/// A temporary directory, removed by the caller.
func makeTemporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("sbmap-parse-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
}

extension Loaded {
    var codes: [String] { diagnostics.map(\.code.rawValue) }
}

extension LoadedStoryboard {
    func scene(_ id: String) -> LoadedScene? { scenes.first { $0.objectID == id } }
}
