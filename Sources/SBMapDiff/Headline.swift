import SBMapModel

/// The summary's first line: what this change did, most important first, so that two pull requests read apart.
extension GraphDiff {
    /// What the change does to the app, in one line: links that broke (`2 links broke, both crash at runtime`), links
    /// fixed, new errors and warnings, then what changed in navigation in a reviewer's words
    /// (`Settings: 2 scenes added, 1 segue removed, 2 scenes moved to Extras`). `No storyboard change` only when
    /// nothing on the map changed. A new error is a crash at runtime (a level is a promise).
    public var verdict: String {
        let broke = brokeCount, fixed = fixedCount
        let errors = newFindings.count { $0.severity == .error }
        let warnings = newFindings.count { $0.severity == .warning }
        var parts: [String] = []
        if broke > 0 {
            var text = plural(broke, "link broke", "links broke")
            if errors >= broke {
                text += broke == 1 ? ", it crashes at runtime" : broke == 2 ? ", both crash at runtime" : ", all crash at runtime"
            } else if errors > 0 {
                text += ", \(plural(errors, "new error", "new errors")) (a crash at runtime)"
            } else {
                text += ", none at error level"
            }
            parts.append(text)
        } else if errors > 0 {
            parts.append(plural(errors, "new error", "new errors") + (errors == 1 ? ", a crash at runtime" : ", each a crash at runtime"))
        }
        if fixed > 0 { parts.append(plural(fixed, "link fixed", "links fixed")) }
        if warnings > 0 { parts.append(plural(warnings, "new warning", "new warnings")) }
        if fixed == 0 {
            let fixedErrors = fixedFindings.count { $0.severity == .error }, fixedWarnings = fixedFindings.count { $0.severity == .warning }
            if fixedErrors > 0 { parts.append(plural(fixedErrors, "error fixed", "errors fixed")) }
            if fixedWarnings > 0 { parts.append(plural(fixedWarnings, "warning fixed", "warnings fixed")) }
        }
        let navigation = self.navigation
        let shown = 3
        parts += navigation.prefix(shown).map { "\($0.name): " + $0.changes.joined(separator: ", ") }
        if navigation.count > shown {
            parts.append(plural(navigation.count - shown, "more storyboard changed", "more storyboards changed"))
        }
        if parts.isEmpty {
            if isEmpty { return "No storyboard change" }
            // Only notes (what sbmap could not tell) came or went.
            let notes = newFindings.count { $0.severity == .info }, gone = fixedFindings.count { $0.severity == .info }
            let said = [notes > 0 ? plural(notes, "new note", "new notes") : nil, gone > 0 ? plural(gone, "note gone", "notes gone") : nil]
                .compactMap { $0 }
            if !said.isEmpty { return said.joined(separator: "; ") }
            return "No link broke or was fixed; the map changed"
        }
        return parts.joined(separator: "; ")
    }

    /// What changed in navigation, per storyboard (by its name; `Code` for what code links), biggest change first:
    /// `(Settings, ["2 scenes added", "1 segue removed", "2 scenes moved to Extras"])`. Broken and fixed links are
    /// not in it (the verdict says them first); sbmap's own links (a reference's link to its scene, unwind targets)
    /// are not navigation.
    public var navigation: [(name: String, changes: [String])] {
        struct Tally {
            var items: [String: Int] = [:]
            var order: [String] = []
            var storyboard: String?
            mutating func add(_ what: String, _ count: Int = 1) {
                if items[what] == nil { order.append(what) }
                items[what, default: 0] += count
            }
        }
        var tallies: [String: Tally] = [:]
        let headNodes = head.nodesByID, baseNodes = base.nodesByID
        func key(_ path: String?) -> String { path ?? "" }
        func add(_ path: String?, _ what: String) { tallies[key(path), default: Tally()].add(what) }
        let removedStoryboards = Set(base.storyboards.map(\.path).filter { storyboardMatch[$0] == nil })
        let matchedHead = Set(storyboardMatch.values)
        // A xib's cluster is named as a xib: `Profile.xib: new xib`, not a storyboard.
        for storyboard in head.storyboards where !matchedHead.contains(storyboard.path) {
            add(storyboard.path, storyboard.isXib ? "new xib" : "new storyboard")
        }
        let baseXibs = Set(base.storyboards.lazy.filter(\.isXib).map(\.path))
        for path in removedStoryboards.sorted() { add(path, baseXibs.contains(path) ? "xib removed" : "storyboard removed") }
        for (from, to) in renamed {
            // Moved to another folder, or renamed: the part that changed.
            let folder = from.split(separator: "/").dropLast().joined(separator: "/")
            add(to, Self.fileName(from) == Self.fileName(to) ? "moved from \(folder.isEmpty ? "the top folder" : folder)"
                                                             : "renamed from \(Self.fileName(from))")
        }
        for (path, lines) in entryPointChanges {
            // `became the app's main storyboard (UIMainStoryboardFile)` → `became the app's main storyboard`.
            for line in lines { add(path, line.components(separatedBy: " (").first ?? line) }
        }
        func mappedPath(_ node: Node?) -> String? { node?.storyboard.map { storyboardMatch[$0] ?? $0 } }
        func kind(_ node: Node) -> String? {
            // A xib's view controller is a screen, not a storyboard's scene; so is one made in code or SwiftUI.
            if node.role == .xibScreen || node.role.isMadeInCode { return "screen" }
            if node.role.isCountedScene { return "scene" }
            if node.role.isCrossFileLink { return "reference" }
            return nil
        }
        for id in addedNodes { if let node = headNodes[id], let what = kind(node) { add(node.storyboard, "\(what) added") } }
        for node in removedNodes where !(node.storyboard.map(removedStoryboards.contains) ?? false) {
            if let what = kind(node) { add(mappedPath(node), "\(what) removed") }
        }
        let baseOf = Dictionary(nodeMatch.map { ($0.value, $0.key) }, uniquingKeysWith: { a, _ in a })
        // The scenes whose Storyboard ID (or initial arrow) broke or fixed a link: the verdict said it already.
        var causes = codeLinkScenes
        for id in brokeNodes.keys {
            if let target = baseOf[id].flatMap({ baseNodes[$0]?.resolution?.target }), let now = nodeMatch[target] { causes.insert(now) }
        }
        for id in fixedNodes.keys { if let target = headNodes[id]?.resolution?.target { causes.insert(target) } }
        for id in changedNodes.keys.sorted() {
            guard let node = headNodes[id], let what = kind(node) else { continue }
            if causes.contains(id), (changedNodes[id] ?? []).allSatisfy({
                $0.hasPrefix("Storyboard ID:") || $0 == "became the initial scene" || $0 == "no longer the initial scene"
            }) { continue }
            if movedNodes[id] != nil {
                // Filed where the scene was: `Settings: 2 scenes moved to Extras`.
                guard what == "scene" else { continue }
                add(mappedPath(baseOf[id].flatMap { baseNodes[$0] }), "scene moved to \(Self.storyboardName(node.storyboard))")
            } else {
                add(node.storyboard, "\(what) changed")
            }
        }
        let headEdges = Dictionary(head.edges.map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a })
        func what(_ edge: Edge) -> String? {
            edge.kind.isInterfaceBuilderSegue ? "segue" : edge.kind == .code ? "code link" : nil
        }
        for id in addedEdges {
            guard let edge = headEdges[id], let what = what(edge) else { continue }
            add(headNodes[edge.from]?.storyboard, "\(what) added")
        }
        for edge in removedEdges {
            guard let what = what(edge), !(baseNodes[edge.from]?.storyboard.map(removedStoryboards.contains) ?? false) else { continue }
            add(mappedPath(baseNodes[edge.from]), "\(what) removed")
        }
        for id in changedEdges.keys {
            guard let edge = headEdges[id], let what = what(edge) else { continue }
            add(headNodes[edge.from]?.storyboard, "\(what) changed")
        }
        func phrase(_ what: String, _ count: Int) -> String {
            // "scene moved to Extras" → "2 scenes moved to Extras"; "new storyboard" stays as it is.
            guard count > 0, !Self.fileChanges.contains(what), !what.hasPrefix("renamed"),
                  !what.hasPrefix("moved from"), !what.hasPrefix("became "), !what.hasPrefix("no longer ") else { return what }
            guard count > 1 else { return "1 \(what)" }
            let words = what.split(separator: " ", maxSplits: 1).map(String.init)
            let noun = words[0] == "code" ? "code links" : words[0] + "s"
            let rest = words[0] == "code" ? String(words[1].dropFirst("link".count)) : " " + (words.count > 1 ? words[1] : "")
            return "\(count) \(noun)\(rest)"
        }
        var out: [(name: String, changes: [String], weight: Int)] = []
        for (path, tally) in tallies {
            let name = path.isEmpty ? "Code" : Self.storyboardName(path)
            let changes = tally.order.map { phrase($0, tally.items[$0] ?? 0) }
            out.append((name, changes, tally.items.values.reduce(0, +)))
        }
        return out.sorted { ($1.weight, $0.name, $0.changes.joined()) < ($0.weight, $1.name, $1.changes.joined()) }
            .map { (name: $0.name, changes: $0.changes) }
    }

    /// What happened to a whole file, said without a count.
    private static let fileChanges: Set<String> = ["new storyboard", "storyboard removed", "new xib", "xib removed"]
}
