import SBMapModel
import SBMapStyle

// MARK: - What every page shares

/// The head, header and footer every page has.
struct Frame: Sendable {
    let options: SiteOptions
    /// The counts the index shows: `GraphCounts`, the same numbers as the summary line of `sbmap check`.
    let counts: GraphCounts

    enum Current { case index, findings, storyboard, diagnostics }

    func page(title: String, root: String, current: Current, body: String) -> [UInt8] {
        var w = PageWriter(capacity: body.utf8.count + 4096)
        // A page whose maps were drawn dark (`--theme dark`) is dark whatever the reader's setting; otherwise the
        // page follows `prefers-color-scheme` (the style sheet), and the maps keep their own light canvas.
        w.raw("<!DOCTYPE html>\n<html lang=\"en\"\(options.darkMaps ? " data-theme=\"dark\"" : "")>\n<head>\n<meta charset=\"utf-8\">\n")
        w.raw("<meta http-equiv=\"Content-Security-Policy\" content=\"\(SitePages.contentSecurityPolicy)\">\n")
        w.raw("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
        w.raw("<meta name=\"color-scheme\" content=\"\(options.darkMaps ? "dark" : "light dark")\">\n")
        w.raw("<meta name=\"referrer\" content=\"no-referrer\">\n")
        w.raw("<meta name=\"generator\" content=\"\(HTML.attribute(options.generator))\">\n")
        w.raw("<title>")
        w.text(title == options.title ? title : "\(title) · \(options.title)")
        w.raw("</title>\n<link rel=\"stylesheet\" href=\"\(root)assets/sbmap.css\">\n")
        // The maps' dark colours, in the head: a dark page never shows a white map first.
        w.raw("<link rel=\"stylesheet\" href=\"\(root)assets/sbmap-maps.css\">\n")
        w.raw("<script src=\"\(root)assets/sbmap.js\" defer></script>\n</head>\n")
        w.raw("<body data-root=\"\(root)\">\n<header class=\"top\">\n")
        w.link(options.title, href: "\(root)index.html", class: "home")
        w.raw("\n<nav aria-label=\"Pages\">")
        w.raw("<a href=\"\(root)index.html\"\(current == .index ? " aria-current=\"page\"" : "")>Overview</a>")
        w.raw("<a href=\"\(root)findings.html\"\(current == .findings ? " aria-current=\"page\"" : "")>Findings (\(counts.findings))</a>")
        w.raw("</nav>\n<div class=\"search\" id=\"sbmap-search-box\" role=\"search\" hidden>")
        w.raw("<input type=\"search\" id=\"sbmap-search\" placeholder=\"Search scenes, segues, finding codes  ( / )\" ")
        w.raw("aria-label=\"Find a scene by class, Storyboard ID or title, a segue by identifier, or a finding code\" autocomplete=\"off\" spellcheck=\"false\">")
        w.raw("<ul id=\"sbmap-results\" aria-label=\"Search results\" hidden></ul></div>\n</header>\n<main>\n")
        w.raw(body)
        w.raw("</main>\n<footer>\n<p>Made by ")
        w.text(options.generator)
        if let commit = options.commit {
            w.raw(" from commit <code class=\"commit\">")
            w.text(commit)
            w.raw("</code>")
            if let date = options.commitDate {
                w.raw(" of <time class=\"commit-date\" datetime=\"\(HTML.attribute(date))\">")
                w.text(date)
                w.raw("</time>")
            }
            if options.localChanges { w.raw(" <strong class=\"local-changes\">with local changes</strong>") }
        }
        w.raw(", from the app's storyboards, Info.plists, projects and sources. ")
        w.raw("<a href=\"\(root)diagnostics.html\"\(current == .diagnostics ? " aria-current=\"page\"" : "")>What each finding code means</a>.</p>\n")
        w.raw("<p class=\"how\">Drag a map to pan it (pinch to zoom on a touch screen); the wheel, + and − zoom; 0 fits it, 1 shows it full size. Press / to search.</p>\n</footer>\n</body>\n</html>\n")
        return w.bytes
    }

    /// `path:line`, linked to the source when `--source-url` was given.
    func place(_ location: SourceLocation?, into w: inout PageWriter) {
        guard let location else {
            w.raw("<span class=\"muted\">—</span>")
            return
        }
        let text = location.line > 0 ? "\(location.path):\(location.line)" : location.path
        // A line may break after each `/` and before a `.` (`<wbr>`), so a long path wraps in a narrow column instead
        // of widening the table past the page, and never inside a word (`Main.storyboa|rd`).
        let markup = HTML.breakable(text)
        if let href = options.sourceLinks?.url(location) {
            w.raw("<a href=\"\(HTML.attribute(href))\" class=\"where\">\(markup)</a>")
        } else {
            w.raw("<span class=\"where\">\(markup)</span>")
        }
    }

    /// A map: the SVG inline, the buttons, the links of its nodes (a JSON block the page's script reads).
    /// `anchors`: the page's scene anchors → SVG ids of their boxes (what `#scene-…` shows on the map); `start`: the
    /// SVG id of the box the first view centres on. Without a map, why: `leftOutDrawnBy` is the command that draws a
    /// map the site's layout budget left out (`nil`: it failed, and sbmap printed why).
    func map(_ map: SiteMap?, label: String, hrefs: [String: String], anchors: [String: String],
             targets: [String: [String]] = [:], start: String?,
             caption: String?, selection: Bool, leftOutDrawnBy command: String? = nil,
             downloads: (base: String, command: String)? = nil, into w: inout PageWriter) {
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
        w.raw("<figure class=\"map\"")
        if let start { w.raw(" data-start=\"\(HTML.attribute(start))\"") }
        w.raw(">\n<div class=\"map-tools\" hidden>")
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
        w.raw(MapKey.html(map.key))
        if let downloads {
            // The map's files beside the page (`MapDownloads.files`): `base` is sbmap's own page name, made relative.
            let base = HTML.attribute(downloads.base)
            w.raw("<p class=\"map-downloads\">Download this map: <a href=\"\(base).svg\" download>SVG</a>")
            if map.downloads?.png != nil { w.raw(" · <a href=\"\(base).png\" download>PNG</a>") }
            if map.downloads?.pdf != nil { w.raw(" · <a href=\"\(base).pdf\" download>PDF</a>") }
            if map.downloads != nil { w.raw(" · <a href=\"\(base).json\" download>JSON</a> (its graph, as <code>sbmap export</code> writes it)") }
            if map.downloads?.png == nil || map.downloads?.pdf == nil {
                w.raw(". Its PNG and PDF were left out to keep the run bounded (the site draws them only within its budget); <code>")
                w.text(downloads.command)
                w.raw("</code> draws one")
            }
            w.raw(".</p>\n")
        }
        if selection { w.raw("<div class=\"map-selection\" hidden></div>\n") }
        w.raw("<script type=\"application/json\" class=\"map-links\">")
        w.raw(HTML.jsonObject(hrefs))
        w.raw("</script>\n")
        if !anchors.isEmpty {
            w.raw("<script type=\"application/json\" class=\"map-anchors\">")
            w.raw(HTML.jsonObject(anchors))
            w.raw("</script>\n")
        }
        if !targets.isEmpty {
            // SVG id → the target filter's tokens (`t0`) of the targets that build the storyboard it draws.
            w.raw("<script type=\"application/json\" class=\"map-targets\">{")
            w.raw(targets.sorted { $0.key < $1.key }.map { "\(HTML.json($0.key)):\(HTML.jsonArray($0.value))" }
                .joined(separator: ","))
            w.raw("}</script>\n")
        }
        if let caption {
            w.raw("<figcaption>")
            w.text(caption)
            w.raw("</figcaption>\n")
        }
        w.raw("</figure>\n")
    }
}

