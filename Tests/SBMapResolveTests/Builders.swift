import SBMapModel

/// Small builders for loaded facts, so each resolver test reads like the storyboards it describes.
enum Fake {
    /// A storyboard file; every location in its scenes is placed in it.
    static func storyboard(_ path: String, platform: Platform = .iOS, initial: String? = nil,
                           _ scenes: LoadedScene...) -> Loaded<LoadedStoryboard> {
        let placed = scenes.map { scene -> LoadedScene in
            var scene = scene
            scene.location.path = path
            for index in scene.segues.indices { scene.segues[index].location.path = path }
            for index in scene.runtimeAttributes.indices { scene.runtimeAttributes[index].location.path = path }
            return scene
        }
        return Loaded(path: path, LoadedStoryboard(
            path: path, platform: platform, initialViewController: initial,
            documentLocation: SourceLocation(path: path, line: 2, column: 1), scenes: placed))
    }

    static func unreadable(_ path: String) -> Loaded<LoadedStoryboard> {
        Loaded(path: path, nil, diagnostics: [
            Diagnostic(.error, .malformedXML, "broken", at: SourceLocation(path: path, line: 1, column: 1)),
        ])
    }

    static func scene(_ id: String, as element: String = "viewController", line: Int = 10,
                      customClass: String? = nil, storyboardID: String? = nil, title: String? = nil,
                      attributes: [(String, String)] = [], exits: [String] = [],
                      _ segues: LoadedSegue...) -> LoadedScene {
        LoadedScene(
            element: element, objectID: id, location: SourceLocation(path: "", line: line, column: 5),
            customClass: customClass, storyboardIdentifier: storyboardID, title: title,
            runtimeAttributes: attributes.map {
                RuntimeAttribute(keyPath: $0.0, type: "string", value: $0.1, location: SourceLocation(path: "", line: line + 2))
            },
            exitIDs: exits, segues: segues)
    }

    static func placeholder(_ id: String, storyboard: String?, identifier: String? = nil, bundle: String? = nil,
                            storyboardID: String? = nil, line: Int = 30) -> LoadedScene {
        LoadedScene(
            element: "viewControllerPlaceholder", objectID: id, location: SourceLocation(path: "", line: line, column: 9),
            storyboardIdentifier: storyboardID, placeholderStoryboardName: storyboard,
            placeholderReferencedIdentifier: identifier, placeholderBundleIdentifier: bundle)
    }

    static func segue(_ id: String, to destination: String, _ kind: EdgeKind = .show, identifier: String? = nil,
                      relationship: String? = nil, unwindAction: String? = nil, selector: String? = nil,
                      trigger: String = "button", line: Int = 20) -> LoadedSegue {
        LoadedSegue(objectID: id, destination: destination, kind: kind, identifier: identifier,
                    relationship: relationship, unwindAction: unwindAction, creationSelector: selector,
                    trigger: Trigger(element: trigger, objectID: "t-\(id)"),
                    location: SourceLocation(path: "", line: line, column: 13))
    }

    static func plist(_ path: String, bundle: String? = nil, _ entries: (EntryPoint.Role, String, String, Int)...) -> Loaded<LoadedSettings> {
        Loaded(path: path, LoadedSettings(
            path: path,
            entryPoints: entries.map {
                EntryPointDeclaration(role: $0.0, key: $0.1, storyboardName: $0.2,
                                      location: SourceLocation(path: path, line: $0.3, column: 10))
            },
            bundleIdentifier: bundle))
    }
}

extension StoryboardGraph {
    func node(_ id: String) -> Node? { nodes.first { $0.id == id } }
    func codes(_ severity: Severity? = nil) -> [String] {
        diagnostics.filter { severity == nil || $0.severity == severity }.map(\.code.rawValue)
    }
    func edges(from id: String) -> [Edge] { edges.filter { $0.from == id } }
}
