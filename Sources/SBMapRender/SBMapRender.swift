import CGraphviz
/// Renders a styled graph through Graphviz in process.
public enum SBMapRender {}
