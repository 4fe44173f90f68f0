/// The sbmap commands.
public enum SBMapCLI {}
