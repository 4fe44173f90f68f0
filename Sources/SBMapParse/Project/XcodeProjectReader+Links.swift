import SBMapModel

/// What a target links: the targets of its own project, and the products it links that its
/// project does not build (a framework of another project of the workspace, a pod, a Swift package product).
extension XcodeProjectReader {
    /// For target `object`:
    /// * `targets`: the names of the project's targets it links or depends on: those whose product
    ///   (`productReference`) its frameworks build phase lists, and those its target dependencies name. Which of them
    ///   are libraries is the membership's to decide.
    /// * `unscanned`: the products it links that no target of this project builds, by file or product name
    ///   (`IBAnimatable.framework`, `Pods_App.framework`, `libKit.a`, a package product `Alamofire`). The SDK's own
    ///   frameworks and libraries are left out: they hold no code of the app's. Whether another project of the run
    ///   builds one of them is the membership's to decide (`TargetMembership.unscannedLinks`).
    ///
    /// Both sorted, each once.
    func links(_ object: PlistValue) -> (targets: [String], unscanned: [String]) {
        var names = Set<String>()
        func name(ofTarget id: String) -> String? {
            guard let target = objects[id], target.isa == "PBXNativeTarget" else { return nil }
            return target["name"]?.stringValue?.0
        }
        var linkedFiles = Set<String>()
        var unscanned = Set<String>()
        for phaseID in object["buildPhases"]?.arrayValue ?? [] {
            guard let (phaseID, _) = phaseID.stringValue, let phase = objects[phaseID],
                  phase.isa == "PBXFrameworksBuildPhase" else { continue }
            for buildFileID in phase["files"]?.arrayValue ?? [] {
                guard let (buildFileID, _) = buildFileID.stringValue, let buildFile = objects[buildFileID] else { continue }
                if let (refID, _) = buildFile["fileRef"]?.stringValue { linkedFiles.insert(refID) }
                if let product = packageProduct(buildFile["productRef"]) { unscanned.insert(product) }
            }
        }
        for productID in object["packageProductDependencies"]?.arrayValue ?? [] {
            if let product = packageProduct(productID) { unscanned.insert(product) }
        }
        if !linkedFiles.isEmpty {
            var built = Set<String>()
            for (id, other) in objects where other.isa == "PBXNativeTarget" {
                guard let (product, _) = other["productReference"]?.stringValue, linkedFiles.contains(product) else { continue }
                built.insert(product)
                if let found = name(ofTarget: id) { names.insert(found) }
            }
            for refID in linkedFiles.subtracting(built) {
                if let file = objects[refID], let linked = Self.nonSystemProduct(file) { unscanned.insert(linked) }
            }
        }
        for dependencyID in object["dependencies"]?.arrayValue ?? [] {
            guard let (dependencyID, _) = dependencyID.stringValue,
                  let (targetID, _) = objects[dependencyID]?["target"]?.stringValue, let found = name(ofTarget: targetID) else { continue }
            names.insert(found)
        }
        return (names.sorted(), unscanned.sorted())
    }

    /// The product name of an `XCSwiftPackageProductDependency` that `reference` points at.
    private func packageProduct(_ reference: PlistValue?) -> String? {
        guard let (id, _) = reference?.stringValue, let dependency = objects[id],
              dependency.isa == "XCSwiftPackageProductDependency",
              let (name, _) = dependency["productName"]?.stringValue, !name.isEmpty else { return nil }
        return name
    }

    /// The file name of a linked file reference, unless it is the SDK's (`UIKit.framework`, `libz.tbd`): those are
    /// named from `SDKROOT` or `DEVELOPER_DIR`, or by a path into the SDK (`System/Library/Frameworks/…`,
    /// `usr/lib/…`).
    static func nonSystemProduct(_ file: PlistValue) -> String? {
        let tree = file["sourceTree"]?.stringValue?.0 ?? "<group>"
        guard let (path, _) = file["path"]?.stringValue ?? file["name"]?.stringValue, !path.isEmpty,
              tree != "SDKROOT", tree != "DEVELOPER_DIR",
              !path.hasPrefix("System/Library/"), !path.hasPrefix("usr/lib/"), !path.hasSuffix(".tbd") else { return nil }
        return String(path.split(separator: "/").last ?? Substring(path))
    }
}
