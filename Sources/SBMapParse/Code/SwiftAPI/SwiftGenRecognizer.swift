import SBMapModel

/// SwiftGen's `ib` accessors: `StoryboardScene.Main.scene.instantiate()` (≥5), `.initialScene.instantiate()`,
/// SwiftGen 4 `StoryboardScene.Main.instantiateScene()`, `.sceneScene.viewController()`, `.initialViewController()`,
/// the storyboard itself `StoryboardScene.Main.storyboard`; and `perform(segue: StoryboardSegue.Main.show, …)`.
/// (The accessors a generated file declares are read as declarations: `SwiftDeclarationReader.generatedScene`.)
enum SwiftGenRecognizer: SwiftAPIRecognizer {
    static let triggerWords: [CodeWord] = [.StoryboardScene, .perform]

    static func read(at i: Int, _ r: inout SwiftCodeReader) {
        guard r.recordUses else { return }
        if r.stream[i].word == .perform {
            // `func perform(segue: StoryboardSegue.Main)` declares a wrapper: no call.
            if r.stream.isPunct(i + 1, "("), !r.stream.isFuncKeyword(i - 1), !r.stream.isDeclarationOrPattern(at: i), r.stream.isIdentifier(i + 2, "segue"), r.stream.isPunct(i + 3, ":") {
                perform(at: i, &r)
            }
            return
        }
        scene(at: i, &r)
    }

    /// `perform(segue: StoryboardSegue.Main.show, sender: nil)`; with another argument, a plain segue perform.
    private static func perform(at i: Int, _ r: inout SwiftCodeReader) {
        let args = r.expressions.arguments(open: i + 1)
        guard let first = args.first else { return }
        let value = r.string(first.range)
        if case .symbol(let p) = value, p.count == 3, p[0] == "StoryboardSegue" {
            r.file.generatedUses.append(CodeGeneratedUse(generator: .swiftGen, kind: .segue, container: p[1], member: p[2],
                                                         enclosingType: r.scopes.typePath, location: r.location(i)))
            return
        }
        r.file.performs.append(CodeSeguePerform(identifier: value, api: "perform(segue:)", enclosingType: r.scopes.typePath,
                                                location: r.location(i)))
    }

    private static func scene(at i: Int, _ r: inout SwiftCodeReader) {
        let stream = r.stream
        guard stream.isPunct(i + 1, "."), stream.kind(i + 2) == .identifier, stream.isPunct(i + 3, "."),
              stream.kind(i + 4) == .identifier else { return }
        let container = stream.text(i + 2)
        let member = stream.text(i + 4)
        func use(_ kind: CodeGeneratedUse.Kind, _ m: String?) {
            r.file.generatedUses.append(CodeGeneratedUse(generator: .swiftGen, kind: kind, container: container, member: m,
                                                         enclosingType: r.scopes.typePath, location: r.location(i)))
        }
        if member == "storyboard" {
            // Only when not followed by a scene call (the receiver of instantiate… is recorded there).
            if !(stream.isPunct(i + 5, ".") && stream.kind(i + 6) == .identifier && stream.text(i + 6).hasPrefix("instantiate")) {
                use(.storyboard, nil)
            }
            return
        }
        if stream.isPunct(i + 5, "."), stream.isIdentifier(i + 6, "instantiate") {
            use(member == "initialScene" ? .initialScene : .scene, member == "initialScene" ? nil : member)
            return
        }
        guard stream.isPunct(i + 5, "(") else {
            if stream.isPunct(i + 5, "."), stream.isIdentifier(i + 6, "viewController") || stream.isIdentifier(i + 6, "controller"),
               member.hasSuffix("Scene") {
                use(.scene, String(member.dropLast("Scene".count)))
            }
            return
        }
        if member == "initialViewController" || member == "initialController" {
            use(.initialScene, nil)
        } else if member.hasPrefix("instantiate"), member.count > "instantiate".count {
            use(.scene, String(member.dropFirst("instantiate".count)))
        }
    }
}
