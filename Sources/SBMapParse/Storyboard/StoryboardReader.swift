import Foundation
import SBMapModel

/// The SAX delegate that turns one storyboard's events into a `LoadedStoryboard` (format doc §1–§5, §10).
///
/// The work is done by `StoryboardReading`, held as one value: the callbacks run for every element of every
/// storyboard, and every access to a stored property of a class is checked for exclusive access at run time,
/// while inside a struct's mutating method the accesses to its own fields are checked when compiling. So each
/// event costs one run-time check here, not one per field the reading touches.
final class StoryboardReader: SAXDelegate {
    private(set) var reading: StoryboardReading

    init(path: String) {
        reading = StoryboardReading(path: path)
    }

    func startElement(_ name: SAXName, _ attributes: SAXAttributes, in session: SAXSession) {
        reading.startElement(name, attributes, in: session)
    }

    func endElement(_ name: SAXName, in session: SAXSession) {
        reading.endElement(name)
    }

    func comment(_ text: SAXName, in session: SAXSession) {
        reading.comment(text)
    }
}

/// What a storyboard's SAX events build up, and how each event changes it.
///
/// It keeps a small stack of open elements (name and `id`, copied into one reusable byte arena so that the
/// hot path allocates nothing) and a few depth markers for the parts that matter:
///
///     document (1) › scenes (2) › scene (3) › objects (4) › root candidate (5) › …
///
/// Segues are collected from anywhere in a scene, so their owner can be a button deep in the view
/// hierarchy or a gesture recognizer beside the controller in the scene dock.
struct StoryboardReading {
    let path: String

    // The document.
    private(set) var sawDocument = false
    private(set) var sawScenes = false
    /// The root element's name, when it is not `<document>`, and where it is.
    private(set) var foreignRoot: (name: String, line: Int, column: Int)?
    private(set) var documentType: String?
    private(set) var targetRuntime: String?
    private(set) var initialViewController: String?
    private(set) var isLaunchScreen = false
    private(set) var documentLocation: SourceLocation
    private(set) var scenes: [LoadedScene] = []

    // The open elements: `stack[i]` describes the element at depth `i + 1`.
    private struct Open {
        var nameStart: Int
        var nameEnd: Int
        var idEnd: Int
    }
    private var stack: [Open] = []
    private var arena: [UInt8] = []
    private var depth: Int { stack.count }

    // Where we are.
    private var scenesDepth: Int?
    private var scene: SceneBuilder?
    private var objectsDepth: Int?
    private var candidate: RootCapture?
    /// Depth of the `<segue>` being skipped: nothing inside a segue is an edge (peek & pop children).
    private var segueDepth: Int?
    /// Depth of a `<userDefinedRuntimeAttributes>` that belongs to the root or to its root view.
    private var runtimeAttributesDepth: Int?
    /// The comment just read inside `<scenes>`: the label Xcode writes before each `<scene>`.
    private var pendingComment: String?

    init(path: String) {
        self.path = path
        self.documentLocation = SourceLocation(path: path)
        stack.reserveCapacity(64)
        arena.reserveCapacity(2048)
    }

    // MARK: - SAX events

    mutating func startElement(_ name: SAXName, _ attributes: SAXAttributes, in session: SAXSession) {
        let parentDepth = depth
        push(name, id: parentDepth >= 3 ? attributes["id"] : nil)
        let depth = parentDepth + 1

        if let segueDepth, depth > segueDepth { return }

        switch depth {
        case 1:
            startDocument(name, attributes, session)
            return
        case 2:
            if name.equals("scenes") {
                sawScenes = true
                scenesDepth = depth
            }
            return
        case 3:
            if scenesDepth != nil, name.equals("scene") {
                scene = SceneBuilder(sceneID: attributes.string("sceneID"), comment: pendingComment)
            }
            pendingComment = nil
            return
        default:
            break
        }
        guard scene != nil else { return }

        if name.equals("segue") {
            segueDepth = depth
            addSegue(attributes, session)
            return
        }
        if name.equals("exit"), let id = attributes.string("id") {
            scene?.exitIDs.append(id)
        }

        if depth == 4 {
            if name.equals("objects") { objectsDepth = depth }
            return
        }
        if depth == 5, objectsDepth != nil {
            considerRoot(name, attributes, session)
            return
        }
        // The capture is mutated in place (`candidate?.…`): copying it out and back, for every element of the
        // root's view hierarchy, retained and released each of its strings and arrays (a sixth of the parse).
        guard let captureDepth = candidate?.depth, depth > captureDepth else { return }

        let relative = depth - captureDepth
        if relative == 1 {
            if name.equals("userDefinedRuntimeAttributes") {
                runtimeAttributesDepth = depth
            } else if name.equals("view"), attributes["key"]?.equals("view") == true {
                candidate?.viewDepth = depth
            } else if name.equals("navigationItem"), attributes["key"]?.equals("navigationItem") == true,
                      candidate?.scene.navigationTitle == nil {
                candidate?.scene.navigationTitle = attributes.string("title")
            }
        } else if relative == 2, candidate?.viewDepth == depth - 1, name.equals("userDefinedRuntimeAttributes") {
            runtimeAttributesDepth = depth
        } else if let container = runtimeAttributesDepth, depth == container + 1,
                  name.equals("userDefinedRuntimeAttribute"), let keyPath = attributes.string("keyPath") {
            let (line, column) = session.position()
            candidate?.scene.runtimeAttributes.append(RuntimeAttribute(
                keyPath: keyPath,
                type: attributes["type"]?.string ?? "",
                value: attributes["value"]?.string,
                location: SourceLocation(path: path, line: line, column: column)))
        }
    }

    mutating func endElement(_ name: SAXName) {
        let depth = self.depth
        defer { pop() }

        if segueDepth == depth { segueDepth = nil }
        if segueDepth != nil { return }
        if runtimeAttributesDepth == depth { runtimeAttributesDepth = nil }
        if candidate?.viewDepth == depth { candidate?.viewDepth = nil }

        // The capture and the scene are taken out of their optionals (moved, not copied): this runs at the end of
        // every element, and a copy of either retains and releases every string and array in it.
        if candidate?.depth == depth, let capture = candidate.take() {
            if capture.isDeclared { scene?.declaredRoot = capture.scene } else { scene?.fallbackRoot = capture.scene }
        } else if objectsDepth == depth {
            objectsDepth = nil
        } else if depth == 3, let builder = scene.take() {
            if let root = builder.root { scenes.append(root) }
        } else if scenesDepth == depth {
            scenesDepth = nil
        }
    }

    mutating func comment(_ text: SAXName) {
        guard scenesDepth != nil, depth == 2 else { return }
        let label = Self.trimmed(text.bytes)
        pendingComment = label.isEmpty ? nil : label
    }

    /// The text without the white space and line breaks around it (Foundation's `.whitespacesAndNewlines`).
    ///
    /// Xcode's labels are ASCII at both ends, so the ASCII white space is cut from the bytes; only when a byte
    /// beyond ASCII is left at an end (it may be a Unicode space) does Foundation trim the text.
    static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || (0x09...0x0D).contains(byte) }
        var start = 0
        var end = bytes.count
        while start < end, isSpace(bytes[start]) { start += 1 }
        while end > start, isSpace(bytes[end - 1]) { end -= 1 }
        guard start < end else { return "" }
        if bytes[start] >= 0x80 || bytes[end - 1] >= 0x80 {
            return String(decoding: bytes, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }

    // MARK: - The parts

    private mutating func startDocument(_ name: SAXName, _ attributes: SAXAttributes, _ session: SAXSession) {
        let (line, column) = session.position()
        guard name.equals("document") else {
            foreignRoot = (name.string, line, column)
            session.stop()
            return
        }
        sawDocument = true
        documentLocation = SourceLocation(path: path, line: line, column: column)
        documentType = attributes.string("type")
        targetRuntime = attributes.string("targetRuntime")
        initialViewController = attributes.string("initialViewController")
        isLaunchScreen = attributes["launchScreen"]?.equals("YES") == true
    }

    /// A direct child of `<objects>`: the root if it says `sceneMemberID="viewController"`; otherwise,
    /// if no root is declared, perhaps the fallback root (watchOS roots carry no sceneMemberID).
    private mutating func considerRoot(_ name: SAXName, _ attributes: SAXAttributes, _ session: SAXSession) {
        // Fields read one by one through the optional: a copy of the builder would retain everything in it.
        guard scene?.hasDeclaredRoot == false else { return }
        let member = attributes["sceneMemberID"]
        let isDeclared = member?.equals("viewController") == true
        if !isDeclared {
            // The fallback is the first child that is neither a First Responder nor an exit.
            guard scene?.hasFallbackRoot == false else { return }
            if name.equals("exit") || member?.equals("exit") == true || member?.equals("firstResponder") == true
                || attributes["placeholderIdentifier"]?.equals("IBFirstResponder") == true {
                return
            }
        }
        let (line, column) = session.position()
        let element = name.string
        var root = LoadedScene(
            sceneID: scene?.sceneID ?? nil, element: element, objectID: attributes["id"]?.string ?? "",
            location: SourceLocation(path: path, line: line, column: column),
            customClass: attributes.string("customClass"), customModule: attributes.string("customModule"),
            storyboardIdentifier: attributes.string("storyboardIdentifier"),
            title: attributes.string("title"), userLabel: attributes.string("userLabel"), comment: scene?.comment ?? nil)
        if name.equals("viewControllerPlaceholder") || name.equals("controllerPlaceholder") {
            root.placeholderStoryboardName = attributes.string("storyboardName")
            root.placeholderReferencedIdentifier = attributes.string("referencedIdentifier")
            root.placeholderBundleIdentifier = attributes.string("bundleIdentifier")
        }
        candidate = RootCapture(depth: depth, isDeclared: isDeclared, scene: root)
    }

    /// A `<segue>` inside the scene. Only one with both `destination` and `kind` is an edge; a
    /// `<segue reference=…>` or a peek & pop child has neither.
    private mutating func addSegue(_ attributes: SAXAttributes, _ session: SAXSession) {
        guard let destination = attributes.string("destination"), let kind = attributes.string("kind") else { return }
        let (line, column) = session.position()
        let segue = LoadedSegue(
            objectID: attributes.string("id"),
            destination: destination,
            kind: EdgeKind(kind),
            identifier: attributes.string("identifier"),
            relationship: attributes.string("relationship"),
            customClass: attributes.string("customClass"),
            unwindAction: attributes.string("unwindAction"),
            creationSelector: attributes.string("destinationCreationSelector"),
            trigger: trigger(),
            location: SourceLocation(path: path, line: line, column: column))
        scene?.segues.append(segue)
    }

    /// The element whose `<connections>` holds the segue on top of the stack (or the segue's parent, if a
    /// segue ever appears outside `<connections>`).
    private func trigger() -> Trigger {
        var index = stack.count - 2
        if index >= 0, name(at: index) == "connections" { index -= 1 }
        guard index >= 0 else { return Trigger(element: "", objectID: nil) }
        return Trigger(element: name(at: index), objectID: id(at: index))
    }

    // MARK: - The element stack

    private mutating func push(_ name: SAXName, id: SAXValue?) {
        let nameStart = arena.count
        arena.append(contentsOf: name.bytes)
        let nameEnd = arena.count
        if let id { arena.append(contentsOf: id.bytes) }
        stack.append(Open(nameStart: nameStart, nameEnd: nameEnd, idEnd: arena.count))
    }

    private mutating func pop() {
        guard let top = stack.popLast() else { return }
        arena.removeSubrange(top.nameStart...)
    }

    private func name(at index: Int) -> String {
        let entry = stack[index]
        return String(decoding: arena[entry.nameStart..<entry.nameEnd], as: UTF8.self)
    }

    private func id(at index: Int) -> String? {
        let entry = stack[index]
        guard entry.idEnd > entry.nameEnd else { return nil }
        return String(decoding: arena[entry.nameEnd..<entry.idEnd], as: UTF8.self)
    }
}

/// A scene being read.
private struct SceneBuilder {
    var sceneID: String?
    var comment: String?
    var declaredRoot: LoadedScene? { didSet { hasDeclaredRoot = declaredRoot != nil } }
    var fallbackRoot: LoadedScene? { didSet { hasFallbackRoot = fallbackRoot != nil } }
    private(set) var hasDeclaredRoot = false
    private(set) var hasFallbackRoot = false
    var exitIDs: [String] = []
    var segues: [LoadedSegue] = []

    init(sceneID: String?, comment: String?) {
        self.sceneID = sceneID
        self.comment = comment
    }

    /// The scene as loaded: its root with the scene-wide exits and segues, or `nil` without a root.
    var root: LoadedScene? {
        guard var root = declaredRoot ?? fallbackRoot else { return nil }
        root.exitIDs = exitIDs
        root.segues = segues
        return root
    }
}

/// A root candidate whose element is still open: its runtime attributes and navigation title come later.
private struct RootCapture {
    var depth: Int
    var isDeclared: Bool
    var scene: LoadedScene
    /// Depth of the root's `<view key="view">`, while it is open.
    var viewDepth: Int?
}
