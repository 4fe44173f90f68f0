import SBMapModel

extension GraphBuilder {
    /// Pass 6: Info.plist keys and build settings that name storyboards. Each one marks its storyboard
    /// as an entry point; one that names a missing storyboard is a finding at the key's line, because
    /// the system loads it by name at launch.
    mutating func attachEntryPoints() {
        for settings in project.settings {
            guard let value = settings.value else { continue }
            for declaration in value.entryPoints {
                attach(declaration)
            }
        }
        // The app's own storyboards must have an initial scene, or the window stays empty.
        for (index, storyboard) in storyboards.enumerated() where storyboard.initialScene == nil {
            let roles = Set(storyboard.entryPoints.map(\.role))
            guard let role = [EntryPoint.Role.main, .mainPad, .scene, .extension].first(where: roles.contains),
                  let declaration = storyboards[index].entryPoints.first(where: { $0.role == role }) else { continue }
            diagnostics.append(Diagnostic(
                .error, .missingInitialScene,
                "\(storyboard.name).storyboard is loaded at launch (\(declaration.key)) but has no initial view controller; the app starts with an empty window",
                at: declaration.declaredAt,
                hint: "tick 'Is Initial View Controller' on the first scene of \(storyboard.name).storyboard"))
        }
    }

    private mutating func attach(_ declaration: EntryPointDeclaration) {
        let name = declaration.storyboardName
        let consequence = switch declaration.role {
        case .launch, .launchPad: "the system cannot show the launch screen"
        default: "the app crashes at launch"
        }
        switch catalog.lookup(name: name, from: declaration.location.path, platform: .unknown) {
        case .found(let index):
            add(declaration, to: index)
        case .ambiguous(let indices):
            // Two apps in one repository: the key belongs to the nearest, and these are equally near.
            for index in indices { add(declaration, to: index) }
            diagnostics.append(Diagnostic(
                .warning, .ambiguousTarget,
                "\(declaration.key) names storyboard '\(name)', and \(indices.count) files have that name: \(indices.map { storyboards[$0].path }.joined(separator: ", "))",
                at: declaration.location, hint: "map one app at a time, or --exclude the other copies"))
        case .caseMismatch(let index):
            let actual = catalog.entries[index].name
            diagnostics.append(Diagnostic(
                .error, .caseMismatch,
                "\(declaration.key) names storyboard '\(name)', but the file is '\(actual).storyboard'; letter case matters on a device, so \(consequence) there",
                at: declaration.location, hint: "write '\(actual)' exactly"))
        case .unreadable:
            break  // The file's own error says why; the key itself is fine.
        case .missing:
            diagnostics.append(Diagnostic(
                .error, .missingEntryStoryboard,
                "\(declaration.key) names storyboard '\(name)', which does not exist; \(consequence)",
                at: declaration.location,
                hint: suggestion(for: name, among: catalog.entries.map(\.name))
                    ?? "add \(name).storyboard to the app, or fix the key"))
        }
    }

    private mutating func add(_ declaration: EntryPointDeclaration, to index: Int) {
        let entry = EntryPoint(role: declaration.role, key: declaration.key, declaredAt: declaration.location)
        if !storyboards[index].entryPoints.contains(entry) { storyboards[index].entryPoints.append(entry) }
    }
}
