import SBMapModel

extension GraphBuilder {
    /// Pass 5: resolve every storyboard reference and runtime-attribute link.
    ///
    /// A link names a storyboard and, optionally, a storyboard identifier (none means the initial
    /// scene). When the scene it reaches is itself a reference, the chain is followed to a real scene;
    /// a chain that comes back on itself is a cycle. Each resolved link gets a `reference` edge to the
    /// scene it finally reaches; each one that does not resolve is a finding at the placeholder's line.
    mutating func resolveLinks() {
        let bundles = bundleFolders()
        var memo: [String: Resolution] = [:]
        let linkIDs = nodes.filter { $0.link != nil }.map(\.id)
        for id in linkIDs {
            var chain: [String] = []
            _ = resolveLink(id, bundles: bundles, memo: &memo, chain: &chain)
        }
        for id in linkIDs {
            guard let index = nodeIndex[id], let resolution = memo[id] else { continue }
            nodes[index].resolution = resolution
            if resolution.state == .resolved, let target = resolution.target {
                let crossFile = node(target)?.storyboard != nodes[index].storyboard
                addEdge(Edge(id: "\(id)->reference", from: id, to: target, kind: .reference,
                             crossFile: crossFile, location: nodes[index].location))
            }
        }
    }

    /// Literal `CFBundleIdentifier`s from the scanned Info.plists, and the folder each one covers.
    private func bundleFolders() -> [String: String] {
        var folders: [String: String] = [:]
        for settings in project.settings {
            guard let value = settings.value, let bundle = value.bundleIdentifier else { continue }
            let folder = StoryboardCatalog.folder(of: value.path)
            if let existing = folders[bundle], existing.count <= folder.count { continue }
            folders[bundle] = folder
        }
        return folders
    }

    private mutating func resolveLink(_ id: String, bundles: [String: String], memo: inout [String: Resolution],
                                      chain: inout [String]) -> Resolution {
        if let done = memo[id] { return done }
        guard let link = node(id)?.link, let location = node(id)?.location else {
            return Resolution(state: .unresolved, reason: "not a link")
        }
        if let start = chain.firstIndex(of: id) {
            let loop = chain[start...].compactMap { node($0)?.label } + [node(id)?.label ?? id]
            let resolution = Resolution(state: .unresolved, reason: "references form a cycle: \(loop.joined(separator: " → "))")
            for member in chain[start...] where memo[member] == nil {
                memo[member] = resolution
                diagnostics.append(Diagnostic(
                    .error, .referenceCycle, "storyboard references form a cycle (\(loop.joined(separator: " → "))); loading any of them never reaches a scene",
                    at: node(member)?.location, about: node(member).map(Self.about) ?? member, hint: "point one of the references at a real scene"))
            }
            return resolution
        }

        let described = describe(link)
        let step = firstHop(of: link, from: id, at: location, bundles: bundles, describedAs: described)
        var resolution = step
        if step.state == .resolved, let hop = step.target, let hopNode = node(hop), hopNode.link != nil {
            chain.append(id)
            let next = resolveLink(hop, bundles: bundles, memo: &memo, chain: &chain)
            chain.removeLast()
            if let already = memo[id] { return already }  // set while reporting a cycle through this node
            if next.state == .resolved, let final = next.target {
                resolution = .resolved(final, reason: "through the reference '\(hopNode.label)'")
            } else {
                resolution = Resolution(state: next.state, reason: "it reaches the reference '\(hopNode.label)', which \(next.state == .unresolved ? "does not resolve" : "is \(next.state.rawValue)")\(next.reason.map { ": \($0)" } ?? "")",
                                        candidates: next.candidates)
            }
        }
        memo[id] = resolution
        return resolution
    }

    /// What a finding about a link is about: the storyboard and Storyboard ID it names, whole (never its line, its
    /// object id or the message's wording): a reference re-made or moved in its file is the same finding.
    static func about(_ node: Node) -> String {
        "\(node.link?.storyboardName ?? "")#\(node.link?.identifier ?? "")"
    }

    /// "storyboard reference" or "RBStoryboardLink scene", for messages.
    private func describe(_ link: LinkTarget) -> String {
        switch link.mechanism {
        case .storyboardReference: "storyboard reference"
        case .runtimeAttributes: "\(link.linkClass ?? "runtime-attribute") link"
        case .code: "call in code"
        }
    }

    /// Resolves one link by one step: to the scene it names, which may itself be a reference.
    private mutating func firstHop(of link: LinkTarget, from id: String, at location: SourceLocation,
                                   bundles: [String: String], describedAs described: String) -> Resolution {
        guard let fromNode = node(id), let fromPath = fromNode.storyboard,
              let fromIndex = catalog.index(ofPath: fromPath) else {
            return Resolution(state: .unresolved, reason: "not in a storyboard")
        }
        let platform = catalog.entries[fromIndex].file.platform
        let about = Self.about(fromNode)

        // Which storyboard.
        let targetIndex: Int
        if let name = link.storyboardName {
            if let bundle = link.bundleIdentifier, bundles[bundle] == nil {
                diagnostics.append(Diagnostic(
                    .warning, .externalBundle,
                    "\(described) points at storyboard '\(name)' in bundle '\(bundle)', which was not scanned",
                    at: location, about: about, hint: "add that bundle's folder (with its Info.plist) to the paths to resolve it"))
                return Resolution(state: .external, reason: "storyboard '\(name)' in bundle '\(bundle)', which was not scanned")
            }
            let scopePath = link.bundleIdentifier.flatMap { bundles[$0] }.map { $0 + "/" } ?? fromPath
            // A reference into another bundle is looked for by folder; one in its own bundle, in its targets.
            let scope = link.bundleIdentifier == nil ? lookupScope(for: fromPath) : .nearest
            switch lookup(name: name, from: scopePath, platform: platform, scope: scope) {
            case .found(let index):
                targetIndex = index
            case .ambiguous(let indices):
                let paths = indices.map { catalog.entries[$0].file.path }
                diagnostics.append(Diagnostic(
                    .warning, .ambiguousTarget,
                    "\(described) names storyboard '\(name)', and \(indices.count) files have that name: \(paths.joined(separator: ", "))",
                    at: location, about: about, hint: "map one app at a time, or --exclude the copies that are not in this bundle"))
                return Resolution(state: .ambiguous, reason: "\(indices.count) storyboards are named '\(name)'",
                                  candidates: indices.compactMap { scene(in: $0, identifier: link.identifier) })
            case .caseMismatch(let index):
                let actual = catalog.entries[index].name
                diagnostics.append(Diagnostic(
                    .error, .caseMismatch,
                    "\(described) names storyboard '\(name)', but the file is '\(actual).storyboard'; letter case matters on a device, so this works in the simulator and crashes on an iPhone",
                    at: location, about: about, hint: "write '\(actual)' exactly"))
                return Resolution(state: .unresolved, reason: "storyboard name differs in letter case from '\(actual)'",
                                  candidates: storyboards[index].initialScene.map { [$0] } ?? [])
            case .notInTarget(let indices):
                let elsewhere = otherProjects(holding: name, scope: scope, platform: platform)
                let message = elsewhere.map { "it exists only in another project (\($0.joined(separator: ", "))), not in this storyboard's project; following it crashes the app" }
                    ?? notInTargetMessage(name: name, indices: indices, from: fromPath)
                diagnostics.append(Diagnostic(
                    elsewhere == nil ? .warning : .error, .storyboardNotInTarget, "\(described) names storyboard '\(name)', but \(message)",
                    at: location, about: about, hint: "add \(name).storyboard to the target's Copy Bundle Resources, or point the reference at a storyboard of this target"))
                return Resolution(state: .unresolved, reason: "storyboard '\(name)' is not in this target",
                                  candidates: indices.compactMap { scene(in: $0, identifier: link.identifier) })
            case .unreadable(let path, let lfsPointer):
                // A pointer's storyboard was not fetched: whether the link holds is unknown, a note.
                diagnostics.append(Diagnostic(
                    lfsPointer ? .info : .warning, .unknownStoryboard,
                    "\(described) names storyboard '\(name)', which could not be read (\(path)\(lfsPointer ? " is a Git LFS pointer" : ""))",
                    at: location, about: about, hint: lfsPointer ? "fetch it with `git lfs pull` to check this link" : "fix the error reported for \(path)"))
                return Resolution(state: .unresolved, reason: "storyboard '\(name)' could not be read")
            case .missing:
                diagnostics.append(Diagnostic(
                    .error, .unknownStoryboard,
                    "\(described) names storyboard '\(name)', which does not exist; following it crashes the app",
                    at: location, about: about,
                    hint: suggestion(for: name, among: catalog.entries.map(\.name))
                        ?? "add \(name).storyboard to the scanned paths, or fix the storyboard name"))
                return Resolution(state: .unresolved, reason: "no storyboard named '\(name)'")
            }
        } else if link.identifier != nil {
            targetIndex = fromIndex
        } else {
            diagnostics.append(Diagnostic(
                .error, .unconfiguredReference, "\(described) names no storyboard; following it crashes the app",
                at: location, about: about, hint: "choose a storyboard in the reference's Attributes inspector"))
            return Resolution(state: .unresolved, reason: "names no storyboard")
        }
        let target = catalog.entries[targetIndex]
        let assumed = link.storyboardName == nil

        // Which scene.
        guard let identifier = link.identifier else {
            guard let initial = storyboards[targetIndex].initialScene else {
                diagnostics.append(Diagnostic(
                    .error, .targetHasNoInitialScene,
                    "\(described) points at the initial scene of '\(target.name)', which has none; following it crashes the app",
                    at: location, about: about, hint: "tick 'Is Initial View Controller' in \(target.name).storyboard, or give the reference a Referenced ID"))
                return Resolution(state: .unresolved, reason: "'\(target.name)' has no initial scene")
            }
            return .resolved(initial)
        }
        let matches = scenesByIdentifier[targetIndex][identifier] ?? []
        // A scene with the identifier wins over a placeholder that carries the same identifier.
        let real = matches.filter { node($0)?.link == nil }
        let chosen = real.isEmpty ? matches : real
        if chosen.count == 1 {
            if assumed {
                diagnostics.append(Diagnostic(
                    .warning, .unconfiguredReference,
                    "\(described) names no storyboard; assuming its own storyboard, where '\(identifier)' exists",
                    at: location, about: about, hint: "choose '\(target.name)' in the reference's Attributes inspector to make it explicit"))
                return .resolved(chosen[0], reason: "assumed same storyboard")
            }
            return .resolved(chosen[0])
        }
        if chosen.count > 1 {
            diagnostics.append(Diagnostic(
                .error, .ambiguousTarget,
                "\(described) names storyboard ID '\(identifier)', which \(chosen.count) scenes of '\(target.name)' have",
                at: location, about: about, hint: "give each scene its own Storyboard ID"))
            return Resolution(state: .ambiguous, reason: "\(chosen.count) scenes have storyboard ID '\(identifier)'", candidates: chosen)
        }
        let known = scenesByIdentifier[targetIndex].keys.sorted()
        if let folded = known.first(where: { $0.lowercased() == identifier.lowercased() }) {
            diagnostics.append(Diagnostic(
                .error, .caseMismatch,
                "\(described) names storyboard ID '\(identifier)', but '\(target.name)' has '\(folded)'; identifiers are case-sensitive, so following it crashes the app",
                at: location, about: about, hint: "write '\(folded)' exactly"))
            return Resolution(state: .unresolved, reason: "storyboard ID differs in letter case from '\(folded)'",
                              candidates: scenesByIdentifier[targetIndex][folded] ?? [])
        }
        diagnostics.append(Diagnostic(
            .error, .unknownIdentifier,
            "\(described) names storyboard ID '\(identifier)', which no scene of '\(target.name)' has; following it crashes the app",
            at: location, about: about,
            hint: suggestion(for: identifier, among: known)
                ?? "set Storyboard ID '\(identifier)' on the intended scene of \(target.name).storyboard, or fix the Referenced ID"))
        return Resolution(state: .unresolved, reason: "no scene with storyboard ID '\(identifier)' in '\(target.name)'")
    }

    /// "it is only in Widget (iOS), not in App (iOS)", or "no target builds A/Old/Settings.storyboard".
    /// The other projects that hold every storyboard named `name` (of any platform), when none can be in the bundle
    /// of the targets `scope` names (`TargetMembership.otherProjects`); `nil` otherwise.
    func otherProjects(holding name: String, scope: StoryboardCatalog.Scope, platform: Platform = .unknown) -> [String]? {
        guard case .targets(let own) = scope else { return nil }
        let candidates = storyboards(named: name, platform: platform).map {
            (catalog.entries[$0].file.path, catalog.entries[$0].targets)
        }
        return membership.otherProjects(holding: candidates, from: own)
    }

    func notInTargetMessage(name: String, indices: [Int], from fromPath: String) -> String {
        let owners = Set(indices.flatMap { catalog.entries[$0].targets }).sorted()
        let own = membership.targets(of: fromPath)
        let here = own.isEmpty ? "" : ", not in \(membership.titles(own))"
        if owners.isEmpty {
            return "no target builds \(indices.map { catalog.entries[$0].file.path }.joined(separator: ", ")), so it is not in the app's bundle"
        }
        return "it is only in \(membership.titles(owners))\(here), so it is not in this bundle"
    }

    /// The scene a link would reach in one storyboard: the identifier's first scene, or the initial scene.
    private func scene(in index: Int, identifier: String?) -> String? {
        guard let identifier else { return storyboards[index].initialScene }
        return scenesByIdentifier[index][identifier]?.first
    }
}

/// "did you mean 'X'?" for a name within a small edit distance of a known one (the nearest; among equally
/// near ones, the first in sort order).
///
/// It runs once per unknown name against every known one, so an app with many broken links and many
/// storyboards makes it quadratic: the known names are not sorted per call, and a candidate whose length
/// alone puts it out of reach is dismissed before the edit distance is computed.
func suggestion(for name: String, among known: [String]) -> String? {
    let lowered = name.lowercased()
    let loweredLength = min(lowered.utf8.count, 200)
    let limit = max(2, name.count / 4)
    var best: (name: String, distance: Int)?
    for candidate in known where candidate != name {
        let other = candidate.lowercased()
        // The lengths' difference is a lower bound of the distance (which compares at most 200 bytes).
        let reach = min(limit, best?.distance ?? Int.max)
        guard abs(min(other.utf8.count, 200) - loweredLength) <= reach else { continue }
        let distance = editDistance(lowered, other)
        guard distance <= limit else { continue }
        if let current = best, distance > current.distance || (distance == current.distance && candidate >= current.name) {
            continue
        }
        best = (candidate, distance)
    }
    return best.map { "did you mean '\($0.name)'?" }
}

func editDistance(_ a: String, _ b: String) -> Int {
    let a = Array(a.utf8.prefix(200)), b = Array(b.utf8.prefix(200))
    if a.isEmpty { return b.count }
    if b.isEmpty { return a.count }
    var previous = Array(0...b.count)
    var current = [Int](repeating: 0, count: b.count + 1)
    for i in 1...a.count {
        current[0] = i
        for j in 1...b.count {
            let substitution: Int = previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1)
            current[j] = Swift.min(previous[j] + 1, current[j - 1] + 1, substitution)
        }
        swap(&previous, &current)
    }
    return previous[b.count]
}
