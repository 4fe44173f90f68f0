import SBMapModel
import SBMapStyle

/// The pages of a site, from the graph and its drawn maps: a pure function (no Graphviz, no files, no clock).
public enum SitePages {
    /// The Content-Security-Policy of every page: nothing but the site's own script, style sheet and images.
    /// No inline script or style can run, so markup that got into a page by mistake could not execute either.
    public static let contentSecurityPolicy =
        "default-src 'none'; img-src 'self' data:; style-src 'self'; script-src 'self'; base-uri 'none'; form-action 'none'"

    public static func make(_ graph: StoryboardGraph, maps: SiteMaps, options: SiteOptions) -> [SiteFile] {
        let links = SiteLinks(graph, maps: maps)
        let frame = Frame(options: options, counts: GraphCounts(graph))
        let storyboards = graph.storyboards.sorted { $0.path < $1.path }
        // The storyboard pages are independent of each other: made on every core, in a fixed order.
        let pages = parallelMap(count: storyboards.count) { k in
            SiteFile(path: links.page(of: storyboards[k].path) ?? "storyboards/storyboard.html",
                     bytes: StoryboardPage(links: links, frame: frame, storyboard: storyboards[k]).make())
        }
        var files = pages
        files.append(SiteFile(path: "index.html", bytes: IndexPage(links: links, frame: frame).make()))
        files.append(SiteFile(path: "findings.html", bytes: FindingsPage(links: links, frame: frame).make()))
        files.append(SiteFile(path: "assets/search-index.js", bytes: searchIndex(links)))
        files.append(SiteFile(path: "assets/sbmap.js", bytes: PackageResources.sbmap_js))
        files.append(SiteFile(path: "assets/sbmap.css", bytes: PackageResources.sbmap_css))
        files.append(SiteFile(path: Site.manifest, bytes: manifest(links, options: options,
                                                                   files: files.map(\.path) + [Site.manifest])))
        return files.sorted { $0.path < $1.path }
    }

    /// `assets/search-index.js`: `window.sbmapSearchIndex = {storyboards: [[name, path, page]], scenes: [[storyboard,
    /// kind, class, Storyboard ID, title, anchor]]}`, where `storyboard` is a position in `storyboards` and `kind` says
    /// what `class` is: 0 the element's default class, 1 a custom class, 2 where a placeholder points. A script, not
    /// JSON to fetch: a page opened from disk may not fetch files. Loaded when the reader first uses the search box.
    static func searchIndex(_ links: SiteLinks) -> [UInt8] {
        var storyboards: [String] = []
        var scenes: [String] = []
        for storyboard in links.graph.storyboards.sorted(by: { $0.path < $1.path }) {
            guard let page = links.page(of: storyboard.path) else { continue }
            let position = storyboards.count
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
                    links.anchor(of: node.id),
                ].map(HTML.json).joined(separator: ",") + "]")
            }
        }
        let out = "window.sbmapSearchIndex = {\"storyboards\": [\n" + storyboards.joined(separator: ",\n")
            + "\n], \"scenes\": [\n" + scenes.joined(separator: ",\n") + "\n]};\n"
        return Array(out.utf8)
    }

    /// `sbmap-site.json`: the files of the site and the page of each storyboard.
    static func manifest(_ links: SiteLinks, options: SiteOptions, files: [String]) -> [UInt8] {
        var out = "{\n  \"schema\": \"sbmap-site/1\",\n  \"title\": \(HTML.json(options.title)),\n  \"files\": [\n"
        out += files.sorted().map { "    " + HTML.json($0) }.joined(separator: ",\n")
        out += "\n  ],\n  \"storyboards\": [\n"
        out += links.graph.storyboards.sorted { $0.path < $1.path }.compactMap { storyboard -> String? in
            guard let page = links.page(of: storyboard.path) else { return nil }
            let scenes = (links.scenes[storyboard.path] ?? []).count { !$0.role.isCrossFileLink }
            return "    {\"name\": \(HTML.json(storyboard.name)), \"page\": \(HTML.json(page)), \"scenes\": \(scenes), \"storyboard\": \(HTML.json(storyboard.path))}"
        }.joined(separator: ",\n")
        out += "\n  ]\n}\n"
        return Array(out.utf8)
    }
}

// MARK: - What every page shares

/// The counts the index shows; the same numbers as the summary line of `sbmap check`.
func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    count == 1 ? "1 \(noun)" : "\(count) \(plural ?? noun + "s")"
}

/// The head, header and footer every page has.
struct Frame: Sendable {
    let options: SiteOptions
    let counts: GraphCounts

    enum Current { case index, findings, storyboard }

    func page(title: String, root: String, current: Current, body: String) -> [UInt8] {
        var w = PageWriter(capacity: body.utf8.count + 4096)
        w.raw("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
        w.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"\(SitePages.contentSecurityPolicy)\">\n")
        w.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        w.raw("<meta name=\"referrer\" content=\"no-referrer\">\n")
        w.raw("<meta name=\"generator\" content=\"\(HTML.attribute(options.generator))\">\n")
        w.raw("<title>")
        w.text(title == options.title ? title : "\(title) · \(options.title)")
        w.raw("</title>\n<link rel=\"stylesheet\" href=\"\(root)assets/sbmap.css\">\n")
        w.raw("<script src=\"\(root)assets/sbmap.js\" defer></script>\n</head>\n")
        w.raw("<body data-root=\"\(root)\">\n<header class=\"top\">\n")
        w.link(options.title, href: "\(root)index.html", class: "home")
        w.raw("\n<nav>")
        w.raw("<a href=\"\(root)index.html\"\(current == .index ? " aria-current=\"page\"" : "")>Overview</a>")
        w.raw("<a href=\"\(root)findings.html\"\(current == .findings ? " aria-current=\"page\"" : "")>Findings (\(counts.findings))</a>")
        w.raw("</nav>\n<div class=\"search\" id=\"sbmap-search-box\" role=\"search\" hidden>")
        w.raw("<input type=\"search\" id=\"sbmap-search\" placeholder=\"Find a scene: class, Storyboard ID or title  ( / )\" ")
        w.raw("aria-label=\"Find a scene by class, Storyboard ID or title\" autocomplete=\"off\" spellcheck=\"false\">")
        w.raw("<ul id=\"sbmap-results\" hidden></ul></div>\n</header>\n<main>\n")
        w.raw(body)
        w.raw("</main>\n<footer>Made by ")
        w.text(options.generator)
        w.raw(" from the app's storyboards, Info.plists, projects and sources. Drag a map to pan it; the wheel, ")
        w.raw("+ and − zoom; 0 fits it, 1 shows it full size. Press / to search.</footer>\n</body>\n</html>\n")
        return w.bytes
    }

    /// `path:line`, linked to the source when `--source-url` was given.
    func place(_ location: SourceLocation?, into w: inout PageWriter) {
        guard let location else {
            w.raw("<span class=\"muted\">—</span>")
            return
        }
        let text = location.line > 0 ? "\(location.path):\(location.line)" : location.path
        w.link(text, href: options.sourceLinks?.url(location), class: "where")
    }

    /// A map: the SVG inline, the buttons, the links of its nodes (a JSON block the page's script reads). Without
    /// one, why: `leftOutDrawnBy` is the command that draws a map the site's layout budget left out.
    func map(_ map: SiteMap?, label: String, hrefs: [String: String], caption: String?, selection: Bool,
             leftOutDrawnBy command: String? = nil, into w: inout PageWriter) {
        guard let map else {
            if let command {
                w.raw("<p class=\"map-missing\">This map was left out to keep the run bounded: too little was left of the site's layout budget for it. To draw it, run <code>")
                w.text(command)
                w.raw("</code> with the site's paths. The tables below are complete.</p>\n")
            } else {
                w.raw("<p class=\"map-missing\">This map could not be drawn; sbmap printed why. The tables below are complete.</p>\n")
            }
            return
        }
        w.raw("<figure class=\"map\">\n<div class=\"map-tools\" hidden>")
        w.raw("<button type=\"button\" data-act=\"in\" title=\"Zoom in (+)\">+</button>")
        w.raw("<button type=\"button\" data-act=\"out\" title=\"Zoom out (−)\">−</button>")
        w.raw("<button type=\"button\" data-act=\"fit\" title=\"The whole map (0)\">Fit</button>")
        w.raw("<button type=\"button\" data-act=\"actual\" title=\"Full size (1)\">1:1</button>")
        w.raw("<span class=\"hint\">Drag to pan · wheel or +/− to zoom · click a box to open it</span></div>\n")
        w.raw("<div class=\"map-view\" tabindex=\"0\" role=\"group\" aria-label=\"")
        w.raw(HTML.attribute(label))
        w.raw(": drag or use the arrow keys to pan, + and − to zoom, 0 to fit, 1 for full size, Tab to a box and Enter to open it\">\n")
        w.raw(String(decoding: map.svg, as: UTF8.self))
        w.raw("\n</div>\n")
        if selection { w.raw("<div class=\"map-selection\" hidden></div>\n") }
        w.raw("<script type=\"application/json\" class=\"map-links\">")
        w.raw(HTML.jsonObject(hrefs))
        w.raw("</script>\n")
        if let caption {
            w.raw("<figcaption>")
            w.text(caption)
            w.raw("</figcaption>\n")
        }
        w.raw("</figure>\n")
    }
}

// MARK: - index.html

struct IndexPage {
    let links: SiteLinks
    let frame: Frame

    func make() -> [UInt8] {
        let graph = links.graph
        let counts = frame.counts
        var w = PageWriter(capacity: (links.maps.overview?.svg.count ?? 0) + graph.storyboards.count * 400 + 8192)
        w.raw("<h1>")
        w.text(frame.options.title)
        w.raw("</h1>\n<p class=\"lede\">Every storyboard of the app, how they link to each other, what the system loads, and what does not resolve. Click a storyboard to open it.</p>\n")

        // Counts.
        w.raw("<ul class=\"counts\">\n")
        func count(_ n: Int, _ what: String, _ detail: String? = nil, href: String? = nil) {
            w.raw("<li><span class=\"n\">\(n)</span><span class=\"what\">")
            if let href { w.link(what, href: href) } else { w.text(what) }
            w.raw("</span>")
            if let detail, !detail.isEmpty {
                w.raw("<span class=\"detail\">")
                w.text(detail)
                w.raw("</span>")
            }
            w.raw("</li>\n")
        }
        count(counts.storyboards, counts.storyboards == 1 ? "storyboard" : "storyboards", href: "#storyboards")
        count(counts.scenes, counts.scenes == 1 ? "scene" : "scenes")
        count(counts.segues, counts.segues == 1 ? "segue" : "segues")
        let crossFile = counts.crossFileLinks
        let states = [(crossFile.unresolved, "unresolved"), (crossFile.ambiguous, "ambiguous"), (crossFile.external, "external")]
        let linkDetail = states.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        count(crossFile.total, crossFile.total == 1 ? "cross-file link" : "cross-file links",
              linkDetail.isEmpty ? (crossFile.total > 0 ? "all resolve" : nil) : linkDetail.joined(separator: ", "))
        count(counts.codeLinks, counts.codeLinks == 1 ? "link in code" : "links in code",
              counts.unresolvedCodeLinks > 0 ? "\(counts.unresolvedCodeLinks) unresolved" : nil)
        count(counts.findings, counts.findings == 1 ? "finding" : "findings",
              [plural(counts.errors, "error"), plural(counts.warnings, "warning"), plural(counts.notes, "note")].joined(separator: ", "),
              href: "findings.html")
        w.raw("</ul>\n")

        // The overview map.
        w.raw("<h2 id=\"overview\">Overview</h2>\n")
        var hrefs: [String: String] = [:]
        for (modelID, svgID) in links.maps.overview?.nodeIDs ?? [:] where modelID.hasPrefix("storyboard:") {
            if let page = links.page(of: String(modelID.dropFirst("storyboard:".count))) { hrefs[svgID] = page }
        }
        frame.map(links.maps.overview, label: "Overview map", hrefs: hrefs,
                  caption: graph.targets.isEmpty
                    ? "One box per storyboard; an arrow for the links between two storyboards, with how many."
                    : "One box per storyboard, inside the app targets that build it; an arrow for the links between two storyboards, with how many.",
                  selection: false,
                  leftOutDrawnBy: links.maps.overviewSkipped ? "sbmap render PATH... --view overview -o overview.svg" : nil,
                  into: &w)

        // Entry points.
        w.raw("<h2 id=\"entry-points\">Entry points</h2>\n")
        let entries = graph.storyboards.flatMap { sb in sb.entryPoints.map { (sb, $0) } }
            .sorted { ($0.1, $0.0.path) < ($1.1, $1.0.path) }
        if entries.isEmpty {
            w.raw("<p class=\"muted\">No Info.plist or build setting names a storyboard the system loads by itself.</p>\n")
        } else {
            w.raw("<div class=\"table-wrap\"><table>\n<thead><tr><th>Storyboard</th><th>Loaded as</th><th>Key</th><th>Declared at</th></tr></thead>\n<tbody>\n")
            for (storyboard, entry) in entries {
                w.raw("<tr><td>")
                w.link(links.storyboardTitle(storyboard.path), href: storyboard.initialScene.flatMap(links.href(of:)) ?? links.page(of: storyboard.path))
                w.raw("</td><td>")
                w.text(Self.roleText(entry.role))
                w.raw("</td><td><code>")
                w.text(entry.key)
                w.raw("</code></td><td>")
                frame.place(entry.declaredAt, into: &w)
                w.raw("</td></tr>\n")
            }
            w.raw("</tbody></table></div>\n")
        }

        // Storyboards.
        w.raw("<h2 id=\"storyboards\">Storyboards</h2>\n")
        let targetNames = Dictionary(graph.targets.map { ($0.id, $0.name) }, uniquingKeysWith: { a, _ in a })
        w.raw("<div class=\"table-wrap\"><table>\n<thead><tr><th>Storyboard</th><th>File</th>")
        if !graph.targets.isEmpty { w.raw("<th>Targets</th>") }
        w.raw("<th class=\"num\">Scenes</th><th class=\"num\">Links out</th><th class=\"num\">Unresolved</th><th>Findings</th></tr></thead>\n<tbody>\n")
        for storyboard in graph.storyboards.sorted(by: { ($0.name, $0.path) < ($1.name, $1.path) }) {
            let scenes = links.scenes[storyboard.path] ?? []
            let outgoing = links.outgoing[storyboard.path] ?? []
            let unresolved = links.unresolved[storyboard.path] ?? 0
            let findings = links.findings[storyboard.path] ?? []
            w.raw("<tr><td>")
            w.link(storyboard.name, href: links.page(of: storyboard.path))
            if !storyboard.entryPoints.isEmpty { w.raw("<span class=\"badge\">entry</span>") }
            if storyboard.isLaunchScreen { w.raw("<span class=\"badge\">launch screen</span>") }
            w.raw("</td><td>")
            frame.place(SourceLocation(path: storyboard.path), into: &w)
            if !graph.targets.isEmpty {
                w.raw("</td><td>")
                let names = storyboard.targets.map { targetNames[$0] ?? $0 }
                if names.isEmpty { w.raw("<span class=\"muted\">none</span>") } else { w.text(names.joined(separator: ", ")) }
            }
            w.raw("</td><td class=\"num\">\(scenes.count { !$0.role.isCrossFileLink })</td><td class=\"num\">\(outgoing.count)</td>")
            w.raw("<td class=\"num\">\(unresolved > 0 ? "<span class=\"state state-unresolved\">\(unresolved)</span>" : "0")</td><td>")
            Self.findingCounts(findings, href: links.page(of: storyboard.path).map { $0 + "#findings" }, into: &w)
            w.raw("</td></tr>\n")
        }
        w.raw("</tbody></table></div>\n")
        return frame.page(title: frame.options.title, root: "", current: .index, body: w.html)
    }

    static func roleText(_ role: EntryPoint.Role) -> String {
        switch role {
        case .main: "main storyboard"
        case .mainPad: "main storyboard (iPad)"
        case .scene: "scene storyboard"
        case .launch: "launch screen"
        case .launchPad: "launch screen (iPad)"
        case .extension: "extension's storyboard"
        }
    }

    /// `1 error, 2 warnings`, linked; `—` when there are none.
    static func findingCounts(_ findings: [Diagnostic], href: String?, into w: inout PageWriter) {
        let parts = [(Severity.error, "error"), (.warning, "warning"), (.info, "note")].compactMap { severity, noun -> (Severity, String)? in
            let n = findings.count(of: severity)
            return n > 0 ? (severity, plural(n, noun)) : nil
        }
        guard !parts.isEmpty else {
            w.raw("<span class=\"muted\">—</span>")
            return
        }
        if let href { w.raw("<a href=\"\(HTML.attribute(href))\">") }
        w.raw(parts.map { "<span class=\"sev sev-\($0.0.rawValue)\">\(HTML.text($0.1))</span>" }.joined(separator: " "))
        if href != nil { w.raw("</a>") }
    }
}

// MARK: - storyboards/NAME.html

struct StoryboardPage {
    let links: SiteLinks
    let frame: Frame
    let storyboard: Storyboard

    func make() -> [UInt8] {
        let root = "../"
        let path = storyboard.path
        let scenes = links.scenes[path] ?? []
        let map = links.maps.focus[path]
        var w = PageWriter(capacity: (map?.svg.count ?? 0) + scenes.count * 1200 + 8192)
        let targetNames = Dictionary(links.graph.targets.map { ($0.id, $0.title) }, uniquingKeysWith: { a, _ in a })

        w.raw("<p class=\"crumbs\"><a href=\"\(root)index.html\">")
        w.text(frame.options.title)
        w.raw("</a> › storyboards</p>\n<h1>")
        w.text(storyboard.name)
        w.raw("</h1>\n<dl class=\"facts\">\n<dt>File</dt><dd>")
        frame.place(SourceLocation(path: path), into: &w)
        w.raw("</dd>\n<dt>Platform</dt><dd>")
        w.text(storyboard.platform.rawValue)
        w.raw("</dd>\n")
        if let localization = storyboard.localization {
            w.raw("<dt>Localization</dt><dd>")
            w.text(localization)
            if !storyboard.localizedVariants.isEmpty {
                w.raw(" <span class=\"muted\">(also ")
                w.text(storyboard.localizedVariants.sorted().joined(separator: ", "))
                w.raw(")</span>")
            }
            w.raw("</dd>\n")
        }
        if !links.graph.targets.isEmpty {
            w.raw("<dt>Targets</dt><dd>")
            if storyboard.targets.isEmpty {
                w.raw("<span class=\"muted\">none: no target's resources hold this file</span>")
            } else {
                w.text(storyboard.targets.map { targetNames[$0] ?? $0 }.joined(separator: ", "))
            }
            w.raw("</dd>\n")
        }
        for entry in storyboard.entryPoints.sorted() {
            w.raw("<dt>Loaded by</dt><dd><code>")
            w.text(entry.key)
            w.raw("</code> (")
            w.text(IndexPage.roleText(entry.role))
            w.raw(") at ")
            frame.place(entry.declaredAt, into: &w)
            w.raw("</dd>\n")
        }
        if storyboard.isLaunchScreen { w.raw("<dt>Launch screen</dt><dd>yes</dd>\n") }
        let findings = links.findings[path] ?? []
        w.raw("<dt>Findings</dt><dd>")
        IndexPage.findingCounts(findings, href: "#findings", into: &w)
        w.raw("</dd>\n</dl>\n")

        // The focus map.
        w.raw("<h2 id=\"map\">Map</h2>\n")
        var hrefs: [String: String] = [:]
        for (modelID, svgID) in map?.nodeIDs ?? [:] {
            if modelID.hasPrefix("stub:") {
                if let page = links.page(of: String(modelID.dropFirst("stub:".count))) { hrefs[svgID] = root + page }
            } else if let href = links.href(of: modelID) {
                hrefs[svgID] = root + href
            }
        }
        var caption = "The scenes of \(storyboard.name)"
        if let map {
            caption += map.hops == 0 ? ", and one box for each storyboard it links to."
                : ", the scenes of other storyboards up to \(plural(map.hops, "link")) away, and one box for the rest of each."
            if map.hops < frame.options.hops {
                caption += " (It reaches \(map.hops) of \(frame.options.hops) hops: more would be over the budget.)"
            }
        }
        frame.map(map, label: "Map of \(storyboard.name)", hrefs: hrefs, caption: caption, selection: true,
                  leftOutDrawnBy: links.maps.skipped.contains(path) ? "sbmap render PATH... --focus \(path) -o map.svg" : nil,
                  into: &w)

        scenesTable(scenes, root: root, into: &w)
        incomingSection(scenes, root: root, into: &w)
        outgoingSection(root: root, into: &w)

        w.raw("<h2 id=\"findings\">Findings</h2>\n")
        if findings.isEmpty {
            w.raw("<p class=\"muted\">None.</p>\n")
        } else {
            FindingsPage.list(findings, links: links, frame: frame, root: root, into: &w)
        }
        return frame.page(title: storyboard.name, root: root, current: .storyboard, body: w.html)
    }

    private func scenesTable(_ scenes: [Node], root: String, into w: inout PageWriter) {
        let placeholders = scenes.count { $0.role.isCrossFileLink }
        w.raw("<h2 id=\"scenes\">Scenes (\(scenes.count - placeholders)")
        if placeholders > 0 { w.raw(", and \(plural(placeholders, "reference or link", "references and links")) to other storyboards") }
        w.raw(")</h2>\n")
        guard !scenes.isEmpty else {
            w.raw("<p class=\"muted\">This storyboard has no scenes.</p>\n")
            return
        }
        w.raw("<div class=\"table-wrap\"><table class=\"scenes\">\n<thead><tr><th>Scene</th><th>Class</th><th>Storyboard ID</th><th>Title</th><th>Role</th><th class=\"num\">Links in</th><th>Source</th></tr></thead>\n<tbody>\n")
        for node in scenes {
            let anchor = links.anchor(of: node.id)
            let incoming = links.incoming[node.id] ?? []
            w.raw("<tr data-node=\"\(HTML.attribute(anchor))\"")
            if !incoming.isEmpty { w.raw(" data-incoming=\"in-\(HTML.attribute(anchor))\"") }
            w.raw("><td>")
            w.link(sceneName(node), href: "#" + anchor)
            if node.initial || storyboard.initialScene == node.id { w.raw("<span class=\"badge\">initial</span>") }
            w.raw("</td><td>")
            if node.role.isCrossFileLink {
                w.raw("<span class=\"muted\">→ </span>")
                let resolution = node.resolution ?? Resolution(state: .unresolved)
                w.link(SiteLinks.linkDescription(node), href: resolution.target.flatMap(links.href(of:)).map { root + $0 })
                w.raw(" <span class=\"state state-\(resolution.state.rawValue)\">\(resolution.state.rawValue)</span>")
            } else if let cls = node.customClass {
                w.raw("<code>")
                w.text(node.customModule.map { "\($0).\(cls)" } ?? cls)
                w.raw("</code>")
            } else {
                w.raw("<span class=\"muted\">")
                w.text(SiteLinks.defaultClass(node, platform: storyboard.platform) ?? node.element)
                w.raw("</span>")
            }
            w.raw("</td><td>")
            optional(node.storyboardIdentifier, code: true, into: &w)
            w.raw("</td><td>")
            optional(node.title, code: false, into: &w)
            w.raw("</td><td>")
            w.text(roleText(node))
            w.raw("</td><td class=\"num\">")
            if incoming.isEmpty { w.raw("0") } else { w.raw("<a href=\"#in-\(HTML.attribute(anchor))\">\(incoming.count)</a>") }
            w.raw("</td><td>")
            frame.place(node.location, into: &w)
            w.raw("</td></tr>\n")
        }
        w.raw("</tbody></table></div>\n")
    }

    private func incomingSection(_ scenes: [Node], root: String, into w: inout PageWriter) {
        w.raw("<h2 id=\"incoming\">Who references these scenes</h2>\n")
        w.raw("<p class=\"lede\">Links into each scene from outside its segues: storyboard references, runtime-attribute links, code, unwinds and the app's entry points, each with where it is written.</p>\n")
        var unreferenced: [Node] = []
        for node in scenes {
            let incoming = links.incoming[node.id] ?? []
            guard !incoming.isEmpty else {
                if !node.role.isCrossFileLink { unreferenced.append(node) }
                continue
            }
            let anchor = links.anchor(of: node.id)
            w.raw("<h3 id=\"in-\(HTML.attribute(anchor))\">")
            w.link(sceneName(node), href: "#" + anchor)
            if let identifier = node.storyboardIdentifier {
                w.raw(" <span class=\"muted\">Storyboard ID <code>")
                w.text(identifier)
                w.raw("</code></span>")
            }
            w.raw("</h3>\n<div class=\"table-wrap\"><table>\n<thead><tr><th>How</th><th>From</th><th>Where</th><th>Through</th></tr></thead>\n<tbody>\n")
            for link in incoming {
                w.raw("<tr><td>")
                w.text(link.kind.text)
                w.raw("</td><td>")
                if let from = link.from {
                    w.link(links.describe(from), href: links.href(of: from).map { root + $0 })
                } else {
                    w.raw("<span class=\"muted\">the system, at launch</span>")
                }
                w.raw("</td><td>")
                frame.place(link.location, into: &w)
                w.raw("</td><td>")
                optional(link.detail, code: true, into: &w)
                w.raw("</td></tr>\n")
            }
            w.raw("</tbody></table></div>\n")
        }
        let broken = links.broken[storyboard.path] ?? []
        if !broken.isEmpty {
            w.raw("<h3 id=\"broken-in\">Links that name \(HTML.text(storyboard.name)) but do not resolve</h3>\n")
            w.raw("<div class=\"table-wrap\"><table>\n<thead><tr><th>How</th><th>From</th><th>Names</th><th>Why</th><th>Where</th></tr></thead>\n<tbody>\n")
            for link in broken {
                w.raw("<tr><td>")
                w.text(link.kind.text)
                w.raw("</td><td>")
                w.link(links.describe(link.from), href: links.href(of: link.from).map { root + $0 })
                w.raw("</td><td>")
                w.text(link.names)
                w.raw("</td><td><span class=\"state state-\(link.state.rawValue)\">\(link.state.rawValue)</span>")
                if let reason = link.reason {
                    w.raw(" ")
                    w.text(reason)
                }
                w.raw("</td><td>")
                frame.place(link.location, into: &w)
                w.raw("</td></tr>\n")
            }
            w.raw("</tbody></table></div>\n")
        }
        if !unreferenced.isEmpty {
            w.raw("<p class=\"muted\">Reached only through segues in this storyboard, or from nowhere sbmap can see: ")
            for (k, node) in unreferenced.enumerated() {
                if k > 0 { w.raw(", ") }
                w.link(sceneName(node), href: "#" + links.anchor(of: node.id))
            }
            w.raw(".</p>\n")
        }
    }

    private func outgoingSection(root: String, into w: inout PageWriter) {
        let outgoing = links.outgoing[storyboard.path] ?? []
        w.raw("<h2 id=\"outgoing\">Links out (\(outgoing.count))</h2>\n")
        guard !outgoing.isEmpty else {
            w.raw("<p class=\"muted\">No storyboard reference, runtime-attribute link, link in code or unwind starts here.</p>\n")
            return
        }
        w.raw("<div class=\"table-wrap\"><table>\n<thead><tr><th>From</th><th>How</th><th>Names</th><th>Reaches</th><th>Where</th></tr></thead>\n<tbody>\n")
        for link in outgoing {
            w.raw("<tr><td>")
            w.link(links.nodesByID[link.from].map(sceneName) ?? link.from, href: links.href(of: link.from).map { root + $0 })
            w.raw("</td><td>")
            w.text(link.kind.text)
            if let detail = link.detail {
                w.raw("<br><code class=\"muted\">")
                w.text(detail)
                w.raw("</code>")
            }
            w.raw("</td><td>")
            w.text(link.names)
            w.raw("</td><td>")
            if let to = link.to {
                w.link(links.describe(to), href: links.href(of: to).map { root + $0 })
            } else {
                w.raw("<span class=\"state state-\(link.state.rawValue)\">\(link.state.rawValue)</span>")
                if let reason = link.reason {
                    w.raw(" ")
                    w.text(reason)
                }
            }
            w.raw("</td><td>")
            frame.place(link.location, into: &w)
            w.raw("</td></tr>\n")
        }
        w.raw("</tbody></table></div>\n")
    }

    private func sceneName(_ node: Node) -> String {
        if node.role.isCrossFileLink { return "→ " + SiteLinks.linkDescription(node) }
        if node.role == .exit { return SiteLinks.linkDescription(node) }
        let label = TextSafety.clean(node.label)
        return label.isEmpty ? node.customClass ?? node.element : label
    }

    private func roleText(_ node: Node) -> String {
        switch node.role {
        case .reference: "storyboard reference"
        case .link: "runtime-attribute link" + (node.link?.linkClass.map { " (\($0))" } ?? "")
        case .tabBar: "tab bar"
        default: node.role.rawValue
        }
    }

    private func optional(_ text: String?, code: Bool, into w: inout PageWriter) {
        guard let text, !text.isEmpty else {
            w.raw("<span class=\"muted\">—</span>")
            return
        }
        if code { w.raw("<code>") }
        w.text(text)
        if code { w.raw("</code>") }
    }
}

// MARK: - findings.html

struct FindingsPage {
    let links: SiteLinks
    let frame: Frame

    func make() -> [UInt8] {
        let diagnostics = links.graph.diagnostics
        let counts = frame.counts
        var w = PageWriter(capacity: diagnostics.count * 500 + 4096)
        w.raw("<h1>Findings</h1>\n<p class=\"lede\">")
        w.text([plural(counts.errors, "error"), plural(counts.warnings, "warning"), plural(counts.notes, "note")].joined(separator: ", "))
        w.raw(". An error crashes the app or breaks it at run time on a path a target builds; a warning is a likely mistake; a note says what sbmap could not follow. Each code is explained in sbmap's docs/diagnostics.md.</p>\n")
        guard !diagnostics.isEmpty else {
            w.raw("<p>Nothing to report: every link resolves.</p>\n")
            return frame.page(title: "Findings", root: "", current: .findings, body: w.html)
        }
        let groups = Dictionary(grouping: diagnostics, by: \.code)
        // Codes with errors first, then warnings, then notes; by name within each.
        let codes = groups.keys.sorted { a, b in
            let sa = groups[a]!.map(\.severity).max()!, sb = groups[b]!.map(\.severity).max()!
            return sa != sb ? sa > sb : a < b
        }
        w.raw("<ul class=\"toc\">\n")
        for code in codes {
            let group = groups[code]!
            let severity = group.map(\.severity).max()!
            w.raw("<li><a href=\"#code-\(HTML.attribute(TextSafety.token(code.rawValue)))\">")
            w.text(code.rawValue)
            w.raw("</a> <span class=\"sev sev-\(severity.rawValue)\">\(group.count)</span></li>\n")
        }
        w.raw("</ul>\n")
        for code in codes {
            let group = groups[code]!.sorted()
            w.raw("<h2 id=\"code-\(HTML.attribute(TextSafety.token(code.rawValue)))\"><code>")
            w.text(code.rawValue)
            w.raw("</code> <span class=\"muted\">(\(group.count))</span></h2>\n")
            Self.list(group, links: links, frame: frame, root: "", into: &w)
        }
        return frame.page(title: "Findings", root: "", current: .findings, body: w.html)
    }

    /// Findings as a list: level, place, message, what to do, and the scene or storyboard it is about.
    static func list(_ diagnostics: [Diagnostic], links: SiteLinks, frame: Frame, root: String, into w: inout PageWriter) {
        w.raw("<ul class=\"findings\">\n")
        for diagnostic in diagnostics {
            let level = diagnostic.severity == .info ? "note" : diagnostic.severity.rawValue
            w.raw("<li><span class=\"sev sev-\(diagnostic.severity.rawValue)\">\(level)</span> ")
            frame.place(diagnostic.location, into: &w)
            w.raw(" <code class=\"muted\">[")
            w.text(diagnostic.code.rawValue)
            w.raw("]</code><span class=\"message\">")
            w.text(diagnostic.message)
            w.raw("</span>")
            if let hint = diagnostic.hint {
                w.raw("<span class=\"hint\">")
                w.text(hint)
                w.raw("</span>")
            }
            if let href = links.href(of: diagnostic) {
                let about = links.scene(of: diagnostic).map { links.describe($0) }
                    ?? diagnostic.location.flatMap { links.owner[$0.path] }.map { links.storyboardTitle($0) } ?? "its storyboard"
                w.raw("<span class=\"hint\">On the map: ")
                w.link(about, href: root + href)
                w.raw("</span>")
            }
            w.raw("</li>\n")
        }
        w.raw("</ul>\n")
    }
}
