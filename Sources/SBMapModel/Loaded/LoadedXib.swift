/// One `.xib` file as read: its File's Owner and its top-level objects. Xibs share the storyboard's document format
/// (`<document type="….XIB">`), without scenes: their objects sit in one `<objects>` under the document.
public struct LoadedXib: Hashable, Sendable {
    public var path: String
    public var platform: Platform
    /// Where the `<document>` element starts.
    public var documentLocation: SourceLocation
    /// The File's Owner: `<placeholder placeholderIdentifier="IBFilesOwner">` (iOS), `<customObject id="-2">` (macOS).
    public var filesOwner: XibObject?
    /// The direct children of `<objects>` that are not placeholders (views, cells, controllers, …), in document order.
    public var topLevel: [XibObject]

    public init(path: String, platform: Platform, documentLocation: SourceLocation, filesOwner: XibObject? = nil,
                topLevel: [XibObject] = []) {
        self.path = path
        self.platform = platform
        self.documentLocation = documentLocation
        self.filesOwner = filesOwner
        self.topLevel = topLevel
    }
}

/// One object of a xib: its element, id, class and where it starts.
public struct XibObject: Hashable, Sendable {
    /// The element name (`placeholder`, `view`, `tableViewCell`, `viewController`, …).
    public var element: String
    public var objectID: String?
    public var customClass: String?
    public var customModule: String?
    public var userLabel: String?
    public var title: String?
    public var location: SourceLocation

    public init(element: String, objectID: String? = nil, customClass: String? = nil, customModule: String? = nil,
                userLabel: String? = nil, title: String? = nil, location: SourceLocation) {
        self.element = element
        self.objectID = objectID
        self.customClass = customClass
        self.customModule = customModule
        self.userLabel = userLabel
        self.title = title
        self.location = location
    }

    /// Whether the element is a view controller's (`viewController`, `tableViewController`, `windowController`, …):
    /// the element names of scene roots (docs/input-format.md §2), placeholders and the menu scene left out.
    public var isController: Bool { Self.controllerElements.contains(element) }

    public static let controllerElements: Set<String> = [
        "viewController", "tableViewController", "navigationController", "tabBarController", "splitViewController",
        "collectionViewController", "pageViewController", "glkViewController", "avPlayerViewController",
        "hostingController", "lookAroundViewController", "windowController", "tabViewController", "pagecontroller",
    ]
}
