import ArgumentParser
import SBMapBuildInfo
import SBMapRender

/// `sbmap`: the root command. It only lists the subcommands; each one is thin and calls the pipeline.
///
/// Help text is written one paragraph a line: ArgumentParser wraps it to the terminal (80 columns in a pipe or CI),
/// and a line broken by hand would be broken again into orphan words. Example lines stay under 80 columns.
public struct SBMapCommand: ParsableCommand {
    public static let version = "0.2.0"

    /// The version of this build: `0.2.0` for a release, `0.2.0+3f2a1b4c5d6e` for a build of another commit (the
    /// build ID `make` stamps in, from `scripts/version.sh --build-id`), so that it never passes for the release.
    static var buildVersion: String { buildVersion(id: String(cString: sbmap_build_id())) }

    static func buildVersion(id: String) -> String {
        let safe = id.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
        return id.isEmpty || !safe ? version : "\(version)+\(id)"
    }

    /// `sbmap --version`: sbmap's version (with the commit of an unreleased build) and the Graphviz it was built
    /// against and runs with.
    static var versionLine: String {
        let built = GraphvizInfo.builtVersion, loaded = GraphvizInfo.loadedVersion
        return "\(buildVersion) (Graphviz \(built)" + (loaded == built ? ")" : "; running with Graphviz \(loaded))")
    }

    public static let configuration = CommandConfiguration(
        commandName: "sbmap",
        abstract: "Map every storyboard of an iOS or macOS app into one graph, and find the links that crash at runtime.",
        discussion: """
        sbmap reads .storyboard files, Info.plists, project.pbxproj files and Swift and Objective-C sources, resolves storyboard references and links across files, and reports what does not resolve.

        Examples:
          sbmap check .                     # findings in Xcode's format
          sbmap export App -o graph.json    # the resolved graph as JSON
          sbmap render App -o map.svg       # the map, drawn by Graphviz
          sbmap diff origin/main . -o diff.svg --summary summary.md
          sbmap site . -o site              # a static site of the maps

        Exit codes: 0 clean, 1 findings at the gate's level (errors; --fail-on, --strict), 2 the run failed (I/O, git, Graphviz), 64 bad usage.
        """,
        version: versionLine,
        subcommands: [CheckCommand.self, ExportCommand.self, RenderCommand.self, DiffCommand.self, SiteCommand.self]
    )

    public init() {}
}
