/// Reads storyboards, Info.plists, project files and source code into loaded facts.
public enum SBMapParse {}
