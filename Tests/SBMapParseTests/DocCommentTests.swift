import Foundation
import SBMapModel
import Testing
@testable import SBMapParse

/// What the scanner reads as a class's purpose (issue 32): the first sentence of the doc comment above it. The
/// comment is read from the bytes, with Foundation's trimming and String's characters only where a line's end or the
/// text is not ASCII; these tests pin what a user sees and that the two ways agree.
@Suite struct DocCommentTests {
    private func docs(_ text: String) -> [String: String] {
        let file = CodeScanner().scan(text: text, path: "A.swift", language: .swift).value!
        var docs: [String: String] = [:]
        for type in file.types { if let doc = type.doc { docs[type.name] = doc } }
        return docs
    }

    @Test func firstSentenceOfLineAndBlockComments() {
        let long = String(repeating: "word ", count: 80)
        let text = "import UIKit\n"
            + "///   The Comments screen\t of Main.storyboard.  More text.  \n"
            + "final class Comments: UIViewController {}\n"
            + "\n"
            + "/// Lists the members\n"
            + "///   of a group!\n"
            + "@MainActor\n"
            + "@objc(Members)\n"
            + "class Members: UIViewController {}\n"
            + "/**\n * Shows the profile.\n * Second sentence.\n */\n"
            + "class Profile: UIViewController {}\n"
            + "/// -Warning: not a purpose\n"
            + "class Params: UIViewController {}\n"
            + "/// \(long)\n"
            + "class Long: UIViewController {}\n"
            + "/// Ends at a no-break space.\u{00A0}\n"
            + "class Spaced: UIViewController {}\n"
            + "/// Lines\r\n/// with carriage returns.\r\n"
            + "class Windows: UIViewController {}\n"
            + "/// Über die App. Rest.\n"
            + "class About: UIViewController {}\n"
            + "// not a doc comment\n"
            + "class Plain: UIViewController {}\n"
        let found = docs(text)
        #expect(found["Comments"] == "The Comments screen of Main.storyboard.")
        #expect(found["Members"] == "Lists the members of a group!")
        #expect(found["Profile"] == "Shows the profile.")
        #expect(found["Params"] == nil)
        #expect(found["Long"] == String(String(repeating: "word ", count: 60).prefix(DocComments.maxLength - 1)) + "…")
        #expect(found["Spaced"] == "Ends at a no-break space.")
        #expect(found["Windows"] == "Lines with carriage returns.")
        #expect(found["About"] == "Über die App.")
        #expect(found["Plain"] == nil)
    }

    /// The reading from bytes against the reading it replaced (Foundation's trimming, String's characters) on many
    /// lines of ASCII and of the characters where the two could part: spaces that are not ASCII, `\r\n`, accents.
    @Test func bytesAgreeWithCharacters() {
        let pieces = [" ", "\t", "\r", "\n", "\r\n", "\u{00A0}", "\u{3000}", "é", "e\u{301}", ".", "!", "?", "-", ":",
                      "a", "Word", "x.", "/", "*", "…", "\u{FFFD}"]
        var generator = SplitMix(seed: 32)
        for _ in 0..<4000 {
            var text = ""
            for _ in 0..<Int(generator.next() % 14) { text += pieces[Int(generator.next() % UInt64(pieces.count))] }
            #expect(DocComments.trimmed(Array(text.utf8)[...]) == text.trimmingCharacters(in: .whitespaces),
                    "\(text.debugDescription)")
            #expect(DocComments.sentence(text) == Self.sentenceByCharacters(text), "\(text.debugDescription)")
        }
        let long = String(repeating: "ab ", count: 150)
        #expect(DocComments.sentence(long) == Self.sentenceByCharacters(long))
    }

    /// What a loaded file says of itself, through the inlinable `Loaded.init` (which the scanner calls per file).
    @Test func aLoadedFileIsUnreadOnlyWithoutAValue() {
        let scanned = CodeScanner().scan(text: "class A {}", path: "A.swift", language: .swift)
        #expect(scanned.value != nil && scanned.unread == nil)
        #expect(Loaded<LoadedCodeFile>(path: "B.swift", nil).unread == .failed)
        #expect(Loaded<LoadedCodeFile>(path: "B.swift", nil, unread: .lfsPointer).unread == .lfsPointer)
        #expect(Loaded(path: "C.swift", LoadedCodeFile(path: "C.swift", language: .swift), unread: .lfsPointer).unread == nil)
    }

    /// `DocComments.sentence` as issue 32 wrote it, over characters.
    private static func sentenceByCharacters(_ text: String) -> String? {
        let words = text.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        var out: [Substring] = []
        for word in words {
            if out.isEmpty, word.hasPrefix("-"), word.hasSuffix(":") { break }
            out.append(word)
            if let last = word.last, ".!?".contains(last), word.count > 1 || out.count > 1 { break }
        }
        let joined = out.joined(separator: " ")
        guard !joined.isEmpty else { return nil }
        return joined.count > DocComments.maxLength ? String(joined.prefix(DocComments.maxLength - 1)) + "…" : joined
    }
}

