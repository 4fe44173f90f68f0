import Foundation  // memcmp
import SBMapModel

/// Collects `LoadedCodeFile.referencedTypeNames` from a file's tokens, for Swift and Objective-C alike: comments
/// are not tokens and a string literal is one token, so neither can name a type here.
///
/// Every identifier of the file is looked at, bodies the Swift reader steps over included, so this walks the tokens
/// itself rather than asking the readers. A Swift string interpolation is code inside a literal token: the names in
/// each `\( … )` count too (a string nested in it may add a few that are not code: naming a type too many is safe,
/// one too few is not). The candidates are told apart by their bytes in a small hash table, and a
/// String is made once per distinct name, not once per use: a name is used many times in a file.
enum TypeReferences {
    static func names(in stream: TokenStream, language: CodeLanguage) -> Set<String> {
        stream.bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return [] }
            var table = DistinctNames(base: base, count: buffer.count)
            var declaredName = -1  // the next token that is the name of a type declaration (not a reference)
            var forwardList = false  // inside `@class A, B;`
            let swift = language == .swift
            for i in 0..<stream.count {
                let t = stream[i]
                guard t.kind == .identifier else {
                    if forwardList, t.isPunct(";") { forwardList = false }
                    if t.kind == .string, t.interpolated { interpolations(t, stream, base, &table) }
                    continue
                }
                if i == declaredName {
                    // `extension A.B`: each part of the name is the declaration's.
                    if stream.isPunct(i + 1, "."), stream.kind(i + 2) == .identifier { declaredName = i + 2 }
                    continue
                }
                if forwardList { continue }
                let first = base[t.start]
                if first == UInt8(ascii: "@") {
                    // Objective-C `@interface`, `@implementation`, `@protocol P` and `@class A, B;` declare;
                    // `@protocol(P)` refers. (No `@` word is a type name.)
                    if !swift {
                        if t.word == .atInterface || t.word == .atImplementation { declaredName = i + 1 }
                        if stream.isIdentifier(i, "@class") { forwardList = true }
                        if stream.isIdentifier(i, "@protocol"), stream.kind(i + 1) == .identifier { declaredName = i + 1 }
                    }
                    continue
                }
                switch t.word {
                case .class, .struct, .enum, .extension, .protocol, .actor:
                    if swift, !stream.isPunct(i - 1, ".") { declaredName = i + 1 }
                    continue
                default:
                    break
                }
                if Self.mayStartTypeName(base, t.start, t.end) { table.insert(t.start, t.end) }
            }
            return table.strings()
        }
    }

    /// The names inside the `\( … )` of an interpolated literal: its value keeps each interpolation's source text.
    /// A literal whose value is its bytes as written is read in place; a decoded one (escapes besides the
    /// interpolations, rare) from its value, whose names are added as Strings.
    private static func interpolations(_ t: CodeToken, _ stream: TokenStream, _ base: UnsafePointer<UInt8>,
                                       _ table: inout DistinctNames) {
        if !t.decoded {
            names(inInterpolationsOf: base, t.start, t.end) { table.insert($0, $1) }
            return
        }
        var value = stream.strings[t.start]
        value.withUTF8 { v in
            guard let p = v.baseAddress else { return }
            names(inInterpolationsOf: p, 0, v.count) { start, end in
                table.insert(String(decoding: UnsafeBufferPointer(start: p + start, count: end - start), as: UTF8.self))
            }
        }
    }

    /// Calls `found` with the bounds of each name in `p[from..<to]` that is inside a `\( … )` and may be a type's.
    private static func names(inInterpolationsOf p: UnsafePointer<UInt8>, _ from: Int, _ to: Int,
                              _ found: (Int, Int) -> Void) {
        var k = from
        var depth = 0
        while k < to {
            let c = p[k]
            if depth == 0 {
                if c == UInt8(ascii: "\\"), k + 1 < to, p[k + 1] == UInt8(ascii: "(") { depth = 1; k += 2 } else { k += 1 }
                continue
            }
            if c == UInt8(ascii: "(") { depth += 1 } else if c == UInt8(ascii: ")") { depth -= 1 }
            guard CodeLexer.isIdentifierStart(c) else { k += 1; continue }
            let start = k
            while k < to, CodeLexer.isIdentifierPart(p[k]) { k += 1 }
            if mayStartTypeName(p, start, k) { found(start, k) }
        }
    }

    /// Whether the name in `start..<end` starts, after any underscores, with an ASCII upper-case letter or a
    /// non-ASCII byte (whose character `DistinctNames.strings` tests once per distinct name).
    @inline(__always)
    private static func mayStartTypeName(_ base: UnsafePointer<UInt8>, _ start: Int, _ end: Int) -> Bool {
        var k = start
        while k < end, base[k] == UInt8(ascii: "_") { k += 1 }
        guard k < end else { return false }
        let c = base[k]
        return (c >= UInt8(ascii: "A") && c <= UInt8(ascii: "Z")) || c >= 0x80
    }
}

/// The distinct names of a file, each kept as the bounds of its first use in the file's bytes: an open-addressing
/// table keyed by the name's bytes.
private struct DistinctNames {
    private struct Slot {
        var hash: UInt64 = 0
        var start: UInt32 = 0
        /// 0 for an empty slot (a name is never empty, so it never ends at 0).
        var end: UInt32 = 0
        var isEmpty: Bool { end == 0 }
    }

    private let base: UnsafePointer<UInt8>
    private let count: Int
    private var slots = [Slot](repeating: Slot(), count: 64)
    private var used = 0
    /// Names found only in a decoded literal's value, not in the file's bytes (rare).
    private var extra: [String] = []

    init(base: UnsafePointer<UInt8>, count: Int) {
        self.base = base
        self.count = count
    }

    /// The name's length and its first and last eight bytes, mixed: many type names share their first eight
    /// (`UIViewCo…`, `UITableV…`).
    @inline(__always)
    private func hash(_ start: Int, _ end: Int) -> UInt64 {
        let length = end - start
        var h = CodeWord.head(base + start, length, available: count - start) &+ UInt64(length)
        if length > 8 {
            h ^= UInt64(littleEndian: UnsafeRawPointer(base + (end - 8)).loadUnaligned(as: UInt64.self)) &* 0xFF51_AFD7_ED55_8CCD
        }
        return h &* 0x9E37_79B9_7F4A_7C15
    }

    mutating func insert(_ name: String) { extra.append(name) }

    /// Adds the name in the file's bytes `start..<end` (not empty).
    mutating func insert(_ start: Int, _ end: Int) {
        let h = hash(start, end)
        let mask = slots.count - 1
        var s = Int(truncatingIfNeeded: h >> 32) & mask
        let length = end - start
        while !slots[s].isEmpty {
            let slot = slots[s]
            if slot.hash == h, Int(slot.end - slot.start) == length,
               memcmp(base + Int(slot.start), base + start, length) == 0 {
                return
            }
            s = (s + 1) & mask
        }
        slots[s] = Slot(hash: h, start: UInt32(truncatingIfNeeded: start), end: UInt32(truncatingIfNeeded: end))
        used += 1
        if used * 2 > slots.count { grow() }
    }

    private mutating func grow() {
        let old = slots
        slots = [Slot](repeating: Slot(), count: old.count * 2)
        let mask = slots.count - 1
        for slot in old where !slot.isEmpty {
            var s = Int(truncatingIfNeeded: slot.hash >> 32) & mask
            while !slots[s].isEmpty { s = (s + 1) & mask }
            slots[s] = slot
        }
    }

    /// The names as Strings, in a set. A non-ASCII name is kept only if its first character after the underscores
    /// is not lower-case (`LoadedCodeFile.recordsReferences(toTypeNamed:)`); a long one is shared with
    /// `CommonTypeNames` when it is one of them.
    func strings() -> Set<String> {
        guard used + extra.count > 0 else { return [] }
        var names = Set<String>(minimumCapacity: used + extra.count)
        for slot in slots where !slot.isEmpty {
            let bytes = UnsafeBufferPointer(start: base + Int(slot.start), count: Int(slot.end - slot.start))
            if bytes.count > CommonTypeNames.inlineLength, let shared = CommonTypeNames.shared(bytes) {
                names.insert(shared)
                continue
            }
            let name = String(decoding: bytes, as: UTF8.self)
            if Self.mayBeLowerCase(name) { continue }
            names.insert(name)
        }
        for name in extra where !Self.mayBeLowerCase(name) { names.insert(name) }
        return names
    }

    /// A name let through by a non-ASCII first byte (after underscores) counts only if that character is not
    /// lower-case.
    private static func mayBeLowerCase(_ name: String) -> Bool {
        guard let first = name.utf8.first(where: { $0 != UInt8(ascii: "_") }), first >= 0x80 else { return false }
        return !LoadedCodeFile.recordsReferences(toTypeNamed: name)
    }
}

/// The framework type names that app code names most and that are too long to be stored in a String itself, as
/// literals: a literal String is stored in the binary (it allocates nothing and is never reference counted), where
/// making one from a token allocates it again in every file that names it.
enum CommonTypeNames {
    /// The longest name (in UTF-8 bytes) a String stores in itself, with no allocation.
    static let inlineLength = 15

    /// The superclasses app code names most (`SwiftCodeReader`'s superclass names share them).
    static let superclasses: [String] = [
        "UIViewController", "UITableViewController", "UICollectionViewController", "UINavigationController",
        "UITabBarController", "UIPageViewController", "UISplitViewController", "UICollectionViewCell",
        "NSViewController", "NSWindowController",
    ]

    /// Everything shared: the superclasses and other names used in most view controllers.
    static let all: [String] = superclasses + [
        "UITableViewDataSource", "UITableViewDelegate", "UICollectionViewDataSource", "UICollectionViewDelegate",
        "UICollectionViewFlowLayout", "UICollectionViewDelegateFlowLayout", "UIApplicationDelegate",
        "UIStoryboardSegue", "NSStoryboardSegue", "UITableViewCell", "NSLayoutConstraint", "UIGestureRecognizer",
        "UITapGestureRecognizer", "UIAlertController", "UINavigationBar", "UIBarButtonItem", "UIViewControllerTransitioningDelegate",
        "UISearchController", "UIScrollViewDelegate", "UITextFieldDelegate", "NotificationCenter", "UIActivityIndicatorView",
        "UIApplicationLaunchOptionsKey", "UIStoryboardSegueAction", "UIWindowSceneDelegate", "UIResponder",
        "NSObjectProtocol", "DispatchQueue", "UserDefaults",
    ].filter { $0.utf8.count > inlineLength }

    /// The literal whose UTF-8 bytes are `bytes`, if there is one.
    static func shared(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        for var name in all where name.utf8.count == bytes.count {
            if name.withUTF8({ memcmp($0.baseAddress!, bytes.baseAddress!, bytes.count) == 0 }) { return name }
        }
        return nil
    }
}
