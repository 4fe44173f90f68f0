import SBMapModel

/// A type in code that opens scenes of many storyboards, drawn once, its links into each other storyboard bundled.
///
/// A code type is drawn in the storyboard whose scenes it reaches most (`StylePass.homes(of:drawn:)`); its links to
/// one or two other storyboards are placed beside it by the layout. A hub such as duckduckgo's `MainViewController`,
/// which opens scenes of nine storyboards, cannot sit beside them all: its dotted edges ran down the map through the
/// storyboards between (6 of the 84 edges of duckduckgo's full map crossed an unrelated box). Above
/// `maxCodeBoxes` storyboards, the type gets a port in each other storyboard it reaches — a small dot in the code
/// links' colour, where its edges into that storyboard fan out — and one edge from the type to the port, labelled
/// with the number of links it stands for. (The ports were copies of the type, its look and label in every box: a
/// hub read as nine types.)
extension StylePass {
    /// A code type reaching more storyboards than this gets ports in those beyond its home.
    static let maxCodeBoxes = 3

    /// For each code type that reaches more than `maxCodeBoxes` boxes (model id → the boxes, styled cluster ids,
    /// other than its home), from `clusterOfNode`.
    func codeHubs() -> [String: Set<String>] {
        var reached: [String: Set<String>] = [:]
        for edge in graph.edges where edge.kind == .code {
            for (end, other) in [(edge.from, edge.to), (edge.to, edge.from)] {
                guard nodesByID[end]?.role == .code, let home = clusterOfNode[end], let box = clusterOfNode[other],
                      box != home else { continue }
                reached[end, default: []].insert(box)
            }
        }
        return reached.filter { $0.value.count + 1 > Self.maxCodeBoxes }
    }

    /// The port of code type `code` (model id) in box `box`, made on first use; its styled id. The port is a small
    /// dot in the code links' colour where the type's edges into the box fan out, not a copy of the type: a hub is
    /// drawn once (a copy in each of nine boxes read as nine types), and reaches each box by one edge, the bundle,
    /// labelled with the count of links it stands for (`styleCodeBundles`).
    mutating func codePort(of code: String, in box: String) -> String? {
        let key = code + "\u{0}" + box
        codePortLinks[key, default: 0] += 1
        if let id = codePortIDs[key] { return id }
        guard nodeIDs[code] != nil else { return nil }
        let boxName = clusters.first { $0.id == box }.map { $0.label.first ?? "" } ?? ""
        let name = nodesByID[code]?.customClass ?? nodesByID[code]?.label ?? code
        let id = ids.make("code-port", code + "→" + box)
        let line = theme.edges.style(for: .code).color
        nodes.append(StyledNode(
            id: id, modelID: code, kind: .marker, cluster: nil, label: [],
            tooltip: tooltip(["Type in code: \(name)", "its links into \(boxName) fan out here"]),
            classes: ["marker", "code-port"], style: NodeStyle(shape: "point", style: ["filled"], fill: line, stroke: line),
            home: box))
        codePortIDs[key] = id
        codePortOrder.append(key)
        return id
    }

    /// One edge from each hub to each of its ports, in the code links' style, without an arrowhead (the links from
    /// the port on carry them), labelled `×N` when it stands for N links; its tooltip says how many and where.
    mutating func styleCodeBundles() {
        for key in codePortOrder {
            let parts = key.split(separator: "\u{0}", maxSplits: 1).map(String.init)
            guard parts.count == 2, let hub = nodeIDs[parts[0]], let port = codePortIDs[key] else { continue }
            let count = codePortLinks[key] ?? 1
            let boxName = clusters.first { $0.id == parts[1] }.map { $0.label.first ?? "" } ?? ""
            let name = nodesByID[parts[0]]?.customClass ?? nodesByID[parts[0]]?.label ?? parts[0]
            var style = theme.edges.style(for: .code)
            style.arrowhead = "none"
            edges.append(StyledEdge(id: ids.make("edge-code-bundle", key), from: hub, to: port,
                                    label: count > 1 ? ["×\(count)"] : [],
                                    tooltip: tooltip(["Shown from code: \(name) opens \(plural(count, "scene")) of \(boxName)"]),
                                    classes: ["code", "code-bundle"], style: style, crossesClusters: true))
        }
    }
}
