import ArgumentParser
import SBMapDiscover
import SBMapModel
import SBMapParse
import SBMapResolve

/// discover → parse → resolve: the work every command shares, from the user's paths to one graph.
struct Pipeline {
    var inputs: InputOptions

    func run() throws -> StoryboardGraph {
        var timer = PhaseTimer()
        let discovered = Discovery(options: DiscoveryOptions(excludes: inputs.excludes, includeCode: !inputs.noCode))
            .discover(inputs.paths)
        if !discovered.missingArguments.isEmpty {
            let names = discovered.missingArguments.map { "'\($0)'" }.joined(separator: ", ")
            throw ValidationError("no such file or folder: \(names)")
        }
        let limits = LoadLimits(maxFileBytes: inputs.maxFileSizeMiB * 1024 * 1024)
        timer.mark("discover", "\(discovered.files.count) files")
        let project = ProjectLoader(limits: limits).load(discovered.files)
        timer.mark("load", "\(project.storyboards.count) storyboards, \(project.code.count) sources")
        var graph = Resolver(options: ResolveOptions(linkConventions: inputs.linkConventions)).resolve(project)
        timer.mark("resolve")
        if !inputs.noCode {
            graph = CodeLinker().link(graph, code: project.code)
            timer.mark("link code")
        }
        graph.diagnostics = (graph.diagnostics + discovered.diagnostics + noStoryboardFinding(discovered)).sorted()
        timer.mark("sort findings")
        return graph
    }

    private func noStoryboardFinding(_ discovered: Discovered) -> [Diagnostic] {
        guard discovered.files(of: .storyboard).isEmpty else { return [] }
        let names = inputs.paths.joined(separator: ", ")
        return [Diagnostic(.warning, .noStoryboards, "no .storyboard files found under \(names)", at: nil,
                           hint: "check the path, and that --exclude does not skip them")]
    }
}

/// One line that says what the run found.
enum Summary {
    static func line(for graph: StoryboardGraph) -> String {
        let scenes = graph.nodes.filter(\.role.isScene).count
        let segues = graph.edges.filter { ![.reference, .code, .unwindTarget].contains($0.kind) }.count
        let links = graph.nodes.filter(\.role.isCrossFileLink).compactMap(\.resolution)
        let resolved = links.filter { $0.state == .resolved }.count
        var parts = [
            plural(graph.storyboards.count, "storyboard"),
            plural(scenes, "scene"),
            plural(segues, "segue"),
        ]
        var linkText = plural(links.count, "cross-file link")
        if !links.isEmpty {
            let states: [(Resolution.State, String)] = [(.unresolved, "unresolved"), (.external, "external"), (.ambiguous, "ambiguous")]
            let extra = states.compactMap { state, name -> String? in
                let count = links.filter { $0.state == state }.count
                return count > 0 ? "\(count) \(name)" : nil
            }
            linkText += " (" + (["\(resolved) resolved"] + extra).joined(separator: ", ") + ")"
        }
        parts.append(linkText)
        let codeLinks = graph.edges.filter { $0.kind == .code }
        if !codeLinks.isEmpty {
            // Links made in code that end at a target named in code but not found.
            let targets = Set(graph.nodes.filter { $0.role == .codeTarget }.map(\.id))
            let broken = codeLinks.filter { targets.contains($0.to) }.count
            parts.append(plural(codeLinks.count, "code link") + (broken > 0 ? " (\(broken) unresolved)" : ""))
        }
        let findings = [
            plural(graph.diagnostics.count(of: .error), "error"),
            plural(graph.diagnostics.count(of: .warning), "warning"),
            plural(graph.diagnostics.count(of: .info), "note"),
        ]
        return parts.joined(separator: ", ") + "; " + findings.joined(separator: ", ")
    }

    private static func plural(_ count: Int, _ noun: String) -> String {
        count == 1 ? "1 \(noun)" : "\(count) \(noun)s"
    }
}
