import SBMapModel

/// R.swift's storyboard accessors: `R.storyboard.main()`, `R.storyboard.main.settingsController()`,
/// `R.storyboard.main.initialViewController()`, and the pre-1.0 property forms without `()`.
enum RSwiftRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [.R]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        let stream = r.stream
        guard r.recordUses, !stream.isPunct(i - 1, "."), stream.isPunct(i + 1, "."), stream.isIdentifier(i + 2, "storyboard"),
              stream.isPunct(i + 3, "."), stream.kind(i + 4) == .identifier else { return }
        let container = stream.text(i + 4)
        func use(_ kind: CodeGeneratedUse.Kind, _ m: String?) {
            r.file.generatedUses.append(CodeGeneratedUse(generator: .rSwift, kind: kind, container: container, member: m,
                                                         enclosingType: r.scopes.typePath, location: r.location(i)))
        }
        if stream.isPunct(i + 5, "."), stream.kind(i + 6) == .identifier {
            let member = stream.text(i + 6)
            switch member {
            case "initialViewController", "instantiateInitialViewController", "initialController":
                use(.initialScene, nil)
            case "instance", "name", "bundle":
                use(.storyboard, nil)
            default:
                use(.scene, member)
            }
            return
        }
        // `R.storyboard.main()` on its own; as the receiver of instantiate… the instantiation records it.
        let close = stream.isPunct(i + 5, "(") ? stream.close(i + 5) : i + 4
        if stream.isPunct(close + 1, "."), stream.kind(close + 2) == .identifier, stream.text(close + 2).hasPrefix("instantiate") {
            return
        }
        use(.storyboard, nil)
    }
}
