/// Joins loaded facts into one resolved graph.
public enum SBMapResolve {}
