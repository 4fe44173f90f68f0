import SBMapModel

/// Where an unwind exit returns to in another storyboard: one port per exit and storyboard, inside the exit's box.
///
/// An unwind usually returns to a scene that led to it, so its `unwind-target` edge runs against the flow: it closes
/// a cycle of boxes, is left out of the ranking, and was drawn as a long curve back across the map, through the
/// storyboards between (docs/themes.md, "Full-map layout"). Drawn to a port in its own box, the edge is short and keeps
/// its style and legend entry; the port names the storyboard and the scene (or how many scenes) it can return to, and
/// its tooltip lists them. Unwind targets in the exit's own box keep their edges.
struct UnwindPort {
    /// The exit's styled id, and the boxes (styled cluster ids) of the exit and of the targets.
    var exit: String
    var exitCluster: String
    var targetCluster: String
    /// The first unwind-target edge, which gives the port's edge its id, style and classes.
    var edge: Edge
    var style: EdgeStyle
    var classes: [String]
    /// Model ids of the scenes it can return to, in edge order.
    var targets: [String]
}

extension StylePass {
    mutating func addToUnwindPort(_ edge: Edge, from: String, exitCluster: String, targetCluster: String,
                                  style: EdgeStyle, classes: [String]) {
        let key = from + "\u{0}" + targetCluster
        if let k = unwindPortIndex[key] {
            unwindPorts[k].targets.append(edge.to)
        } else {
            unwindPortIndex[key] = unwindPorts.count
            unwindPorts.append(UnwindPort(exit: from, exitCluster: exitCluster, targetCluster: targetCluster, edge: edge,
                                          style: style, classes: classes, targets: [edge.to]))
        }
    }

    /// Above this many storyboards, an exit's ports are one port: an unwind action every view controller inherits
    /// (IBAnimatable's) can return to a dozen storyboards from each of a dozen exits.
    static let maxUnwindPortsPerExit = 3

    mutating func styleUnwindPorts() {
        let limit = labels.maxLength
        let sceneLabels = Dictionary(nodes.map { ($0.modelID, $0.label.joined(separator: " ")) },
                                     uniquingKeysWith: { a, _ in a })
        let storyboardOfCluster = Dictionary(clusters.map { ($0.id, $0.storyboard) }, uniquingKeysWith: { a, _ in a })
        func name(_ cluster: String) -> String {
            let path = storyboardOfCluster[cluster] ?? ""
            return storyboardsByID[path]?.name ?? path
        }
        let portsOfExit = Dictionary(grouping: unwindPorts, by: \.exit)
        var drawn: Set<String> = []
        for port in unwindPorts {
            var ports = [port]
            if let all = portsOfExit[port.exit], all.count > Self.maxUnwindPortsPerExit {
                guard drawn.insert(port.exit).inserted else { continue }
                ports = all
            }
            let scenes = ports.flatMap { p in p.targets.map { sceneLabels[$0] ?? $0 } }
            let label: [String]
            var tip: [String]
            let action = port.edge.unwindAction.map { " \($0)" } ?? ""
            if ports.count > 1 {
                label = ["↩ \(ports.count) storyboards", "\(scenes.count) scenes"]
                tip = ["The unwind\(action) can return to:"]
                for p in ports { tip += p.targets.map { "\(name(p.targetCluster)) › \(sceneLabels[$0] ?? $0)" } }
            } else {
                let target = name(port.targetCluster)
                label = scenes.count == 1
                    ? TextSafety.wrapped(TextSafety.clean("↩ \(target) › \(scenes[0])"), width: limit, maxLines: 2)
                    : [TextSafety.label("↩ \(target)", limit: limit), "\(scenes.count) scenes"]
                tip = ["The unwind\(action) can return to \(target):"] + scenes
            }
            let id = ids.make("unwind-port", port.exit + "→" + (ports.count > 1 ? "" : port.targetCluster))
            nodes.append(StyledNode(id: id, modelID: port.edge.from, kind: .marker, cluster: port.exitCluster, label: label,
                                    tooltip: tooltip(tip), classes: ["unwind-port"], style: theme.nodeStyle(for: .exit)))
            edges.append(StyledEdge(id: ids.make("edge", port.edge.id), from: port.exit, to: id,
                                    label: edgeLabel(port.edge, style: port.style),
                                    tooltip: tooltip(["An unwind can return here"] + tip), classes: port.classes + ["unwind-port"],
                                    style: port.style, crossesClusters: false))
        }
    }
}
