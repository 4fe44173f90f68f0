import SBMapStyle
import Testing

/// `TextSafety.wrapped`: labels break at spaces and never cut a word in the middle (issue 22).
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

    @Test func everyLineIsWholeWordsInOrderOrEndsInAnEllipsis() {
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
            // Read back, the lines are the input's first words, in order, each whole; only the last line may end in `…`,
            // after a whole word, or inside a word only when that word is as long as a line or longer.
            var rest = words[...]
            for (index, line) in lines.enumerated() {
                let cut = line.hasSuffix("…")
                #expect(!cut || index == lines.count - 1, "\(context)")
                let shown = (cut ? String(line.dropLast()) : line).split(separator: " ").map(String.init)
                for (k, word) in shown.enumerated() {
                    guard let next = rest.first else { Issue.record("more words than given: \(context)"); return }
                    if word == next {
                        rest = rest.dropFirst()
                    } else {
                        // Only a word too long for a line is cut, at its end, and it is alone on its line.
                        #expect(cut && k == shown.count - 1 && shown.count == 1 && next.count >= width
                                    && next.hasPrefix(word), "\(context)")
                        rest = rest.dropFirst()
                    }
                }
            }
            if !rest.isEmpty { #expect(lines.last?.hasSuffix("…") == true, "words left out without a mark: \(context)") }
            if words.isEmpty { #expect(lines.isEmpty) }
        }
    }

    @Test func theReasonKeepsItsWords() {
        let lines = TextSafety.wrapped("✗ no storyboard named 'advancedSettings' bundle 'com.example.PaymentsKit' (not scanned)",
                                       width: 40)
        #expect(lines == ["✗ no storyboard named 'advancedSettings'", "bundle 'com.example.PaymentsKit' (not", "scanned)"])
        #expect(TextSafety.wrapped("one two three four", width: 9, maxLines: 2) == ["one two", "three…"])
        #expect(TextSafety.wrapped("ConfirmYourBidEnterYourEmailViewController", width: 12) == ["ConfirmYour…"])
        #expect(TextSafety.label("Place a Higher Bid After Not Being Outbid", limit: 20) == "Place a Higher Bid…")
    }
}
