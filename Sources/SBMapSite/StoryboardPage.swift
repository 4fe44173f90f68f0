import SBMapModel
import SBMapStyle

// MARK: - storyboards/NAME.html

struct StoryboardPage {
    let links: SiteLinks
    let frame: Frame
    let storyboard: Storyboard
    /// Its focus map; `nil` when it could not be drawn, or was left out (`leftOut`).
    let map: SiteMap?
    /// Whether the site's layout budget left its map out (`LayoutRun`): the page says how to draw it.
    var leftOut = false

    func make() -> [UInt8] {
        let root = "../"
        let path = storyboard.path
        let scenes = links.scenes[path] ?? []
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
        // This storyboard's nodes by their anchors, so `#scene-…` finds its box on the map.
        var anchors: [String: String] = [:]
        for (modelID, svgID) in map?.nodeIDs ?? [:] {
            if modelID.hasPrefix("stub:") {
                if let page = links.page(of: String(modelID.dropFirst("stub:".count))) { hrefs[svgID] = root + page }
            } else if let href = links.href(of: modelID) {
                hrefs[svgID] = root + href
                if links.nodesByID[modelID]?.storyboard == path { anchors[links.anchor(of: modelID)] = svgID }
            }
        }
        // The first view shows the initial scene (or the first one) at a size that can be read.
        let start = (storyboard.initialScene.map { [$0] } ?? []) + scenes.map(\.id)
        var caption = "The scenes of \(storyboard.name)"
        if let map {
            caption += map.hops == 0 ? ", and one box for each storyboard it links to."
                : ", the scenes of other storyboards up to \(plural(map.hops, "link")) away, and one box for the rest of each."
            if map.hops < frame.options.hops {
                caption += " (It reaches \(map.hops) of \(frame.options.hops) hops: more would be over the budget.)"
            }
        }
        frame.map(map, label: "Map of \(storyboard.name)", hrefs: hrefs, anchors: anchors,
                  start: start.lazy.compactMap { map?.nodeIDs[$0] }.first, caption: caption, selection: true,
                  leftOutDrawnBy: leftOut ? "sbmap render PATH... --focus \(path) -o map.svg" : nil,
                  downloads: links.page(of: path).map { page in
                      ("../" + MapDownloads.base(of: page), "sbmap render PATH... --focus \(path) -o \(storyboard.name).png")
                  }, into: &w)

        scenesTable(scenes, counts: links.counts.storyboard(path), root: root, into: &w)
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

    private func scenesTable(_ scenes: [Node], counts: GraphCounts.PerStoryboard, root: String, into w: inout PageWriter) {
        let placeholders = counts.crossFileLinks
        w.raw("<h2 id=\"scenes\">Scenes (\(counts.scenes)")
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
            w.raw("<tr id=\"\(HTML.attribute(anchor))\" data-node=\"\(HTML.attribute(anchor))\"")
            if !incoming.isEmpty { w.raw(" data-incoming=\"in-\(HTML.attribute(anchor))\"") }
            w.raw("><td>")
            w.link(sceneName(node), href: "#" + anchor)
            if node.initial || storyboard.initialScene == node.id { w.raw("<span class=\"badge\">initial</span>") }
            w.purpose(of: node)
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
                w.raw("</td><td>")
                Self.state(link.state, reason: link.reason, into: &w)
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
                Self.state(link.state, reason: link.reason, into: &w)
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

    /// A link's state as a badge, then why it does not resolve.
    static func state(_ state: Resolution.State, reason: String?, into w: inout PageWriter) {
        w.raw("<span class=\"state state-\(state.rawValue)\">\(state.rawValue)</span>")
        if let reason {
            w.raw(" ")
            w.text(reason)
        }
    }
}
