// swift-tools-version: 6.0
//
// StoryboardMap (`sbmap`): one graph of every storyboard in an app, rendered through Graphviz.
//
// The targets form a straight pipeline, and dependencies only point back down it:
//
//   SBMapModel      plain value types: storyboards, nodes, edges, diagnostics
//   SBMapDiscover   walk the inputs: which files are storyboards, plists, project files, code
//   SBMapRevision   read a git revision without checking it out: its listing, and the blobs an analysis reads
//   SBMapParse      read one file into loaded facts (libxml2 SAX, plists, pbxproj, code scanning)
//   SBMapResolve    join the loaded facts into one resolved graph, with findings
//   SBMapAnalysis   the whole analysis as one call: discover → load → resolve → link code → findings → their levels
//   SBMapSettings   `.sbmap.yml`: a project's settings, found and read, and the findings policy they give the analysis
//   SBMapReport     the findings formats (Xcode lines, GitHub annotations, SARIF), files named from the repository's root
//   SBMapDiff       compare two resolved graphs: what a change added, removed and changed
//   SBMapStyle      themes, and the styled picture of a graph (no Graphviz here)
//   SBMapRender     hand the styled picture to Graphviz's C API (cgraph/gvc), in process
//   SBMapSite       a static site of the maps: pages, search index, scripts (`sbmap site`)
//   SBMapCLI        the `sbmap` commands; `sbmap` is only its entry point
import PackageDescription

let swiftSettings: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

let package = Package(
    name: "StoryboardMap",
    platforms: [.macOS(.v13)],
    products: [
        .executable(name: "sbmap", targets: ["sbmap"]),
        .library(name: "StoryboardMap", targets: ["SBMapModel", "SBMapDiscover", "SBMapRevision", "SBMapParse", "SBMapResolve", "SBMapAnalysis", "SBMapSettings", "SBMapReport", "SBMapDiff", "SBMapStyle", "SBMapRender", "SBMapSite"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0"),
        .package(url: "https://github.com/jpsim/Yams", from: "6.0.0"),
    ],
    targets: [
        // System libraries.
        .systemLibrary(
            name: "CLibXML2",
            path: "Sources/CLibXML2",
            pkgConfig: "libxml-2.0",
            providers: [.apt(["libxml2-dev"]), .brew(["libxml2"])]
        ),
        .systemLibrary(
            name: "CGraphviz",
            path: "Sources/CGraphviz",
            pkgConfig: "libgvc",
            providers: [.apt(["libgraphviz-dev"]), .brew(["graphviz"])]
        ),

        // The build ID that `sbmap --version` names for an unreleased build (make passes it as a C define).
        .target(name: "SBMapBuildInfo"),

        // The pipeline, in data-flow order.
        // docs/diagnostics.md (through the `Resources/diagnostics.md` symlink) is compiled in: its codes table is the rule
        // metadata of SARIF output, and the site shows it as diagnostics.html.
        .target(name: "SBMapModel", resources: [.embedInCode("Resources/diagnostics.md")], swiftSettings: swiftSettings),
        .target(name: "SBMapDiscover", dependencies: ["SBMapModel"], swiftSettings: swiftSettings),
        // A git revision read through git (`ls-tree`, one `cat-file --batch`) into a private folder, only the files
        // selected: no checkout, the working tree and index untouched (`sbmap diff`).
        .target(name: "SBMapRevision", dependencies: ["SBMapModel", "SBMapDiscover"], swiftSettings: swiftSettings),
        .target(name: "SBMapParse", dependencies: ["SBMapModel", "CLibXML2"], swiftSettings: swiftSettings),
        .target(name: "SBMapResolve", dependencies: ["SBMapModel"], swiftSettings: swiftSettings),
        // What every command runs, and what a program using the library calls: one analysis, one policy for findings.
        .target(name: "SBMapAnalysis", dependencies: ["SBMapModel", "SBMapDiscover", "SBMapRevision", "SBMapParse", "SBMapResolve"],
                swiftSettings: swiftSettings),
        .target(
            name: "SBMapStyle",
            dependencies: ["SBMapModel", "SBMapDiff", .product(name: "Yams", package: "Yams")],
            // The built-in themes (top-level `themes/`, through the `Themes` symlink) are compiled
            // into the binary, so an installed `sbmap` has them without a resource bundle.
            resources: [
                .embedInCode("Themes/default.yaml"),
                .embedInCode("Themes/dark.yaml"),
                .embedInCode("Themes/print.yaml"),
            ],
            swiftSettings: swiftSettings
        ),
        .target(name: "SBMapRender", dependencies: ["SBMapModel", "SBMapStyle", "CGraphviz"], swiftSettings: swiftSettings),
        // A static, self-contained site of the maps (`sbmap site`): the graph and its rendered SVGs in, files out.
        // The page script and style sheet are files of their own (the pages' Content-Security-Policy allows no
        // inline code), compiled into the binary.
        .target(
            name: "SBMapSite",
            dependencies: ["SBMapModel", "SBMapStyle", "SBMapRender"],
            // docs/diagnostics.md, which SBMapModel embeds (`DiagnosticsDocument`), becomes the site's diagnostics.html.
            resources: [.embedInCode("Assets/sbmap.js"), .embedInCode("Assets/sbmap.css")],
            swiftSettings: swiftSettings
        ),
        // `.sbmap.yml`, as a program using the library reads it: the inputs, the findings policy and the render defaults
        // it gives. Beside the analysis (its policy is `AnalysisConfiguration.policy`); the render defaults name
        // Style's and Render's vocabulary.
        .target(name: "SBMapSettings",
                dependencies: ["SBMapModel", "SBMapDiscover", "SBMapResolve", "SBMapAnalysis", "SBMapStyle", "SBMapRender",
                               .product(name: "Yams", package: "Yams")],
                swiftSettings: swiftSettings),
        // The findings formats, next to the analysis that makes the findings: what a CI reads (Xcode lines, GitHub
        // annotations, SARIF 2.1.0), with files named from the repository's root.
        .target(name: "SBMapReport", dependencies: ["SBMapModel", "SBMapRevision", "SBMapAnalysis"], swiftSettings: swiftSettings),
        // Two resolved graphs compared: what a change added, removed and changed (`sbmap diff`).
        .target(name: "SBMapDiff", dependencies: ["SBMapModel"], swiftSettings: swiftSettings),
        .target(
            name: "SBMapCLI",
            dependencies: [
                "SBMapModel", "SBMapDiscover", "SBMapRevision", "SBMapResolve", "SBMapAnalysis", "SBMapSettings", "SBMapReport",
                "SBMapDiff", "SBMapStyle", "SBMapRender", "SBMapSite", "SBMapBuildInfo",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: swiftSettings
        ),
        .executableTarget(name: "sbmap", dependencies: ["SBMapCLI"], swiftSettings: swiftSettings),
        // scripts/bench.sh's in-process measurements (phases, parse against Foundation's XMLParser); not a product.
        .executableTarget(
            name: "SBMapBench",
            dependencies: ["SBMapCLI", "SBMapDiscover", "SBMapParse", "SBMapResolve", "SBMapModel"],
            swiftSettings: swiftSettings
        ),

        // Renders one graph JSON in a process of its own, so the render tests see a Graphviz crash as an exit status.
        .executableTarget(name: "SBMapRenderProbe", dependencies: ["SBMapRender", "SBMapStyle", "SBMapModel"],
                          swiftSettings: swiftSettings),

        // Tests, one target per layer, with fixtures written for them.
        .testTarget(name: "SBMapParseTests", dependencies: ["SBMapParse", "SBMapModel"], resources: [.copy("Fixtures")], swiftSettings: swiftSettings),
        .testTarget(name: "SBMapResolveTests", dependencies: ["SBMapResolve", "SBMapAnalysis", "SBMapParse", "SBMapDiscover", "SBMapModel"], swiftSettings: swiftSettings),
        // Golden/: DOT before layout of the overview and focus maps, read from the source tree by the tests.
        .testTarget(name: "SBMapRenderTests", dependencies: ["SBMapRender", "SBMapStyle", "SBMapModel"], exclude: ["Golden", "Fixtures"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "SBMapCLITests", dependencies: ["SBMapCLI", "SBMapAnalysis", "SBMapRevision", "SBMapSettings", "SBMapReport", "SBMapModel"], swiftSettings: swiftSettings),
        .testTarget(name: "SBMapSiteTests", dependencies: ["SBMapSite", "SBMapRender", "SBMapStyle", "SBMapModel"],
                    swiftSettings: swiftSettings),
        // A program using the library without the CLI: settings, analysis, findings formats.
        .testTarget(name: "SBMapReportTests", dependencies: ["SBMapReport", "SBMapSettings", "SBMapAnalysis", "SBMapModel"],
                    swiftSettings: swiftSettings),
        .testTarget(name: "SBMapDiffTests", dependencies: ["SBMapDiff", "SBMapModel"], swiftSettings: swiftSettings),
    ],
    swiftLanguageModes: [.v6]
)
