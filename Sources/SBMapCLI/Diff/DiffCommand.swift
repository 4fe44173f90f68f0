import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapDiff
import SBMapDiscover
import SBMapModel
import SBMapRender
import SBMapReport
import SBMapRevision
import SBMapSettings
import SBMapStyle

/// `sbmap diff`: what a change did to the map, for pull-request previews.
struct DiffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "diff",
        abstract: "Compare two states of the app: the diff map, a Markdown summary, and a CI gate.",
        discussion: """
        BASE and HEAD are folders, or git revisions of the repository that holds the current folder (HEAD defaults to the current folder). A revision is read from git's object database, only the files the map needs (storyboards, Info.plists, projects, sources, settings): the working tree and index are never touched, and a partial or shallow clone is enough as long as it has those files.

        Scenes are matched by storyboard and object id, moved or renamed storyboards by their content, changed ids by Storyboard ID and class, a scene moved to another storyboard by its object id. The diff map is HEAD focused on what changed (--context hops around it, the rest folded), with links that broke or were fixed, and added, removed (ghosts) and changed scenes and links marked; the summary leads with the verdict, whose first line tells the change apart (links that broke, then fixed, new warnings, then what changed per storyboard: "1 link broke, it crashes at runtime", "Settings: 2 scenes added, 1 segue removed"), then the new and the fixed findings, the changes per storyboard, the counts and a Mermaid picture. New findings go to stderr.

        Examples:
          sbmap diff origin/main . -o diff.svg --summary summary.md
          sbmap diff --base HEAD~1 --fail-on new-unresolved
          sbmap diff old-checkout/ new-checkout/ --summary - --findings-format github
        """)

    enum FailOn: String, ExpressibleByArgument, CaseIterable {
        case newErrors = "new-errors", newWarnings = "new-warnings", newUnresolved = "new-unresolved",
             anyUnresolved = "any-unresolved", never
    }

    /// The two states compared, and how each is read.
    struct Inputs: ParsableArguments {
        @Argument(help: ArgumentHelp("BASE and HEAD: folders or git revisions (HEAD: the current folder by default).", valueName: "state"),
                  completion: .directory)
        var states: [String] = []

        @Option(help: ArgumentHelp("The BASE revision (or folder), with HEAD the current folder.", valueName: "rev"))
        var base: String?

        @OptionGroup var scan: ScanOptions

        func validate() throws {
            if base != nil, states.count > 1 { throw ValidationError("with --base, give at most HEAD as an argument") }
            if base == nil, states.isEmpty { throw ValidationError("name BASE (a folder or a revision such as origin/main), or use --base REV") }
            if states.count > 2 { throw ValidationError("give BASE and HEAD, nothing more") }
        }
    }

    struct Output: ParsableArguments {
        @Option(name: .shortAndLong, help: ArgumentHelp("The diff map (svg, png, pdf, dot, mmd, md or json by its extension).", valueName: "file"),
                completion: .file())
        var output: String?

        @Option(help: ArgumentHelp("The Markdown summary for a pull-request comment; - for stdout.", valueName: "file"), completion: .file())
        var summary: String?

        @Option(name: .customLong("artifact-url"), help: ArgumentHelp(
            "Where the diff map and the site are published (the CI artifact): linked from the summary.", valueName: "url"))
        var artifactURL: String?

        func validate() throws {
            if let artifactURL, !(artifactURL.hasPrefix("https://") || artifactURL.hasPrefix("http://")) {
                throw ValidationError("--artifact-url must be an http(s) URL, e.g. the run's artifacts page")
            }
            if let output, output != "-", OutputFormat(path: output) == nil {
                throw ValidationError("cannot tell the format from '\(output)'; use a .svg, .png, .pdf, .dot, .mmd, .md or .json name")
            }
        }
    }

    struct Rendering: ParsableArguments {
        @Option(help: ArgumentHelp("Links around each change drawn in full.", valueName: "n"))
        var context: Int = 1

        @Option(help: ArgumentHelp("A built-in theme or a theme file.", valueName: "name|file"), completion: .list(BuiltinThemes.names))
        var theme: String?

        func validate() throws {
            if !(0...100).contains(context) { throw ValidationError("--context must be between 0 and 100") }
        }
    }

    struct Gate: ParsableArguments {
        @Option(name: .customLong("fail-on"), help: "When to exit 1: new-errors (default), new-warnings (a new error or warning, as --strict), new-unresolved, any-unresolved (links the baseline does not know), never.")
        var failOn: FailOn?
    }

    @OptionGroup(title: HelpSection.inputs) var inputs: Inputs
    @OptionGroup(title: HelpSection.output) var destination: Output
    @OptionGroup(title: HelpSection.rendering) var rendering: Rendering
    @OptionGroup(title: HelpSection.findings) var findings: FindingOptions
    @OptionGroup(title: HelpSection.findings) var baseline: BaselineOptions
    @OptionGroup(title: HelpSection.findings) var gate: Gate

    var states: [String] { inputs.states }
    var base: String? { inputs.base }
    var scan: ScanOptions { inputs.scan }
    var output: String? { destination.output }
    var summary: String? { destination.summary }
    var artifactURL: String? { destination.artifactURL }
    var context: Int { rendering.context }
    var theme: String? { rendering.theme }
    /// `--fail-on`, or `new-warnings` with `--strict` (or the settings' `findings.strict`), else `new-errors`.
    func failOn(strict: Bool) -> FailOn { gate.failOn ?? (strict ? .newWarnings : .newErrors) }

    func validate() throws {
        // As in `check`: --strict means failing on new warnings too; with another --fail-on it would mean nothing.
        if findings.strict, let failOn = gate.failOn, failOn != .newWarnings {
            throw ValidationError("--strict means --fail-on new-warnings; leave out one of them")
        }
    }

    func run() throws {
        let baseSpec = base ?? states[0]
        let known = try baseline.load()
        let headSpec = base == nil ? (states.count > 1 ? states[1] : ".") : (states.first ?? ".")
        let cwd = FileManager.default.currentDirectoryPath
        let absolute = { (path: String) in path == "-" || path.hasPrefix("/") ? path : cwd + "/" + path }
        let outputPath = output.map(absolute), summaryPath = summary.map(absolute)

        // A name that is no folder and no revision is bad usage (64); a revision git cannot read, a failed run (2).
        Subprocess.lowerOpenFilesLimit()
        let repository = GitRepository()
        defer { repository.finish() }
        let sides = (try DiffSide.open(baseSpec, in: repository), try DiffSide.open(headSpec, in: repository))
        if let top = repository.knownTop { RepositoryPaths.remember(top: top) }
        // Submodules read alike on both sides: at the commits recorded, or on neither side.
        let submodules: SubmodulePlan
        do {
            submodules = try SubmodulePlan.make([sides.0, sides.1], repository: repository)
        } catch let failure as RevisionCopy.Failure {
            FindingsReporter.writeToStandardError("sbmap: error: \(failure.description)\n")
            throw ExitCode.runFailed
        }
        var filesRead: [String] = []
        let (before, after) = try scan(sides, cwd: cwd, excluding: submodules.excluded, filesRead: &filesRead)
        // The baseline that judges the change is BASE's, read from git, not the one the change may have edited.
        let baselines = try Self.readBaselines(baseline.path, base: sides.0, repository: repository, cwd: cwd)
        repository.close()
        // A side that is a folder of the user's: its files are never replaced by the map or the summary.
        try ReadFiles.refuse(outputs: [outputPath, summaryPath, findings.merged(with: after.config).outputPath], read: filesRead,
                             also: ReadFiles.settingsInputs(config: after.config, theme: theme, baseline: baseline.path))

        var diff = GraphDiff(base: before.graph, head: after.graph)
        // A finding the baseline knows is not new, even where the change brought it: the summary, the map, the
        // gate and the annotations leave it out alike.
        let paths = RepositoryPaths.find(settingsFolder: after.config?.folder)
        let (newFindings, excused) = BaselineOptions.filter(diff.newFindings, by: baselines.base ?? (baselines.differ ? nil : known),
                                                            paths: paths)
        var excuses = DiffExcuses()
        if baselines.differ, let path = baseline.path {
            excuses.changedBaseline = path
            excuses.byBaseline = Self.excusedBy(baselines.head, newFindings, paths: paths)
        }
        if let own = after.ownFindings {
            excuses.changedSettings = after.config.map { paths.relative($0.path) } ?? ".sbmap.yml"
            // The same new findings, as the change's own settings decide them.
            var ownHead = after.graph
            ownHead.diagnostics = own
            let ownNew = GraphDiff(base: before.graph, head: ownHead).newFindings
            excuses.bySettings = DiffExcuses.excused(newFindings, own: ownNew)
        }
        diff.newFindings = newFindings
        let reporter = FindingsReporter(options: findings.merged(with: after.config), config: after.config)
        let chosenTheme = try MapOptions.loadTheme(theme, config: after.config)
        // Nothing reads the copy of a revision any more: it is removed while the diff is drawn and written.
        repository.removeCopy()
        let (annotated, seeds) = diff.annotated()
        let map = FocusView(seeds: seeds, hops: context).make(annotated)
        var renderFindings: [Diagnostic] = []
        if let outputPath {
            let format = OutputFormat(path: outputPath) ?? .svg
            do {
                let rendered = try MapOutput.write(map, as: format, options: RenderOptions(theme: chosenTheme))
                renderFindings = reporter.decided(rendered.diagnostics)
                try OutputFile.write(rendered.data, to: outputPath)
            } catch let error as RenderError {
                FindingsReporter.writeToStandardError("sbmap: error: \(error.message)\n")
                throw ExitCode.runFailed
            }
        }
        if let summaryPath {
            // The changed neighbourhood and nothing else: no stubs for what is further away.
            let neighbourhood = FocusView(seeds: seeds, hops: context, folds: false).make(annotated)
            let picture = diff.isEmpty ? nil : Stylist(theme: chosenTheme, options: StyleOptions(legend: false)).style(neighbourhood)
            let text = Self.withExcuses(DiffSummaryWriter.write(diff, picture: picture, mapFile: output, artifactURL: artifactURL,
                                                                notes: submodules.note.map { [$0] } ?? []),
                                        excuses)
            try OutputFile.write(Array(text.utf8), to: summaryPath)
        }
        // New findings, where CI annotates them; the rest were there before the change. The baseline has judged them
        // already (the summary leaves out the same ones), and the gate is about what the change brings.
        let ending = FindingsGate(reporter: reporter, settingsFolder: after.config?.folder)
        let reported = try ending.report(diff.newFindings + renderFindings)
        if let note = submodules.note { FindingsReporter.writeToStandardError("sbmap: note: \(note)\n") }
        let line = diff.isEmpty ? "no change to the storyboard map between \(sides.0.title) and \(sides.1.title)"
            : Self.line(diff, base: sides.0.title, head: sides.1.title) + BaselineOptions.note(excused) + excuses.note
        let strict = findings.merged(with: after.config).strict
        try ending.finish(reported, summary: line, fails: gateFails(diff, failOn: failOn(strict: strict), baseline: known))
    }

    /// What one side's scan gives: its graph, its settings file, its folder (absolute), and, for a side judged by
    /// another's findings policy, its findings as its own policy decides them (nil when the two are the same).
    struct Scanned: Sendable {
        var graph: StoryboardGraph
        var config: ConfigFile?
        var folder: String
        var policy: FindingPolicy
        var ownFindings: [Diagnostic]?
        /// The files its analysis read, absolute.
        var filesRead: [String] = []
    }

    /// One side ready to be analysed: a revision's copy written, its settings and inputs resolved from its folder.
    struct Prepared: @unchecked Sendable {
        var resolved: ResolvedInputs
        /// The side's folder, absolute and real: the working folder of its analysis.
        var folder: String
        /// The findings policy of its settings.
        var policy: FindingPolicy { resolved.configuration.policy }
    }

    /// Both sides' scans. Each side is analysed from its own folder (the working folder of its analysis, so both
    /// graphs name files by the same relative paths, and the process's current folder never changes), and the two
    /// at once, on two threads: HEAD needs of BASE only its settings, known before either is analysed. Two
    /// revisions share the copy folder (`CopyFolder`), so BASE is analysed before HEAD's files replace its own.
    private func scan(_ sides: (DiffSide, DiffSide), cwd: String, excluding: [String],
                      filesRead: inout [String]) throws -> (Scanned, Scanned) {
        let base = try prepare(sides.0, cwd: cwd, excluding: excluding)
        let first = sides.0.copy == nil || sides.1.copy == nil ? nil : try Self.analyse(base)
        let head = try prepare(sides.1, cwd: cwd, excluding: excluding)
        // HEAD is judged by a BASE revision's findings policy; what its own would excuse is named (`DiffExcuses`).
        // (Two folders are two trees of the user's, each with its own settings.)
        let judge = sides.0.copy == nil ? nil : base
        let (before, after): (Result<Scanned, any Error>, Result<Scanned, any Error>)
        if let first {
            (before, after) = (.success(first), Result { try Self.analyse(head, judgedBy: judge) })
        } else {
            (before, after) = concurrently { Result { try Self.analyse(base) } } while: {
                Result { try Self.analyse(head, judgedBy: judge) }
            }
        }
        let scanned = (try before.get(), try after.get())
        filesRead += scanned.0.filesRead + scanned.1.filesRead
        return scanned
    }

    /// Writes a revision's copy (its settings files first: what they say decides what else is read), and resolves
    /// the side's settings and inputs from its folder.
    private func prepare(_ side: DiffSide, cwd: String, excluding: [String] = []) throws -> Prepared {
        var timer = PhaseTimer()
        // A revision's copy starts with its folder and its settings files; what they say decides what else is read.
        try side.copy?.writeSettings(named: scan.noConfig || scan.configPath != nil ? [] : ConfigFile.names)
        let folder = RepositoryPaths.real(side.folder.hasPrefix("/") ? side.folder : cwd + "/" + side.folder)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isFolder), isFolder.boolValue else {
            throw ValidationError("cannot enter '\(side.folder)'")
        }
        var options = scan
        // Without --config each side finds its own .sbmap.yml from its folder up (a revision brings its own);
        // a --config path was written from where the user stands.
        if let path = scan.configPath, !path.hasPrefix("/") { options.configPath = cwd + "/" + path }
        var resolved = try options.resolved(paths: [], in: folder)
        if let copy = side.copy {
            // A theme file the revision's settings name is read from the copy too (`MapOptions.loadTheme`).
            let theme = resolved.config?.render.theme.map { resolved.config?.resolve($0, from: folder) ?? $0 }
            try copy.writeInputs(resolved.paths, configuration: resolved.configuration, also: theme.map { [$0] } ?? [])
            timer.mark("git", "\(side.title): \(copy.selectedFiles) of \(copy.listedFiles) files, \(copy.readFiles) read from git ("
                + String(format: "%.1f MB, %.1f MB written", Double(copy.readBytes) / 1_048_576, Double(copy.writtenBytes) / 1_048_576) + ")")
            // The settings' paths are checked again with the links they pass through written: one that leads out of
            // the repository through a committed link is refused, as in a checkout.
            if resolved.config != nil { resolved = try options.resolved(paths: [], in: folder) }
            // The copy holds only what the map reads: what an exclude glob leaves out was never written, so a glob
            // would match nothing in it. Whether a glob matches is about the working tree (`check` says it).
            for k in resolved.excludes.indices { resolved.excludes[k].reportsUnmatched = false }
        }
        if side.copy == nil {
            // The submodules read on neither side: the working tree leaves them out too.
            resolved.excludes += excluding.map { ExcludePattern($0, reportsUnmatched: false) }
        }
        return Prepared(resolved: resolved, folder: folder)
    }

    /// Analyses a prepared side. `judge`, the other side, gives the findings policy this side is judged by, when
    /// its settings differ. Touches nothing shared: the two sides run at once.
    private static func analyse(_ side: Prepared, judgedBy judge: Prepared? = nil) throws -> Scanned {
        let own = side.policy
        var judgedBy: FindingPolicy?
        if let judge, !DiffExcuses.same(judge.policy, own) {
            judgedBy = DiffExcuses.rebased(judge.policy, from: judge.folder, to: side.folder)
        }
        let result = try side.resolved.analyse { configuration in
            if let judgedBy {
                configuration.alternativePolicy = configuration.policy
                configuration.policy = judgedBy
            }
        }
        return Scanned(graph: result.graph, config: side.resolved.config, folder: side.folder, policy: own,
                       ownFindings: judgedBy == nil ? nil : result.alternativeFindings,
                       filesRead: result.filesRead.map { $0.hasPrefix("/") ? $0 : side.folder + "/" + $0 })
    }

    /// The base's baseline and the change's (`DiffExcuses.baselines`); a malformed one is bad usage (exit 64).
    static func readBaselines(_ path: String?, base: DiffSide, repository: GitRepository,
                              cwd: String) throws -> (base: Baseline?, head: Baseline?, differ: Bool) {
        do {
            return try DiffExcuses.baselines(path: path, base: base, repository: repository, cwd: cwd)
        } catch let failure as Baseline.Failure {
            FindingsReporter.writeToStandardError(failure.description + "\n")
            throw ExitCode.validationFailure
        }
    }

    /// The new findings the change's baseline `head` would excuse.
    static func excusedBy(_ head: Baseline?, _ findings: [Diagnostic], paths: RepositoryPaths) -> [Diagnostic] {
        guard let head else { return [] }
        // `newFindings` keeps the findings' order: what it skipped, it excused.
        let reported = head.newFindings(findings, file: { paths.relative(Baseline.path(of: $0)) })
        var next = 0
        var excused: [Diagnostic] = []
        for finding in findings {
            if next < reported.count, reported[next] == finding { next += 1 } else { excused.append(finding) }
        }
        return excused
    }

    /// The summary with the paragraph of what the change's edits to its baseline and settings would excuse, right
    /// under its headline.
    static func withExcuses(_ summary: String, _ excuses: DiffExcuses) -> String {
        guard !excuses.isEmpty, let end = summary.range(of: "\n\n") else { return summary + excuses.markdown }
        return String(summary[..<end.upperBound]) + excuses.markdown + String(summary[end.upperBound...])
    }

    func gateFails(_ diff: GraphDiff, failOn: FailOn, baseline: Baseline?) -> Bool {
        switch failOn {
        case .never: return false
        case .newErrors: return diff.newFindings.contains { $0.severity == .error }
        case .newWarnings: return diff.newFindings.contains { $0.severity >= .warning }
        case .newUnresolved:
            let unresolvedNow = Set(diff.head.nodes.filter { $0.role.carriesResolution && $0.resolution?.state == .unresolved }.map(\.id))
            let unresolvedBefore = Set(diff.base.nodes.filter { $0.role.carriesResolution && $0.resolution?.state == .unresolved }
                .map { diff.nodeMatch[$0.id] ?? $0.id })
            return !unresolvedNow.subtracting(unresolvedBefore).isEmpty
        case .anyUnresolved:
            return !Self.unknownUnresolved(diff.head, baseline: baseline).isEmpty
        }
    }

    /// HEAD's links that do not resolve, less those the baseline knows: a link is known when
    /// every place it is made from (the reference in its storyboard, each call in code) has a finding the baseline
    /// records. A committed baseline of known broken links keeps `--fail-on any-unresolved` green until one more breaks.
    static func unknownUnresolved(_ head: StoryboardGraph, baseline: Baseline?) -> [Node] {
        let unresolved = head.nodes.filter { $0.role.carriesResolution && $0.resolution?.state == .unresolved }
        guard let baseline, !unresolved.isEmpty else { return unresolved }
        struct Place: Hashable { var path: String; var line: Int }
        let new = Set(baseline.newFindings(head.diagnostics).compactMap { $0.location.map { Place(path: $0.path, line: $0.line) } })
        let known = Set(head.diagnostics.compactMap { $0.location.map { Place(path: $0.path, line: $0.line) } }).subtracting(new)
        var callers: [String: [SourceLocation]] = [:]
        for edge in head.edges where edge.kind == .code { if let location = edge.location { callers[edge.to, default: []].append(location) } }
        return unresolved.filter { node in
            let places = (callers[node.id] ?? []) + (node.role == .codeTarget && callers[node.id] != nil ? [] : node.location.map { [$0] } ?? [])
            return places.isEmpty || !places.allSatisfy { known.contains(Place(path: $0.path, line: $0.line)) }
        }
    }

    static func line(_ diff: GraphDiff, base: String, head: String) -> String {
        let headNodes = diff.head.nodesByID
        let isScene = { (id: String) in headNodes[id]?.role.isCountedScene == true }
        var parts = [
            diff.verdict,
            "\(plural(diff.addedNodes.count(where: isScene), "scene")) added, \(diff.removedNodes.count(where: \.role.isCountedScene)) removed, "
                + "\(diff.changedNodes.keys.count(where: isScene)) changed",
            "\(plural(diff.addedEdges.count, "link")) added, \(diff.removedEdges.count) removed, \(diff.changedEdges.count) changed",
            "\(plural(diff.newFindings.count, "new finding")), \(diff.fixedFindings.count) fixed",
        ]
        if !diff.renamed.isEmpty { parts.append(plural(diff.renamed.count, "storyboard") + " moved") }
        return "\(base) → \(head): " + parts.joined(separator: "; ")
    }
}
