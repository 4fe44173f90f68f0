import Foundation
@testable import SBMapCLI
import SBMapAnalysis
import SBMapModel
import SBMapRender
import SBMapStyle
import Testing

/// `render --all` of many storyboards past the run's layout budget: the maps left out are not rendered,
/// not written, not in `maps.json`, and are one note, not one each (a run of 10,000 storyboards printed 8,009 lines).
@Suite struct AllMapsBudgetTests {
    @Test func mapsLeftOutByTheRunBudgetAreOneNote() throws {
        var files: [String: String] = [:]
        for name in ["Alpha", "Beta", "Gamma", "Delta", "Epsilon"] {
            files["App/\(name).storyboard"] = XML.storyboard(initial: "a", XML.scene("a"), XML.scene("b"))
        }
        let root = try Harness.project(files)
        let result = try Analysis.run(inputs: [root.appendingPathComponent("App").path])
        var options = RenderOptions(format: .svg, theme: try #require(try BuiltinThemes.theme(named: "default")))
        // Enough for the overview (its layout, predicted at 0.00025 s for five storyboards in one rank, and the
        // overhead every drawn map is charged), nothing after it.
        options.layoutBudget = LayoutBudget(mapSeconds: 5, runSeconds: LayoutCost.mapOverheadSeconds + 0.001)
        let folder = Harness.newFolder().path
        try FileManager.default.createDirectory(atPath: folder + "/storyboards", withIntermediateDirectories: true)
        let maps = AllMaps(folder: folder, format: .graphviz(.svg),
                           settings: MapOptions.Settings(render: options, hops: 1, budget: MapBudget()))
        let findings = try maps.write(result.graph, counts: result.counts,
                                      ending: FindingsGate(findings: try FindingOptions.parse([]), config: nil))

        let notes = findings.filter { $0.code == .renderLimited && $0.message.contains("not drawn") }
        #expect(notes.count == 1, "\(notes.map(\.message))")
        let note = try #require(notes.first)
        #expect(note.severity == .info)
        #expect(note.message.hasPrefix("5 maps were not drawn, to keep the run bounded"), "\(note.message)")
        #expect(note.message.contains("the first: the map of ") && note.message.hasSuffix(", and 2 more"), "\(note.message)")
        #expect(note.hint?.contains("--focus") == true)

        let index = try #require(MapsManifest.read(folder: folder))
        #expect(index.maps.isEmpty, "only maps written are listed")
        #expect(FileManager.default.fileExists(atPath: folder + "/overview.svg"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder + "/storyboards").isEmpty)
    }
}
