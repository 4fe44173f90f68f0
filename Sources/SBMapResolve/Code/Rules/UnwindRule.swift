import SBMapModel

/// Rule: each unwind segue returns to the scenes whose class implements its `@IBAction`; when no scanned class does,
/// `code-unknown-unwind`.
enum UnwindRule {
    /// The unwind pass (docs/input-format.md §3.5). An unwind segue returns to whichever view controller on the stack
    /// implements its action, so each exit node gets an `unwind-target` edge to every scene whose class (or a
    /// superclass) implements the `@IBAction`, or to a code node for a class without scenes. When no scanned class
    /// implements it, each unwind segue into the exit gets a `code-unknown-unwind` warning at its place.
    /// Run only when code was scanned: without sources, every unwind would look unimplemented.
    static func link(_ files: [LoadedCodeFile], _ context: CodeFileContext, into output: inout CodeLinkOutput) {
        let symbols = context.symbols, index = context.index
        var implementations: [String: [CodeUnwindAction]] = [:]
        for f in files.indices {  // by position: `for file in files` copies each file, to read one field
            for action in files[f].unwindActions where !action.enclosingType.isEmpty {
                implementations[action.selector, default: []].append(action)
            }
        }
        var made: Set<String> = []
        // By position: a `for` over the graph's arrays would copy every node and edge, to use a few.
        let graph = index.graph
        var seguesByExit: [String: [Edge]] = [:]
        for k in graph.edges.indices where graph.edges[k].kind == .unwind && graph.edges[k].unwindAction != nil {
            seguesByExit[graph.edges[k].to, default: []].append(graph.edges[k])
        }
        for k in graph.nodes.indices where graph.nodes[k].role == .exit {
            let exit = graph.nodes[k]
            guard let segues = seguesByExit[exit.id], let selector = segues.first?.unwindAction else { continue }
            let actions = (implementations[selector] ?? []).sorted { $0.location < $1.location }
            guard !actions.isEmpty else {
                var message = "unwind segue to '\(selector)' returns to no scanned class: none implements that action, so the unwind does nothing"
                var hint = "implement '@IBAction func \(Self.swiftName(selector))' in the view controller it should return to, or scan the file that does"
                // A product the storyboard's targets link may implement it (IBAnimatable's `UIViewController`
                // extension has `unwindToViewController:`): without its code, unknown.
                // Only when a scene on the way back may be of that code: one whose class is
                // from an unscanned product's module, or that no scanned code declares. An app linking an argument
                // parser or an analytics SDK keeps its true findings.
                let unscanned = exit.storyboard.map { foreignScene(in: $0, context) ? unscannedLinks(of: $0, context) : [] } ?? []
                if !unscanned.isEmpty {
                    message = "unwind segue to '\(selector)' returns to no scanned class; the storyboard's targets link "
                        + Self.listed(unscanned) + ", which sbmap did not scan and which may implement it"
                    hint = "pass the folder of the project or package that builds " + (unscanned.count == 1 ? "it" : "them")
                        + " as well, or implement '@IBAction func \(Self.swiftName(selector))' in the view controller it should return to"
                }
                for segue in segues {
                    output.report(unscanned.isEmpty ? .warning : .info, .codeUnknownUnwind, message,
                           at: segue.location ?? exit.location ?? SourceLocation(path: exit.storyboard ?? ""),
                           about: "unwind to '\(selector)'", hint: hint)
                }
                continue
            }
            for action in actions {
                let type = action.enclosingType.last ?? ""
                var targets = symbols.descendants(of: type).sorted().flatMap { index.sceneEnds(ofClass: $0) }
                if targets.isEmpty { targets = output.sources(for: action.enclosingType, at: action.location, context) }
                for target in targets {
                    let id = "\(exit.id)->unwind-target:\(target.id)"
                    guard made.insert(id).inserted else { continue }  // the first action to reach a scene draws it
                    output.edges.append(Edge(id: id, from: exit.id, to: target.id, kind: .unwindTarget, unwindAction: selector,
                                      crossFile: target.storyboard != exit.storyboard, location: action.location,
                                      via: "@IBAction \(type).\(selector)"))
                }
            }
        }
    }

    /// Whether a scene of `storyboard` has a class that code sbmap did not read may declare: its `customModule` names
    /// a product that the storyboard's targets link and no scanned target builds, or no scanned code declares it or a
    /// superclass of it (and it is not one of the SDK's, `UI…`/`NS…`).
    private static func foreignScene(in storyboard: String, _ context: CodeFileContext) -> Bool {
        let symbols = context.symbols, index = context.index
        let products = Set(unscannedLinks(of: storyboard, context).map(TargetMembership.productStem))
        guard !products.isEmpty else { return false }
        guard let board = index.storyboardsByPath[storyboard] else { return false }
        for node in index.scenes(in: board) {
            guard let type = node.customClass, !type.isEmpty else { continue }
            if let module = node.customModule, products.contains(TargetMembership.productStem(module)) { return true }
            // (Or a superclass: `class BorderViewController: AnimatableViewController` inherits the framework's action.)
            if symbols.anyInFamily(of: type, { symbols.location(ofType: $0) == nil && !Self.isSDKClass($0) }) { return true }
        }
        return false
    }

    /// `UINavigationController`, `NSWindowController`: a class of Apple's frameworks, which no app declares.
    static func isSDKClass(_ name: String) -> Bool {
        let scalars = Array(name.unicodeScalars.prefix(3))
        guard scalars.count == 3 else { return false }
        return (scalars[0] == "U" && scalars[1] == "I" || scalars[0] == "N" && scalars[1] == "S")
            && scalars[2].properties.isUppercase
    }

    /// The products that the targets holding `storyboard` link and no scanned target builds, sorted, each once.
    private static func unscannedLinks(of storyboard: String, _ context: CodeFileContext) -> [String] {
        let membership = context.membership
        return Array(Set(membership.targets(of: storyboard).flatMap { membership.unscannedLinks[$0] })).sorted()
    }

    /// `'A'`, `'A' and 'B'`, `'A', 'B' and 2 more`.
    private static func listed(_ names: [String]) -> String {
        let quoted = names.prefix(2).map { "'\($0)'" }
        if names.count > 2 { return quoted.joined(separator: ", ") + " and \(names.count - 2) more" }
        return quoted.joined(separator: " and ")
    }

    /// The Swift spelling of an unwind action's selector, for hints: a declaration the compiler gives exactly that
    /// selector (`ObjCSelectorWords.selector(name:labels:)`), in the form people write. `unwindToListWithSegue:` →
    /// `unwindToList(segue: UIStoryboardSegue)`, `unwindFromGamesWith:` → `unwindFromGames(with segue: …)`,
    /// `unwindHere:` → `unwindHere(_ segue: …)`. A selector of several pieces is returned as it is.
    static func swiftName(_ selector: String) -> String {
        guard selector.hasSuffix(":") else { return selector }
        let base = String(selector.dropLast())
        guard !base.isEmpty, !base.contains(":") else { return selector }
        func lowered(_ word: Substring) -> String {
            // `camel_case::toLowercaseWord`: an acronym (`URLs`) keeps its case.
            guard let f = word.first, f.isASCII, f.isUppercase else { return String(word) }
            if let second = word.dropFirst().first, second.isUppercase { return String(word) }
            return f.lowercased() + word.dropFirst()
        }
        // `…With<Label>`: the name and a label, when the compiler adds `With` between them.
        let bytes = Array(base.utf8)
        var w = bytes.count - 5
        while w > 0, !(bytes[w] == UInt8(ascii: "W") && bytes[w + 1] == UInt8(ascii: "i") && bytes[w + 2] == UInt8(ascii: "t")
                       && bytes[w + 3] == UInt8(ascii: "h") && (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(bytes[w + 4])) {
            w -= 1
        }
        if w > 0 {
            let name = String(decoding: bytes[..<w], as: UTF8.self)
            let label = lowered(Substring(String(decoding: bytes[(w + 4)...], as: UTF8.self)))
            if ObjCSelectorWords.selector(name: name, labels: [label]) == selector {
                return "\(name)(\(label): UIStoryboardSegue)"
            }
        }
        // A last word that is a preposition (`unwindFrom:`, `unwindFromGamesWith:`) is usually the label.
        let last = ObjCSelectorWords.lastWord(base)
        if last.utf8.count < base.utf8.count, ObjCSelectorWords.isPreposition(last) {
            let name = String(base.dropLast(last.count))
            let label = lowered(Substring(last))
            if ObjCSelectorWords.selector(name: name, labels: [label]) == selector {
                return "\(name)(\(label) segue: UIStoryboardSegue)"
            }
        }
        return "\(base)(_ segue: UIStoryboardSegue)"
    }
}
