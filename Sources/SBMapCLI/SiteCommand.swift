import ArgumentParser
import Foundation
import SBMapAnalysis
import SBMapModel
import SBMapRender
import SBMapSite
import SBMapStyle

/// `sbmap site PATH... -o DIR`: a static, self-contained site of the app's maps (`SBMapSite` makes the files; this
/// command reads the app, writes them and reports the findings).
struct SiteCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "site",
        abstract: "Write a static site of the maps: overview, one page per storyboard, findings, search.",
        discussion: """
        The site opens from disk or from any static host (GitHub Pages, a docs folder, a bucket): no server,
        no network requests, no external scripts, fonts or styles. index.html has the overview map, the counts,
        the entry points and every storyboard; each storyboard's page has its map, its scenes, its links out
        and who references each scene (storyboard references, runtime-attribute links, code, with path:line);
        findings.html has every finding. Maps pan and zoom with the mouse and keyboard; a click on a scene
        opens its storyboard's page with the scene highlighted; the search box finds scenes by class,
        Storyboard ID or title.

        --source-url turns every path:line into a link to the code browser: {path} is the file's path as
        sbmap prints it (run sbmap from the repository's root), {line} its line. Only http(s) URLs.

        Prints the same findings as 'check' and exits the same way. The same input gives the same bytes;
        pages of storyboards that are gone are removed, nothing else in the folder is touched. The folder must be
        new, empty, or an earlier site (it holds sbmap-site.json); --force writes into another folder. '/', the
        home folder and a folder that holds the inputs are refused.

        Examples:
          sbmap site . -o site
          sbmap site . -o docs/map --title MyApp \\
              --source-url 'https://github.com/OWNER/REPO/blob/SHA/{path}#L{line}'
        """)

    @OptionGroup var inputs: InputOptions
    @OptionGroup var findings: FindingOptions

    @Option(name: .shortAndLong, help: ArgumentHelp("The folder to write the site into (made if missing).", valueName: "folder"))
    var output: String

    @Flag(help: "Write into a folder that is not empty and holds no earlier site (its files of the same names are replaced).")
    var force = false

    @Option(name: .customLong("source-url"), help: ArgumentHelp(
        "Link every path:line to the source: an http(s) URL with {path} and {line}, e.g. 'https://github.com/OWNER/REPO/blob/SHA/{path}#L{line}'.",
        valueName: "template"))
    var sourceURL: String?

    @Option(help: ArgumentHelp("The site's name in titles and the header (default: the name of the first path).", valueName: "text"))
    var title: String?

    @Option(help: ArgumentHelp("How many links away from a storyboard its page's map reaches (default 1).", valueName: "n"))
    var hops: Int?

    @Option(name: .customLong("max-nodes"), help: ArgumentHelp("The most nodes a storyboard's map draws before it reaches fewer hops (default \(MapBudget().nodes)).", valueName: "count"))
    var maxNodes: Int?

    @Option(name: .customLong("max-edges"), help: ArgumentHelp("The most edges a storyboard's map draws before it reaches fewer hops (default \(MapBudget().edges)).", valueName: "count"))
    var maxEdges: Int?

    @Option(help: ArgumentHelp("A built-in theme (\(BuiltinThemes.names.joined(separator: ", "))) or a theme file (YAML or JSON).", valueName: "name|file"))
    var theme: String?

    @Option(help: "Flow direction: LR (left to right, default) or TB (top to bottom).")
    var direction: Direction?

    @Option(help: "What a scene shows first: class (default), identifier (storyboard ID) or title.")
    var label: LabelMode?

    @Flag(inversion: .prefixedNo, help: "Draw the legend on the maps (by default, as the theme says).")
    var legend: Bool?

    func validate() throws {
        if let hops, !(0...100).contains(hops) { throw ValidationError("--hops must be between 0 and 100") }
        if (maxNodes ?? 1) <= 0 || (maxEdges ?? 1) <= 0 { throw ValidationError("--max-nodes and --max-edges must be positive") }
        if output == "-" { throw ValidationError("a site is many files: give a folder with -o, e.g. -o site") }
        if let sourceURL {
            do { _ = try SourceLinks(template: sourceURL) } catch { throw ValidationError("\(error)") }
        }
    }

    func run() throws {
        let resolved = try inputs.resolved()
        let file = resolved.config?.render ?? ConfigFile.RenderDefaults()
        let chosenTheme: Theme
        do {
            let fromFile = file.theme.map { name in
                name.contains("/") || [".yaml", ".yml", ".json"].contains { name.hasSuffix($0) }
                    ? resolved.config?.resolve(name, from: FileManager.default.currentDirectoryPath) ?? name : name
            }
            chosenTheme = try ThemeRef(parsing: theme ?? fromFile ?? "default").load()
        } catch {
            throw ValidationError("\(error)")
        }
        let folder = OutputFolder(path: output, manifest: Site.manifest, subfolders: ["storyboards", "assets"], command: "site")
        try folder.prepare(force: force, inputs: resolved.paths)
        let result = try resolved.analyse()
        let graph = result.graph
        let reporter = FindingsReporter(options: findings.merged(with: resolved.config))
        let options = SiteOptions(
            title: title ?? Self.defaultTitle(resolved.paths),
            sourceLinks: try sourceURL.map { try SourceLinks(template: $0) },
            render: RenderOptions(format: .svg, engine: file.layout ?? .dot, theme: chosenTheme,
                                  style: StyleOptions(labelMode: label ?? file.label ?? .class,
                                                      direction: direction ?? file.direction ?? .leftToRight,
                                                      legend: legend ?? file.legend)),
            hops: hops ?? file.hops ?? 1,
            budget: MapBudget(nodes: maxNodes ?? file.maxNodes ?? MapBudget().nodes,
                              edges: maxEdges ?? file.maxEdges ?? MapBudget().edges),
            generator: "sbmap \(SBMapCommand.version)")

        let progress = SharedProgress(Progress(total: graph.storyboards.count + 1))
        let site = Site.build(graph, options: options) { _, _ in progress.step() }
        progress.finish()

        var failures = site.failures
        do {
            try write(site)
        } catch {
            failures.append("\(error)")
        }
        let all = (graph.diagnostics + site.diagnostics).sorted()
        reporter.report(all)
        if !failures.isEmpty {
            FindingsReporter.writeToStandardError("sbmap: error: " + failures.joined(separator: "\nsbmap: error: ") + "\n")
        }
        if failures.isEmpty, !findings.quiet {
            FindingsReporter.writeToStandardError("sbmap: site written: \(output)/index.html, \(plural(graph.storyboards.count, "storyboard page"))\n")
        }
        reporter.summary(result.counts.with(findings: all).summaryLine)
        if !failures.isEmpty || reporter.fails(all) { throw ExitCode(1) }
    }

    /// Writes the pages, then the manifest, then removes what the last run wrote and this one did not (pages of
    /// storyboards that are gone): an interrupted or failed run never leaves a manifest naming pages that were not
    /// written, and removes nothing. Every file is written atomically; only files `Site.isOwnFile` allows are
    /// removed. (`OutputFolder.prepare` made the folders.)
    private func write(_ site: Site) throws {
        let previous = Self.readManifest(output)
        let pages = site.files.filter { $0.path != Site.manifest }
        for file in pages {
            try OutputFile.write(file.bytes, to: output + "/" + file.path, existing: .ownFolderEntry)
        }
        for file in site.files where file.path == Site.manifest {
            try OutputFile.write(file.bytes, to: output + "/" + file.path, existing: .ownFolderManifest)
        }
        let written = Set(site.files.map(\.path))
        for stale in previous.subtracting(written).sorted() where Site.isOwnFile(stale) {
            unlink(output + "/" + stale)
        }
    }

    /// The files the last run listed in its manifest.
    static func readManifest(_ folder: String) -> Set<String> {
        struct Manifest: Decodable { var files: [String] }
        guard let data = FileManager.default.contents(atPath: folder + "/" + Site.manifest),
              let manifest = try? JSONDecoder().decode(Manifest.self, from: data) else { return [] }
        return Set(manifest.files)
    }

    private func plural(_ n: Int, _ noun: String) -> String { n == 1 ? "1 \(noun)" : "\(n) \(noun)s" }

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
