import ArgumentParser
import Foundation
import SBMapDiscover
import SBMapModel
import SBMapParse
import SBMapResolve

/// discover → parse → resolve: the work every command shares, from the user's paths to one graph.
struct Pipeline {
    /// Told every file discovery found (the files the run reads), before they are read.
    var discovered: ([InputFile]) -> Void = { _ in }

    func run(_ inputs: ResolvedInputs) throws -> StoryboardGraph {
        var timer = PhaseTimer()
        let discovered = Discovery(options: DiscoveryOptions(excludes: inputs.excludes, includeCode: !inputs.noCode))
            .discover(inputs.paths)
        if !discovered.missingArguments.isEmpty {
            let names = discovered.missingArguments.map { "'\($0)'" }.joined(separator: ", ")
            throw ValidationError("no such file or folder: \(names)")
        }
        self.discovered(discovered.files)
        let limits = LoadLimits(maxFileBytes: inputs.maxFileSizeMiB * 1024 * 1024)
        timer.mark("discover", "\(discovered.files.count) files")
        let loader = ProjectLoader(limits: limits)
        let isSource = { (file: InputFile) in file.kind == .swift || file.kind == .objectiveC }
        let project = loader.load(discovered.files.filter { !isSource($0) })
        timer.mark("load", "\(project.storyboards.count) storyboards, \(project.settings.count) settings files")
        let resolver = Resolver(options: ResolveOptions(linkConventions: inputs.linkConventions))
        let sources = discovered.files.filter(isSource)
        var graph: StoryboardGraph
        if sources.isEmpty {
            graph = resolver.resolve(project)
            timer.mark("resolve")
        } else {
            // Resolving runs on one core. The storyboards are resolved, and the graph indexed for linking, on a
            // thread of their own while the sources load (and their symbol table is built) on every core: neither
            // needs the other, and the sources fill the cores that resolving leaves idle.
            let linker = CodeLinker()
            let membership = TargetMembership(project.projects)
            let (indexed, prepared) = concurrently {
                linker.index(resolver.resolve(project))
            } while: {
                var loaded = loader.load(sources)
                // Handed over, not shared with `loaded`: `prepare` moves each file out of the array, in place.
                return linker.prepare(exchange(&loaded.code, with: []), membership: membership)
            }
            timer.mark("resolve, while loading code", "\(prepared.fileCount) sources")
            graph = linker.link(consume indexed, prepared: prepared)
            timer.mark("link code")
            UnloadedStoryboards.downgradeErrors(in: &graph)
            let urls = Dictionary(sources.map { ($0.path, $0.url) }, uniquingKeysWith: { a, _ in a })
            UnreferencedTypes.downgradeErrors(in: &graph, sources: sources.map(\.path)) { path in
                urls[path].flatMap { FileManager.default.contents(atPath: $0) }.map { Array($0) }
            }
            timer.mark("errors in unused code")
            Teardown.inBackground(consume prepared)
        }
        graph.diagnostics = (graph.diagnostics + discovered.diagnostics + noStoryboardFinding(discovered, inputs.paths)).sorted()
        if let config = inputs.config {
            graph.diagnostics = config.apply(to: graph.diagnostics, cwd: FileManager.default.currentDirectoryPath)
        }
        timer.mark("sort findings")
        // Everything loaded is in the graph now; the rest is freed while the command writes its output.
        Teardown.inBackground(consume project)
        Teardown.inBackground(consume discovered)
        return graph
    }

    private func noStoryboardFinding(_ discovered: Discovered, _ paths: [String]) -> [Diagnostic] {
        guard discovered.files(of: .storyboard).isEmpty else { return [] }
        let names = paths.joined(separator: ", ")
        return [Diagnostic(.warning, .noStoryboards, "no .storyboard files found under \(names)", at: nil,
                           hint: "check the path, and that --exclude does not skip them")]
    }
}

/// One line that says what the run found.
enum Summary {
    static func line(for graph: StoryboardGraph) -> String {
        Counts(graph).line(with: graph.diagnostics)
    }

    /// What the line says of the graph, taken before the graph is let go (a render then needs only the picture).
    struct Counts {
        let text: String

        init(_ graph: StoryboardGraph) {
            text = Summary.parts(of: graph)
        }

        func line(with diagnostics: [Diagnostic]) -> String {
            let findings = [
                Summary.plural(diagnostics.count(of: .error), "error"),
                Summary.plural(diagnostics.count(of: .warning), "warning"),
                Summary.plural(diagnostics.count(of: .info), "note"),
            ]
            return text + "; " + findings.joined(separator: ", ")
        }
    }

    fileprivate static func parts(of graph: StoryboardGraph) -> String {
        // One pass over the nodes and one over the edges: a large app has tens of thousands of each, and filtering
        // them into arrays copied every node and edge.
        var scenes = 0
        var links: [Resolution.State: Int] = [:]
        var linkCount = 0
        var codeTargets: Set<String> = []
        for k in graph.nodes.indices {  // by position: `for node in` copies each node
            let role = graph.nodes[k].role
            if role.isScene { scenes += 1 }
            if role.isCrossFileLink, let state = graph.nodes[k].resolution?.state {
                linkCount += 1
                links[state, default: 0] += 1
            }
            if role == .codeTarget { codeTargets.insert(graph.nodes[k].id) }
        }
        var segues = 0
        var codeLinks = 0
        var brokenCodeLinks = 0
        for k in graph.edges.indices {
            switch graph.edges[k].kind {
            case .reference, .unwindTarget: break
            case .code:
                codeLinks += 1
                if codeTargets.contains(graph.edges[k].to) { brokenCodeLinks += 1 }  // ends at a target named in code but not found
            default: segues += 1
            }
        }
        var parts = [
            plural(graph.storyboards.count, "storyboard"),
            plural(scenes, "scene"),
            plural(segues, "segue"),
        ]
        var linkText = plural(linkCount, "cross-file link")
        if linkCount > 0 {
            let states: [(Resolution.State, String)] = [(.unresolved, "unresolved"), (.external, "external"), (.ambiguous, "ambiguous")]
            let extra = states.compactMap { state, name -> String? in
                let count = links[state] ?? 0
                return count > 0 ? "\(count) \(name)" : nil
            }
            linkText += " (" + (["\(links[.resolved] ?? 0) resolved"] + extra).joined(separator: ", ") + ")"
        }
        parts.append(linkText)
        if codeLinks > 0 {
            parts.append(plural(codeLinks, "code link") + (brokenCodeLinks > 0 ? " (\(brokenCodeLinks) unresolved)" : ""))
        }
        return parts.joined(separator: ", ")
    }

    fileprivate static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
