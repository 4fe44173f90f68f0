/// Something known about a finding that makes it less sure to matter at run time: the code or file it is in may
/// never run, or the call cannot crash. A pass records the facts it knows on the findings it makes; facts about
/// places (a file no target builds, a storyboard nothing loads, a class nothing refers to) are found by passes over
/// the whole graph. One severity step (`FindingPolicy` in SBMapAnalysis) turns them into the finding's level and
/// wording; no pass lowers a finding itself.
///
/// Each fact caps the level (severity is a promise: an error crashes on a path a target builds) and, when it lowers
/// the level, says why at the end of the message.
public enum FindingFact: Hashable, Sendable {
    /// An Info.plist that no target of the scanned projects uses, and that lies outside them: whether it is an
    /// app's at all is unknown.
    case plistUsedByNoTarget
    /// An Info.plist key for a device the target does not build for: `UIMainStoryboardFile~ipad` in a target whose
    /// `TARGETED_DEVICE_FAMILY` is 1 (iPhone only). No device reads it.
    case keyForAnotherDevice(key: String)
    /// A file inside a scanned project that no target builds: nothing in it runs.
    case fileBuiltByNoTarget
    /// The call is inside `@try`, which catches the exception it would raise.
    case caughtByTry
    /// The calling class (or one of its family) implements `performSegue` itself and may handle the identifier.
    case performSegueOverridden(type: String)
    /// The call is made on another object than `self` (`parent?`, a variable), whose class is not known, and what
    /// it names is in no scanned storyboard; but a storyboard under the paths could not be read, and may hold it.
    case unreadStoryboardMayHoldIt
    /// The finding is in a storyboard (or a localized copy of it) that nothing scanned loads.
    case storyboardNeverLoaded(name: String)
    /// The finding is in code of a class that nothing scanned refers to.
    case typeNeverReferenced(type: String)
    /// The finding is in code of a class whose scenes nothing reaches (no entry point, segue, relationship, reference
    /// or code leads to any of them), and that no other code refers to.
    case sceneNeverReached(type: String)
    /// The finding is about a storyboard reference that no segue or relationship leads to: nothing follows it.
    case referenceNeverFollowed

    /// The highest level a finding with this fact has.
    public var ceiling: Severity {
        switch self {
        case .plistUsedByNoTarget, .keyForAnotherDevice, .fileBuiltByNoTarget, .caughtByTry, .performSegueOverridden,
             .unreadStoryboardMayHoldIt: .info
        case .storyboardNeverLoaded, .typeNeverReferenced, .sceneNeverReached, .referenceNeverFollowed: .warning
        }
    }

    /// What the message says when this fact lowers the finding (`nil`: the message already says it).
    public var wording: String? {
        switch self {
        case .plistUsedByNoTarget: "no target of the scanned projects uses this Info.plist"
        case .keyForAnotherDevice(let key):
            "the target builds for iPhone only (TARGETED_DEVICE_FAMILY = 1), and only an iPad reads \(key)"
        case .fileBuiltByNoTarget: "no target builds this file"
        case .caughtByTry: "the call is inside @try, which catches the exception"
        case .performSegueOverridden(let type): "'\(type)' implements performSegue itself, and may handle it"
        case .unreadStoryboardMayHoldIt: "but a storyboard under the paths could not be read, and may hold it"
        case .storyboardNeverLoaded(let name):
            "but nothing scanned loads \(name).storyboard: no entry point, reference or code names it"
        case .typeNeverReferenced(let type): "but nothing scanned refers to '\(type)', so this code may never run"
        case .sceneNeverReached(let type):
            "but no entry point, segue, relationship or code leads to a scene of class '\(type)', so this code may never run"
        case .referenceNeverFollowed: "but no segue or relationship leads to this reference, so nothing follows it"
        }
    }

    /// The order facts are applied in: the first that lowers a finding gives its wording. What the app's storyboards
    /// may hold comes first; then what the file is, what the call is, and last what the rest of the app does with it.
    public var rank: Int {
        switch self {
        case .unreadStoryboardMayHoldIt: 0
        case .plistUsedByNoTarget: 1
        case .keyForAnotherDevice: 2
        case .fileBuiltByNoTarget: 3
        case .caughtByTry: 4
        case .performSegueOverridden: 5
        case .storyboardNeverLoaded: 6
        case .typeNeverReferenced: 7
        case .sceneNeverReached: 8
        case .referenceNeverFollowed: 9
        }
    }
}
