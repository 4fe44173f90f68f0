import SBMapModel

/// A storyboard's initial scene: `instantiateInitialViewController()`, AppKit's `instantiateInitialController()`,
/// their `(creator:)` forms, and a reference to the method without a call.
enum InitialInstantiationRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [.instantiateInitialViewController, .instantiateInitialController]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        guard r.recordUses, !r.stream.isFuncKeyword(i - 1) else { return }
        let word = r.stream[i].word
        let api: String
        if !r.stream.isPunct(i + 1, "(") {
            api = word.rawValue
        } else {
            api = word == .instantiateInitialViewController ? "instantiateInitialViewController()" : "instantiateInitialController()"
        }
        InstantiationRecognizer.record(at: i, identifier: nil, api: api, &r)
        // `instantiateInitialViewController() ?? UIViewController()`: nil is not a crash there.
        if r.stream.isPunct(i + 1, "("), r.stream.isPunct(r.stream.close(i + 1) + 1, "?"), r.stream.isPunct(r.stream.close(i + 1) + 2, "?"),
           !r.file.instantiations.isEmpty {
            r.file.instantiations[r.file.instantiations.count - 1].hasFallback = true
        }
    }
}
