import SBMapModel

/// `UIStoryboard(name: X, bundle: B)`, `NSStoryboard(name:bundle:)` and their `.init(name:bundle:)` spellings: a
/// storyboard loaded by name. A load inside a storyboard helper's body is also the helper's value.
enum StoryboardLoadRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [.UIStoryboard, .NSStoryboard]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        guard r.recordUses, !r.stream.isPunct(i - 1, "."), let (name, bundle, _) = r.storyboardCall(at: i) else { return }
        let api = r.stream[i].word == .NSStoryboard ? "NSStoryboard(name:bundle:)" : "UIStoryboard(name:bundle:)"
        r.file.loads.append(CodeStoryboardLoad(name: name, bundle: bundle, api: api,
                                               enclosingType: r.scopes.typePath, location: r.location(i)))
        r.expressionReader.scopes.noteHelperLoad(name, bundle: bundle)
    }
}
