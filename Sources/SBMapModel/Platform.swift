/// The platform a storyboard targets, read from `document@targetRuntime` (or `@type`).
/// Names resolve per platform, so an iOS `Main` and a macOS `Main` in one repository do not collide.
public enum Platform: String, Sendable, Codable, CaseIterable, Comparable {
    case iOS = "ios"
    case tvOS = "tvos"
    case macOS = "macos"
    case watchOS = "watchos"
    case unknown

    /// Reads `targetRuntime` (`iOS.CocoaTouch`, `iOS.CocoaTouch.iPad`, `MacOSX.Cocoa`, `AppleTV`, `watchKit`),
    /// falling back to the document `type`. Matching is by prefix, as SwiftGen does.
    public init(targetRuntime: String?, documentType: String?) {
        let runtime = targetRuntime ?? ""
        let type = documentType ?? ""
        if runtime.hasPrefix("iOS") { self = .iOS }
        else if runtime.hasPrefix("MacOSX") { self = .macOS }
        else if runtime.hasPrefix("AppleTV") { self = .tvOS }
        else if runtime.lowercased().hasPrefix("watchkit") { self = .watchOS }
        else if type.contains("CocoaTouch") { self = .iOS }
        else if type.contains("AppleTV") { self = .tvOS }
        else if type.contains("WatchKit") { self = .watchOS }
        else if type.contains("Cocoa") { self = .macOS }
        else { self = .unknown }
    }

    /// Whether a storyboard of platform `other` can be loaded by name from code or a reference of `self`.
    public func canReference(_ other: Platform) -> Bool {
        self == other || self == .unknown || other == .unknown
    }

    public static func < (a: Platform, b: Platform) -> Bool { a.rawValue < b.rawValue }
}
