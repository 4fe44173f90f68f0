import Foundation  // memcmp
import SBMapModel

/// `FooViewController.instantiateFromStoryboard()` and similar helpers that derive the Storyboard ID from the class
/// name (pitfall 5 of the storyboard format: the identifier is the class's name, by convention). Its calls are
/// `Type.name(` with a name that is no word, so it claims no word: the lexer asks `mayRecordMethodCall` instead.
enum ClassNameHelperRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = []
    static let readsMethodCalls = true

    /// Names of helpers that derive the storyboard identifier from the class (the Objective-C reader asks too).
    static func isClassNameHelper(_ method: String) -> Bool {
        if method.hasPrefix("instantiateViewController") || method.hasPrefix("instantiateController")
            || method.hasPrefix("instantiateInitial") { return false }
        return method.hasPrefix("instantiate") || method.lowercased().containsBytes("fromstoryboard")
            || method == "storyboardInstance" || method == "storyboardViewController"
    }

    /// Names a helper that computes the names from the class may have: `isClassNameHelper`'s, and any other with
    /// `storyboard` in it (`loadFromMainStoryboard`). Such a call is recorded; only a scanned helper of its name that
    /// computes the names from the class makes it a link and a check (`ClassNameHelperCalls`), and only
    /// `isClassNameHelper`'s names make the heuristic link.
    static func mayBeClassNameHelper(_ method: String) -> Bool {
        isClassNameHelper(method) || !method.hasPrefix("instantiateViewController") && !method.hasPrefix("instantiateController")
            && !method.hasPrefix("instantiateInitial") && method.lowercased().containsBytes("storyboard")
    }

    /// Receivers that are no view controller class.
    static let notViewControllers: Set<String> = [
        "UIStoryboard", "NSStoryboard", "StoryboardScene", "StoryboardSegue", "R", "Bundle", "NSBundle", "UINib", "NSNib",
    ]

    /// Whether a method's name may be one that `isClassNameHelper` accepts: it starts with `instantiate`, or has
    /// `storyboard` in it in any letter case. This accepts more names than `isClassNameHelper` does, never fewer:
    /// that lower-cases the name before looking for `fromstoryboard`, and no character but an ASCII letter
    /// lower-cases to an ASCII letter of that word (only `İ` and the Kelvin sign lower-case to ASCII at all, to `i̇`
    /// and `k`). Bytes, not a String: the lexer asks it at every `Type.name(`.
    static func mayRecordMethodCall(named name: UnsafeBufferPointer<UInt8>) -> Bool {
        let prefix: StaticString = "instantiate", word: StaticString = "storyboard"
        guard let base = name.baseAddress else { return false }
        if name.count >= prefix.utf8CodeUnitCount, memcmp(base, prefix.utf8Start, prefix.utf8CodeUnitCount) == 0 {
            return true
        }
        let w = word.utf8Start, length = word.utf8CodeUnitCount
        guard name.count >= length else { return false }
        for start in 0...(name.count - length) {
            // `| 0x20` makes an upper-case ASCII letter lower-case, and no other byte a lower-case letter.
            var k = 0
            while k < length, base[start + k] | 0x20 == w[k] { k += 1 }
            if k == length { return true }
        }
        return false
    }

    /// `board.instantiate(ProfileVC.self)` at `i`: a generic helper called on a storyboard with
    /// the class as its only argument, recorded with the storyboard the receiver stands for. Whether a helper of that
    /// name takes its Storyboard ID from the class is for the linker to find.
    private static func readGenericCall(at i: Int, _ r: inout SwiftCodeReader) {
        let stream = r.stream
        guard r.recordUses, stream.identifier(i + 2, contains: "instantiate"), isClassNameHelper(stream.text(i + 2)),
              stream.isPunct(i + 3, "("), stream.kind(i + 4) == .identifier, stream.isPunct(i + 5, "."),
              stream.isIdentifier(i + 6, "self"), stream.isPunct(i + 7, ")") else { return }
        let type = stream.text(i + 4)
        guard let c = type.unicodeScalars.first, c.properties.isUppercase, !notViewControllers.contains(type),
              let receiver = stream.receiver(ofMethodAt: i + 2),
              let storyboard = r.storyboardExpression(receiver, strict: false) else { return }
        r.file.classInstantiations.append(CodeClassInstantiation(type: type, method: stream.text(i + 2),
                                                                 enclosingType: r.scopes.typePath, location: r.location(i + 2),
                                                                 storyboard: storyboard))
    }

    /// `Type.name(` at `i`: recorded when `Type` may be a view controller class and `name` a helper's.
    static func readMethodCall(at i: Int, _ r: inout SwiftCodeReader) {
        // The cheap token tests first: this runs for almost every `Type.name(` in the bodies read. A type name starts
        // with an upper-case letter; a lower-case ASCII one (`tableView.reloadData()`) is ruled out before any String
        // is made.
        let firstByte = r.stream.bytes[r.stream[i].start]
        guard firstByte >= 0x80 || (firstByte >= UInt8(ascii: "A") && firstByte <= UInt8(ascii: "Z")) else {
            readGenericCall(at: i, &r)
            return
        }
        let stream = r.stream
        let type = stream.text(i)
        guard let c = type.unicodeScalars.first, c.properties.isUppercase,
              mayBeClassNameHelper(stream.text(i + 2)), !notViewControllers.contains(type) else { return }
        // The lexer must have noted this call as a trigger, or a body holding it would have been stepped over.
        assert(stream.bytes.withUnsafeBufferPointer { bytes in
            mayRecordMethodCall(named: UnsafeBufferPointer(rebasing: bytes[stream[i + 2].start..<stream[i + 2].end]))
        }, "a class-name helper the lexer's test does not accept")
        let method = stream.text(i + 2)
        var call = CodeClassInstantiation(type: type, method: method, enclosingType: r.scopes.typePath, location: r.location(i))
        call.namedLikeAHelper = isClassNameHelper(method)
        r.file.classInstantiations.append(call)
    }
}
