/// Turns an SVG that sbmap's renderer wrote into markup to put inside an HTML page, and checks on the way that it
/// holds nothing but drawing.
///
/// A map is inlined (not referenced by `<img>` or `<object>`) so the page's script can pan it, zoom it and follow a
/// click on a scene. That is only safe because sbmap's SVG never carries input text as markup: Graphviz escapes every
/// label and tooltip. This check makes that a guarantee rather than an assumption: every element must be one of the
/// few Graphviz draws with, every attribute one of the few it writes, and nothing else may appear (no `<script>`, no
/// `<foreignObject>`, no event attribute, no link, no `<![CDATA[`). The XML declaration, the DOCTYPE and comments
/// are dropped. Anything else is a `Failure`, and the page shows no map rather than unchecked markup.
enum SVGInliner {
    struct Failure: Error, Hashable, CustomStringConvertible {
        var description: String
    }

    static let elements: Set<String> = [
        "svg", "g", "title", "a", "path", "polygon", "polyline", "ellipse", "text", "tspan", "rect", "circle", "line",
    ]

    static let attributes: Set<String> = [
        "xmlns", "xmlns:xlink", "width", "height", "viewBox", "id", "class", "transform", "fill", "stroke",
        "stroke-width", "stroke-dasharray", "stroke-opacity", "fill-opacity", "points", "d", "cx", "cy", "rx", "ry",
        "r", "x", "y", "x1", "y1", "x2", "y2", "font-family", "font-size", "font-weight", "font-style",
        "text-anchor", "text-decoration", "baseline-shift", "xlink:title", "preserveAspectRatio",
    ]

    static func inline(_ svg: [UInt8]) throws -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(svg.count)
        var i = 0
        let n = svg.count
        var seenRoot = false

        func starts(_ text: String, at k: Int) -> Bool {
            var j = k
            for byte in text.utf8 {
                guard j < n, svg[j] == byte else { return false }
                j += 1
            }
            return true
        }
        func find(_ text: String, from k: Int) -> Int? {
            let bytes = Array(text.utf8)
            var j = k
            while j + bytes.count <= n {
                if svg[j] == bytes[0], starts(text, at: j) { return j }
                j += 1
            }
            return nil
        }
        func isNameByte(_ b: UInt8) -> Bool {
            (b >= 0x61 && b <= 0x7A) || (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x3A || b == 0x5F
        }
        func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

        while i < n {
            let b = svg[i]
            if b != 0x3C {  // text between tags
                if seenRoot { out.append(b) }
                i += 1
                continue
            }
            if starts("<!--", at: i) {
                guard let end = find("-->", from: i + 4) else { throw Failure(description: "an unterminated comment") }
                i = end + 3
                continue
            }
            if starts("<?", at: i), !seenRoot {
                guard let end = find("?>", from: i + 2) else { throw Failure(description: "an unterminated declaration") }
                i = end + 2
                continue
            }
            if starts("<!DOCTYPE", at: i), !seenRoot {
                guard let end = find(">", from: i) else { throw Failure(description: "an unterminated DOCTYPE") }
                i = end + 1
                continue
            }
            // A tag: `<name attr="value" …>`, `</name>` or `<name … />`.
            var j = i + 1
            let closing = j < n && svg[j] == 0x2F
            if closing { j += 1 }
            let nameStart = j
            while j < n, isNameByte(svg[j]) { j += 1 }
            let name = String(decoding: svg[nameStart..<j], as: UTF8.self)
            guard elements.contains(name) else {
                throw Failure(description: "an element '<\(String(decoding: svg[(closing ? i + 2 : i + 1)..<min(j + 1, n)].prefix(24), as: UTF8.self))' that is not drawing")
            }
            if name == "svg" { seenRoot = true }
            guard seenRoot else { throw Failure(description: "content before <svg>") }
            // Attributes.
            while j < n {
                while j < n, isSpace(svg[j]) { j += 1 }
                guard j < n else { break }
                if svg[j] == 0x3E { j += 1; break }
                if svg[j] == 0x2F, j + 1 < n, svg[j + 1] == 0x3E, !closing { j += 2; break }
                guard !closing else { throw Failure(description: "a closing tag with attributes") }
                let attrStart = j
                while j < n, isNameByte(svg[j]) { j += 1 }
                let attr = String(decoding: svg[attrStart..<j], as: UTF8.self)
                guard attributes.contains(attr) else {
                    throw Failure(description: "an attribute '\(attr.prefix(40))' on <\(name)> that is not drawing")
                }
                guard j + 1 < n, svg[j] == 0x3D, svg[j + 1] == 0x22 else {
                    throw Failure(description: "an attribute '\(attr)' that is not in double quotes")
                }
                j += 2
                while j < n, svg[j] != 0x22 {
                    // `<` cannot appear in an XML attribute value; `&` only as an entity, which HTML reads the same way.
                    guard svg[j] != 0x3C else { throw Failure(description: "'<' inside an attribute value") }
                    j += 1
                }
                guard j < n else { throw Failure(description: "an unterminated attribute value") }
                j += 1
            }
            out.append(contentsOf: svg[i..<j])
            i = j
        }
        guard seenRoot else { throw Failure(description: "no <svg> element") }
        // Graphviz ends its file with a newline after </svg>: nothing is left after the root closes.
        while let last = out.last, isSpace(last) { out.removeLast() }
        return out
    }
}
