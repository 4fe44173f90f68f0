/// Makes text from storyboards safe to draw: the map is published on docs sites, and names come
/// from files anyone could have written.
///
/// This step produces *plain text*: one line, no control or bidi-override characters, bounded length.
/// Encoding it for Graphviz (backslashes, entities) is the renderer's job, so both steps stay simple.
public enum TextSafety {
    /// Removes control characters, format characters (right-to-left overrides and isolates, zero-width
    /// joiners, the byte-order mark) and other invisible code points; turns line breaks and tabs into
    /// spaces; collapses runs of spaces; trims.
    public static func clean(_ text: String) -> String {
        // Most text is printable ASCII, single-spaced and trimmed already: it is returned as it is. (Asking Unicode's
        // tables about every scalar of every label and tooltip was a fifth of a site's time.)
        if isCleanASCII(text) { return text }
        var out = String.UnicodeScalarView()
        var pendingSpace = false
        for scalar in text.unicodeScalars {
            // ASCII's White_Space is tab to carriage return and space; its other controls are invisible.
            let space = scalar.isASCII ? scalar.value == 0x20 || (0x09...0x0D).contains(scalar.value)
                : scalar.properties.isWhitespace || scalar.value == 0x2028 || scalar.value == 0x2029
            if space {
                pendingSpace = !out.isEmpty
                continue
            }
            if scalar.isASCII ? scalar.value < 0x20 || scalar.value == 0x7F : isInvisible(scalar) { continue }
            if pendingSpace {
                out.append(" ")
                pendingSpace = false
            }
            out.append(scalar)
        }
        return String(out)
    }

    /// Whether `text` is what `clean` makes of it: printable ASCII, no space at either end, no two in a row.
    static func isCleanASCII(_ text: String) -> Bool {
        var previous: UInt8 = 0x20  // a space at the start is not clean
        for byte in text.utf8 {
            guard byte >= 0x20, byte < 0x7F, byte != 0x20 || previous != 0x20 else { return false }
            previous = byte
        }
        return previous != 0x20 || text.isEmpty
    }

    /// Whether a scalar must never reach the picture.
    static func isInvisible(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .control, .format, .surrogate, .privateUse, .unassigned, .lineSeparator, .paragraphSeparator:
            return true
        default:
            // Noncharacters (U+FFFE, U+FFFF, …) are not allowed in XML.
            return scalar.properties.isNoncharacterCodePoint
        }
    }

    /// `text` cut to at most `limit` characters, ending in `…` when it was cut.
    public static func capped(_ text: String, _ limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard text.count > limit else { return text }
        return String(text.prefix(max(limit - 1, 0))) + "…"
    }

    /// `text` cut to at most `limit` characters by taking out its middle (`…` marks the cut): for paths and
    /// other text whose end tells items apart.
    public static func cappedMiddle(_ text: String, _ limit: Int) -> String {
        guard limit > 0 else { return "" }
        guard text.count > limit else { return text }
        guard limit > 2 else { return String(text.prefix(limit - 1)) + "…" }
        // A path loses whole folders, never part of a name: its first folder, `…`, and as many of its last parts as fit.
        let parts = text.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        if parts.count > 2, let name = parts.last {
            var tail = name
            for part in parts.dropFirst().dropLast().reversed() where (parts[0] + "/…/" + part + "/" + tail).count <= limit {
                tail = part + "/" + tail
            }
            if (parts[0] + "/…/" + tail).count <= limit { return parts[0] + "/…/" + tail }
            if ("…/" + name).count <= limit { return "…/" + name }
        }
        // The end tells paths and names apart (the file name): it keeps two thirds.
        let tail = (limit - 1) * 2 / 3
        let head = limit - 1 - tail
        return String(text.prefix(head)) + "…" + String(text.suffix(tail))
    }

    /// `text` cut to at most `limit` characters without cutting into `kept` (a part of it, such as the name a
    /// message is about): the text before and after it is shortened first, each end marked with `…`. When `kept`
    /// alone is too long it loses its middle. Without `kept` (or when it is not in `text`), as `capped`.
    public static func capped(_ text: String, _ limit: Int, keeping kept: String?) -> String {
        guard text.count > limit, let kept, !kept.isEmpty, let range = text.range(of: kept) else {
            return capped(text, limit)
        }
        guard kept.count + 2 <= limit else { return cappedMiddle(kept, limit) }
        var before = String(text[..<range.lowerBound])
        var after = String(text[range.upperBound...])
        // Keep as much of the start as fits (it says what the line is), then of the end.
        let room = limit - kept.count
        if before.count + after.count > room {
            let afterRoom = min(after.count, max(room - before.count, room / 3))
            if after.count > afterRoom { after = afterRoom > 0 ? String(after.prefix(afterRoom - 1)) + "…" : "" }
            let beforeRoom = room - after.count
            if before.count > beforeRoom { before = beforeRoom > 0 ? String(before.prefix(beforeRoom - 1)) + "…" : "" }
        }
        return before + kept + after
    }

    /// The first text in single quotes (`'Settings'`, quotes included), or `nil`: what sbmap's messages are about.
    public static func firstQuoted(_ text: String) -> String? {
        guard let open = text.firstIndex(of: "'") else { return nil }
        let rest = text[text.index(after: open)...]
        guard let close = rest.firstIndex(of: "'") else { return nil }
        return String(text[open...close])
    }

    /// Cleaned, then cut to one line of at most `limit` characters at a word boundary (`wrapped`).
    public static func label(_ text: String, limit: Int) -> String {
        wrapped(clean(text), width: limit, maxLines: 1).first ?? ""
    }

    /// `text` (cleaned already) broken into at most `maxLines` lines of at most `width` characters, at spaces; a word
    /// longer than a line is broken at its camel-case humps and after its colons, dots, dashes and underscores
    /// (`unwindToSomething` / `ViewController:`), and only a hump longer than a line is broken inside. When the text
    /// does not all fit, the last line ends in `…` right after the last part that fits, so what is drawn is always the
    /// text's start, every part whole except a last one cut at its end. Empty text gives no lines.
    public static func wrapped(_ text: String, width: Int, maxLines: Int = 3) -> [String] {
        guard width > 1, maxLines > 0 else { return [] }
        // Pieces of text, each at most a line long; `glued` when it continues the word before it (no space between).
        var pieces: [(text: String, glued: Bool)] = []
        for word in text.split(separator: " ", omittingEmptySubsequences: true).map(String.init) {
            if word.count <= width { pieces.append((word, false)); continue }
            // A path breaks after its `/` first (`pathLines`), any other word at its humps.
            let parts = word.contains("/") ? pathPieces(word, width: width) : humps(of: word, width: width)
            for (k, part) in parts.enumerated() { pieces.append((part, k > 0)) }
        }
        return packed(pieces, width: width, maxLines: maxLines)
    }

    /// A path's pieces for breaking it over lines: each folder with its `/`, then the file name; one longer than
    /// `width` at its humps (`humps`).
    static func pathPieces(_ word: some StringProtocol, width: Int) -> [String] {
        var parts: [String] = []
        var current = ""
        for c in word {
            current.append(c)
            if c == "/" { parts.append(current); current = "" }
        }
        if !current.isEmpty { parts.append(current) }
        return parts.flatMap { $0.count <= width ? [$0] : humps(of: $0, width: width) }
    }

    /// A path (cleaned already) broken into at most `maxLines` lines of at most `width` characters: after its `/`
    /// first (`Share/Base.lproj/` / `MainInterface.storyboard`), so a folder or a file name is broken only when it is
    /// longer than a line by itself, then at its humps, dots and underscores as `wrapped` breaks a word. When the path
    /// does not all fit, the last line ends in `…` after the last part that fits, keeping the path's start.
    public static func pathLines(_ path: String, width: Int, maxLines: Int = 2) -> [String] {
        guard width > 1, maxLines > 0 else { return [] }
        var pieces: [(text: String, glued: Bool)] = []
        for word in path.split(separator: " ", omittingEmptySubsequences: true) {
            for (k, piece) in pathPieces(word, width: width).enumerated() { pieces.append((piece, k > 0)) }
        }
        return packed(pieces, width: width, maxLines: maxLines)
    }

    /// Pieces (each at most `width` long; `glued` to the one before it when no space is between them) set in lines
    /// greedily; what does not fit in `maxLines` is left out, the last line ending in `…`.
    private static func packed(_ pieces: [(text: String, glued: Bool)], width: Int, maxLines: Int) -> [String] {
        func joined(_ line: [(text: String, glued: Bool)]) -> String {
            line.enumerated().map { k, piece in k == 0 || piece.glued ? piece.text : " " + piece.text }.joined()
        }
        var lines: [[(text: String, glued: Bool)]] = []
        var line: [(text: String, glued: Bool)] = []
        var index = 0
        while index < pieces.count {
            if joined(line + [pieces[index]]).count <= width {
                line.append(pieces[index])
                index += 1
            } else if lines.count + 1 < maxLines {
                lines.append(line)
                line = []
            } else {
                break
            }
        }
        if !line.isEmpty { lines.append(line) }
        guard index < pieces.count, var last = lines.popLast() else { return lines.map(joined) }
        // Text was left out: the last line says so, dropping its last pieces until its `…` fits; a piece that cannot
        // make room by itself loses its end.
        while last.count > 1, joined(last).count + 1 > width { last.removeLast() }
        var text = joined(last)
        if text.count + 1 > width { text = String(text.prefix(width - 1)) }
        return lines.map(joined) + [text + "…"]
    }

    /// A word's parts for breaking it over lines: before an upper-case letter that follows a lower-case one or a digit
    /// (`View|Controller`), before the last capital of a run of capitals followed by a lower-case letter
    /// (`URL|Session`), and after a run of `:`, `.`, `_`, `-`, `/`; a part longer than `width` in pieces of `width`.
    static func humps(of word: String, width: Int) -> [String] {
        let chars = Array(word)
        let separators: Set<Character> = [":", ".", "_", "-", "/"]
        var parts: [String] = []
        var current = ""
        for (i, c) in chars.enumerated() {
            if i > 0, !current.isEmpty {
                let prev = chars[i - 1]
                let next: Character? = i + 1 < chars.count ? chars[i + 1] : nil
                let hump = c.isUppercase && (prev.isLowercase || prev.isNumber)
                    || c.isUppercase && prev.isUppercase && (next?.isLowercase ?? false)
                    || separators.contains(prev) && !separators.contains(c)
                if hump { parts.append(current); current = "" }
            }
            current.append(c)
        }
        if !current.isEmpty { parts.append(current) }
        return parts.flatMap { part -> [String] in
            guard part.count > width else { return [part] }
            let letters = Array(part)
            return stride(from: 0, to: letters.count, by: width).map { String(letters[$0..<min($0 + width, letters.count)]) }
        }
    }

    /// Cleaned, then broken over at most `maxLines` lines (`wrapped`): a name on a map, whole when it fits in them.
    public static func labelLines(_ text: String, limit: Int, maxLines: Int = 3) -> [String] {
        wrapped(clean(text), width: limit, maxLines: maxLines)
    }

    /// A token safe in an SVG `id` or `class`: ASCII letters, digits, `-` and `_`; anything else becomes `-`.
    /// Never empty; long input is cut and ends in a hash of the whole, so distinct inputs stay distinct.
    public static func token(_ text: String, limit: Int = 80) -> String {
        var out = dashed(text)
        if out.isEmpty { out = "x" }
        if out.count > limit || out != text {
            // Different inputs can give the same cleaned text ("a b" and "a/b"); a short hash of the
            // original keeps them apart when the text had to change.
            if out.count > limit { out = String(out.prefix(limit)) }
            if out != text { out += "-" + shortHash(text) }
        }
        return out
    }

    /// `text` with each run of anything but ASCII letters, digits and `_` (and `.` when `keepingDots`) as one `-`,
    /// then no `-` or `.` at its start and no `-` at its end: the core of `token` and of a map's file name. Can be empty.
    static func dashed(_ text: String, keepingDots: Bool = false) -> String {
        var out = ""
        var lastDash = false
        for scalar in text.unicodeScalars {
            let v = scalar.value
            let ok = (v >= 0x30 && v <= 0x39) || (v >= 0x41 && v <= 0x5A) || (v >= 0x61 && v <= 0x7A) || v == 0x5F
                || (keepingDots && v == 0x2E)
            if ok {
                out.unicodeScalars.append(scalar)
                lastDash = false
            } else if !lastDash {
                out.append("-")
                lastDash = true
            }
        }
        while out.hasPrefix("-") || out.hasPrefix(".") { out.removeFirst() }
        while out.hasSuffix("-") { out.removeLast() }
        return out
    }

    /// 8 hex digits of FNV-1a over the UTF-8 bytes: stable across runs and platforms.
    public static func shortHash(_ text: String) -> String {
        var h: UInt32 = 2_166_136_261
        for b in text.utf8 {
            h ^= UInt32(b)
            h = h &* 16_777_619
        }
        let hex = String(h, radix: 16)
        return String(repeating: "0", count: 8 - hex.count) + hex
    }
}
