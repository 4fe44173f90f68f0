import SBMapModel
import SBMapStyle

/// How much predicted layout time a map, and a run of many maps, may take (`LayoutCost` predicts it). Every command
/// ends in bounded time because no layout is started that the budget does not admit: a map over its share is drawn
/// the cheap way, and one the cheap way cannot draw in what is left is not drawn at all.
public struct LayoutBudget: Hashable, Sendable {
    /// The most predicted seconds one map may take laid out as themed (dot, routed edges). Normal maps need a small
    /// fraction of a second; the hostile storyboard of 150 scenes and 600 segues was predicted at hours.
    public var mapSeconds: Double
    /// The most predicted seconds of layout a whole command may take: one `render`, or every map of `site` and
    /// `render --all` together (1,000 maps at the per-map budget would be over an hour).
    public var runSeconds: Double

    public init(mapSeconds: Double = 5, runSeconds: Double = 40) {
        self.mapSeconds = mapSeconds
        self.runSeconds = runSeconds
    }
}

/// How a map is laid out.
public enum LayoutEffort: String, Hashable, Sendable, Comparable {
    /// As asked and themed.
    case full
    /// As asked, with the theme's `ortho` edges drawn as polylines (dot routes those cheaply).
    case polyline
    /// Straight edges (`splines=line`): with the engine asked when its layout fits the budget and only routing the
    /// edges would not, else with sfdp and cheap overlap removal, about linear in the graph.
    case straight
    /// Not laid out: even the cheap way is over what the run has left. The site shows the tables without the map.
    case skipped

    public static func < (a: Self, b: Self) -> Bool { a.order < b.order }
    private var order: Int {
        switch self {
        case .full: 0
        case .polyline: 1
        case .straight: 2
        case .skipped: 3
        }
    }
}

/// The layout plan of one map: the effort, why, and the predicted seconds it costs the run.
public struct LayoutPlan: Hashable, Sendable {
    public var effort: LayoutEffort
    public var cost: LayoutCost
    /// Predicted seconds of the layout the plan runs (0 when skipped).
    public var seconds: Double
    /// Why the full layout was not run (empty when it was).
    public var reason: String
    /// The engine a straight plan lays the map out with instead of the one asked (sfdp), when the asked one's layout
    /// is over the budget; nil when the engine asked lays it out.
    public var fallbackEngine: LayoutEngine?

    public init(effort: LayoutEffort, cost: LayoutCost, seconds: Double, reason: String, fallbackEngine: LayoutEngine? = nil) {
        self.effort = effort
        self.cost = cost
        self.seconds = seconds
        self.reason = reason
        self.fallbackEngine = fallbackEngine
    }

    /// Chooses the plan for a map of `cost` drawn by `engine` with the theme's `splines`, with `allowance` predicted
    /// seconds left in the run.
    public static func choose(_ cost: LayoutCost, engine: LayoutEngine, splines: String, budget: LayoutBudget,
                              allowance: Double) -> LayoutPlan {
        // Nothing left: every later map of the run is left out, whatever it costs (`LayoutRun.isSpent`).
        guard allowance > 0 else {
            return LayoutPlan(effort: .skipped, cost: cost, seconds: 0,
                              reason: "nothing is left of the layout budget (\(seconds(budget.runSeconds)) for the whole run)")
        }
        // Every engine and spline mode has its model (`LayoutCost.layoutSeconds`, `orthoSeconds`): `layout: circo`
        // or `splines: ortho`, which a pull request can set, ran for minutes on one dense storyboard.
        let layout = cost.layoutSeconds(engine)
        let ortho = splines == "ortho" ? cost.orthoSeconds : 0
        let full = layout + ortho
        // The run is charged a map's overhead besides its layout (`LayoutRun.plan`), so only what is left after the
        // overhead may go to the layout: else every map the run admits could overspend it by the overhead, and a run
        // with less than the overhead left would still draw maps whose layout is nearly free.
        let left = allowance - LayoutCost.mapOverheadSeconds
        let limit = min(budget.mapSeconds, left)
        // Curved edges (what force-directed engines draw for routed splines) enumerate the graph's cycles.
        let curved = engine != .dot && GraphBuilder.obstacleRoutedSplines.contains(splines)
        let reason: String
        if full > limit {
            if ortho > 0, layout <= limit {
                let why = "orthogonal edges (splines: ortho) would take about \(seconds(ortho)) to route, over the budget of \(seconds(limit))"
                // dot routes polylines along its own layout, at no cost to speak of; the other engines route them
                // around every node, so they draw straight edges.
                if engine == .dot { return LayoutPlan(effort: .polyline, cost: cost, seconds: layout, reason: why) }
                return LayoutPlan(effort: .straight, cost: cost, seconds: layout, reason: why)
            }
            reason = engine == .dot
                ? "dot would take about \(seconds(full)) (\(cost.ranks) ranks, \(cost.virtualNodes) bends to route), over the budget of \(seconds(limit))"
                : "\(engine.rawValue) would take about \(seconds(full))\(ortho > 0 ? " with orthogonal edges" : ""), over the budget of \(seconds(limit))"
        } else if curved, cost.cycles > LayoutCost.curvedCycleLimit {
            reason = "curved edges would trace up to 2^\(min(cost.cycles, 999)) cycles"
        } else {
            return LayoutPlan(effort: .full, cost: cost, seconds: full, reason: "")
        }
        // Straight edges with the engine asked when its own layout fits (only the edges were too dear), else sfdp's.
        let ownLayout = cost.layoutSeconds(engine)
        if engine != .dot, engine != .sfdp, ownLayout <= left, ownLayout <= budget.mapSeconds {
            return LayoutPlan(effort: .straight, cost: cost, seconds: ownLayout, reason: reason)
        }
        if cost.straightSeconds <= left {
            return LayoutPlan(effort: .straight, cost: cost, seconds: cost.straightSeconds, reason: reason,
                              fallbackEngine: engine == .sfdp ? nil : .sfdp)
        }
        return LayoutPlan(effort: .skipped, cost: cost, seconds: 0,
                          reason: "even with straight edges its layout would take about \(seconds(cost.straightSeconds)), more than the \(seconds(max(left, 0))) left of the layout budget (\(seconds(budget.runSeconds)) for the whole run)")
    }

    /// The engine the plan lays the map out with.
    public func engine(asked: LayoutEngine) -> LayoutEngine {
        effort == .straight ? fallbackEngine ?? asked : asked
    }

    /// The finding that says what was simplified and why, or `nil` for a full layout. `map` names the map ("the map",
    /// "the map of App/Settings.storyboard").
    public func finding(map: String, engine: LayoutEngine) -> Diagnostic? {
        let size = "\(cost.nodes) nodes, \(cost.edges) edges"
        let hint = "draw less at once: --focus NAME, --hops 0, or --view overview"
        switch effort {
        case .full:
            return nil
        case .polyline:
            return Diagnostic(.info, .renderLimited, "\(map) (\(size)) was drawn with polyline edges instead of orthogonal ones: \(reason)",
                              at: nil, about: map, hint: hint)
        case .straight:
            let what = switch (engine, fallbackEngine) {
            case (.dot, .some(let other)): "laid out by \(other.rawValue) with straight edges instead of dot (no crossing reduction)"
            case (_, .some(let other)): "laid out by \(other.rawValue) with straight edges instead of \(engine.rawValue)"
            case (_, nil): "drawn with straight edges"
            }
            return Diagnostic(.info, .renderLimited, "\(map) (\(size)) was \(what): \(reason)", at: nil, about: map, hint: hint)
        case .skipped:
            return Diagnostic(.info, .renderLimited, "\(map) (\(size)) was not drawn: \(reason)", at: nil, about: map, hint: hint)
        }
    }

    static func seconds(_ s: Double) -> String {
        if s >= 3_600 { return "\(Int(s / 3_600)) h" }
        if s >= 10 { return "\(Int(s.rounded())) s" }
        return "\(GraphvizText.number((s * 10).rounded() / 10)) s"
    }
}

/// A run of many maps (`site`, `render --all`): each map's plan is chosen in a fixed order against what the earlier
/// ones left, so the whole run is bounded and the same input gets the same plans (the budget is predicted seconds,
/// never the clock).
public struct LayoutRun: Sendable {
    public let budget: LayoutBudget
    public private(set) var remaining: Double

    public init(budget: LayoutBudget) {
        self.budget = budget
        self.remaining = budget.runSeconds
    }

    /// Whether nothing is left: every later map is left out, whatever it would cost, so its cost (a styling of the
    /// map) need not even be known.
    public var isSpent: Bool { remaining <= 0 }

    /// The plan the next map will get with `options`, and the allowance to render it with, charging the run. A map
    /// whose plan is `.skipped` need not be styled or rendered at all: nothing of it is drawn.
    public mutating func plan(for cost: LayoutCost, options: RenderOptions) -> (plan: LayoutPlan, allowance: Double) {
        let given = remaining
        let plan = LayoutPlan.choose(cost, engine: options.layoutEngine(nodes: cost.nodes),
                                     splines: options.theme.canvas.splines, budget: budget, allowance: given)
        let charge = plan.effort == .skipped ? 0 : plan.seconds + LayoutCost.mapOverheadSeconds
        remaining = max(0, remaining - charge)
        return (plan, given)
    }

    /// How much longer than its plan's charge a map may measure before the run is charged the difference: the
    /// clock's noise on a loaded machine, so a run whose predictions hold gets the same plans on any machine.
    public static let measuredSlack = 1.0

    /// Charges the run for a map drawn with `plan` that took `measured` seconds (`Rendered.seconds`), beyond what
    /// `plan(for:options:)` charged and the slack. A prediction that falls short (a model that misjudges an input, a
    /// machine much slower than the reference) then shortens what the later maps get, and the run stays bounded.
    public mutating func charge(measured: Double, for plan: LayoutPlan?) {
        let charged = plan.map { $0.effort == .skipped ? 0 : $0.seconds + LayoutCost.mapOverheadSeconds } ?? 0
        let excess = measured - charged - Self.measuredSlack
        if excess > 0 { remaining = max(0, remaining - excess) }
    }

    /// The finding for the maps a run left out (`subjects`, "the map of App/Settings.storyboard", in the order drawn,
    /// with their plans; none for a map after the budget was spent, whose cost was not computed): the map's own note
    /// when it is the only one, else one note for all. A site of 10,000 storyboards left out 8,000 maps, and a note
    /// each buried every other finding.
    public func skippedNote(_ skipped: [(subject: String, plan: LayoutPlan?)]) -> Diagnostic? {
        guard let first = skipped.first else { return nil }
        // (The engine is named only for a straight layout.)
        if skipped.count == 1, let plan = first.plan { return plan.finding(map: first.subject, engine: .dot) }
        let shown = skipped.prefix(3).map(\.subject)
        let more = skipped.count > shown.count ? ", and \(skipped.count - shown.count) more" : ""
        let what = skipped.count == 1 ? "\(first.subject) was" : "\(skipped.count) maps were"
        let list = skipped.count == 1 ? "" : "; the first: \(shown.joined(separator: "; "))\(more)"
        return Diagnostic(.info, .renderLimited,
                          "\(what) not drawn, to keep the run bounded: too little was left of the run's layout budget (\(LayoutPlan.seconds(budget.runSeconds)) of predicted layout for all its maps)\(list)",
                          at: nil, about: "the run's layout budget", hint: "draw one alone with `sbmap render PATH... --focus STORYBOARD -o map.svg`, which has the whole budget")
    }
}
