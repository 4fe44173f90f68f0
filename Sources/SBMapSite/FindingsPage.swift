import SBMapModel
import SBMapStyle

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
        w.raw(". An error crashes the app or breaks it at run time on a path a target builds; a warning is a likely mistake; a note says what sbmap could not follow. <a href=\"diagnostics.html\">What each code means</a>.</p>\n")
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
            w.raw("</code> <span class=\"muted\">(\(group.count))</span></h2>\n<p class=\"explain\">")
            Self.explanation(code, root: "", into: &w)
            w.raw("</p>\n")
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
            w.raw(" ")
            explanation(diagnostic.code, root: root, into: &w)
            w.raw("<span class=\"message\">")
            w.breakable(diagnostic.message)
            w.raw("</span>")
            if let hint = diagnostic.hint {
                w.raw("<span class=\"hint\">")
                w.breakable(hint)
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

    /// `[code]`, linked to what it means on `diagnostics.html`.
    static func explanation(_ code: DiagnosticCode, root: String, into w: inout PageWriter) {
        w.raw("<a class=\"code\" href=\"\(root)diagnostics.html#\(HTML.attribute(TextSafety.token(code.rawValue)))\" title=\"What ")
        w.raw(HTML.attribute(code.rawValue))
        w.raw(" means\"><code>[")
        w.text(code.rawValue)
        w.raw("]</code></a>")
    }
}

// MARK: - diagnostics.html

/// What each finding code means: sbmap's docs/diagnostics.md, compiled into the binary and shown as a page.
struct DiagnosticsPage {
    let frame: Frame

    func make() -> [UInt8] {
        var w = PageWriter(capacity: DiagnosticsDocument.markdown.utf8.count * 2)
        w.raw("<div class=\"doc\">\n")
        w.raw(Markdown.html(DiagnosticsDocument.markdown))
        w.raw("</div>\n")
        return frame.page(title: "Finding codes", root: "", current: .diagnostics, body: w.html)
    }
}
