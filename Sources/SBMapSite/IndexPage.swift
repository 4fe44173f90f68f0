import SBMapModel
import SBMapStyle

// MARK: - index.html

struct IndexPage {
    let links: SiteLinks
    let frame: Frame
    /// The overview map; `nil` when it could not be drawn, or was left out (`leftOut`).
    let overview: SiteMap?
    /// Whether the site's layout budget left the overview out.
    var leftOut = false

    func make() -> [UInt8] {
        let graph = links.graph
        let counts = frame.counts
        var w = PageWriter(capacity: (overview?.svg.count ?? 0) + graph.storyboards.count * 400 + 8192)
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
        count(counts.storyboards, nounFor(counts.storyboards, "storyboard"), href: "#storyboards")
        let screensInCode = links.screensInCode
        for (kind, n) in counts.screenKinds {
            count(n, nounFor(n, kind.noun), href: (kind == .code || kind == .swiftUI) && !screensInCode.isEmpty ? "#screens" : nil)
        }
        count(counts.segues, nounFor(counts.segues, "segue"))
        let crossFile = counts.crossFileLinks
        let states = [(crossFile.unresolved, "unresolved"), (crossFile.ambiguous, "ambiguous"), (crossFile.external, "external")]
        let linkDetail = states.filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
        count(crossFile.total, nounFor(crossFile.total, "cross-file link"),
              linkDetail.isEmpty ? (crossFile.total > 0 ? "all resolve" : nil) : linkDetail.joined(separator: ", "))
        count(counts.codeLinks, nounFor(counts.codeLinks, "link in code", "links in code"),
              counts.unresolvedCodeLinks > 0 ? "\(counts.unresolvedCodeLinks) unresolved" : nil)
        count(counts.findings, nounFor(counts.findings, "finding"),
              [plural(counts.errors, "error"), plural(counts.warnings, "warning"), plural(counts.notes, "note")].joined(separator: ", "),
              href: "findings.html")
        w.raw("</ul>\n")

        // The overview map.
        w.raw("<h2 id=\"overview\">Overview</h2>\n")
        var hrefs: [String: String] = [:]
        for (modelID, svgID) in overview?.nodeIDs ?? [:] where modelID.hasPrefix("storyboard:") {
            if let page = links.page(of: String(modelID.dropFirst("storyboard:".count))) { hrefs[svgID] = page }
        }
        // A screen made in code or a SwiftUI screen opens its entry below the map (`#scene-code-…`).
        var anchors: [String: String] = [:]
        for screen in screensInCode {
            guard let svgID = overview?.nodeIDs[screen.id] else { continue }
            let anchor = links.anchor(of: screen.id)
            hrefs[svgID] = "#" + anchor
            anchors[anchor] = svgID
        }
        // The first view shows the storyboard the system loads first (or the first one) at a size that can be read.
        let first = graph.storyboards.filter { !$0.entryPoints.isEmpty }.map(\.path).sorted()
            + graph.storyboards.map(\.path).sorted()
        // An app of several targets (apps, extensions) that build storyboards: a filter shows one target's. Targets
        // are named on the page by position (`t0`, `t1`: sbmap's own tokens), never by their names in markup.
        let built = Set(graph.storyboards.flatMap(\.targets))
        let filterable = graph.targets.filter { built.contains($0.id) }.sorted { ($0.title, $0.id) < ($1.title, $1.id) }
        var token: [String: String] = [:]
        if filterable.count >= 2 {
            for (k, target) in filterable.enumerated() where token[target.id] == nil { token[target.id] = "t\(k)" }
            w.raw("<div class=\"target-filter\" hidden><label for=\"sbmap-target\">Show the storyboards of</label> ")
            w.raw("<select id=\"sbmap-target\"><option value=\"\">every target</option>")
            for target in filterable {
                w.raw("<option value=\"\(token[target.id] ?? "")\">")
                w.text(target.title)
                w.raw("</option>")
            }
            w.raw("</select> <span id=\"sbmap-target-count\" class=\"muted\" aria-live=\"polite\"></span></div>\n")
        }
        func tokens(_ storyboard: Storyboard) -> [String] { storyboard.targets.compactMap { token[$0] }.sorted() }
        var mapTargets: [String: [String]] = [:]
        if !token.isEmpty {
            for storyboard in graph.storyboards {
                if let svgID = overview?.nodeIDs["storyboard:" + storyboard.path] { mapTargets[svgID] = tokens(storyboard) }
            }
        }
        frame.map(overview, label: "Overview map", hrefs: hrefs, anchors: anchors, targets: mapTargets,
                  start: first.lazy.compactMap { overview?.nodeIDs["storyboard:" + $0] }.first,
                  caption: graph.targets.isEmpty
                    ? "One box per storyboard; an arrow for the links between two storyboards, with how many."
                    : "One box per storyboard, inside the app targets that build it; an arrow for the links between two storyboards, with how many.",
                  selection: !anchors.isEmpty,
                  leftOutDrawnBy: leftOut ? "sbmap render PATH... --view overview -o overview.svg" : nil,
                  downloads: (MapDownloads.base(of: "index.html"), "sbmap render PATH... --view overview -o overview.png"), into: &w)

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
            let count = links.counts.storyboard(storyboard.path)
            let outgoing = links.outgoing[storyboard.path] ?? []
            let unresolved = count.unresolved
            let findings = links.findings[storyboard.path] ?? []
            w.raw(token.isEmpty ? "<tr><td>" : "<tr data-targets=\"\(tokens(storyboard).joined(separator: " "))\"><td>")
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
            w.raw("</td><td class=\"num\">\(count.scenes)</td><td class=\"num\">\(outgoing.count)</td>")
            w.raw("<td class=\"num\">\(unresolved > 0 ? "<span class=\"state state-unresolved\">\(unresolved)</span>" : "0")</td><td>")
            Self.findingCounts(findings, href: links.page(of: storyboard.path).map { $0 + "#findings" }, into: &w)
            w.raw("</td></tr>\n")
        }
        w.raw("</tbody></table></div>\n")
        screensSection(screensInCode, into: &w)
        return frame.page(title: frame.options.title, root: "", current: .index, body: w.html)
    }

    /// The screens made in code and the SwiftUI screens, which belong to no storyboard's page: each with its kind,
    /// the place of its class, what it is for (its doc comment and `.sbmap.yml`'s note), the links in code into it
    /// and out of it. Each row has the anchor a scene has (`scene-code-…`), so links, the search and the overview's
    /// boxes reach it.
    private func screensSection(_ screens: [Node], into w: inout PageWriter) {
        guard !screens.isEmpty else { return }
        let (into, out) = links.codeLinksOfScreens()
        w.raw("<h2 id=\"screens\">Screens made in code (\(screens.count))</h2>\n")
        w.raw("<p class=\"lede\">View controllers that no storyboard or xib holds, and SwiftUI views hosted as screens: who pushes or presents each, and what it links to, with where the code says so.</p>\n")
        w.raw("<div class=\"table-wrap\"><table class=\"scenes\">\n<thead><tr><th>Screen</th><th>Kind</th><th>Links in</th><th>Links out</th><th>Source</th></tr></thead>\n<tbody>\n")
        for node in screens {
            let anchor = links.anchor(of: node.id)
            w.raw("<tr id=\"\(HTML.attribute(anchor))\" data-node=\"\(HTML.attribute(anchor))\"><td>")
            w.link(SiteLinks.linkDescription(node), href: "#" + anchor)
            w.purpose(of: node)
            w.raw("</td><td>")
            w.text(node.role == .swiftUIScreen ? "SwiftUI screen" : "made in code")
            w.raw("</td><td>")
            linkList(into[node.id] ?? [], end: \.from, into: &w)
            w.raw("</td><td>")
            linkList(out[node.id] ?? [], end: \.to, into: &w)
            w.raw("</td><td>")
            frame.place(node.location, into: &w)
            w.raw("</td></tr>\n")
        }
        w.raw("</tbody></table></div>\n")
    }

    /// `present` from `AppCoordinator (code)` at `path:line`, one a line; `—` when there are none.
    private func linkList(_ edges: [Edge], end: KeyPath<Edge, String>, into w: inout PageWriter) {
        guard !edges.isEmpty else {
            w.raw("<span class=\"muted\">—</span>")
            return
        }
        for (k, edge) in edges.enumerated() {
            if k > 0 { w.raw("<br>") }
            w.raw("<code>")
            w.text(SiteLinks.callText(edge))
            w.raw("</code> ")
            w.raw(end == \Edge.from ? "from " : "to ")
            let other = edge[keyPath: end]
            w.link(links.describe(other), href: links.href(of: other))
            if edge.location != nil {
                w.raw(" <span class=\"muted\">at</span> ")
                frame.place(edge.location, into: &w)
            }
        }
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

