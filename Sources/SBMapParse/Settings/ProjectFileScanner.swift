import SBMapModel

/// Finds the `INFOPLIST_KEY_*` build settings that name storyboards in a `project.pbxproj`
/// (Xcode 13+ projects that generate their Info.plist).
///
/// The file is an old-style ASCII property list, but only a handful of `key = value;` assignments matter,
/// so a byte scan is enough, and it gives each value's line and column for free:
///
///     INFOPLIST_KEY_UIMainStoryboardFile = Main;
///     INFOPLIST_KEY_UILaunchStoryboardName = "Launch Screen";
///     "INFOPLIST_KEY_UILaunchStoryboardName~ipad" = LaunchPad;
///     "INFOPLIST_KEY_UIMainStoryboardFile[sdk=iphoneos*]" = Main;
///
/// Debug and Release (and every target) repeat the same settings, so only the first occurrence of each
/// (key, value) pair is kept.
enum ProjectFileScanner {
    /// Setting names (after `INFOPLIST_KEY_`, before any `[condition]`) and the role each declares.
    static let roles: [String: EntryPoint.Role] = [
        "UIMainStoryboardFile": .main,
        "UIMainStoryboardFile~ipad": .mainPad,
        "NSMainStoryboardFile": .main,
        "UILaunchStoryboardName": .launch,
        "UILaunchStoryboardName~ipad": .launchPad,
    ]

    private static let prefix = Array("INFOPLIST_KEY_".utf8)

    static func entryPoints(in bytes: UnsafeRawBufferPointer, path: String) -> [EntryPointDeclaration] {
        let text = bytes.bindMemory(to: UInt8.self)
        var result: [EntryPointDeclaration] = []
        var seen = Set<[String]>()
        var line = 1
        var lineStart = 0
        var index = 0
        while index < text.count {
            let byte = text[index]
            if byte == UInt8(ascii: "\n") {
                line += 1
                lineStart = index + 1
                index += 1
                continue
            }
            guard byte == UInt8(ascii: "I"), matches(prefix, in: text, at: index) else {
                index += 1
                continue
            }
            // A setting name: quoted when it holds `~` or `[`, bare otherwise.
            let quoted = index > 0 && text[index - 1] == UInt8(ascii: "\"")
            var end = index
            while end < text.count, isNameByte(text[end], quoted: quoted) { end += 1 }
            let key = String(decoding: UnsafeBufferPointer(rebasing: text[index..<end]), as: UTF8.self)
            index = end
            if quoted {
                guard index < text.count, text[index] == UInt8(ascii: "\"") else { continue }
                index += 1
            }
            var setting = String(key.dropFirst(prefix.count))
            if let bracket = setting.firstIndex(of: "[") { setting = String(setting[..<bracket]) }
            guard let role = roles[setting] else { continue }

            while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
            guard index < text.count, text[index] == UInt8(ascii: "=") else { continue }
            index += 1
            while index < text.count, text[index] == UInt8(ascii: " ") || text[index] == UInt8(ascii: "\t") { index += 1 }
            guard index < text.count else { break }

            let valueStart = index
            guard let (value, valueEnd) = readValue(text, at: index) else { continue }
            index = valueEnd
            guard !value.isEmpty, seen.insert([key, value]).inserted else { continue }
            let column = columnOf(valueStart, lineStart: lineStart, in: text)
            result.append(EntryPointDeclaration(role: role, key: key, storyboardName: value,
                                                location: SourceLocation(path: path, line: line, column: column)))
        }
        return result
    }

    /// A value: `"quoted \"text\""` or a bare word up to `;`. Returns it and the index after it.
    private static func readValue(_ text: UnsafeBufferPointer<UInt8>, at start: Int) -> (String, Int)? {
        var index = start
        if text[index] == UInt8(ascii: "\"") {
            index += 1
            var bytes: [UInt8] = []
            while index < text.count, text[index] != UInt8(ascii: "\"") {
                if text[index] == UInt8(ascii: "\n") { return nil }
                if text[index] == UInt8(ascii: "\\"), index + 1 < text.count { index += 1 }
                bytes.append(text[index])
                index += 1
            }
            guard index < text.count else { return nil }
            return (String(decoding: bytes, as: UTF8.self), index + 1)
        }
        while index < text.count, text[index] != UInt8(ascii: ";"), text[index] != UInt8(ascii: "\n"),
              text[index] != UInt8(ascii: " "), text[index] != UInt8(ascii: "\t") {
            index += 1
        }
        guard index > start else { return nil }
        return (String(decoding: UnsafeBufferPointer(rebasing: text[start..<index]), as: UTF8.self), index)
    }

    private static func matches(_ pattern: [UInt8], in text: UnsafeBufferPointer<UInt8>, at index: Int) -> Bool {
        guard index + pattern.count <= text.count else { return false }
        for offset in 0..<pattern.count where text[index + offset] != pattern[offset] { return false }
        // Not the tail of a longer identifier.
        return index == 0 || !isNameByte(text[index - 1], quoted: false)
    }

    private static func isNameByte(_ byte: UInt8, quoted: Bool) -> Bool {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
             UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
            return true
        case UInt8(ascii: "~"), UInt8(ascii: "["), UInt8(ascii: "]"), UInt8(ascii: "="), UInt8(ascii: "*"),
             UInt8(ascii: ","), UInt8(ascii: "-"), UInt8(ascii: "."):
            return quoted
        default:
            return false
        }
    }

    /// The 1-based column of `index`, counting characters (not UTF-8 continuation bytes).
    private static func columnOf(_ index: Int, lineStart: Int, in text: UnsafeBufferPointer<UInt8>) -> Int {
        var column = 1
        for position in lineStart..<index where text[position] & 0xC0 != 0x80 { column += 1 }
        return column
    }
}
