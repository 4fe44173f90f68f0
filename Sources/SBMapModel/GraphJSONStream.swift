// The graph's JSON written straight from the model, a buffer at a time (`sbmap export`), byte for byte what
// `JSONEncoder` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` makes of the `Encodable` conformances.
//
// Each `writeJSON` lists the keys its `Encodable` form has, in UTF-8 byte order (`JSONEncoder`'s `.sortedKeys`),
// and omits optional ones that are `nil` (`encodeIfPresent`). A new field needs a line here too: the golden test
// (Tests/SBMapCLITests/GraphJSONStreamTests.swift) builds every type with every field set and compares the bytes
// with `JSONEncoder`'s, and fails on a type whose fixture leaves a field unset.

extension StoryboardGraph: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("diagnostics", diagnostics)
        w.field("edges", edges)
        w.field("nodes", nodes)
        w.field("schemaVersion", schemaVersion)
        w.field("storyboards", storyboards)
        w.field("targets", targets)
        w.endObject()
    }
}

extension BuildTarget: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("bundleIdentifier", bundleIdentifier)
        w.field("declaredAt", declaredAt)
        w.field("id", id)
        w.field("infoPlist", infoPlist)
        w.field("name", name)
        w.field("platforms", platforms)
        w.field("product", product)
        w.field("productType", productType)
        w.field("project", project)
        w.endObject()
    }
}

extension Storyboard: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("entryPoints", entryPoints)
        w.field("id", id)
        w.field("initialScene", initialScene)
        w.field("isLaunchScreen", isLaunchScreen)
        w.field("kind", kind == .storyboard ? nil : kind)
        w.field("localization", localization)
        w.field("localizedVariants", localizedVariants)
        w.field("name", name)
        w.field("path", path)
        w.field("platform", platform)
        w.field("targets", targets)
        w.endObject()
    }
}

extension EntryPoint: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("declaredAt", declaredAt)
        w.field("key", key)
        w.field("role", role)
        w.endObject()
    }
}

extension Node: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("change", change)
        w.field("customClass", customClass)
        w.field("customModule", customModule)
        w.field("doc", doc)
        w.field("element", element)
        w.field("id", id)
        w.field("initial", initial)
        w.field("instantiatedBySelfAt", instantiatedBySelfAt)
        w.field("label", label)
        w.field("link", link)
        w.field("location", location)
        w.field("note", note)
        w.field("objectID", objectID)
        w.field("resolution", resolution)
        w.field("role", role)
        w.field("storyboard", storyboard)
        w.field("storyboardIdentifier", storyboardIdentifier)
        w.field("summary", summary)
        w.field("targets", targets)
        w.field("title", title)
        w.field("unwindAction", unwindAction)
        w.endObject()
    }
}

extension LinkTarget: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("bundleIdentifier", bundleIdentifier)
        w.field("identifier", identifier)
        w.field("linkClass", linkClass)
        w.field("mechanism", mechanism)
        w.field("storyboardName", storyboardName)
        w.endObject()
    }
}

extension Resolution: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("candidates", candidates)
        w.field("reason", reason)
        w.field("state", state)
        w.field("target", target)
        w.endObject()
    }
}

extension StoryboardSummary: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("entryRoles", entryRoles)
        w.field("errors", errors)
        w.field("name", name)
        w.field("notes", notes)
        w.field("openedFromCode", openedFromCode)
        w.field("scenes", scenes)
        w.field("storyboard", storyboard)
        w.field("targets", targets)
        w.field("unresolved", unresolved)
        w.field("warnings", warnings)
        w.endObject()
    }
}

extension Edge: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("change", change)
        w.field("count", count)
        w.field("creationSelector", creationSelector)
        w.field("crossFile", crossFile)
        w.field("customClass", customClass)
        w.field("from", from)
        w.field("id", id)
        w.field("identifier", identifier)
        w.field("kind", kind)
        w.field("location", location)
        w.field("order", order)
        w.field("relationship", relationship)
        w.field("to", to)
        w.field("trigger", trigger)
        w.field("unwindAction", unwindAction)
        w.field("via", via)
        w.field("worst", worst)
        w.endObject()
    }
}

extension Change: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("details", details)
        w.field("kind", kind)
        w.endObject()
    }
}

extension Trigger: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("element", element)
        w.field("objectID", objectID)
        w.endObject()
    }
}

extension SourceLocation: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("column", column)
        w.field("line", line)
        w.field("path", path)
        w.endObject()
    }
}

extension Diagnostic: JSONStreamable {
    public func writeJSON(to w: inout JSONStreamWriter) {
        w.beginObject()
        w.field("code", code)
        if let location { w.field("column", location.column) }
        if let location { w.field("file", location.path) }
        w.field("hint", hint)
        if let location { w.field("line", location.line) }
        w.field("message", message)
        w.field("severity", severity)
        w.endObject()
    }
}

extension Change.Kind: JSONStreamableRawString {}
extension Platform: JSONStreamableRawString {}
extension Storyboard.Kind: JSONStreamableRawString {}
extension ProductKind: JSONStreamableRawString {}
extension EntryPoint.Role: JSONStreamableRawString {}
extension SceneRole: JSONStreamableRawString {}
extension LinkTarget.Mechanism: JSONStreamableRawString {}
extension Resolution.State: JSONStreamableRawString {}
extension EdgeKind: JSONStreamableRawString {}
extension Severity: JSONStreamableRawString {}
extension DiagnosticCode: JSONStreamableRawString {}

/// The JSON form of the graph: keys sorted, so the bytes depend only on the graph.
///
/// The bytes are exactly what `JSONEncoder` with `[.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]` makes of
/// the graph's `Encodable` form, followed by a newline; they are written straight from the graph a buffer at a time
/// (`JSONStreamWriter`), never as a second copy of the graph in memory (a tree of JSON values) nor whole.
public enum GraphJSON {
    /// Hands the JSON to `sink` in chunks of `chunkSize` bytes (the last one shorter), in order.
    public static func write(_ graph: StoryboardGraph, chunkSize: Int = 1 << 16,
                             to sink: @escaping (UnsafeRawBufferPointer) throws -> Void) throws {
        var writer = JSONStreamWriter(capacity: chunkSize, sink: sink)
        graph.writeJSON(to: &writer)
        writer.newline()
        try writer.finish()
    }

    /// The whole JSON in memory.
    public static func encode(_ graph: StoryboardGraph) throws -> [UInt8] {
        var bytes: [UInt8] = []
        try write(graph) { bytes.append(contentsOf: $0) }
        return bytes
    }
}
