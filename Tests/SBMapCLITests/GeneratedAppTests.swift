import Foundation
import Testing

/// Apps made by the project's own generator, `scripts/gen-app.py`, against what it says a correct analysis finds
/// (`EXPECTED.json`): the counts of `check`'s summary (storyboards, scenes, segues by kind, cross-file links by
/// state, code links), the entry point, and every finding by code and place. The generator is part of the
/// repository, so only a missing `python3` turns the suite off.
@Suite("Generated apps against scripts/gen-app.py's EXPECTED.json",
       .enabled(if: GeneratedCorpus.python != nil, "no python3 on PATH: scripts/gen-app.py cannot run"))
struct GeneratedAppTests {
    static let shapes: [GeneratedCorpus.Shape] = [
        // Swift sources with every planted kind of broken call, nested feature folders.
        .init(name: "code", arguments: ["--storyboards", "10", "--scenes-per", "8", "--seed", "3",
                                        "--unresolved", "3", "--external", "2", "--code", "--code-broken", "6"]),
        // Many storyboards with code: where code is scanned, a storyboard nothing loads has its findings lowered to
        // warnings, so the planted broken links are errors only if the app loads every storyboard, as real ones do.
        .init(name: "code-wide", arguments: ["--storyboards", "60", "--scenes-per", "12", "--seed", "2",
                                             "--unresolved", "10", "--external", "2", "--code", "--code-broken", "3"]),
        // Storyboards only, all in one folder, many references and runtime links.
        .init(name: "flat-links", arguments: ["--storyboards", "8", "--scenes-per", "16", "--seed", "11",
                                              "--unresolved", "4", "--external", "1", "--layout", "flat",
                                              "--ref-rate", "0.2", "--link-rate", "0.1"]),
        // Nothing planted: a clean app exits 0.
        .init(name: "clean", arguments: ["--storyboards", "5", "--scenes-per", "10", "--seed", "8", "--code",
                                         "--size-model", "scene"]),
    ]

    @Test(arguments: shapes)
    func analysisMatchesExpected(_ shape: GeneratedCorpus.Shape) throws {
        let folder = try GeneratedApp.generate(shape.arguments)
        let expected = try GeneratedCorpus.expected(in: folder)
        let oracle = try #require(expected["oracle"] as? [String: Any])

        let run = try Harness.run(["export", "."], in: folder)
        #expect(run.status == Int32(oracle["check_exit"] as? Int ?? -1), "\(shape.name): \(run.stderr.suffix(2000))")
        let graph = try #require(try JSONSerialization.jsonObject(with: run.stdoutBytes) as? [String: Any])
        GeneratedCorpus.Counts(graph: graph).expectMatches(oracle, shape.name)

        let code = GeneratedApp.codeLinks(graph)
        let expectedCode = GeneratedCorpus.intMap(oracle["code_links"])
        #expect(code.total == expectedCode["total"], "\(shape.name): code links")
        #expect(code.unresolved == expectedCode["unresolved"], "\(shape.name): unresolved code links")

        // The summary line says the same, in `check`'s words.
        let links = GeneratedCorpus.intMap(oracle["cross_file_links"])
        let summary = run.stderr.split(separator: "\n").last.map(String.init) ?? ""
        #expect(summary.contains("\(links["total"] ?? -1) cross-file link"), "\(shape.name): \(summary)")
        #expect(summary.contains("(\(links["resolved"] ?? -1) resolved"), "\(shape.name): \(summary)")

        // Findings: exactly the codes planted, each where it was planted.
        let diagnostics = (graph["diagnostics"] as? [[String: Any]]) ?? []
        var byCode: [String: Int] = [:]
        for diagnostic in diagnostics { byCode[diagnostic["code"] as? String ?? "?", default: 0] += 1 }
        #expect(byCode == GeneratedCorpus.intMap(oracle["findings"]), "\(shape.name): findings by code")
        var levels: [String: Int] = [:]
        for diagnostic in diagnostics { levels[diagnostic["severity"] as? String ?? "?", default: 0] += 1 }
        let expectedLevels = GeneratedCorpus.intMap(oracle["levels"])
        #expect((levels["error"] ?? 0) == expectedLevels["error"], "\(shape.name): errors")
        #expect((levels["warning"] ?? 0) == expectedLevels["warning"], "\(shape.name): warnings")
        for planted in (expected["planted_code"] as? [[String: Any]]) ?? [] {
            let hit = diagnostics.contains {
                $0["file"] as? String == planted["file"] as? String && $0["line"] as? Int == planted["line"] as? Int
                    && $0["code"] as? String == planted["code"] as? String
            }
            #expect(hit, "\(shape.name): no \(planted["code"] ?? "") at \(planted["file"] ?? ""):\(planted["line"] ?? "")")
        }
        let nodes = Dictionary(((graph["nodes"] as? [[String: Any]]) ?? []).compactMap { node in
            (node["id"] as? String).map { ($0, node) }
        }, uniquingKeysWith: { first, _ in first })
        for planted in (expected["unresolved"] as? [[String: Any]]) ?? [] {
            let id = "\(planted["file"] as? String ?? "")#\(planted["id"] as? String ?? "")"
            let state = (nodes[id]?["resolution"] as? [String: Any])?["state"] as? String
            #expect(state == planted["state"] as? String, "\(shape.name): \(id) (\(planted["why"] ?? ""))")
        }

        // The entry point the Info.plist declares.
        for entry in (oracle["entry_points"] as? [[String: Any]]) ?? [] {
            let board = ((graph["storyboards"] as? [[String: Any]]) ?? []).first { $0["name"] as? String == entry["storyboard"] as? String }
            let keys = ((board?["entryPoints"] as? [[String: Any]]) ?? []).compactMap { $0["key"] as? String }
            #expect(keys.contains(entry["key"] as? String ?? "?"), "\(shape.name): entry point \(entry)")
        }
    }

    @Test func sameSeedSameBytes() throws {
        let arguments = ["--storyboards", "4", "--scenes-per", "6", "--seed", "5", "--unresolved", "1", "--code",
                         "--code-broken", "2"]
        let first = try GeneratedApp.generate(arguments), second = try GeneratedApp.generate(arguments)
        let other = try GeneratedApp.generate(arguments.map { $0 == "5" ? "6" : $0 })
        #expect(try GeneratedApp.files(first) == GeneratedApp.files(second))
        #expect(try GeneratedApp.files(first) != GeneratedApp.files(other))
    }
}

/// Running `scripts/gen-app.py` and reading what the graph says about code links.
enum GeneratedApp {
    static let script: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("scripts/gen-app.py")

    /// Generates an app into a new folder of the test scratch space and returns the folder.
    static func generate(_ arguments: [String]) throws -> URL {
        let folder = Harness.newFolder()
        try GeneratedCorpus.run(script, arguments + ["--out", folder.path])
        return folder
    }

    /// Every file under `folder`, by relative path.
    static func files(_ folder: URL) throws -> [String: Data] {
        var result: [String: Data] = [:]
        let enumerator = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: [.isRegularFileKey])
        let prefix = folder.standardizedFileURL.path + "/"
        while let url = enumerator?.nextObject() as? URL {
            guard try url.resourceValues(forKeys: [.isRegularFileKey]).isRegularFile == true else { continue }
            result[String(url.standardizedFileURL.path.dropFirst(prefix.count))] = try Data(contentsOf: url)
        }
        return result
    }

    /// Code edges, and those that end at a code-target node (a name the code uses that does not resolve).
    static func codeLinks(_ graph: [String: Any]) -> (total: Int, unresolved: Int) {
        let targets = Set(((graph["nodes"] as? [[String: Any]]) ?? []).compactMap { node -> String? in
            node["role"] as? String == "code-target" ? node["id"] as? String : nil
        })
        let code = ((graph["edges"] as? [[String: Any]]) ?? []).filter { $0["kind"] as? String == "code" }
        return (code.count, code.filter { targets.contains($0["to"] as? String ?? "") }.count)
    }
}
