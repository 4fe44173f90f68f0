import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

/// Inputs under the size limits that were read in quadratic time: an Info.plist dictionary or
/// array of 40,000 entries (16 s), nested `#if`s and long `#elseif` chains (a 600 KB file took 40 s). These tests check
/// what is read from them, never the clock: the scaling is measured by `scripts/bench.sh --scaling`
/// (docs/benchmarks.md, "Scaling of hostile inputs").
@Suite struct LinearInputTests {
    static let keys = 40_000

    /// An XML Info.plist with `keys` filler keys, a filler array of `keys` strings, then the main storyboard.
    static func bigXMLPlist() -> [UInt8] {
        var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist version=\"1.0\">\n<dict>\n"
        for k in 0..<keys { text += "<key>Key\(k)</key><string>v\(k)</string>\n" }
        text += "<key>Filler</key>\n<array>\n"
        for k in 0..<keys { text += "<string>item \(k)</string>\n" }
        text += "</array>\n<key>UIMainStoryboardFile</key>\n<string>Main</string>\n</dict>\n</plist>\n"
        return Array(text.utf8)
    }

    @Test func anXMLPlistOfFortyThousandKeysIsReadWhole() throws {
        let loaded = SettingsLoader().loadInfoPlist(bytes: Self.bigXMLPlist(), path: "Big/Info.plist")
        #expect(loaded.diagnostics.isEmpty)
        let value = try #require(loaded.value)
        #expect(value.entryPoints.map(\.storyboardName) == ["Main"])
        // The line after 40,000 key lines, the array's 40,000 lines and its two tags.
        #expect(value.entryPoints.first?.location == SourceLocation(path: "Big/Info.plist", line: 3 + Self.keys + 2 + Self.keys + 3, column: 1))
    }

    @Test func theXMLReaderKeepsEveryEntryInOrder() throws {
        let reader = XMLPlistReader(path: "Info.plist")
        let session = SAXSession(delegate: reader, doctypePolicy: .externalIdentifierOnly, wantsText: true)
        let bytes = Self.bigXMLPlist()
        _ = bytes.withUnsafeBytes { ByteSource.readMemory($0, limits: LoadLimits()) { session.feed($0) } }
        _ = session.finish()
        guard case .dictionary(let entries)? = reader.root else {
            Issue.record("no dictionary")
            return
        }
        #expect(entries.count == Self.keys + 2)
        #expect(entries[12_345].key == "Key12345")
        #expect(entries[12_345].value.stringValue?.0 == "v12345")
        let items = reader.root?["Filler"]?.arrayValue ?? []
        #expect(items.count == Self.keys)
        #expect(items.last?.stringValue?.0 == "item \(Self.keys - 1)")
    }

    @Test func aBinaryPlistOfFortyThousandKeysIsReadWhole() throws {
        var plist: [String: Any] = ["UIMainStoryboardFile": "Main", "Filler": (0..<Self.keys).map { "item \($0)" }]
        for k in 0..<Self.keys { plist["Key\(k)"] = "v\(k)" }
        let data = try PropertyListSerialization.data(fromPropertyList: plist, format: .binary, options: 0)
        let loaded = SettingsLoader().loadInfoPlist(bytes: data, path: "Binary/Info.plist")
        #expect(loaded.diagnostics.isEmpty)
        #expect(loaded.value?.entryPoints.map(\.storyboardName) == ["Main"])
    }

    // MARK: #if

    /// `depth` nested `#if`s (the outermost `os(macOS)`), a storyboard use inside them all, and their `#endif`s.
    static func nestedIfs(depth: Int, objectiveC: Bool = false) -> String {
        var text = objectiveC ? "#if TARGET_OS_OSX\n" : "#if os(macOS)\n"
        for k in 1..<depth { text += objectiveC ? "#if FLAG\(k)\n" : "#if FLAG\(k) && !os(tvOS)\n" }
        text += objectiveC
            ? "static void f(void) { [UIStoryboard storyboardWithName:@\"Deep\" bundle:nil]; }\n"
            : "let deep = UIStoryboard(name: \"Deep\", bundle: nil)\n"
        text += String(repeating: "#endif\n", count: depth)
        text += objectiveC ? "" : "let after = UIStoryboard(name: \"After\", bundle: nil)\n"
        return text
    }

    @Test(arguments: [CodeLanguage.swift, .objectiveC])
    func deeplyNestedIfsKeepTheOuterConditionsAndAreUnknownBeyond(_ language: CodeLanguage) throws {
        let depth = 20_000
        let text = Self.nestedIfs(depth: depth, objectiveC: language == .objectiveC)
        let ranges = CompileConditionScanner.ranges(Array(text.utf8), language: language)
        let inner = try #require(ranges.condition(atLine: depth + 1))
        guard case .all(let terms) = inner else {
            Issue.record("\(inner)")
            return
        }
        #expect(terms.count == CompileConditionScanner.maxTrackedConditions + 1)
        #expect(terms.first == .os("macOS"))
        #expect(terms.last == .unknown("#if nested more than \(CompileConditionScanner.maxTrackedConditions) deep"))
        // The outer conditions still decide: not compiled for iOS; maybe for macOS.
        #expect(inner.mayCompile(on: .iOS) == false)
        #expect(inner.evaluate(on: .macOS) == nil)
        #expect(ranges.condition(atLine: 2 * depth + 2) == nil, "after the last #endif")

        // The whole file is read: the use deep inside is found.
        let loaded = CodeScanner().scan(text: text, path: language == .swift ? "Deep.swift" : "Deep.m", language: language)
        #expect(loaded.value?.conditions.count == ranges.count)
        #expect(loaded.value?.loads.map(\.name).contains(.literal("Deep")) == true)
    }

    @Test func aLongElseifChainKeepsItsFirstBranchesAndIsUnknownAfter() throws {
        let branches = 20_000
        var text = "#if os(iOS)\nlet a = 0\n"
        for k in 1..<branches { text += "#elseif FLAG\(k)\nlet a = \(k)\n" }
        text += "#else\nlet z = 0\n#endif\n"
        let ranges = CompileConditionScanner.ranges(Array(text.utf8), language: .swift)
        #expect(ranges.count == branches + 1)
        // The second branch: the first excluded.
        #expect(ranges.condition(atLine: 4) == .all([.not(.any([.os("iOS")])), .unknown("FLAG1")]))
        // The last: excluded on iOS (the first branch is kept), unknown elsewhere.
        let last = try #require(ranges.condition(atLine: 2 * branches + 2))
        #expect(last.mayCompile(on: .iOS) == false)
        #expect(last.evaluate(on: .macOS) == nil)
        guard case .not(.any(let previous)) = last else {
            // `#else` after more branches than are kept: the kept ones excluded, and unknown.
            guard case .all(let terms) = last, case .not(.any(let kept)) = terms.first else {
                Issue.record("\(last)")
                return
            }
            #expect(kept.count == CompileConditionScanner.maxTrackedConditions)
            #expect(terms.last == .unknown("an #if with more than \(CompileConditionScanner.maxTrackedConditions) branches"))
            return
        }
        Issue.record("every branch kept: \(previous.count)")
    }

    // MARK: Git LFS

    @Test(arguments: ["https://git-lfs.github.com/spec/v1", "https://hawser.github.com/spec/v1"])
    func lfsPointersOfEitherSpecURLAreRecognised(_ url: String) {
        let pointer = Array("""
            version \(url)
            oid sha256:4d7a214614ab2935c943f9e0ff69d22eadbb8f32b1258daaa5e2ca24d17e2393
            size 12345

            """.utf8)
        let storyboard = StoryboardLoader().load(bytes: pointer, path: "App/Main.storyboard")
        #expect(storyboard.diagnostics.map(\.code) == [.lfsPointer])
        let plist = SettingsLoader().loadInfoPlist(bytes: pointer, path: "App/Info.plist")
        #expect(plist.diagnostics.map(\.code) == [.lfsPointer])
        #expect(plist.diagnostics.first?.severity == .warning)
    }
}
