/// Themes and the styled picture of a graph.
public enum SBMapStyle {}
