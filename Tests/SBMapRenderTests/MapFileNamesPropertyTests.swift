import Foundation
import SBMapModel
import SBMapStyle
import Testing

/// A property test of `MapFileNames`: for many random storyboard paths — unicode, control
/// characters, `..`, dots, spaces, very long folders, the same name in many places — every generated name is safe
/// (no separator, no leading dot, nothing but `[A-Za-z0-9._-]`), bounded (a file name with its extension fits in 255
/// bytes), unique (ignoring case, for case-insensitive file systems), stable (the same names whatever the order),
/// and stays inside the output folder.
@Suite struct MapFileNamesPropertyTests {
    /// SplitMix64: the same seed gives the same paths, so a failure can be replayed.
    struct Generator: RandomNumberGenerator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
    }

    static let pieces = ["Main", "Base.lproj", "..", ".", "...", ".hidden", "設定", "Ünïcödé", "emoji🙂👩‍👩‍👧", "a b", "-", "_",
                         "tab\tname", "line\nbreak", "nul\u{0}byte", "bidi\u{202E}txt", "C:\\win", "%2F", "a.b.c", "",
                         String(repeating: "Long", count: 70), String(repeating: "é", count: 200), "MAIN", "main"]

    static func randomComponent(_ rng: inout Generator) -> String {
        switch Int.random(in: 0..<4, using: &rng) {
        case 0: return pieces.randomElement(using: &rng)!
        case 1:
            let scalars = (0..<Int.random(in: 1...40, using: &rng)).map { _ in
                Unicode.Scalar(UInt32.random(in: 0...0x2FFF, using: &rng)).map(String.init) ?? "x"
            }
            return scalars.joined()
        case 2: return String(repeating: pieces.randomElement(using: &rng)!, count: Int.random(in: 1...12, using: &rng))
        default: return "F\(Int.random(in: 0..<5, using: &rng))"
        }
    }

    @Test(arguments: 0..<20)
    func anyTreeGetsSafeBoundedUniqueStableNames(seed: Int) {
        var rng = Generator(state: UInt64(seed) &* 7919 &+ 1)
        var paths = Set<String>()
        for _ in 0..<Int.random(in: 1...150, using: &rng) {
            let depth = Int.random(in: 0...8, using: &rng)
            let folders = (0..<depth).map { _ in Self.randomComponent(&rng) }
            let name = Bool.random(using: &rng) ? "Main" : Self.randomComponent(&rng)
            paths.insert((folders + [name + ".storyboard"]).joined(separator: "/"))
        }
        let storyboards = paths.map { Storyboard(path: $0, name: "x", platform: .iOS) }
        let names = MapFileNames.names(for: storyboards)
        #expect(names.count == paths.count, "every storyboard has a name")
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-".unicodeScalars)
        for (path, name) in names {
            #expect(!name.isEmpty && !name.hasPrefix(".") && !name.contains("/"), "\(path.debugDescription) → \(name)")
            #expect(name.unicodeScalars.allSatisfy(allowed.contains), "\(name)")
            #expect((name + ".html").utf8.count <= 255 && name.utf8.count <= MapFileNames.maxLength + 6, "\(name.utf8.count) bytes")
            let file = URL(fileURLWithPath: "/out/storyboards").appendingPathComponent(name + ".svg").standardizedFileURL.path
            #expect(file.hasPrefix("/out/storyboards/") && !file.dropFirst("/out/storyboards/".count).contains("/"))
        }
        #expect(Set(names.values.map { $0.lowercased() }).count == names.count, "unique, ignoring case")
        #expect(!names.values.contains { ["overview", "index"].contains($0.lowercased()) })
        var shuffled = storyboards
        shuffled.shuffle(using: &rng)
        #expect(MapFileNames.names(for: shuffled) == names, "stable whatever the order")
    }

    /// The case the issue found: the same name under folders long enough that the old names passed 255 bytes.
    @Test func theSameNameUnderLongFoldersIsCapped() {
        let long = String(repeating: "VeryLongFeatureFolderName", count: 4)
        let paths = (0..<6).map { "App/\(long)\($0)/\(long)/\(long)/\(long)/Main.storyboard" }
        let names = MapFileNames.names(for: paths.map { Storyboard(path: $0, name: "Main", platform: .iOS) })
        #expect(Set(names.values).count == 6)
        for name in names.values {
            #expect(name.utf8.count <= MapFileNames.maxLength, "\(name)")
            #expect(name.hasSuffix("-Main"), "the storyboard's own name stays readable: \(name)")
        }
    }
}
