import SBMapModel
import SBMapStyle

/// The pages of a site, from the graph and its drawn maps: a pure function (no Graphviz, no files, no clock).
public struct SitePages: Sendable {
    /// The Content-Security-Policy of every page: nothing but the site's own script, style sheet and images.
    /// No inline script or style can run, so markup that got into a page by mistake could not execute either.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'"

    let links: SiteLinks
    let frame: Frame

    init(_ graph: StoryboardGraph, options: SiteOptions) {
        links = SiteLinks(graph, counts: options.counts)
        frame = Frame(options: options, counts: links.counts)
    }

    /// Every file of the site, from maps already drawn (`Site.write` streams them instead).
    public static func make(_ graph: StoryboardGraph, maps: SiteMaps, options: SiteOptions) -> [SiteFile] {
        let pages = SitePages(graph, options: options)
        let storyboards = graph.storyboards.sorted { $0.path < $1.path }
        var files = parallelMap(count: storyboards.count) { k -> [SiteFile] in
            let map = maps.focus[storyboards[k].path]
            let page = pages.storyboardPage(storyboards[k], map: map, leftOut: maps.leftOut.contains(storyboards[k].path))
            return [page] + (map.map { MapDownloads.files(of: $0, page: page.path) } ?? [])
        }.flatMap { $0 }
        files += maps.overview.map { MapDownloads.files(of: $0, page: "index.html") } ?? []
        files += [pages.index(overview: maps.overview, leftOut: maps.overviewLeftOut), pages.findings(), pages.diagnostics(), pages.searchIndex()]
        files += assets + [pages.mapsStyle()]
        files.append(pages.manifest(files: files.map(\.path) + [Site.manifest]))
        return files.sorted { $0.path < $1.path }
    }

    func storyboardPage(_ storyboard: Storyboard, map: SiteMap?, leftOut: Bool = false) -> SiteFile {
        SiteFile(path: links.page(of: storyboard.path) ?? "storyboards/storyboard.html",
                 bytes: StoryboardPage(links: links, frame: frame, storyboard: storyboard, map: map, leftOut: leftOut).make())
    }

    func index(overview: SiteMap?, leftOut: Bool = false) -> SiteFile {
        SiteFile(path: "index.html", bytes: IndexPage(links: links, frame: frame, overview: overview, leftOut: leftOut).make())
    }

    func findings() -> SiteFile {
        SiteFile(path: "findings.html", bytes: FindingsPage(links: links, frame: frame).make())
    }

    /// `diagnostics.html`: docs/diagnostics.md, compiled into sbmap, with an anchor for each finding code.
    func diagnostics() -> SiteFile {
        SiteFile(path: "diagnostics.html", bytes: DiagnosticsPage(frame: frame).make())
    }

    func searchIndex() -> SiteFile {
        SiteFile(path: "assets/search-index.js", bytes: Self.searchIndex(links))
    }

    /// `assets/sbmap-maps.css`: the maps recoloured with the dark theme when the reader's system is dark
    /// (`DarkMaps`). Maps drawn dark (`--theme dark`) are on a dark page always: the file then holds no rule.
    func mapsStyle() -> SiteFile {
        let options = frame.options
        let css: String
        if !options.darkMaps, let dark = try? BuiltinThemes.theme(named: "dark") {
            css = DarkMaps.css(light: options.render.theme, dark: dark)
        } else {
            css = "/* sbmap site: the maps are drawn dark; nothing to change in dark mode. */\n"
        }
        return SiteFile(path: DarkMaps.fileName, bytes: Array(css.utf8))
    }

    func manifest(files: [String]) -> SiteFile {
        SiteFile(path: Site.manifest, bytes: Self.manifest(links, options: frame.options, files: files))
    }

    static let assets = [
        SiteFile(path: "assets/sbmap.js", bytes: PackageResources.sbmap_js),
        SiteFile(path: "assets/sbmap.css", bytes: PackageResources.sbmap_css),
    ]

    /// `assets/search-index.js`: `window.sbmapSearchIndex = {storyboards: [[name, path, page]], scenes: [[storyboard,
    /// kind, class, Storyboard ID, title, anchor, module]], segues: [[storyboard, identifier, anchor, from]], codes:
    /// [[code, count, href]], screens: [[class, kind, anchor]]}`, where `storyboard` is a position in `storyboards`,
    /// `kind` says what `class` is (0 the element's default class, 1 a custom class, 2 where a placeholder points;
    /// for `screens`, its kind as text), `module` is the class's module as
    /// the scene tables show it (`MyApp` of `MyApp.LibraryViewController`), and a segue leads to the scene it starts
    /// from. `screens` are the screens made in code and the SwiftUI screens, whose entries are on the index (`anchor`
    /// there). A script, not JSON to fetch: a page opened from disk may not fetch files. Loaded when the reader first
    /// uses the search box.
    static func searchIndex(_ links: SiteLinks) -> [UInt8] {
        var storyboards: [String] = []
        var scenes: [String] = []
        var positions: [String: Int] = [:]
        for storyboard in links.graph.storyboards.sorted(by: { $0.path < $1.path }) {
            guard let page = links.page(of: storyboard.path) else { continue }
            let position = storyboards.count
            positions[storyboard.path] = position
            storyboards.append(HTML.jsonArray([TextSafety.clean(links.storyboardTitle(storyboard.path)),
                                               TextSafety.clean(storyboard.path), page]))
            for node in links.scenes[storyboard.path] ?? [] {
                let kind: Int, cls: String
                if node.role.isCrossFileLink {
                    (kind, cls) = (2, SiteLinks.linkDescription(node))
                } else if let custom = node.customClass {
                    (kind, cls) = (1, custom)
                } else {
                    (kind, cls) = (0, SiteLinks.defaultClass(node, platform: storyboard.platform) ?? node.element)
                }
                scenes.append("[\(position),\(kind)," + [
                    TextSafety.clean(cls), TextSafety.clean(node.storyboardIdentifier ?? ""), TextSafety.clean(node.title ?? ""),
                    links.anchor(of: node.id), kind == 1 ? TextSafety.clean(node.customModule ?? "") : "",
                ].map(HTML.json).joined(separator: ",") + "]")
            }
        }
        // Segues by identifier (what `performSegue(withIdentifier:)` and `prepare(for:)` name), each once per scene.
        var segues = Set<String>()
        for edge in links.graph.edges {
            guard let identifier = edge.identifier, !identifier.isEmpty,
                  edge.kind.isInterfaceBuilderSegue,
                  let from = links.nodesByID[edge.from], let path = from.storyboard, let position = positions[path]
            else { continue }
            segues.insert("[\(position)," + [
                TextSafety.clean(identifier), links.anchor(of: from.id), TextSafety.clean(SiteLinks.linkDescription(from)),
            ].map(HTML.json).joined(separator: ",") + "]")
        }
        // Screens made in code and SwiftUI screens: their entries on the index.
        let screens = links.screensInCode.map { node in
            HTML.jsonArray([TextSafety.clean(SiteLinks.linkDescription(node)),
                            node.role == .swiftUIScreen ? "SwiftUI screen" : "screen made in code", links.anchor(of: node.id)])
        }
        let codes = Dictionary(grouping: links.graph.diagnostics, by: \.code).map { code, group in
            "[\(HTML.json(code.rawValue)),\(group.count),\(HTML.json("findings.html#code-" + TextSafety.token(code.rawValue)))]"
        }
        let out = "window.sbmapSearchIndex = {\"storyboards\": [\n" + storyboards.joined(separator: ",\n")
            + "\n], \"scenes\": [\n" + scenes.joined(separator: ",\n")
            + "\n], \"screens\": [\n" + screens.joined(separator: ",\n")
            + "\n], \"segues\": [\n" + segues.sorted().joined(separator: ",\n")
            + "\n], \"codes\": [\n" + codes.sorted().joined(separator: ",\n") + "\n]};\n"
        return Array(out.utf8)
    }

    /// `sbmap-site.json`: the files of the site and the page of each storyboard.
    static func manifest(_ links: SiteLinks, options: SiteOptions, files: [String]) -> [UInt8] {
        let pages = links.graph.storyboards.sorted { $0.path < $1.path }.compactMap { storyboard -> SiteManifest.Page? in
            guard let page = links.page(of: storyboard.path) else { return nil }
            return SiteManifest.Page(name: storyboard.name, page: page, scenes: links.counts.storyboard(storyboard.path).scenes,
                                     storyboard: storyboard.path)
        }
        return SiteManifest(title: options.title, files: files, storyboards: pages).encoded()
    }
}

