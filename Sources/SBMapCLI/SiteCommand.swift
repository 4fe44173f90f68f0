import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapModel
import SBMapRender
import SBMapReport
import SBMapSettings
import SBMapSite
import SBMapStyle

/// `sbmap site PATH... -o DIR`: a static, self-contained site of the app's maps (`SBMapSite` makes the files; this
/// command reads the app, writes them and reports the findings).
struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Write a static site of the maps: overview, one page per storyboard, findings, search.",
        discussion: """
        The site opens from disk or from any static host (GitHub Pages, a docs folder, a bucket): no server, no network requests, no external scripts, fonts or styles. index.html has the overview map, the counts, the entry points and every storyboard; each storyboard's page has its map, its scenes, its links out and who references each scene (storyboard references, runtime-attribute links, code, with path:line); findings.html has every finding. Maps pan and zoom with the mouse and keyboard; a click on a scene opens its storyboard's page with the scene highlighted; the search box finds scenes by class, Storyboard ID or title, segues by identifier, and finding codes.

        --source-url turns every path:line into a link to the code browser: {path} is the file's path as sbmap prints it (run sbmap from the repository's root), {line} its line. Only http(s) URLs.

        Prints the same findings as 'check' and exits the same way. The same input gives the same bytes; pages of storyboards that are gone are removed, nothing else in the folder is touched. The folder must be new, empty, or an earlier site (it holds sbmap-site.json); --force writes into another folder. '/', the home folder and a folder that holds the inputs are refused.

        Examples:
          sbmap site . -o site
          sbmap site . -o docs/map --title MyApp \\
              --source-url 'https://github.com/OWNER/REPO/blob/SHA/{path}#L{line}'
        """)

    /// Where the site goes, and what its pages link to.
    struct Output: ParsableArguments {
        @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the site into (made if missing).", valueName: "folder"),
                completion: .directory)
        var output: String

        @Flag(help: "Write into a folder that is not empty and holds no earlier site (its files of the same names are replaced).")
        var force = false

        @Option(name: .customLong("source-url"), help: ArgumentHelp(
            "Link every path:line to the source: an http(s) URL with {path} and {line}, as in the example above.",
            valueName: "template"))
        var sourceURL: String?

        @Option(help: ArgumentHelp("The site's name in titles and the header (default: the name of the first path).", valueName: "text"))
        var title: String?
    }

    @OptionGroup(title: HelpSection.inputs) var inputs: InputOptions
    @OptionGroup(title: HelpSection.output) var destination: Output
    @OptionGroup(title: HelpSection.rendering) var map: MapOptions
    @OptionGroup(title: HelpSection.findings) var findings: FindingOptions
    @OptionGroup(title: HelpSection.findings) var baseline: BaselineOptions
    @OptionGroup(title: HelpSection.findings) var level: FailOnOption

    var output: String { destination.output }
    var force: Bool { destination.force }
    var sourceURL: String? { destination.sourceURL }
    var title: String? { destination.title }

    func validate() throws {
        if output == "-" { throw ValidationError("a site is many files: give a folder with -o, e.g. -o site") }
        if let sourceURL {
            do { _ = try SourceLinks(template: sourceURL) } catch { throw ValidationError("\(error)") }
        }
        try level.check(strict: findings.strict)
    }

    func run() throws {
        let resolved = try inputs.resolved()
        let settings = try map.settings(resolved)
        let known = try baseline.load()
        let folder = OutputFolder(path: output, manifest: Site.manifest, subfolders: ["storyboards", "assets", "maps", "maps/storyboards"], command: "site")
        try folder.prepare(force: force, inputs: resolved.paths)
        let result = try resolved.analyse()
        let ending = FindingsGate(findings: findings, config: resolved.config, baseline: known, failOn: level.failOn)
        try ReadFiles.refuse(outputs: [ending.reporter.options.outputPath], read: result.filesRead,
                             also: ReadFiles.settingsInputs(config: resolved.config, theme: map.theme, baseline: baseline.path))
        let graph = map.drawn(result.graph)
        let provenance = resolved.paths.first.flatMap { GitCommit.provenance(of: $0, excluding: output) }
        let options = SiteOptions(
            title: title ?? Self.defaultTitle(resolved.paths),
            sourceLinks: try sourceURL.map { try SourceLinks(template: $0) },
            render: settings.render, hops: settings.hops, budget: settings.budget,
            generator: "sbmap \(SBMapCommand.version)",
            commit: provenance?.commit, commitDate: provenance?.date, localChanges: provenance?.localChanges ?? false,
            // The pages count the whole app, as `check` does, though the maps leave out what only tests compile.
            counts: result.counts)

        let progress = SharedProgress(Progress(total: graph.storyboards.count + 1))
        var failures: [String] = []
        var siteDiagnostics: [Diagnostic] = []
        do {
            try write { sink in
                // Each page is written as soon as it is made: a site of a thousand storyboards is never all in memory.
                let report = try Site.write(graph, options: options, progress: { _, _ in progress.step() }, to: sink)
                failures += report.failures
                siteDiagnostics = report.diagnostics
            }
        } catch {
            failures.append("\(error)")
        }
        progress.finish()
        // The pages show every finding (the site documents the app); stderr and the exit code, only the new ones.
        let reported = try ending.report(graph.diagnostics + siteDiagnostics)
        if !failures.isEmpty {
            FindingsReporter.writeToStandardError("sbmap: error: " + failures.joined(separator: "\nsbmap: error: ") + "\n")
        }
        if failures.isEmpty, !findings.quiet {
            FindingsReporter.writeToStandardError("sbmap: site written: \(output)/index.html, \(plural(graph.storyboards.count, "storyboard page"))\n")
        }
        try ending.finish(reported, counts: result.counts, runFailed: !failures.isEmpty)
    }

    /// Writes each file atomically as `make` hands it over (the pages, then the manifest: `Site.write` makes it
    /// last), then removes what the last run wrote and this one did not (pages of storyboards that are gone). A
    /// failed or interrupted run never leaves a manifest naming pages that were not written, and removes nothing.
    /// Only files `Site.isOwnFile` allows are removed. (`OutputFolder.prepare` made the folders.)
    private func write(_ make: (_ sink: (SiteFile) throws -> Void) throws -> Void) throws {
        let previous = Self.readManifest(output)
        var written = Set<String>()
        try make { file in
            try OutputFile.write(file.bytes, to: output + "/" + file.path,
                                 existing: file.path == Site.manifest ? .ownFolderManifest : .ownFolderEntry)
            written.insert(file.path)
        }
        for stale in previous.subtracting(written).sorted() where Site.isOwnFile(stale) {
            unlink(output + "/" + stale)
        }
    }

    /// The files the last run listed in its manifest.
    static func readManifest(_ folder: String) -> Set<String> {
        Set(SiteManifest.read(folder: folder)?.files ?? [])
    }


    /// The name of the first path (`App` for `App/`, the current folder's name for `.`).
    static func defaultTitle(_ paths: [String]) -> String {
        let first = paths.first ?? "."
        let url = URL(fileURLWithPath: first, relativeTo: URL(fileURLWithPath: FileManager.default.currentDirectoryPath))
            .standardizedFileURL
        var name = url.lastPathComponent
        if name.hasSuffix(".storyboard") || name.hasSuffix(".xcodeproj") || name.hasSuffix(".pbxproj") || name.hasSuffix(".swift") {
            name = url.deletingLastPathComponent().lastPathComponent
        }
        return name.isEmpty || name == "/" ? "App" : name
    }
}

/// The progress line, stepped from the threads that draw the maps.
private final class SharedProgress: @unchecked Sendable {
    private var progress: Progress
    private let lock = NSLock()

    init(_ progress: Progress) { self.progress = progress }

    func step() { lock.withLock { progress.step() } }
    func finish() { lock.withLock { progress.finish() } }
}
