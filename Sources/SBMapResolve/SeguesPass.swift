import SBMapModel

extension GraphBuilder {
    /// Relationships whose order means something (tab order, split item order).
    static let orderedRelationships: Set<String> = ["viewControllers", "tabItems", "splitItems"]

    /// Pass 4: one edge per segue, from the scene that owns it. Unwind segues point at the scene's
    /// `<exit>`, which says nothing about where the unwind lands, so they go to one exit node per
    /// selector and storyboard. A destination that is not in the file is a finding, never dropped silently.
    mutating func addSegues() {
        let segueCount = catalog.entries.reduce(0) { $0 + $1.file.scenes.reduce(0) { $0 + $1.segues.count } }
        edges.reserveCapacity(segueCount)
        edgeIDs.reserveCapacity(segueCount)
        for (entryIndex, entry) in catalog.entries.enumerated() {
            let file = entry.file
            let roots = rootsByObjectID[entryIndex]
            let exits = Set(file.scenes.flatMap(\.exitIDs))
            for scene in file.scenes {
                guard let source = roots[scene.objectID] else { continue }
                var positions: [String: Int] = [:]
                for segue in scene.segues {
                    let target: String
                    if segue.kind == .unwind || exits.contains(segue.destination) {
                        target = exitNode(for: segue.unwindAction, in: file.path, near: segue.location)
                    } else if let destination = roots[segue.destination] {
                        target = destination
                    } else {
                        diagnostics.append(Diagnostic(
                            .error, .missingDestination,
                            "\(segue.kind.rawValue) segue\(segue.identifier.map { " '\($0)'" } ?? "") points at object '\(segue.destination)', which is not a scene of \(entry.name).storyboard",
                            at: segue.location, about: "\(segue.identifier ?? "")→\(segue.destination)",
                            hint: "delete the segue and connect it again in Xcode; a bad merge is the usual cause"))
                        continue
                    }
                    var order: Int?
                    if segue.kind == .relationship, let relationship = segue.relationship,
                       Self.orderedRelationships.contains(relationship) {
                        order = positions[relationship, default: 0]
                        positions[relationship] = (order ?? 0) + 1
                    }
                    let segueID = segue.objectID.map { "\(file.path)#\($0)" }
                        ?? "\(file.path)#segue:\(scene.objectID)>\(segue.destination)"
                    addEdge(Edge(
                        id: segueID, from: source, to: target, kind: segue.kind,
                        relationship: nonEmpty(segue.relationship), order: order,
                        identifier: nonEmpty(segue.identifier), creationSelector: nonEmpty(segue.creationSelector),
                        customClass: nonEmpty(segue.customClass), unwindAction: nonEmpty(segue.unwindAction),
                        crossFile: false, trigger: segue.trigger, location: segue.location))
                }
            }
        }
    }

    private mutating func exitNode(for action: String?, in storyboard: String, near location: SourceLocation) -> String {
        let selector = nonEmpty(action) ?? "unwind"
        let id = Node.exitID(storyboard: storyboard, action: selector)
        if nodeIndex[id] == nil {
            _ = addNode(Node(id: id, storyboard: storyboard, objectID: nil, element: "exit", role: .exit,
                             label: "Exit: \(selector)", location: location, unwindAction: selector))
        }
        return id
    }
}
