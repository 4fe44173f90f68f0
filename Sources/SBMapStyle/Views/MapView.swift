import SBMapModel

/// What a map shows: everything, the overview, one storyboard (or scene) with its neighbours, or what a change did.
public enum MapView: Hashable, Sendable {
    case full
    case overview
    case focus(FocusView)
    /// A diff map: the graph after the change, around what changed (a focus whose seeds are the changed nodes).
    case diff(FocusView)

    /// The map of `graph` this view draws.
    public func make(_ graph: StoryboardGraph) -> MapGraph {
        switch self {
        // The full map and the overview draw a folder of many xibs as one file (`XibFolders`).
        case .full: MapGraph.full(XibFolders.fold(graph))
        case .overview: OverviewView.make(XibFolders.fold(graph))
        case .focus(let focus), .diff(let focus): focus.make(graph)
        }
    }

    /// The layout plan this view makes for its styled picture, run by the `Stylist` after its passes: the overview
    /// ranks its storyboards (and drops links above a size, `OverviewView.planRanks`); a focus map folded what is far
    /// away when it was made (`FocusView`), and the other views leave the ranking to Graphviz. Returns the notes that
    /// say what the plan left out.
    func planLayout(nodes: [StyledNode], edges: inout [StyledEdge], direction: Direction,
                    ids: inout IDAllocator) -> [Diagnostic] {
        switch self {
        case .overview: OverviewView.planRanks(nodes: nodes, edges: &edges, direction: direction, ids: &ids)
        case .full, .focus, .diff: []
        }
    }
}

/// A graph as one view draws it. The view travels with its graph into the `Stylist`, the renderer and the text
/// writers, so none of them has to tell an overview from a focus map by looking at the nodes, and the layout plan
/// that belongs to a view (the overview's ranks) is that view's own.
public struct MapGraph: Hashable, Sendable {
    public var view: MapView
    public var graph: StoryboardGraph
    /// The counts of the app the view was made from, where its graph can no longer give them: the overview keeps one
    /// node per storyboard and one edge per pair, so counting its graph counts boxes and arrows, not scenes and links.
    /// `nil` where the view's graph holds the nodes and edges it shows (`counts` counts them).
    public var appCounts: GraphCounts?

    public init(view: MapView, graph: StoryboardGraph, appCounts: GraphCounts? = nil) {
        self.view = view
        self.graph = graph
        self.appCounts = appCounts
    }

    /// What the text of a map says it shows, in the numbers `sbmap check` gives (`GraphCounts`, the one count).
    public var counts: GraphCounts { appCounts ?? GraphCounts(graph) }

    /// The whole of `graph`, drawn as it is.
    public static func full(_ graph: StoryboardGraph) -> MapGraph { MapGraph(view: .full, graph: graph) }
}
