import Foundation
@testable import SBMapCLI
import SBMapModel
import Testing

/// `sbmap export` streams the graph's JSON from the model (`JSONStreamWriter`, `GraphJSONStream.swift`) instead of
/// building it with `JSONEncoder`. The promise is byte identity with what `JSONEncoder` makes of the `Encodable`
/// conformances (docs/graph-schema.md), so every test here compares the two.
@Suite struct GraphJSONStreamTests {
    /// What `sbmap export` wrote before streaming, and the reference: `JSONEncoder`, and a newline.
    static func reference(_ graph: StoryboardGraph) throws -> [UInt8] {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return Array(try encoder.encode(graph)) + [UInt8(ascii: "\n")]
    }

    static func streamed(_ graph: StoryboardGraph, chunkSize: Int = 1 << 16) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try GraphJSON.write(graph, chunkSize: chunkSize) { bytes.append(contentsOf: $0) }
        return bytes
    }

    // The comparisons are made outside `#expect`, which would print both arrays (megabytes) on a failure.

    /// Where two byte strings first differ, with some context, for a failure message.
    static func difference(_ a: [UInt8], _ b: [UInt8]) -> String {
        guard a != b else { return "identical" }
        let k = (0..<min(a.count, b.count)).first { a[$0] != b[$0] } ?? min(a.count, b.count)
        let context = { (bytes: [UInt8]) in String(decoding: bytes[max(0, k - 80)..<min(bytes.count, k + 80)], as: UTF8.self) }
        return "first difference at byte \(k) of \(a.count) and \(b.count):\n--- streamed\n\(context(a))\n--- JSONEncoder\n\(context(b))"
    }

    // MARK: - Fixtures

    /// Strings that need every kind of escape JSON has, and some that need none but look as if they might.
    static let hostile: [String] = [
        "",
        "plain",
        #"quote " and backslash \ and both \""#,
        "slash / and //, </script>",
        String((0..<0x20).map { Character(Unicode.Scalar($0)!) }),  // every C0 control character, NUL included
        "DEL \u{7F}, NBSP \u{A0}, U+0085 \u{85}, LS \u{2028}, PS \u{2029}, BOM \u{FEFF}",
        "non-BMP 𝄞 🏳️‍🌈 👩🏽‍💻, combining e\u{301}, CRLF \r\n as one Character",
        "日本語のストーリーボード",
        // Bytes that are no UTF-8 (a lone surrogate's encoding, 0xFF): a Swift string holds U+FFFD instead.
        String(decoding: [0x61, 0xED, 0xA0, 0x80, 0x62, 0xFF, 0x63], as: UTF8.self),
        "\\u0041 is not A, \\n is not a newline",
        String(repeating: "long \"line\"\t", count: 20_000),  // longer than the writer's buffer
    ]

    static func location(_ text: String, _ line: Int) -> SBMapModel.SourceLocation {
        SBMapModel.SourceLocation(path: "App/\(text).storyboard", line: line, column: line * 3)
    }

    /// A graph in which every field of every type is set (`unsetFields` proves it), with `text` in every string.
    static func everyField(_ text: String) -> StoryboardGraph {
        var graph = StoryboardGraph()
        graph.targets = [
            BuildTarget(id: "App.xcodeproj#\(text)", name: text, project: "App.xcodeproj", product: .application,
                        productType: "com.apple.product-type.application", platforms: [.iOS, .macOS],
                        infoPlist: "App/\(text)-Info.plist", bundleIdentifier: "com.example.\(text)",
                        declaredAt: location(text, 7)),
        ]
        graph.storyboards = [
            Storyboard(path: "App/Base.lproj/\(text).storyboard", name: text, platform: .tvOS, localization: "Base",
                       localizedVariants: ["App/fr.lproj/\(text).storyboard"], initialScene: "\(text)#a",
                       isLaunchScreen: true,
                       entryPoints: [EntryPoint(role: .launchPad, key: "UILaunchStoryboardName~ipad", declaredAt: location(text, 2))],
                       targets: ["App.xcodeproj#\(text)"], kind: .xib),
        ]
        var node = Node(id: "\(text)#a", storyboard: "App/\(text).storyboard", objectID: "a-\(text)",
                        element: "viewControllerPlaceholder", role: .reference, customClass: "\(text)Controller",
                        customModule: text, storyboardIdentifier: text, title: text, label: text, initial: true,
                        location: location(text, 12),
                        link: LinkTarget(mechanism: .runtimeAttributes, storyboardName: text, identifier: text,
                                         bundleIdentifier: "com.example.\(text)", linkClass: "RBStoryboardLink"),
                        resolution: Resolution(state: .ambiguous, target: "\(text)#b", reason: text,
                                               candidates: ["\(text)#b", "\(text)#c"]),
                        unwindAction: "unwindTo\(text):")
        node.summary = StoryboardSummary(storyboard: "App/\(text).storyboard", name: text, scenes: 20, unresolved: 3,
                                         errors: 2, warnings: 1, notes: -4, entryRoles: [.main, .scene],
                                         targets: ["App.xcodeproj:\(text)"])
        node.summary?.openedFromCode = ["\(text)Coordinator"]
        node.targets = ["App.xcodeproj#\(text)"]
        node.change = Change(.changed, details: ["class: \(text) → \(text)2", text])
        node.instantiatedBySelfAt = [SourceLocation(path: "App/\(text).swift", line: 12, column: 5)]
        node.doc = "What \(text) is for."
        node.note = "Reached only from \(text)"
        graph.nodes = [node]
        var edge = Edge(id: "\(text)#e", from: "\(text)#a", to: "\(text)#b", kind: EdgeKind(text), relationship: text,
                        order: 0, identifier: text, creationSelector: "make\(text):", customClass: "\(text)Segue",
                        unwindAction: "unwind\(text):", crossFile: true, trigger: Trigger(element: "button", objectID: text),
                        location: location(text, 40), via: "instantiateViewController(withIdentifier:)")
        edge.count = Int.max
        edge.worst = Resolution.State.external
        edge.change = Change(.removed, details: [text])
        graph.edges = [edge]
        graph.diagnostics = [
            Diagnostic(.error, DiagnosticCode(text), text, at: location(text, 99), facts: [.caughtByTry], hint: text),
        ]
        return graph
    }

    /// The same types with every optional field `nil` and every array empty.
    static func noOptionalField() -> StoryboardGraph {
        var graph = StoryboardGraph()
        graph.targets = [BuildTarget(id: "P#T", name: "T", project: "P", product: .other, productType: "", platforms: [])]
        graph.storyboards = [Storyboard(path: "A.storyboard", name: "A", platform: .unknown)]
        graph.nodes = [
            Node(id: "A#1", storyboard: nil, objectID: nil, element: "viewController", role: .plain, label: "A"),
            Node(id: "A#2", storyboard: "A.storyboard", objectID: "2", element: "x", role: .link, label: "",
                 link: LinkTarget(mechanism: .storyboardReference, storyboardName: nil),
                 resolution: Resolution(state: .unresolved)),
        ]
        graph.edges = [Edge(id: "e", from: "A#1", to: "A#2", kind: .show, order: Int.min)]
        graph.diagnostics = [Diagnostic(.info, .noStoryboards, "no storyboards", at: nil)]
        return graph
    }

    /// The paths (`Node.summary.entryRoles`) of every optional that is `nil` and every array that is empty in
    /// `value`, looking into each element of arrays and the value of optionals.
    static func unsetFields(of value: Any, at path: String = "graph") -> [String] {
        let mirror = Mirror(reflecting: value)
        switch mirror.displayStyle {
        case .optional:
            guard let wrapped = mirror.children.first?.value else { return [path] }
            return unsetFields(of: wrapped, at: path)
        case .collection:
            guard !mirror.children.isEmpty else { return [path] }
            return mirror.children.enumerated().flatMap { unsetFields(of: $0.element.value, at: "\(path)[\($0.offset)]") }
        case .struct:
            if value is String || value is Int || value is Bool || value is any RawRepresentable { return [] }
            // The graph's storyboard-name index is derived from its storyboards and is not written to JSON.
            // Its nodes are stored as `storedNodes` (changed in place through `nodes`), written as `nodes`.
            return mirror.children.filter { !(value is StoryboardGraph && $0.label == "storyboardIndex") }
                .flatMap { child in
                    let label = value is StoryboardGraph && child.label == "storedNodes" ? "nodes" : child.label ?? "?"
                    return unsetFields(of: child.value, at: "\(path).\(label)")
                }
        default:
            return []
        }
    }

    // MARK: - Tests

    @Test func theFixtureSetsEveryFieldOfEveryType() {
        // A field added to the model without a line in GraphJSONStream.swift would be missing from the streamed JSON;
        // this keeps the fixture complete, so the byte comparison below catches it.
        #expect(Self.unsetFields(of: Self.everyField("x")) == [])
        #expect(Self.unsetFields(of: Self.noOptionalField()).contains("graph.nodes[0].storyboard"))  // the check can fail
    }

    @Test(arguments: hostile.indices)
    func everyFieldWithHostileTextIsByteIdentical(_ index: Int) throws {
        let graph = Self.everyField(Self.hostile[index])
        let streamed = try Self.streamed(graph)
        let reference = try Self.reference(graph)
        let identical = streamed == reference
        #expect(identical, "\(Self.difference(streamed, reference))")
    }

    @Test func absentOptionalsAndEmptyArraysAreByteIdentical() throws {
        for graph in [Self.noOptionalField(), StoryboardGraph()] {
            let streamed = try Self.streamed(graph)
            let reference = try Self.reference(graph)
            let identical = streamed == reference
            #expect(identical, "\(Self.difference(streamed, reference))")
        }
        // Foundation's form of an empty array, which the writer must copy.
        #expect(String(decoding: try Self.streamed(StoryboardGraph()), as: UTF8.self).contains("\"targets\" : [\n\n  ]\n}\n"))
    }

    @Test func chunksOfAnySizeMakeTheSameBytes() throws {
        let graph = Self.everyField(Self.hostile[2] + Self.hostile[4] + Self.hostile[6])
        let reference = try Self.reference(graph)
        for size in [1, 7, 100, 1 << 12] {
            var chunks: [[UInt8]] = []
            try GraphJSON.write(graph, chunkSize: size) { chunks.append(Array($0)) }
            #expect(chunks.dropLast().allSatisfy { $0.count == size }, "chunk size \(size)")
            #expect(chunks.count > 1)
            let identical = Array(chunks.joined()) == reference
            #expect(identical, "chunk size \(size)")
        }
    }

    @Test func theFirstFailureOfTheSinkIsThrownAndStopsTheWriting() throws {
        struct Full: Error {}
        var calls = 0
        #expect(throws: Full.self) {
            try GraphJSON.write(Self.everyField("x"), chunkSize: 64) { _ in
                calls += 1
                throw Full()
            }
        }
        #expect(calls == 1)
    }

    /// The apps in examples/ (code links, targets, entry points, exits) through the whole command, to a file and to
    /// stdout.
    @Test(arguments: ["examples/TabBarApp", "examples/CoordinatorApp"])
    func exportOfAnExampleIsByteIdentical(_ example: String) throws {
        let folder = Self.packageRoot.appendingPathComponent(example)
        try expectIdenticalExport(of: folder)
    }

    @Test(.enabled(if: GeneratedCorpus.available, "no ../shared/tools/gen_corpus.py (or no python3)"))
    func exportOfAGeneratedAppIsByteIdentical() throws {
        let folder = try GeneratedCorpus.generate(.init(
            name: "json-stream",
            arguments: ["--storyboards", "60", "--scenes-per", "12", "--seed", "11", "--unresolved", "6",
                        "--external", "2", "--ref-rate", "0.1", "--link-rate", "0.05"]))
        defer { try? FileManager.default.removeItem(at: folder) }
        try expectIdenticalExport(of: folder)
    }

    /// A write that fails halfway (stdout on a full disk) is an error that says why, with exit 1: not a crash, and
    /// not a silent half-written output.
    @Test(.enabled(if: FileManager.default.isWritableFile(atPath: "/dev/full"), "no /dev/full on this system"))
    func aFailingWriteToStdoutIsAnErrorWithItsReason() throws {
        let process = Process()
        process.executableURL = Harness.executable
        process.arguments = ["export", Self.packageRoot.appendingPathComponent("examples/TabBarApp").path, "--no-config"]
        process.standardOutput = try FileHandle(forWritingTo: URL(fileURLWithPath: "/dev/full"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit)
        #expect(process.terminationStatus == 2)
        #expect(message.contains("sbmap: error: cannot write to stdout: No space left on device"), "\(message)")
    }

    /// `sbmap export FOLDER -o FILE` and `-o -` both write exactly `JSONEncoder`'s bytes for the graph the pipeline
    /// builds of `folder`.
    func expectIdenticalExport(of folder: URL) throws {
        let inputs = try InputOptions.parse([folder.path, "--no-config"])
        let graph = try inputs.resolved().analyse().graph
        let reference = try Self.reference(graph)
        #expect(graph.nodes.count > 10)
        let inMemory = try Self.streamed(graph)
        let identical = inMemory == reference
        #expect(identical, "\(Self.difference(inMemory, reference))")

        let output = Harness.newFolder()
        try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
        let file = output.appendingPathComponent("graph.json")
        let run = try Harness.run(["export", folder.path, "--no-config", "-o", file.path], in: output)
        #expect(run.status == 0 || run.status == 1, "\(run.stderr)")
        let written = Array(try Data(contentsOf: file))
        let identicalFile = written == reference
        #expect(identicalFile, "\(Self.difference(written, reference))")
        #expect(try FileManager.default.contentsOfDirectory(atPath: output.path) == ["graph.json"])  // no temporary left

        let piped = try Harness.run(["export", folder.path, "--no-config"], in: output)
        let identicalPipe = Array(piped.stdoutBytes) == reference
        #expect(identicalPipe, "\(Self.difference(Array(piped.stdoutBytes), reference))")
    }

    static var packageRoot: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    }
}
