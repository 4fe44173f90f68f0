import SBMapModel

extension GraphBuilder {
    /// Pass 2: localized copies that do not match the mapped one. The app then shows a different
    /// flow per language, which is almost never meant.
    mutating func checkLocalizations() {
        for entry in catalog.entries where !entry.variants.isEmpty {
            let mapped = Fingerprint(entry.file)
            for variant in entry.variants {
                let other = Fingerprint(variant)
                let scenes = mapped.scenes.symmetricDifference(other.scenes).count
                let segues = mapped.segues.symmetricDifference(other.segues).count
                guard scenes + segues > 0 else { continue }
                diagnostics.append(Diagnostic(
                    .warning, .localizationDivergence,
                    "localized copy differs from \(entry.file.path): \(plural(scenes, "scene")) and \(plural(segues, "segue")) are in only one of them; the app shows a different flow in this language",
                    at: variant.documentLocation, about: entry.file.path,
                    hint: "use Base Internationalization with .strings files, or copy the changes into every localization"))
            }
        }
    }

    /// Pass 3: one node per scene, and the checks that need only one file.
    mutating func addScenes() {
        let sceneCount = catalog.entries.reduce(0) { $0 + $1.file.scenes.count }
        nodes.reserveCapacity(sceneCount)
        nodeIndex.reserveCapacity(sceneCount)
        for entry in catalog.entries {
            let file = entry.file
            var roots: [String: String] = [:]
            var identifiers: [String: [String]] = [:]
            var rootLocations: [String: SourceLocation] = [:]
            var initialNode: String?

            for scene in file.scenes {
                if let first = rootLocations[scene.objectID] {
                    diagnostics.append(Diagnostic(
                        .error, .duplicateObjectID,
                        "object id '\(scene.objectID)' is used by two scenes (the first at line \(first.line)); segues to it reach only the first",
                        at: scene.location, about: scene.objectID,
                        hint: "this is usually a bad merge: give one scene a new id, or redo the merge in Xcode"))
                }
                let id = addNode(makeNode(scene, in: file))
                if rootLocations[scene.objectID] == nil {
                    rootLocations[scene.objectID] = scene.location
                    roots[scene.objectID] = id
                }
                if let identifier = scene.storyboardIdentifier, !identifier.isEmpty {
                    identifiers[identifier, default: []].append(id)
                }
                if scene.objectID == file.initialViewController, initialNode == nil {
                    initialNode = id
                }
            }

            for (identifier, ids) in identifiers.sorted(by: { $0.key < $1.key }) where ids.count > 1 {
                let places = ids.compactMap { node($0)?.location?.line }.map(String.init).joined(separator: ", ")
                for id in ids.dropFirst() {
                    diagnostics.append(Diagnostic(
                        .error, .duplicateStoryboardIdentifier,
                        "storyboard ID '\(identifier)' is used by \(ids.count) scenes in \(entry.name).storyboard (lines \(places)); Xcode refuses to compile it",
                        at: node(id)?.location, about: identifier,
                        hint: "give each scene its own Storyboard ID in the Identity inspector"))
                }
            }

            if let initial = file.initialViewController, initialNode == nil {
                diagnostics.append(Diagnostic(
                    .error, .missingInitialScene,
                    "initialViewController '\(initial)' is not a scene of \(entry.name).storyboard; loading its initial view controller fails",
                    at: file.documentLocation, about: initial,
                    hint: "tick 'Is Initial View Controller' on the intended scene in Xcode"))
            }
            if let initialNode, let index = nodeIndex[initialNode] { nodes[index].initial = true }

            rootsByObjectID.append(roots)
            scenesByIdentifier.append(identifiers)
            storyboards.append(Storyboard(
                path: file.path, name: entry.name, platform: file.platform, localization: entry.localization,
                localizedVariants: entry.variants.map(\.path), initialScene: initialNode,
                isLaunchScreen: file.isLaunchScreen))
        }
    }

    private func makeNode(_ scene: LoadedScene, in file: LoadedStoryboard) -> Node {
        var role = SceneRole(element: scene.element)
        var link: LinkTarget?
        if role == .reference {
            link = LinkTarget(mechanism: .storyboardReference,
                              storyboardName: nonEmpty(scene.placeholderStoryboardName),
                              identifier: nonEmpty(scene.placeholderReferencedIdentifier),
                              bundleIdentifier: nonEmpty(scene.placeholderBundleIdentifier))
        } else if let target = options.linkConventions.lazy.compactMap({ $0.target(of: scene) }).first {
            role = .link
            link = target
        }
        let title = nonEmpty(scene.title) ?? nonEmpty(scene.navigationTitle)
        return Node(
            id: Node.sceneID(storyboard: file.path, objectID: scene.objectID),
            storyboard: file.path, objectID: scene.objectID, element: scene.element, role: role,
            customClass: nonEmpty(scene.customClass), customModule: nonEmpty(scene.customModule),
            storyboardIdentifier: nonEmpty(scene.storyboardIdentifier), title: title,
            label: Self.label(scene, title: title, link: link), location: scene.location, link: link)
    }

    /// The label a reader sees: what Xcode's outline shows, in the same order of preference.
    static func label(_ scene: LoadedScene, title: String?, link: LinkTarget?) -> String {
        if let link {
            let target = link.storyboardName ?? "?"
            if let identifier = link.identifier { return "\(target) › \(identifier)" }
            return link.storyboardName == nil ? "Unconfigured reference" : "\(target) (initial)"
        }
        return title ?? nonEmpty(scene.userLabel) ?? nonEmpty(scene.customClass)
            ?? nonEmpty(scene.storyboardIdentifier) ?? nonEmpty(scene.comment) ?? humanized(scene.element)
    }

    /// `navigationController` → `Navigation Controller`.
    static func humanized(_ element: String) -> String {
        var words = ""
        for character in element {
            if character.isUppercase, !words.isEmpty { words.append(" ") }
            words.append(words.isEmpty ? Character(character.uppercased()) : character)
        }
        return words
    }
}

/// The parts of a storyboard that make its flow: scene root ids and segues.
private struct Fingerprint {
    var scenes: Set<String>
    var segues: Set<String>

    init(_ file: LoadedStoryboard) {
        scenes = Set(file.scenes.map(\.objectID))
        segues = Set(file.scenes.flatMap { scene in
            scene.segues.map { "\(scene.objectID)>\($0.destination):\($0.kind.rawValue):\($0.identifier ?? "")" }
        })
    }
}

func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.isEmpty else { return nil }
    return text
}
