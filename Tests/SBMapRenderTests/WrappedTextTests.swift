import SBMapStyle
import Testing

/// `TextSafety.wrapped`: labels break at spaces and never cut a word in the middle; a word longer than a
/// line breaks at its humps (`camelCase` at `Case`).
@Suite struct WrappedTextTests {
    /// SplitMix64: the same words on every run and platform.
    struct Random {
        var state: UInt64
        mutating func next(_ bound: Int) -> Int {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return Int((z ^ (z >> 31)) % UInt64(bound))
        }
    }

    @Test func everyLineIsTheTextsStartInOrderAndOnlyTheLastEndsInAnEllipsis() {
        var random = Random(state: 22)
        let letters = Array("abcdefghijklmnopqrstuvwxyzABC'.:›é✗")
        for _ in 0..<3000 {
            let words = (0..<random.next(14)).map { _ in
                String((0..<(1 + random.next(random.next(4) == 0 ? 60 : 12))).map { _ in letters[random.next(letters.count)] })
            }
            let width = 4 + random.next(50), maxLines = 1 + random.next(3)
            let lines = TextSafety.wrapped(words.joined(separator: " "), width: width, maxLines: maxLines)
            let context = "words \(words) width \(width) lines \(maxLines) → \(lines)"
            #expect(lines.count <= maxLines, "\(context)")
            #expect(lines.allSatisfy { $0.count <= width && !$0.isEmpty }, "\(context)")
            #expect(lines.dropLast().allSatisfy { !$0.hasSuffix("…") }, "\(context)")
            // Read back without spaces, the lines are the text's start; all of it unless the last line ends in `…`.
            let cut = lines.last?.hasSuffix("…") ?? false
            var shown = lines.joined()
            if cut { shown.removeLast() }
            shown = shown.replacing(" ", with: "")
            let all = words.joined()
            #expect(cut ? all.hasPrefix(shown) : all == shown, "\(context)")
            // Words that each fit a line are never broken: every line is whole words, in order; only the very last
            // part before a closing `…` may be a word's start (a word as long as the line, cut to make room for it).
            if words.allSatisfy({ $0.count <= width }) {
                var rest = words[...]
                for (index, line) in lines.enumerated() {
                    let cutLine = line.hasSuffix("…")
                    let parts = (cutLine ? String(line.dropLast()) : line).split(separator: " ").map(String.init)
                    for (k, part) in parts.enumerated() {
                        let last = cutLine && index == lines.count - 1 && k == parts.count - 1
                        #expect(part == rest.first || last && parts.count == 1 && rest.first?.hasPrefix(part) == true,
                                "\(context)")
                        rest = rest.dropFirst()
                    }
                }
            }
            if words.isEmpty { #expect(lines.isEmpty) }
        }
    }

    @Test func theReasonKeepsItsWords() {
        let lines = TextSafety.wrapped("✗ no storyboard named 'advancedSettings' bundle 'com.example.PaymentsKit' (not scanned)",
                                       width: 40)
        #expect(lines == ["✗ no storyboard named 'advancedSettings'", "bundle 'com.example.PaymentsKit' (not", "scanned)"])
        #expect(TextSafety.wrapped("one two three four", width: 9, maxLines: 2) == ["one two", "three…"])
        #expect(TextSafety.label("Place a Higher Bid After Not Being Outbid", limit: 20) == "Place a Higher Bid…")
    }

    /// Issue 30: a long identifier breaks at its camel-case humps and colons rather than lose its words
    /// (`⏎ Exit:…`, `ƒ…`); only what does not fit in three lines is cut, keeping the start.
    @Test func aLongIdentifierBreaksAtItsHumps() {
        #expect(TextSafety.wrapped("Exit: unwindToSomethingViewControllerWithSegue:", width: 40)
                    == ["Exit: unwindToSomethingViewController", "WithSegue:"])
        #expect(TextSafety.wrapped("ƒ makeDetailViewControllerWithCoder:sender:segueIdentifier:", width: 40)
                    == ["ƒ makeDetailViewControllerWithCoder:", "sender:segueIdentifier:"])
        #expect(TextSafety.wrapped("URLSessionTaskMetricsViewController", width: 20) == ["URLSessionTask", "MetricsView", "Controller"])
        #expect(TextSafety.wrapped("ConfirmYourBidEnterYourEmailViewController", width: 12)
                    == ["ConfirmYour", "BidEnterYour", "EmailView…"])
        // A hump longer than a line is broken inside, and its start kept.
        #expect(TextSafety.wrapped("abcdefghijklmnopqrstuvwxyz", width: 10, maxLines: 2) == ["abcdefghij", "klmnopqrs…"])
        #expect(TextSafety.labelLines("", limit: 40).isEmpty)
    }
}
