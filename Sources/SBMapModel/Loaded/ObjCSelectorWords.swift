/// The Swift compiler's camel-case words and prepositions, as it uses them to name the Objective-C selector of a
/// Swift method (`SwiftCodeReader.selector`), and to spell a selector back in Swift (`UnwindRule.swiftName`).
///
/// From swiftlang/swift: the words are `camel_case::getFirstWord` / `getLastWord` (lib/Basic/StringExtras.cpp,
/// `WordIterator`), the prepositions `PREPOSITION(…)` of lib/Basic/PartsOfSpeech.def, compared ignoring case
/// (`getPrepositionKind`). Only ASCII letters count as upper or lower case (clang's `isUppercase`/`isLowercase`).
public enum ObjCSelectorWords {
    /// The Objective-C selector the compiler gives a Swift method `name(label: …, …)` (labels `_` where none is
    /// written), as swiftlang/swift's lib/AST/Decl.cpp `AbstractFunctionDecl::getObjCSelector` makes it: without
    /// parameters, the name; a first parameter without a label adds only a colon (`back(_:)` → `back:`); a first
    /// label is appended in sentence case (`appendSentenceCase`), after `With` unless the label's first word or the
    /// name's last word is a preposition ("If the first argument name doesn't start with a preposition, and the method
    /// name doesn't end with a preposition, add 'with'"): `back(segue:)` → `backWithSegue:`,
    /// `unwindFromGames(with:)` → `unwindFromGamesWith:`, `unwind(from:)` → `unwindFrom:`, `unwindTo(segue:)` →
    /// `unwindToSegue:`. Every later label is a piece as it is, `_` an empty one: `unwind(_:sender:)` →
    /// `unwind:sender:`. An explicit `@objc(name:)` wins over all this (the reader reads it first). Throwing and
    /// `async` methods get an `AndReturnError`/`WithCompletionHandler` piece, which an `@IBAction` never has.
    public static func selector(name: String, labels: [String]) -> String {
        guard let first = labels.first else { return name }
        var s = name
        if first != "_" {
            if !isPreposition(firstWord(first)) && !isPreposition(lastWord(name)) { s += "With" }
            s += sentenceCase(first)
        }
        s += ":"
        for label in labels.dropFirst() { s += (label == "_" ? "" : label) + ":" }
        return s
    }

    /// lib/Basic/PartsOfSpeech.def (the list grew over the years; this is the current one, which includes the older).
    static let prepositions: Set<String> = [
        "above", "after", "along", "alongside", "as", "at", "before", "below", "by", "following", "for", "from",
        "given", "in", "including", "inside", "into", "matching", "of", "on", "passing", "preceding", "since", "to",
        "until", "using", "via", "when", "with", "within",
    ]

    /// Whether `word` is one of the compiler's prepositions (letter case ignored).
    public static func isPreposition(_ word: String) -> Bool {
        // (The longest preposition has nine letters: a longer word is none.)
        guard !word.isEmpty, word.utf8.count <= 9 else { return false }
        return prepositions.contains(word.lowercased())
    }

    private static func isUpper(_ b: UInt8) -> Bool { b >= UInt8(ascii: "A") && b <= UInt8(ascii: "Z") }
    private static func isLower(_ b: UInt8) -> Bool { b >= UInt8(ascii: "a") && b <= UInt8(ascii: "z") }
    private static let underscore = UInt8(ascii: "_")

    private static func isPluralSuffix(_ s: ArraySlice<UInt8>) -> Bool {
        s.elementsEqual("s".utf8) || s.elementsEqual("es".utf8) || s.elementsEqual("ies".utf8)
    }

    /// The first camel-case word of `string` (`WordIterator::computeNextPosition` from the start): `from` of
    /// `fromSegue`, `URL` of `URLLoader`, `_` of `_x`.
    public static func firstWord(_ string: String) -> String {
        let b = Array(string.utf8)
        let n = b.count
        guard n > 0 else { return "" }
        var end: Int
        if b[0] == underscore {
            end = 1  // `_` is a word of its own
        } else {
            var i = 0
            while i < n, isUpper(b[i]) { i += 1 }
            if i > 1 {
                // An acronym: it ends before its last capital when a lower-case word follows (`URLLoader`), after it
                // otherwise, and takes a plural suffix (`URLs`), except `Is`.
                var endOfNext = i
                while endOfNext < n, isLower(b[endOfNext]) { endOfNext += 1 }
                if i == n || isPluralSuffix(b[i..<endOfNext]) && !b[(i - 1)..<endOfNext].elementsEqual("Is".utf8) {
                    end = endOfNext
                } else if isLower(b[i]) {
                    end = i - 1
                } else {
                    end = i
                }
            } else {
                while i < n, !isUpper(b[i]), b[i] != underscore { i += 1 }
                end = i
            }
        }
        return String(decoding: b[0..<end], as: UTF8.self)
    }

    /// The last camel-case word of `string` (`WordIterator::computePrevPosition` from the end): `Games` of
    /// `unwindFromGames`, `URLs` of `unwindToURLs`, `to` of `to`.
    public static func lastWord(_ string: String) -> String {
        let b = Array(string.utf8)
        let position = b.count
        guard position > 0 else { return "" }
        var i = position
        while i > 0, !isUpper(b[i - 1]), b[i - 1] != underscore { i -= 1 }
        var effectiveEnd = position
        if i > 0, isPluralSuffix(b[i..<position]) {
            effectiveEnd = i
            while i > 0, !isUpper(b[i - 1]), b[i - 1] != underscore { i -= 1 }
        }
        let start: Int
        if i < effectiveEnd {
            // A normal camel-case word: it starts at the capital before its lower-case letters.
            start = i != 0 && isLower(b[i]) && b[i - 1] != underscore ? i - 1 : i
        } else if b[i - 1] == underscore {
            start = i - 1
        } else {
            // An acronym: all the capitals before.
            while i > 0, isUpper(b[i - 1]) { i -= 1 }
            start = i
        }
        return String(decoding: b[start..<position], as: UTF8.self)
    }

    /// `camel_case::appendSentenceCase`: the first byte upper-cased when it is an ASCII lower-case letter.
    public static func sentenceCase(_ string: String) -> String {
        guard let first = string.utf8.first, isLower(first) else { return string }
        return String(UnicodeScalar(first - 32)) + String(decoding: string.utf8.dropFirst(), as: UTF8.self)
    }
}
