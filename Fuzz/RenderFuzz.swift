import SBMapModel
@testable import SBMapRender
import SBMapStyle

/// libFuzzer entry for the render path: styling (`Stylist`), the cgraph graph (`GraphBuilder`), and Graphviz's
/// layout, render and free (`gvLayout`, `gvRenderData`, `gvFreeLayout`), in every engine and every format sbmap ships.
///
/// The input is not a file format: it is read as a stream of choices (`RenderFuzzInput`) that builds a small graph
/// (at most 5 storyboards, 24 scenes, 40 edges, 3 targets) with the shapes that trouble Graphviz: clusters, edges
/// between them in cycles (which sbmap lays out with `constraint=false`), self-loops, parallel edges, edges to
/// missing nodes, labels and names made of odd text. Its first bytes pick the engine, the format, the theme and the
/// options, and whether every edge between storyboards starts out of the ranking (the path of the renderer's retry).
///
/// Besides crashes and memory errors (AddressSanitizer sees Graphviz's `free`s and `realloc`s even though Graphviz
/// is not instrumented), the render must succeed, give the format's bytes, and give the same bytes twice (SVG, DOT;
/// every engine but fdp).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzRender(_ data: UnsafePointer<UInt8>?, _ size: Int) -> Int32 {
    var input = RenderFuzzInput(UnsafeBufferPointer(start: data, count: size))
    let job = input.job()
    let styled = Stylist(theme: job.theme, options: job.style).style(job.graph)
    guard case .graphviz = job.format else {
        // Mermaid is sbmap's own text, from the same styled picture.
        check(Array(MermaidWriter.write(styled).utf8), format: job.format)
        return 0
    }
    let rendered: Rendered
    do {
        rendered = try Renderer.render(styled, options: job.options, relaxingAllFirst: job.relaxAllFirst)
    } catch {
        fatalError("render failed (\(job.options.engine.rawValue) → \(job.options.format.rawValue)): \(error)")
    }
    check(rendered.data, format: job.format)
    // fdp is left out: Graphviz 2.42's fdp does not lay a graph with clusters out the same way twice, even from one
    // seed in two processes (docs/robustness.md).
    if job.checkDeterminism, job.options.engine != .fdp, job.options.format == .svg || job.options.format == .dot {
        guard let again = try? Renderer.render(styled, options: job.options, relaxingAllFirst: job.relaxAllFirst),
              again.data == rendered.data else {
            fatalError("the same graph rendered twice gave different bytes (\(job.options.engine.rawValue) → \(job.options.format.rawValue))")
        }
    }
    return 0
}

/// What each format's bytes must look like.
private func check(_ bytes: [UInt8], format: OutputFormat) {
    func fail(_ what: String) -> Never { fatalError("\(format.name) output \(what) (\(bytes.count) bytes)") }
    switch format {
    case .svg:
        let text = String(decoding: bytes, as: UTF8.self)
        if !text.hasSuffix("</svg>\n") { fail("does not end with </svg>") }
        if text.contains("<script") || text.contains("<foreignObject") { fail("holds markup from input text") }
    case .dot:
        let text = String(decoding: bytes, as: UTF8.self)
        if !text.hasPrefix("digraph sbmap {") || !text.hasSuffix("}\n") { fail("is not one digraph") }
    case .png:
        if Array(bytes.prefix(8)) != [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { fail("is not a PNG") }
    case .pdf:
        if !bytes.starts(with: Array("%PDF-".utf8)) { fail("is not a PDF") }
    case .mermaid:
        let text = String(decoding: bytes, as: UTF8.self)
        if !text.hasPrefix("%% sbmap map") || text.contains("<script") { fail("is not sbmap's Mermaid") }
    default:
        fail("is not a format this target renders")
    }
}

/// The built-in themes, loaded once (YAML parsing is not what this target fuzzes).
private let themes: [Theme] = BuiltinThemes.names.compactMap { try? BuiltinThemes.theme(named: $0) }

/// One render to do.
struct RenderFuzzJob {
    var graph: StoryboardGraph
    var theme: Theme
    var style: StyleOptions
    var options: RenderOptions
    /// What to write: `options.format` when Graphviz draws it.
    var format: OutputFormat
    var relaxAllFirst: Bool
    var checkDeterminism: Bool
}

/// Reads choices from the fuzz input; past its end every choice is 0, so any input gives a graph.
struct RenderFuzzInput {
    private let bytes: [UInt8]
    private var index = 0

    init(_ buffer: UnsafeBufferPointer<UInt8>) { bytes = Array(buffer) }

    mutating func byte() -> Int {
        guard index < bytes.count else { return 0 }
        defer { index += 1 }
        return Int(bytes[index])
    }

    mutating func pick<T>(_ choices: [T]) -> T { choices[byte() % choices.count] }
    mutating func flag() -> Bool { byte() & 1 == 1 }

    /// Text a storyboard could hold: a known troublemaker, or up to 24 raw bytes read as UTF-8 (invalid sequences
    /// become U+FFFD, as when a loader decodes them).
    mutating func text() -> String {
        let selector = byte()
        if selector < 0x60 { return Self.oddText[selector % Self.oddText.count] }
        let count = selector % 25
        var raw: [UInt8] = []
        for _ in 0..<count { raw.append(UInt8(byte())) }
        return String(decoding: raw, as: UTF8.self)
    }

    mutating func optionalText() -> String? { flag() ? text() : nil }

    static let oddText: [String] = [
        "", " ", "Main", "Feed", "Settings", "\\N", "\\G", "\\E", "\\T", "\\H", "\\L", "\\l", "\\n", "\\r", "\\\\",
        "<b>bold</b>", "<<TABLE>>", "&amp;", "&#9731;", "&bogus;", "\"quoted\"", "'single'", "%s%n%x", "{}[]();,=",
        "-> --", "digraph { a }", "]; label=x", "\u{202E}evil\u{202C}", "\u{200F}rtl", "a\nb", "a\rb", "a\u{0}b",
        "\u{7}\u{1B}[31m", "漢字かな", "👩‍👩‍👧‍👦", "Z\u{0301}\u{0316}\u{0301}\u{0316}", "مرحبا", "\u{FEFF}",
        "javascript:alert(1)", "<script>x</script>", "<foreignObject/>", "x\u{0301}", String(repeating: "W", count: 90),
        "cluster_1", "n1", "sbmap", "node", "edge", "graph", "subgraph", "strict", "\\N\\G\\L\\l\\n",
    ]

    mutating func job() -> RenderFuzzJob {
        let engine = pick(LayoutEngine.allCases)
        // Graphviz's formats and Mermaid (the text written from the styled picture alone).
        let format = pick(OutputFormat.allCases.filter { $0.usesGraphviz || $0 == .mermaid })
        let options = byte()
        let theme = themes.isEmpty ? Theme.base : themes[byte() % themes.count]
        let style = StyleOptions(labelMode: LabelMode.allCases[(options >> 1) % LabelMode.allCases.count],
                                 direction: options & 1 == 0 ? .leftToRight : .topToBottom,
                                 legend: options & 0x08 == 0 ? nil : options & 0x10 != 0)
        let graphvizFormat: GraphvizFormat
        if case .graphviz(let f) = format { graphvizFormat = f } else { graphvizFormat = .svg }
        let render = RenderOptions(format: graphvizFormat, engine: engine, theme: theme, style: style,
                                   pngDPI: 72, pngPixelBudget: 250_000, pngMaxSide: 2_048)
        return RenderFuzzJob(graph: graph(), theme: theme, style: style, options: render, format: format,
                             relaxAllFirst: options & 0x20 != 0, checkDeterminism: options & 0x40 != 0)
    }

    static let edgeKinds: [EdgeKind] = [
        .show, .showDetail, .presentation, .popoverPresentation, .embed, .unwind, .custom, .relationship, .push, .modal,
        .replace, .popover, .sheet, .reference, .code, .unwindTarget, EdgeKind("futureKind"),
    ]

    mutating func graph() -> StoryboardGraph {
        // Targets, and storyboards that some of them hold.
        let targets: [BuildTarget] = (0..<(byte() % 4)).map { index in
            let platforms = Platform.allCases.filter { _ in flag() }
            return BuildTarget(id: BuildTarget.id(project: "App.xcodeproj", target: "T\(index)"), name: text(),
                               project: "App.xcodeproj", product: pick(ProductKind.allCases),
                               productType: "com.apple.product-type.application", platforms: platforms)
        }
        var storyboards: [Storyboard] = (0..<(1 + byte() % 5)).map { index in
            let name = text()
            var sb = Storyboard(path: "S\(index)/\(name).storyboard", name: name, platform: pick(Platform.allCases),
                                localization: flag() ? "Base" : nil, isLaunchScreen: byte() % 8 == 0)
            let held = byte()
            sb.targets = targets.enumerated().filter { held >> $0.offset & 1 == 1 }.map(\.element.id).sorted()
            for _ in 0..<(byte() % 3) {
                sb.entryPoints.append(EntryPoint(role: pick(EntryPoint.Role.allCases), key: text(),
                                                 declaredAt: SourceLocation(path: "Info.plist", line: 1 + byte())))
            }
            return sb
        }

        // Scenes: in a storyboard, or (code types) in none; some placeholders, exits, initial scenes.
        var nodes: [Node] = []
        let nodeCount = byte() % 25
        for index in 0..<nodeCount {
            let role = pick(SceneRole.allCases)
            let where_ = byte() % (storyboards.count + 1)
            let storyboard = where_ < storyboards.count ? storyboards[where_].path : nil
            let id = storyboard.map { Node.sceneID(storyboard: $0, objectID: "o\(index)") } ?? Node.codeID(type: "T\(index)")
            var node = Node(id: id, storyboard: storyboard, objectID: storyboard == nil ? nil : "o\(index)",
                            element: role == .code ? "code" : "viewController", role: role, customClass: optionalText(),
                            storyboardIdentifier: optionalText(), title: optionalText(), label: text(), initial: flag(),
                            location: storyboard.map { SourceLocation(path: $0, line: 1 + index) },
                            unwindAction: role == .exit ? optionalText() : nil)
            if role.carriesResolution || byte() % 8 == 0 {
                node.link = LinkTarget(mechanism: pick([.storyboardReference, .runtimeAttributes, .code]),
                                       storyboardName: optionalText(), identifier: optionalText(),
                                       bundleIdentifier: byte() % 4 == 0 ? text() : nil)
                if flag() {
                    node.resolution = Resolution(state: pick(Resolution.State.allCases), reason: optionalText(),
                                                 candidates: Array(repeating: "", count: byte() % 3))
                }
            }
            nodes.append(node)
        }
        for index in storyboards.indices where !nodes.isEmpty && flag() {
            storyboards[index].initialScene = byte() % 8 == 0 ? "missing" : nodes[byte() % nodes.count].id
        }
        // Candidates name scenes by the ids above: point them at scenes that exist.
        let ids = nodes.map(\.id)
        for index in nodes.indices {
            guard let count = nodes[index].resolution?.candidates.count, count > 0 else { continue }
            nodes[index].resolution?.candidates = (0..<count).map { _ in ids[byte() % ids.count] }
        }

        // Edges: any two scenes (the same one, a missing one), of any kind, labelled or not.
        var edges: [Edge] = []
        if !nodes.isEmpty {
            for index in 0..<(byte() % 41) {
                let from = nodes[byte() % nodes.count], to = byte() % 16 == 0 ? nil : nodes[byte() % nodes.count]
                let kind = pick(Self.edgeKinds)
                edges.append(Edge(id: byte() % 16 == 0 ? "e0" : "e\(index)", from: from.id, to: to?.id ?? "missing",
                                  kind: kind, relationship: kind == .relationship ? optionalText() : nil,
                                  order: kind == .relationship && flag() ? byte() % 5 : nil, identifier: optionalText(),
                                  creationSelector: byte() % 4 == 0 ? text() : nil,
                                  customClass: kind == .custom ? optionalText() : nil,
                                  unwindAction: kind == .unwind ? optionalText() : nil,
                                  crossFile: from.storyboard != to?.storyboard, location: from.location))
            }
        }
        return StoryboardGraph(targets: targets, storyboards: storyboards, nodes: nodes, edges: edges)
    }
}
