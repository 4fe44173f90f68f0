import CGraphviz
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import SBMapModel
import SBMapStyle

/// Renders a storyboard graph through Graphviz, in process: cgraph builds the graph, gvc lays it out
/// and draws it. Nothing is spawned.
///
/// ```swift
/// let theme = try ThemeRef(parsing: "dark").load()
/// let out = try Renderer.render(graph, options: RenderOptions(format: .svg, theme: theme))
/// // write out.data; print out.diagnostics
/// ```
///
/// Calls from any thread are safe: Graphviz work is serialized on one process-wide executor.
/// The same input gives byte-identical SVG and DOT, also within one process.
public enum Renderer {
    /// Styles `map` with `options.theme` and `options.style` (and its view's layout plan), then renders it.
    ///
    /// When the direction is sbmap's to choose (`RenderOptions.choosesDirection`), a map whose shape is more than
    /// twice off the aimed one (`aimedAspect`; a long flow laid left to right came out 5:1, unreadable in a docs
    /// column) is laid out again: the other way, and, when it is still off and too long along its flow, with its
    /// storyboard boxes wrapped into rows (columns, top to bottom), until one is within twice the aim. The shape
    /// nearest the aim is kept, the first on a tie: the same input gives the same bytes, and a map that is fine as it
    /// is is laid out once. An extra layout runs only when the layout budget admits it with those before it.
    public static func render(_ map: MapGraph, options: RenderOptions) throws -> Rendered {
        var options = options
        if options.idPrefix == nil { options.idPrefix = SVGIDPrefix.default(for: map.view) }
        let styled = Stylist(theme: options.theme, options: options.style).style(map)
        let first = try render(styled, options: options)
        let aim = options.aimedAspect
        guard options.choosesDirection, options.format != .dot,
              options.layoutEngine(nodes: styled.nodes.count) == .dot,
              let shape = first.shape, aspectDistance(shape, aim: aim) > log(2) else { return first }
        // The other layouts, in a fixed order, until one is within twice the aim: the other way, then wrapped into
        // rows the way asked, then the other way wrapped. Each runs only when the budget admits it with those before
        // it: the map's share, and what the run has left for it.
        let boxes = styled.clusters.filter { $0.kind == .storyboard }.count
        let allowance = (options.layoutAllowance ?? options.layoutBudget.runSeconds) - LayoutCost.mapOverheadSeconds
        let limit = min(options.layoutBudget.mapSeconds, allowance)
        let firstPlan = Self.plan(styled, options: options)
        guard firstPlan.effort == .full else { return first }
        var spent = firstPlan.seconds
        var best = (rendered: first, distance: aspectDistance(shape, aim: aim))
        func attempt(_ styled: StyledGraph, _ options: RenderOptions) -> Rendered? {
            let plan = Self.plan(styled, options: options)
            guard plan.effort == .full, spent + plan.seconds <= limit else { return nil }
            spent += plan.seconds
            guard let rendered = try? render(styled, options: options), let ratio = rendered.shape else { return nil }
            let distance = aspectDistance(ratio, aim: aim)
            if distance < best.distance { best = (rendered, distance) }
            return rendered
        }
        // k rows make a flow about k times shorter and k times thicker: its shape k² times nearer.
        func wrapped(_ options: RenderOptions, shape: Double) -> RenderOptions? {
            let along = options.style.direction == .leftToRight ? shape / aim : aim / shape
            guard along > 2, boxes >= 2 else { return nil }
            var wrapped = options
            wrapped.wrapRows = min(boxes, max(2, Int(along.squareRoot().rounded())))
            return wrapped
        }
        var turned = options
        turned.style.direction = options.style.direction == .leftToRight ? .topToBottom : .leftToRight
        let turnedStyled = Stylist(theme: turned.theme, options: turned.style).style(map)
        let turnedShape = attempt(turnedStyled, turned)?.shape
        if best.distance > log(2), let rows = wrapped(options, shape: shape) { _ = attempt(styled, rows) }
        if best.distance > log(2), let turnedShape, let columns = wrapped(turned, shape: turnedShape) {
            _ = attempt(turnedStyled, columns)
        }
        return best.rendered
    }

    /// How far the shape `ratio` (width over height) is from `aim`, as a factor's logarithm: 2:1 and 1:2 are as far
    /// from 1:1.
    static func aspectDistance(_ ratio: Double, aim: Double) -> Double {
        abs(log(max(ratio, 1e-6) / max(aim, 1e-6)))
    }

    /// Renders the whole of `graph` (`MapView.full`).
    public static func render(_ graph: StoryboardGraph, options: RenderOptions) throws -> Rendered {
        try render(MapGraph.full(graph), options: options)
    }

    /// Renders an already styled graph (`options.theme` and `options.style` are not used again).
    public static func render(_ styled: StyledGraph, options: RenderOptions) throws -> Rendered {
        try render(styled, options: options, relaxingAllFirst: false)
    }

    /// `relaxingAllFirst` lays the map out the way the retry does from the start: every edge between storyboards
    /// out of the ranking (the render fuzzer takes that path too).
    static func render(_ styled: StyledGraph, options requested: RenderOptions, relaxingAllFirst: Bool) throws -> Rendered {
        var diagnostics = styled.diagnostics
        var options = requested
        if options.layoutEngine(nodes: styled.nodes.count) != options.engine {
            // A work limit, not a time limit: Graphviz cannot be interrupted, so the layout that could run for
            // minutes is never started.
            options.engine = .sfdp
            diagnostics.append(Diagnostic(.info, .renderLimited,
                                          "the map has \(styled.nodes.count) nodes, more than dot lays out in reasonable time (\(options.dotNodeLimit)): it was laid out with sfdp",
                                          at: nil, about: "sfdp instead of dot", hint: "draw the overview (--view overview) or one storyboard (--focus NAME) for a readable map"))
        }
        var straightEdges = false, polylineEdges = false
        if options.format != .dot {
            let plan = Self.plan(styled, options: options)
            let finding = plan.finding(map: options.layoutSubject, engine: options.engine)
            switch plan.effort {
            case .full:
                break
            case .polyline:
                polylineEdges = true
            case .straight:
                options.engine = plan.engine(asked: options.engine)
                straightEdges = true
            case .skipped:
                throw RenderError("\(options.layoutSubject) was not drawn: \(plan.reason)",
                                  diagnostics: (diagnostics + [finding].compactMap { $0 }).sorted(), skipped: true)
            }
            if let finding { diagnostics.append(finding) }
        }
        var measured = 0.0
        var shape: Double?
        let data: [UInt8] = try GraphvizExecutor.run { log in
            let started = ContinuousClock.now
            defer {
                let elapsed = ContinuousClock.now - started
                measured = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            }
            var builder = GraphBuilder(styled: styled, engine: options.engine)
            builder.idPrefix = SVGIDPrefix.sanitized(options.idPrefix ?? "")
            builder.relaxAllCrossClusterEdges = relaxingAllFirst
            builder.straightEdges = straightEdges
            builder.polylineEdges = polylineEdges
            builder.wrapRows = options.wrapRows
            if options.format == .dot {
                builder.tableLegend = true
                guard let g = builder.build() else {
                    throw RenderError("Graphviz could not create a graph", diagnostics: log.diagnostics(context: "build"))
                }
                defer { agclose(g) }
                let text = try writeDOT(g, log: log)
                diagnostics += log.diagnostics(context: "dot output")
                return text
            }
            // A layout Graphviz fails ("lost … edge", a cluster cycle the plan did not foresee) is tried again,
            // simpler each time, and the map says what was simplified: a real app always gets a map.
            var failures = GraphvizExecutor.injectedFailures
            var first: RenderError?
            for fallback in Fallback.chain(engine: options.engine, relaxedFirst: relaxingAllFirst, straight: straightEdges) {
                var attempt = builder
                var attemptOptions = options
                fallback.apply(to: &attempt, options: &attemptOptions)
                var attemptDiagnostics = diagnostics
                do {
                    if failures > 0 {
                        failures -= 1
                        throw RenderError("Graphviz layout '\(attemptOptions.engine.rawValue)' failed", diagnostics: [
                            Diagnostic(.error, .graphvizMessage, "Graphviz (layout \(attemptOptions.engine.rawValue)): lost n1 n2 edge (injected)", at: nil),
                        ])
                    }
                    let bytes = try layoutAndRender(attempt, styled: styled, options: attemptOptions, log: log,
                                                    diagnostics: &attemptDiagnostics, shape: &shape)
                    diagnostics = attemptDiagnostics
                    if let first, let simplified = fallback.simplified {
                        diagnostics.append(Diagnostic(.info, .renderLimited,
                                                      "the first layout failed (\(first.reason)); the map was laid out again \(simplified)",
                                                      at: nil, about: "fallback layout",
                                                      hint: "the map is complete; only its arrangement is simpler"))
                    }
                    return bytes
                } catch let failure as RenderError {
                    if first == nil { first = failure }
                    log.reset()
                    _ = agreseterrors()
                }
            }
            throw first ?? RenderError("Graphviz layout '\(options.engine.rawValue)' failed")
        }
        if options.engine == .dot, styled.sceneCount > 300, options.format != .dot {
            diagnostics.append(Diagnostic(.info, .renderLimited,
                                          "the map has \(styled.sceneCount) nodes: crossing minimisation was shortened (mclimit) to keep the layout fast",
                                          at: nil, about: "mclimit", hint: "use --layout sfdp for very large maps"))
        }
        var rendered = Rendered(format: .graphviz(options.format), data: data, diagnostics: diagnostics.sorted(),
                                nodeIDs: nodeIDs(styled, prefix: SVGIDPrefix.sanitized(options.idPrefix ?? "")), key: styled.key,
                                shape: shape)
        rendered.seconds = measured
        return rendered
    }

    /// The layout plan for `styled` (after the switch to sfdp above `dotNodeLimit`), against `options`' budget.
    public static func plan(_ styled: StyledGraph, options: RenderOptions) -> LayoutPlan {
        LayoutPlan.choose(LayoutCost(styled), engine: options.engine, splines: styled.theme.canvas.splines,
                          budget: options.layoutBudget, allowance: options.layoutAllowance ?? options.layoutBudget.runSeconds)
    }

    /// The layout cost of `map` styled with `options` (what a run of many maps charges before it draws one).
    public static func layoutCost(_ map: MapGraph, options: RenderOptions) -> LayoutCost {
        LayoutCost(Stylist(theme: options.theme, options: options.style).style(map))
    }

    /// The layout cost of the whole of `graph`.
    public static func layoutCost(_ graph: StoryboardGraph, options: RenderOptions) -> LayoutCost {
        layoutCost(MapGraph.full(graph), options: options)
    }

    /// Model node id → SVG id of every node of the model in `styled`.
    static func nodeIDs(_ styled: StyledGraph, prefix: String) -> [String: String] {
        var ids: [String: String] = [:]
        for node in styled.nodes where node.kind == .scene && ids[node.modelID] == nil {
            ids[node.modelID] = prefix + node.id
        }
        return ids
    }

    /// One layout and render, freeing the graph and the layout on every path (the context is the process's own).
    private static func layoutAndRender(_ builder: GraphBuilder, styled: StyledGraph, options: RenderOptions,
                                        log: MessageLog, diagnostics: inout [Diagnostic],
                                        shape: inout Double?) throws -> [UInt8] {
        guard let g = builder.build() else {
            throw RenderError("Graphviz could not create a graph", diagnostics: log.diagnostics(context: "build"))
        }
        defer { agclose(g) }
        guard let gvc = GraphvizExecutor.context(for: options.format) else {
            throw RenderError("Graphviz could not create a context", diagnostics: log.diagnostics(context: "context"))
        }

        resetRandomNumbers()
        let rc = gvLayout(gvc, g, options.engine.rawValue)
        defer { gvFreeLayout(gvc, g) }
        // gvLayout returns 0 even when the layout failed: agerrors() tells the truth.
        if rc != 0 || agerrors() > 0 {
            throw RenderError("Graphviz layout '\(options.engine.rawValue)' failed",
                              diagnostics: log.diagnostics(context: "layout \(options.engine.rawValue)"))
        }
        diagnostics += log.diagnostics(context: "layout \(options.engine.rawValue)")
        let layoutCount = log.messages.count
        EdgeLabelPlacement.apply(g)  // every edge's text on its edge, off the others
        LegendPlacement.apply(g, aim: options.aimedAspect)  // below a wide map, beside a tall one
        let bb = sbmap_bb(g)
        shape = max(bb.UR.x - bb.LL.x, 1) / max(bb.UR.y - bb.LL.y, 1)

        if options.format == .png {
            diagnostics += limitPNG(g, options: options, scenes: styled.sceneCount)
        }
        var bytes = try renderData(gvc, g, format: options.format)
        if options.format == .pdf { bytes = PDFDate.normalize(bytes) }  // cairo stamps the clock time
        if agerrors() > 0 {
            throw RenderError("Graphviz could not render \(options.format.rawValue)",
                              diagnostics: log.diagnostics(context: "render"))
        }
        diagnostics += Array(log.diagnostics(context: "render \(options.format.rawValue)").dropFirst(layoutCount))
        return bytes
    }

    /// Puts the C library's random number generators back in the state a fresh process starts with.
    ///
    /// Graphviz's force-directed engines draw from `rand` and `drand48` and do not always seed them, so a layout
    /// depended on what ran before it in the same process (the render fuzzer found an fdp map that came out different
    /// the second time). With this every layout starts where the first one of a process does, so a render gives the
    /// bytes `sbmap render` gives, whatever the process rendered before.
    private static func resetRandomNumbers() {
        srand(1)
        srandom(1)
        srand48(0x1234_ABCD)  // glibc's and Darwin's unseeded state, 0x1234ABCD330E
    }

    /// Graphviz's names for our formats. PNG and PDF use cairo, SVG Graphviz's own core renderer.
    private static func renderData(_ gvc: OpaquePointer, _ g: GraphPtr, format: GraphvizFormat) throws -> [UInt8] {
        var result: UnsafeMutablePointer<CChar>?
        // `unsigned int` in Graphviz 2.4x, `size_t` later: let the compiler pick the type.
        var length: UInt32 = 0
        let rc = gvRenderData(gvc, g, format.rawValue, &result, &length)
        defer { if let result { gvFreeRenderData(result) } }
        guard rc == 0, let result else {
            throw RenderError("Graphviz could not render \(format.rawValue) (is its plugin installed?)")
        }
        return result.withMemoryRebound(to: UInt8.self, capacity: Int(length)) {
            Array(UnsafeBufferPointer(start: $0, count: Int(length)))
        }
    }

    /// DOT text of `styled` as the layout gets it; `relaxAllCrossClusterEdges` gives the retry's graph (for tests).
    static func dotText(_ styled: StyledGraph, engine: LayoutEngine, relaxAllCrossClusterEdges: Bool = false,
                        straightEdges: Bool = false, polylineEdges: Bool = false) throws -> [UInt8] {
        try GraphvizExecutor.run { log in
            var builder = GraphBuilder(styled: styled, engine: engine)
            builder.tableLegend = true
            builder.relaxAllCrossClusterEdges = relaxAllCrossClusterEdges
            builder.straightEdges = straightEdges
            builder.polylineEdges = polylineEdges
            guard let g = builder.build() else {
                throw RenderError("Graphviz could not create a graph", diagnostics: log.diagnostics(context: "build"))
            }
            defer { agclose(g) }
            return try writeDOT(g, log: log)
        }
    }

    /// DOT text of the graph before layout, written by cgraph itself (`agwrite`): attribute values
    /// are quoted and escaped by Graphviz, so the text reads back as the same graph.
    private static func writeDOT(_ g: GraphPtr, log: MessageLog) throws -> [UInt8] {
        var buffer: UnsafeMutablePointer<CChar>?
        var length = 0
        let rc = sbmap_agwrite_memory(g, &buffer, &length)
        defer { if let buffer { sbmap_free(buffer) } }
        guard rc == 0, let buffer else {
            throw RenderError("Graphviz could not write DOT", diagnostics: log.diagnostics(context: "dot output"))
        }
        return buffer.withMemoryRebound(to: UInt8.self, capacity: length) {
            Array(UnsafeBufferPointer(start: $0, count: length))
        }
    }

    /// Picks the PNG resolution so the image stays within the pixel budget and under the longest
    /// side, and says so when it had to go below the requested dpi.
    private static func limitPNG(_ g: GraphPtr, options: RenderOptions, scenes: Int) -> [Diagnostic] {
        let bb = sbmap_bb(g)
        let plan = PNGPlan(widthPoints: bb.UR.x - bb.LL.x, heightPoints: bb.UR.y - bb.LL.y, options: options, scenes: scenes)
        sbmap_set_dpi(g, plan.dpi)
        guard plan.reduced else { return [] }
        // A note, not a warning: the map is complete, only coarser, and `--strict` must not fail on it.
        return [Diagnostic(.info, .renderLimited,
                           "PNG drawn at \(GraphvizText.number(plan.dpi)) dpi instead of \(GraphvizText.number(options.pngDPI)) (\(plan.pixelWidth)×\(plan.pixelHeight) px) to stay within \(plan.budget) pixels (--max-pixels) for a map of \(scenes) scenes",
                           at: nil, about: "PNG resolution", hint: "render SVG or PDF for full detail")]
    }
}

/// The resolution a PNG is drawn at: the requested dpi, or less for a big map.
struct PNGPlan: Hashable {
    let dpi: Double
    let reduced: Bool
    let pixelWidth: Int
    let pixelHeight: Int
    /// The pixels it was allowed: the one asked for, or the map's own (`PNGBudget`).
    let budget: Int

    init(widthPoints: Double, heightPoints: Double, options: RenderOptions, scenes: Int) {
        let budget = options.pngPixelBudget ?? PNGBudget.pixels(scenes: scenes)
        self.budget = budget
        // Inches, with the padding Graphviz adds on every side (`pad`): the budget is for the whole image.
        let pad = 2 * max(options.theme.canvas.pad, 0)
        let w = max(widthPoints, 1) / 72 + pad
        let h = max(heightPoints, 1) / 72 + pad
        var dpi = options.pngDPI
        let byBudget = (Double(budget) / (w * h)).squareRoot()
        let bySide = Double(options.pngMaxSide) / max(w, h)
        dpi = min(dpi, byBudget, bySide)
        dpi = max((dpi * 10).rounded(.down) / 10, 1)
        // Sides are whole pixels, rounded up: step down until the rounded image fits too.
        while dpi > 1, (w * dpi).rounded(.up) * (h * dpi).rounded(.up) > Double(budget) { dpi -= 0.1 }
        self.dpi = dpi
        self.reduced = dpi < options.pngDPI
        // Graphviz rounds each side up.
        self.pixelWidth = Int((w * dpi).rounded(.up))
        self.pixelHeight = Int((h * dpi).rounded(.up))
    }
}

/// Which Graphviz sbmap uses, for `sbmap --version` and bug reports.
public enum GraphvizInfo {
    /// The release whose headers sbmap was compiled against.
    public static var builtVersion: String { String(cString: sbmap_graphviz_built_version()) }

    /// The release of the library loaded at run time (it can differ after a system upgrade).
    public static var loadedVersion: String {
        GraphvizExecutor.run { _ in
            guard let gvc = gvContext() else { return "unknown" }
            defer { gvFreeContext(gvc) }
            return gvcVersion(gvc).map { String(cString: $0) } ?? "unknown"
        }
    }
}

/// One way of laying a map out, from as planned to simplest: what the renderer tries, in order, while Graphviz
/// fails. Each later one leaves out more of what dot is known to fail on (constraints between storyboards, rank
/// hints), and the last uses another engine.
enum Fallback: Equatable {
    case asPlanned
    case relaxed
    case withoutRankHints
    case otherEngine(LayoutEngine)

    static func chain(engine: LayoutEngine, relaxedFirst: Bool, straight: Bool) -> [Fallback] {
        var chain: [Fallback] = [.asPlanned]
        if engine == .dot {
            if !relaxedFirst { chain.append(.relaxed) }
            chain.append(.withoutRankHints)
        }
        if engine != .sfdp { chain.append(.otherEngine(.sfdp)) } else if !straight { chain.append(.otherEngine(.sfdp)) }
        return chain
    }

    func apply(to builder: inout GraphBuilder, options: inout RenderOptions) {
        switch self {
        case .asPlanned: break
        case .relaxed:
            builder.relaxAllCrossClusterEdges = true
        case .withoutRankHints:
            builder.relaxAllCrossClusterEdges = true
            builder.withoutRankHints = true
        case .otherEngine(let engine):
            options.engine = engine
            builder = GraphBuilder(styled: builder.styled, engine: engine, idPrefix: builder.idPrefix)
            builder.straightEdges = true
        }
    }

    /// What the note says was simplified; nil for the layout as planned.
    var simplified: String? {
        switch self {
        case .asPlanned: nil
        case .relaxed: "with links between storyboards left out of the ranking"
        case .withoutRankHints: "with links between storyboards left out of the ranking and without rank hints (minlen, the invisible edges that order storyboards)"
        case .otherEngine(let engine): "by \(engine.rawValue) instead, with straight edges"
        }
    }
}

extension RenderError {
    /// Why a layout failed, in one line: Graphviz's first error, or the message.
    var reason: String {
        let graphviz = diagnostics.first { $0.severity == .error }?.message
        return graphviz ?? message
    }
}

