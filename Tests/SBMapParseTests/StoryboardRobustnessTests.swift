import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

/// A small deterministic generator (SplitMix64), so a failure reproduces. Shared by this target's tests.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension SplitMix {
    init(seed: UInt64) { self.init(state: seed) }
}

@Suite("Storyboard: robustness")
struct StoryboardRobustnessTests {
    /// What a fuzzer does, in miniature: mutated real-shaped files must load or fail cleanly, never crash,
    /// and a file that fails has no value and at least one error.
    @Test func mutatedFixturesNeverCrash() throws {
        var random = SplitMix(state: 0x5B_4D_41_50)
        let originals = try ["Main.storyboard", "Tabs.storyboard", "Mac.storyboard"].map { Array(try Fixture.text($0).utf8) }
        let alphabet = Array("<>/=\"&;!?[]- \n\0\u{FF}abc".utf8)
        for round in 0..<600 {
            var bytes = originals[round % originals.count]
            for _ in 0..<Int.random(in: 1...6, using: &random) {
                let at = Int.random(in: 0..<bytes.count, using: &random)
                switch Int.random(in: 0..<3, using: &random) {
                case 0: bytes[at] = alphabet.randomElement(using: &random) ?? 0
                case 1: bytes.remove(at: at)
                default: bytes.removeSubrange(at..<min(bytes.count, at + Int.random(in: 1...400, using: &random)))
                }
                if bytes.isEmpty { break }
            }
            let loaded = StoryboardLoader().load(bytes: bytes, path: "Fuzz.storyboard")
            if loaded.value == nil {
                #expect(loaded.diagnostics.contains { $0.severity == .error }, "round \(round)")
            }
            for diagnostic in loaded.diagnostics {
                #expect(!diagnostic.message.isEmpty && diagnostic.hint != nil, "round \(round): \(diagnostic)")
            }
        }
    }

    @Test func recoverableXMLErrorsWarnAndKeepTheStoryboard() throws {
        let text = minimalStoryboard.replacingOccurrences(of: "<objects>", with: "<objects><b:dockItem id=\"x\"/>")
        let loaded = StoryboardLoader().load(bytes: Array(text.utf8), path: "NS.storyboard")
        let storyboard = try #require(loaded.value)
        #expect(storyboard.scenes.count == 1)
        #expect(loaded.codes == ["malformed-xml"])
        #expect(loaded.diagnostics.first?.severity == .warning)
        #expect(loaded.diagnostics.first?.location?.line == 6)
    }

    @Test func sameLoaderFromManyThreads() async throws {
        let data = try Data(contentsOf: Fixture.url("Tabs.storyboard"))
        let loader = StoryboardLoader()
        let expected = loader.load(bytes: data, path: "Tabs.storyboard")
        let results = await withTaskGroup(of: Loaded<LoadedStoryboard>.self) { group in
            for _ in 0..<32 { group.addTask { loader.load(bytes: data, path: "Tabs.storyboard") } }
            return await group.reduce(into: []) { $0.append($1) }
        }
        #expect(results.count == 32)
        #expect(results.allSatisfy { $0 == expected })
    }
}
