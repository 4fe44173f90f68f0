import SBMapModel

/// A type in code that opens scenes of many storyboards, drawn once more in each of them.
///
/// A code type is drawn in the storyboard whose scenes it reaches most (`StylePass.homes(of:drawn:)`); its links to
/// one or two other storyboards are placed beside it by the layout. A hub such as duckduckgo's `MainViewController`,
/// which opens scenes of nine storyboards, cannot sit beside them all: its dotted edges ran down the map through the
/// storyboards between (6 of the 84 edges of duckduckgo's full map crossed an unrelated box). Above
/// `maxCodeBoxes` storyboards, the type gets a port in each other storyboard it reaches — a node with its own look
/// and label, so the legend entry "type in code" still says what it is — and its edges into that storyboard start
/// there. The port's tooltip says where the type itself is drawn.
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

    /// The port of code type `code` (model id) in box `box`, made on first use; its styled id.
    mutating func codePort(of code: String, in box: String) -> String? {
        let key = code + "\u{0}" + box
        if let id = codePortIDs[key] { return id }
        guard let typeID = nodeIDs[code], let type = nodes.first(where: { $0.id == typeID }) else { return nil }
        let homeName = clusters.first { $0.id == clusterOfNode[code] }.map { $0.label.first ?? "" } ?? ""
        let boxName = clusters.first { $0.id == box }.map { $0.label.first ?? "" } ?? ""
        let name = nodesByID[code]?.customClass ?? type.label.joined(separator: " ")
        let id = ids.make("code-port", code + "→" + box)
        nodes.append(StyledNode(
            id: id, modelID: code, kind: type.kind, cluster: nil, label: type.label,
            tooltip: tooltip(["Type in code: \(name)", "drawn in full in \(homeName); here, the scenes of \(boxName) it opens"]),
            classes: type.classes + ["code-port"], style: type.style, home: box))
        codePortIDs[key] = id
        return id
    }
}
