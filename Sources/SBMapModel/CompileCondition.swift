/// The condition under which a piece of source code is compiled: the `#if` / `#elseif` / `#else` branches around
/// it, in Swift (`#if os(iOS)`, `canImport(UIKit)`, `targetEnvironment(macCatalyst)`) or in Objective-C
/// (`#if TARGET_OS_IOS`, `#ifdef DEBUG`). A use inside a branch is linked only for the platforms the branch is
/// taken on; what cannot be decided (a custom flag like `DEBUG`) counts as maybe, so the use is kept.
public indirect enum CompileCondition: Hashable, Sendable {
    /// `os(iOS)`, `TARGET_OS_IOS`, `TARGET_OS_OSX`: the argument is a `Platform`'s raw value, or another OS name
    /// (`Linux`, `visionOS`), which is false on every platform sbmap maps.
    case os(String)
    /// `canImport(UIKit)`.
    case canImport(String)
    /// `targetEnvironment(simulator)`, `targetEnvironment(macCatalyst)`, `TARGET_OS_SIMULATOR`, `TARGET_OS_MACCATALYST`.
    case targetEnvironment(String)
    /// A literal `true`/`false`, `1`/`0`.
    case constant(Bool)
    /// Anything else: a custom flag (`DEBUG`), `swift(>=5.9)`, `compiler(…)`, `arch(…)`, a macro sbmap does not know.
    case unknown(String)
    case not(CompileCondition)
    case all([CompileCondition])
    case any([CompileCondition])

    /// Whether code under this condition is compiled for `platform`: `true`, `false`, or `nil` when it cannot be told.
    /// An `unknown` platform answers `nil` for every platform test.
    public func evaluate(on platform: Platform) -> Bool? {
        switch self {
        case .constant(let value):
            return value
        case .unknown:
            return nil
        case .os(let name):
            guard platform != .unknown else { return nil }
            return Self.platform(ofOSName: name) == platform
        case .canImport(let module):
            guard platform != .unknown else { return nil }
            switch module {
            case "UIKit": return platform == .iOS || platform == .tvOS ? true : (platform == .macOS ? nil : false)
            case "AppKit", "Cocoa": return platform == .macOS
            case "WatchKit": return platform == .watchOS
            case "TVUIKit": return platform == .tvOS
            default: return nil
            }
        case .targetEnvironment(let environment):
            switch environment {
            // Mac Catalyst builds an iOS target for the Mac: the storyboards are iOS ones, so it may be either.
            case "macCatalyst": return platform == .iOS || platform == .unknown ? nil : false
            default: return nil  // simulator or device: both are built
            }
        case .not(let inner):
            return inner.evaluate(on: platform).map { !$0 }
        case .all(let terms):
            var result: Bool? = true
            for term in terms {
                switch term.evaluate(on: platform) {
                case false?: return false
                case nil: result = nil
                case true?: break
                }
            }
            return result
        case .any(let terms):
            var result: Bool? = false
            for term in terms {
                switch term.evaluate(on: platform) {
                case true?: return true
                case nil: result = nil
                case false?: break
                }
            }
            return result
        }
    }

    /// Whether code under this condition may be compiled for `platform`: everything but a certain `false`.
    public func mayCompile(on platform: Platform) -> Bool { evaluate(on: platform) != false }

    /// The platform a Swift `os(…)` argument or an Objective-C `TARGET_OS_…` suffix names, `nil` for any other OS.
    public static func platform(ofOSName name: String) -> Platform? {
        switch name.lowercased() {
        case "ios", "iphone": .iOS
        case "tvos", "tv": .tvOS
        case "macos", "osx", "mac": .macOS
        case "watchos", "watch": .watchOS
        default: nil
        }
    }
}

/// Lines of a source file compiled under one condition (the conjunction of the `#if` branches around them).
public struct CompileConditionRange: Hashable, Sendable {
    public var lines: ClosedRange<Int>
    public var condition: CompileCondition

    public init(lines: ClosedRange<Int>, condition: CompileCondition) {
        self.lines = lines
        self.condition = condition
    }
}

extension [CompileConditionRange] {
    /// The condition of `line` (ranges sorted and disjoint, as the scanner writes them); `nil` outside every `#if`.
    public func condition(atLine line: Int) -> CompileCondition? {
        var low = 0, high = count
        while low < high {
            let mid = (low + high) / 2
            if self[mid].lines.upperBound < line { low = mid + 1 } else { high = mid }
        }
        return low < count && self[low].lines.contains(line) ? self[low].condition : nil
    }
}
