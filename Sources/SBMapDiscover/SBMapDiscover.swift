/// Finds the files to read under the user's paths.
public enum SBMapDiscover {}
