import Foundation
import SBMapModel
@testable import SBMapRender
import SBMapStyle
import Testing

/// Graphviz runs inside the process, so a crash in it kills `sbmap` (and a test run). These tests render in a
/// child process, `SBMapRenderProbe`, and see a crash as its exit status (docs/robustness.md, "What Graphviz is
/// given").
///
/// The bug they pin down: Graphviz's dot (up to 13.0.0) frees a rank's node list twice in `gvFreeLayout` once it
/// has put the label of an edge that stays within one rank into the rank above (`make_vn_slot` reallocates the
/// list through the pointer that does not own it). Whether the process then aborts depends on whether `realloc`
/// moved the list. With AddressSanitizer's allocator it always moves, so the child runs with the toolchain's ASan
/// runtime preloaded when there is one, which makes the crash certain instead of likely.
@Suite struct RenderCrashTests {
    static let theme = try! BuiltinThemes.theme(named: "default")!

    @Test(arguments: GraphvizFormat.allCases)
    func labelledEdgesLeftOutOfTheRankingDoNotCrashDot(_ format: GraphvizFormat) throws {
        let run = try Self.renderInChild(SampleGraphs.codeCycle, engine: .dot, format: format)
        #expect(run.status == 0, "dot → \(format): exit \(run.status)\n\(run.stderr.suffix(3000))")
        #expect(run.output.count > 100)
    }

    @Test(arguments: LayoutEngine.allCases)
    func theSameGraphInEveryEngine(_ engine: LayoutEngine) throws {
        let run = try Self.renderInChild(SampleGraphs.codeCycle, engine: engine, format: .svg)
        #expect(run.status == 0, "\(engine): exit \(run.status)\n\(run.stderr.suffix(3000))")
        #expect(String(decoding: run.output, as: UTF8.self).hasSuffix("</svg>\n"))
    }

    /// The rule that keeps the crash away: an edge left out of the ranking (`constraint=false`) can land within one
    /// rank, so its text goes in an external label (`xlabel`, placed after layout), never in `label`. Checked on the
    /// first layout's graph and on the retry's, where every edge between storyboards is left out.
    @Test(arguments: [false, true])
    func edgesLeftOutOfTheRankingCarryTheirTextOutside(relaxingAll: Bool) throws {
        let styled = Stylist(theme: Self.theme).style(SampleGraphs.codeCycle)
        let text = String(decoding: try Renderer.dotText(styled, engine: .dot, relaxAllCrossClusterEdges: relaxingAll),
                          as: UTF8.self)
        let edges = Self.edgeAttributes(text)
        let relaxed = edges.filter { $0["constraint"] == "false" }
        #expect(relaxed.count == (relaxingAll ? 3 : 2), "\(relaxed)")
        for edge in relaxed {
            #expect(edge["label"] == nil, "\(edge)")
        }
        #expect(Set(relaxed.compactMap { $0["xlabel"] }) == ["Two", "Three"])
        // Edges that keep ranking the map keep their text as a label.
        #expect(edges.contains { $0["constraint"] == nil && $0["label"] == "toTwo" })
        #expect(edges.filter { $0["constraint"] == nil }.allSatisfy { $0["xlabel"] == nil })
    }

    // MARK: Support

    /// Each edge statement's attributes in cgraph's DOT text (`a -> b [k=v, k="v", …];`). Values keep their quotes.
    static func edgeAttributes(_ dot: String) -> [[String: String]] {
        var result: [[String: String]] = []
        for statement in dot.components(separatedBy: "];") where statement.contains(" -> ") {
            guard let open = statement.firstIndex(of: "[") else { continue }
            var attributes: [String: String] = [:]
            var key = "", value = "", inKey = true, quoted = false
            for ch in statement[statement.index(after: open)...] {
                if inKey {
                    if ch == "=" { inKey = false } else if !ch.isWhitespace && ch != "," { key.append(ch) }
                } else if ch == "\"" {
                    quoted.toggle()
                    value.append(ch)
                } else if ch == "," && !quoted {
                    attributes[key] = value.trimmingCharacters(in: .whitespacesAndNewlines)
                    key = ""; value = ""; inKey = true
                } else {
                    value.append(ch)
                }
            }
            if !key.isEmpty { attributes[key] = value.trimmingCharacters(in: .whitespacesAndNewlines) }
            result.append(attributes)
        }
        return result
    }

    struct ChildRun {
        var status: Int32
        var stderr: String
        var output: Data
    }

    /// Renders `graph` in `SBMapRenderProbe`, with AddressSanitizer's allocator preloaded when the toolchain has it.
    static func renderInChild(_ graph: StoryboardGraph, engine: LayoutEngine, format: GraphvizFormat) throws -> ChildRun {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("sbmap-render-crash-\(getpid())-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let input = folder.appendingPathComponent("graph.json")
        let output = folder.appendingPathComponent("map.\(format.rawValue)")
        try JSONEncoder().encode(graph).write(to: input)

        let process = Process()
        process.executableURL = probe
        process.arguments = [input.path, engine.rawValue, format.rawValue, output.path]
        var environment = ProcessInfo.processInfo.environment
        environment["SWIFT_BACKTRACE"] = "enable=no"
        if let runtime = asanRuntime {
            environment["LD_PRELOAD"] = runtime
            // Only the allocator is checked (the probe is not instrumented); the Swift runtime's own leaks are not ours.
            environment["ASAN_OPTIONS"] = "detect_leaks=0:symbolize=0:exitcode=86"
        }
        process.environment = environment
        let err = Pipe()
        process.standardError = err
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return ChildRun(status: process.terminationStatus, stderr: String(decoding: errData, as: UTF8.self),
                        output: (try? Data(contentsOf: output)) ?? Data())
    }

    /// The probe, next to the test bundle (`swift build --build-tests` builds both).
    static var probe: URL {
        var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        while url.pathExtension == "xctest" || url.lastPathComponent == "Contents" || url.lastPathComponent == "MacOS" {
            url.deleteLastPathComponent()
        }
        return url.appendingPathComponent("SBMapRenderProbe")
    }

    /// The AddressSanitizer runtime of the Swift toolchain on `PATH` (Linux; `SBMAP_ASAN_RUNTIME` names another, or
    /// turns it off when empty). `nil` when there is none: the child then runs on the system allocator, where the bug
    /// shows only when `realloc` happens to move.
    static let asanRuntime: String? = {
        let environment = ProcessInfo.processInfo.environment
        if let given = environment["SBMAP_ASAN_RUNTIME"] { return given.isEmpty ? nil : given }
        #if os(Linux)
        #if arch(x86_64)
        let arch = "x86_64"
        #elseif arch(arm64)
        let arch = "aarch64"
        #else
        return nil
        #endif
        for folder in (environment["PATH"] ?? "").split(separator: ":") {
            let swiftc = URL(fileURLWithPath: String(folder)).appendingPathComponent("swiftc")
            guard FileManager.default.isExecutableFile(atPath: swiftc.path) else { continue }
            let usr = swiftc.resolvingSymlinksInPath().deletingLastPathComponent().deletingLastPathComponent()
            let runtime = usr.appendingPathComponent("lib/swift/clang/lib/linux/libclang_rt.asan-\(arch).so")
            return FileManager.default.fileExists(atPath: runtime.path) ? runtime.path : nil
        }
        #endif
        return nil
    }()
}
