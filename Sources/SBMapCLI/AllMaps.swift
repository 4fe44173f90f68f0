import ArgumentParser
import Foundation
import SBMapModel
import SBMapRender
import SBMapStyle

/// `render --all -o DIR`: the overview and one focus map per storyboard, from one parse and resolve, with an index.
///
///     DIR/overview.svg
///     DIR/storyboards/Main.svg, DIR/storyboards/Settings.svg, …   (names from `MapFileNames`: stable, URL-safe)
///     DIR/maps.json                                               (what each file shows, and the app's counts as `check`
///                                                                 gives them; docs sites and PR previews read it)
///
/// Every file is written atomically. Maps an earlier run listed in `maps.json` whose storyboard is gone are removed,
/// so the folder never shows a storyboard that no longer exists. A focus map over the budget (a storyboard linked to
/// everything) is drawn with fewer hops, down to its own scenes and one stub per neighbour, and says so.
struct AllMaps {
    var folder: String
    var format: OutputFormat
    var settings: MapOptions.Settings

    /// The index's file name (`OutputFolder.prepare`, called first, made the folders and checked them).
    static let manifest = MapsManifest.fileName

    /// Writes every map; returns the findings of the renders (each distinct one once).
    /// A run that fails reports what was found through `ending` (less what its baseline knows) before it says why.
    func write(_ graph: StoryboardGraph, counts: GraphCounts, ending: FindingsGate) throws -> [Diagnostic] {
        let ext = format.fileExtension
        let options = settings.render, hops = settings.hops, budget = settings.budget
        let previous = MapsManifest.read(folder: folder)
        let names = MapFileNames.names(for: graph.storyboards)
        let storyboards = graph.storyboards.sorted { $0.path < $1.path }
        var progress = Progress(total: storyboards.count + 1)
        var findings: [Diagnostic] = []
        var failures: [String] = []

        // The run's layout time is bounded, not only each map's (`LayoutRun`): maps are planned in the order drawn.
        var run = LayoutRun(budget: options.layoutBudget)
        var skipped: [(subject: String, plan: LayoutPlan?)] = []
        /// Draws one map; whether it was written (`false` when the layout budget left it out, or it failed): the
        /// index lists only files this run wrote. A map left out is not rendered at all (past the budget, a map costs
        /// next to nothing), and one note says which were.
        @discardableResult
        func render(_ view: MapGraph, to file: String, subject: String) -> Bool {
            defer { progress.step() }
            var options = options
            var planned: LayoutPlan?
            // Text formats (JSON, Mermaid, Markdown) lay nothing out and cost nothing.
            if let cost = MapOutput.layoutCost(view, as: format, options: options) {
                let (plan, allowance) = run.plan(for: cost, options: options)
                guard plan.effort != .skipped else {
                    skipped.append((subject, plan))
                    return false
                }
                options.layoutAllowance = allowance
                planned = plan
            }
            options.layoutSubject = subject
            do {
                let rendered = try MapOutput.write(view, as: format, options: options)
                // The time measured, where it exceeds the prediction, is charged too.
                if planned != nil { run.charge(measured: rendered.seconds, for: planned) }
                try OutputFile.write(rendered.data, to: folder + "/" + file, existing: .ownFolderEntry)
                findings += rendered.diagnostics
                return true
            } catch let error as RenderError where error.skipped {
                findings += error.diagnostics
                return false
            } catch let error as RenderError {
                findings += error.diagnostics
                failures.append("\(file): \(error.message)")
            } catch {
                failures.append("\(error)")
            }
            return false
        }

        let overviewFile = "overview.\(ext)"
        render(OverviewView.make(graph), to: overviewFile, subject: "the overview")
        let focusIndex = FocusView.Index(graph, counts: counts)
        var maps: [MapsManifest.Map] = []
        for storyboard in storyboards {
            let file = "storyboards/\(names[storyboard.path] ?? "storyboard").\(ext)"
            // Once the budget is spent every later map is left out, whatever it costs: no view, no styling.
            if run.isSpent {
                skipped.append(("the map of \(storyboard.path)", nil))
                progress.step()
                continue
            }
            var reach = hops
            var view = FocusView(storyboard: storyboard.path, hops: reach).make(graph, index: focusIndex)
            while reach > 0, !budget.admits(view) {
                reach -= 1
                view = FocusView(storyboard: storyboard.path, hops: reach).make(graph, index: focusIndex)
            }
            if reach < hops {
                findings.append(Diagnostic(.info, .renderLimited,
                                           "the focus map of \(storyboard.path) reaches \(reach) of \(hops) hops: more would be over the budget (--max-nodes \(budget.nodes), --max-edges \(budget.edges))",
                                           at: SourceLocation(path: storyboard.path), about: "focus map hops"))
            }
            guard render(view, to: file, subject: "the map of \(storyboard.path)") else { continue }
            maps.append(MapsManifest.Map(storyboard: storyboard.path, name: storyboard.name, file: file, targets: storyboard.targets,
                                  scenes: counts.storyboard(storyboard.path).scenes, hops: reach))
        }
        progress.finish()
        if let note = run.skippedNote(skipped) { findings.append(note) }

        let index = MapsManifest(format: format.name, overview: overviewFile, maps: maps, counts: counts)
        do {
            try OutputFile.write(index.encoded(), to: folder + "/" + Self.manifest, existing: .ownFolderManifest)
        } catch {
            throw fail("\(error)", graph, ending)
        }
        // Maps of storyboards that are gone (renamed, deleted) would still be published: remove what the last run
        // wrote and this one did not. Only files the index named are touched.
        // After a failure nothing is removed: the next complete run does it.
        if let previous, failures.isEmpty {
            let written = Set(maps.map(\.file) + [overviewFile])
            for file in Set(previous.maps.map(\.file) + [previous.overview]).subtracting(written).sorted()
            where Self.isOwnFile(file) {
                unlink(folder + "/" + file)
            }
        }
        if !failures.isEmpty {
            throw fail("\(failures.count) of \(storyboards.count + 1) maps could not be drawn:\n  "
                       + failures.joined(separator: "\n  "), graph, ending, findings: findings)
        }
        // The same note from a thousand maps is one note.
        var seen = Set<String>()
        return findings.filter { seen.insert("\($0.code.rawValue) \($0.message) \($0.location.map { "\($0)" } ?? "")").inserted }
    }

    /// Reports what was found, prints `message` as the error, and gives the exit code to throw.
    private func fail(_ message: String, _ graph: StoryboardGraph, _ ending: FindingsGate,
                      findings: [Diagnostic] = []) -> ExitCode {
        _ = try? ending.report(graph.diagnostics + findings)
        FindingsReporter.writeToStandardError("sbmap: error: \(message)\n")
        return .runFailed
    }

    /// A file name `render --all` could have written: `overview.EXT` or `storyboards/NAME.EXT`, nothing else (an
    /// edited index must not make sbmap delete other files).
    static func isOwnFile(_ file: String) -> Bool {
        let parts = file.split(separator: "/", omittingEmptySubsequences: false)
        let allowed = { (part: Substring) in
            !part.isEmpty && !part.hasPrefix(".") && part.unicodeScalars.allSatisfy {
                ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A)
                    || ($0.value >= 0x61 && $0.value <= 0x7A) || $0 == "-" || $0 == "_" || $0 == "."
            }
        }
        let formats = Set(OutputFormat.allCases.map(\.fileExtension))
        guard let ext = file.split(separator: ".").last, formats.contains(String(ext)) else { return false }
        switch parts.count {
        case 1: return parts[0].hasPrefix("overview.")
        case 2: return parts[0] == "storyboards" && allowed(parts[1])
        default: return false
        }
    }
}

/// A progress line on stderr while many maps are drawn: only when stderr is a terminal (never in CI logs).
struct Progress {
    let total: Int
    private var done = 0
    private let shown: Bool

    init(total: Int, terminal: Bool = isatty(STDERR_FILENO) == 1) {
        self.total = total
        self.shown = terminal && total > 1
    }

    mutating func step() {
        done += 1
        guard shown else { return }
        FindingsReporter.writeToStandardError("\rsbmap: drawing maps \(done)/\(total)")
    }

    func finish() {
        guard shown else { return }
        FindingsReporter.writeToStandardError("\r\u{1B}[K")
    }
}
