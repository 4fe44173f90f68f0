import SBMapModel

/// Errors found in code of a class that nothing refers to.
///
/// A call that crashes only crashes when it runs. A class that no storyboard uses as a custom class and no other line
/// of code names (`ElementViewController` in element-ios: a leftover whose `instantiateViewController` names an ID
/// that `Main` no longer has) never runs, as far as the scan can tell; dynamic use (`NSClassFromString`) is possible,
/// so the finding stays, as a warning that says why (`FindingFact.typeNeverReferenced`).
///
/// What the scanner saw answers both questions, without reading a source again: the type a line belongs to (the
/// lines each declaration spans) and the type names each file's code uses outside comments and strings
/// (`LoadedCodeFile.referencedTypeNames`).
public enum UnreferencedTypes {
    /// The classes nothing refers to that hold the code at `locations` (findings' places in sources): each such
    /// place, with the class's name.
    public static func find(at locations: [SourceLocation], in graph: StoryboardGraph,
                            code: CodeLinker.Prepared) -> [(location: SourceLocation, type: String)] {
        find(at: locations, in: graph, files: code.files)
    }

    static func find(at locations: [SourceLocation], in graph: StoryboardGraph,
                     files: [LoadedCodeFile]) -> [(location: SourceLocation, type: String)] {
        let wanted = Set(locations.map(\.path))
        guard !wanted.isEmpty else { return [] }
        return files.withUnsafeBufferPointer { files in
            // By position, through the buffer: `for file in files` copies each file, to read one field.
            var filesByPath: [String: Int] = [:]
            for k in files.indices where wanted.contains(files[k].path) { filesByPath[files[k].path] = k }
            guard !filesByPath.isEmpty else { return [] }
            // Scenes' classes only: a code node carries its type's name too.
            let customClasses = Set(graph.nodes.filter(\.role.isScene).compactMap(\.customClass))
            var verdict: [String: Bool] = [:]  // type name → referenced
            var found: [(location: SourceLocation, type: String)] = []
            for location in locations {
                guard let k = filesByPath[location.path], let type = files[k].enclosingType(ofLine: location.line)?.name,
                      !type.isEmpty else { continue }
                if verdict[type] == nil {
                    verdict[type] = customClasses.contains(type) || files.indices.contains { files[$0].mayReferenceType(named: type) }
                }
                if verdict[type] == false { found.append((location, type)) }
            }
            return found
        }
    }
}
