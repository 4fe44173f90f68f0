import Foundation
import SBMapModel

/// Reads one `.xib` into a `LoadedXib`: its File's Owner and its top-level objects (only the elements directly under
/// `<objects>`; nothing deeper is kept, so a big xib costs one pass of the SAX parser and no allocation per element).
///
/// Xib files are read for their screens only: a file that cannot be read (malformed XML, a Git LFS pointer, the
/// `<archive>` format of Xcode 3) gives no value, and at most a note, since Xcode's own compiler of the nib would
/// stop the build before it could crash anything.
public struct XibLoader: Hashable, Sendable {
    public var limits: LoadLimits

    public init(limits: LoadLimits = LoadLimits()) {
        self.limits = limits
    }

    public func load(_ file: InputFile) -> Loaded<LoadedXib> {
        let reader = XibReader(path: file.path)
        let session = SAXSession(delegate: reader, doctypePolicy: .forbidden)
        guard ByteSource.readDocument(at: file.url, limits: limits, session.feed) == .read else {
            return Loaded(path: file.path, nil)
        }
        return result(reader.reading, session.finish())
    }

    /// Loads a xib from bytes in memory (tests). `path` names the file.
    public func load(bytes: some Collection<UInt8>, path: String) -> Loaded<LoadedXib> {
        let reader = XibReader(path: path)
        let session = SAXSession(delegate: reader, doctypePolicy: .forbidden)
        let problem = withContiguousBytes(bytes) { buffer in
            ByteSource.readMemory(buffer, limits: limits) { session.feed($0) }
        }
        if problem != nil { return Loaded(path: path, nil) }
        return result(reader.reading, session.finish())
    }

    private func result(_ reading: XibReading, _ outcome: SAXOutcome) -> Loaded<LoadedXib> {
        let path = reading.path
        let diagnostics = LoadDiagnostics.outcome(outcome, path: path, malformedCode: .malformedXML, what: "xib")
        if diagnostics.contains(where: { $0.severity == .error }) {
            // Only a note: the screens of this file are left off the map, and Xcode would not build it anyway.
            let notes = diagnostics.filter { $0.severity == .error }.prefix(1).map { finding -> Diagnostic in
                var note = finding
                note.severity = .info
                note.hint = "the xib's screens are left off the map; open the file in Xcode to check it"
                return note
            }
            return Loaded(path: path, nil, diagnostics: notes)
        }
        guard reading.sawDocument else { return Loaded(path: path, nil) }
        let xib = LoadedXib(path: path,
                            platform: Platform(targetRuntime: reading.targetRuntime, documentType: reading.documentType),
                            documentLocation: reading.documentLocation, filesOwner: reading.filesOwner,
                            topLevel: reading.topLevel)
        return Loaded(path: path, xib)
    }
}

final class XibReader: SAXDelegate {
    private(set) var reading: XibReading

    init(path: String) {
        reading = XibReading(path: path)
    }

    func startElement(_ name: SAXName, _ attributes: SAXAttributes, in session: SAXSession) {
        reading.startElement(name, attributes, in: session)
    }

    func endElement(_ name: SAXName, in session: SAXSession) {
        reading.depth -= 1
    }
}

/// What a xib's SAX events build up: `document (1) › objects (2) › top-level object (3)`.
struct XibReading {
    let path: String
    var depth = 0
    private(set) var sawDocument = false
    private(set) var documentType: String?
    private(set) var targetRuntime: String?
    private(set) var documentLocation: SourceLocation
    private(set) var filesOwner: XibObject?
    private(set) var topLevel: [XibObject] = []
    /// Whether the element at depth 2 now open is `<objects>`.
    private var inObjects = false

    init(path: String) {
        self.path = path
        documentLocation = SourceLocation(path: path)
    }

    mutating func startElement(_ name: SAXName, _ attributes: SAXAttributes, in session: SAXSession) {
        depth += 1
        switch depth {
        case 1:
            guard name.equals("document") else { return }
            sawDocument = true
            documentType = attributes.string("type")
            targetRuntime = attributes.string("targetRuntime")
            let (line, column) = session.position()
            documentLocation = SourceLocation(path: path, line: line, column: column)
        case 2:
            inObjects = sawDocument && name.equals("objects")
        case 3 where inObjects:
            let (line, column) = session.position()
            let object = XibObject(
                element: name.string, objectID: attributes.string("id"), customClass: attributes.string("customClass"),
                customModule: attributes.string("customModule"), userLabel: attributes.string("userLabel"),
                title: attributes.string("title"), location: SourceLocation(path: path, line: line, column: column))
            if name.equals("placeholder") {
                if attributes["placeholderIdentifier"]?.equals("IBFilesOwner") == true { filesOwner = object }
            } else if name.equals("customObject"), attributes["id"]?.equals("-2") == true {
                // macOS writes the File's Owner as `<customObject id="-2" userLabel="File's Owner">`.
                filesOwner = object
            } else if name.equals("customObject"), attributes["id"]?.equals("-1") == true
                        || attributes["id"]?.equals("-3") == true {
                // First Responder and Application.
            } else {
                topLevel.append(object)
            }
        default:
            break
        }
    }
}
