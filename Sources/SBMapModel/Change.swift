/// What a change did to a node or an edge, in a diff map (`sbmap diff`), in a reviewer's words: a link that broke
/// (resolved before and not now, or new and unresolved), a link fixed (unresolved before, resolved now), added in
/// HEAD, removed since BASE (drawn as a ghost), or changed, with what changed (`class FeedVC → FeedViewController`,
/// `moved from Settings to NewFeature`).
public struct Change: Hashable, Sendable, Codable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable, Comparable {
        case broke
        case fixed
        case added
        case removed
        case changed

        public static func < (a: Self, b: Self) -> Bool {
            allCases.firstIndex(of: a)! < allCases.firstIndex(of: b)!
        }
    }

    public var kind: Kind
    /// For `changed`: one line per difference, `what: before → after`.
    public var details: [String]

    public init(_ kind: Kind, details: [String] = []) {
        self.kind = kind
        self.details = details
    }
}
