import SBMapModel

extension GraphBuilder {
    /// Pass 6: Info.plist keys and build settings that name storyboards. Each one marks its storyboard
    /// as an entry point; one that names a missing storyboard is a finding at the key's line, because
    /// the system loads it by name at launch.
    ///
    /// Only what a target uses declares entry points: the Info.plist its `INFOPLIST_FILE` names, and its own
    /// `INFOPLIST_KEY_*` settings, each looked up inside that target; and only a target that launches (an app, an
    /// extension, a watch app, or a product sbmap does not know), not a test bundle or a library. An Info.plist that lies in a project's
    /// folders but that no target uses (a sample's, a committed build folder's) declares nothing. Where no project
    /// describes a plist at all, it is taken as the app of its folder, as before targets were known.
    mutating func attachEntryPoints() {
        var settingsByPath: [String: LoadedSettings] = [:]
        for settings in project.settings {
            if let value = settings.value { settingsByPath[value.path] = value }
        }
        // Test bundles, libraries and tools have no launch or main storyboard: realm's UI-test target uses its host
        // app's Info.plist, whose keys are the app's, checked in the app.
        let launchless: Set<ProductKind> = [.unitTests, .uiTests, .framework, .staticLibrary, .bundle, .tool, .package]
        // Which build configurations a finding belongs to, by where its key is written, when not all of its target's.
        var contexts: [SourceLocation: String] = [:]
        // Keys that a target which launches reads (its Info.plist, its build settings), and whose storyboard it bundles.
        var readByTarget = Set<SourceLocation>()
        for (target, declarations) in membership.entryPoints.enumerated() where !launchless.contains(membership.targets[target].product) {
            // Every configuration's Info.plist: a plist that several configurations share is one
            // plist, read once; one that only some use says which in its findings.
            var all = declarations.map { ($0, configurationWords($0.configurations, target: target)) }
            for plist in membership.infoPlists[target] {
                guard let settings = settingsByPath[plist.path] else { continue }
                let words = configurationWords(plist.configurations, target: target)
                for declaration in settings.entryPoints {
                    // `$(INFOPLIST_KEY_UILaunchStoryboardName)`: the build writes the target's
                    // setting there; one that cannot be expanded here is a note.
                    guard let expanded = expanded(declaration, target: target, context: words) else { continue }
                    // The same name from the setting the key repeats (`INFOPLIST_KEY_…` in the project) is one key.
                    if expanded.storyboardName != declaration.storyboardName,
                       declarations.contains(where: { $0.role == expanded.role && $0.storyboardName == expanded.storyboardName }) { continue }
                    all.append((expanded, words))
                }
            }
            // A `~ipad` key in an iPhone-only target is never read: it declares nothing, and what it names is a note.
            let iPhoneOnly = membership.deviceFamilies[target] == [1]
            for (declaration, words) in all {
                if let words { contexts[declaration.location] = words }
                let forAnotherDevice = iPhoneOnly && (declaration.role == .mainPad || declaration.role == .launchPad)
                if !forAnotherDevice { readByTarget.insert(declaration.location) }
                attach(declaration, scope: .targets([target]), facts: forAnotherDevice ? [.keyForAnotherDevice(key: declaration.key)] : [],
                       context: words, declares: !forAnotherDevice)
            }
        }
        for settings in project.settings {
            guard let value = settings.value, membership.targets(usingPlist: value.path).isEmpty,
                  !membership.isDescribed(value.path) else { continue }
            // Where projects were read and none uses this plist (a committed CMake build folder, a sample whose project
            // is not in the tree), whether it is an app's at all is unknown: what it names is a note at most.
            let facts: [FindingFact] = membership.isEmpty ? [] : [.plistUsedByNoTarget]
            for declaration in value.entryPoints {
                // No target says what a `$(…)` stands for here.
                guard !BuildSettingExpansion.hasReferences(declaration.storyboardName) else {
                    reportUnexpanded(declaration, context: nil, why: "no target that uses this Info.plist was found")
                    continue
                }
                attach(declaration, scope: .nearest, facts: facts)
            }
        }
        checkLaunchedStoryboardsHaveInitialScenes(contexts: contexts, readByTarget: readByTarget)
    }

    /// `declaration` with the build settings its name refers to (`$(VAR)`, `${VAR}`) replaced by the target's values;
    /// `nil`, with a note, when one cannot be: the build may set it in a way sbmap does not read.
    private mutating func expanded(_ declaration: EntryPointDeclaration, target: Int, context: String?) -> EntryPointDeclaration? {
        guard BuildSettingExpansion.hasReferences(declaration.storyboardName) else { return declaration }
        guard let name = BuildSettingExpansion.expand(declaration.storyboardName, with: membership.buildSettings[target]),
              !name.isEmpty, !name.contains("$") else {
            reportUnexpanded(declaration, context: context,
                             why: "\(membership.targets[target].name)'s build settings and .xcconfig files do not give its value")
            return nil
        }
        var value = declaration
        value.storyboardName = name
        return value
    }

    /// A note: the key names a storyboard through a build setting whose value is not known, so it is not checked.
    private mutating func reportUnexpanded(_ declaration: EntryPointDeclaration, context: String?, why: String) {
        diagnostics.append(Diagnostic(
            .info, .missingEntryStoryboard,
            "\(declaration.key)\(context.map { " (\($0))" } ?? "") names storyboard '\(declaration.storyboardName)', a build setting sbmap cannot expand (\(why)); the storyboard it names is not checked",
            at: declaration.location, about: "\(declaration.key)=\(declaration.storyboardName)",
            hint: "set the build setting in the target's build settings or its .xcconfig, or write the storyboard's name"))
    }

    /// "in configuration Beta of App", for a key or plist that only some of the target's build configurations use;
    /// `nil` when all of them do (or nothing says which).
    private func configurationWords(_ configurations: [String], target: Int) -> String? {
        guard !configurations.isEmpty, Set(configurations) != Set(membership.configurations[target]) else { return nil }
        let list = configurations.joined(separator: ", ")
        return "in \(nounFor(configurations.count, "configuration")) \(list) of \(membership.targets[target].name)"
    }

    /// The app's own storyboards must have an initial scene, or the window stays empty: on iOS, tvOS and watchOS.
    /// A macOS main storyboard without one is normal: it holds the Application scene (menu and app delegate), and
    /// menu-bar apps, background helpers, document-based apps and apps that open windows from code show no window
    /// at launch.
    ///
    /// A launch storyboard (`UILaunchStoryboardName`) without one is an error when a target that
    /// launches reads the key and bundles the storyboard: the system draws the launch screen from the storyboard's
    /// initial view controller, so on every launch of that build there is none to draw and the app opens on a blank
    /// screen — the app misbehaving on a path a target builds (docs/diagnostics.md). Where no target is known to read
    /// the key (no project describes the plist), it is a warning. A launch storyboard with no scene at all is the
    /// usual way to ask for a blank launch screen on purpose (Texture's and realm's samples): nothing to report.
    private mutating func checkLaunchedStoryboardsHaveInitialScenes(contexts: [SourceLocation: String],
                                                                    readByTarget: Set<SourceLocation>) {
        var withScenes: Set<String>?
        for (index, storyboard) in storyboards.enumerated() where storyboard.initialScene == nil && storyboard.platform != .macOS {
            // One finding per key: each is an app (or a configuration) that starts this way.
            let keys = storyboards[index].entryPoints.sorted()
            let windows = keys.filter { [.main, .mainPad, .scene, .extension].contains($0.role) }
            for declaration in windows {
                diagnostics.append(Diagnostic(
                    .error, .missingInitialScene,
                    "\(storyboard.name).storyboard is loaded at launch (\(declaration.key)\(contexts[declaration.declaredAt].map { ", \($0)" } ?? "")) but has no initial view controller; the app starts with an empty window",
                    at: declaration.declaredAt, about: "\(declaration.key)=\(storyboard.name)",
                    hint: "tick 'Is Initial View Controller' on the first scene of \(storyboard.name).storyboard"))
            }
            // (A storyboard that is both the launch screen and the main one, as Rocket.Chat's is, breaks both.)
            let launches = keys.filter { $0.role == .launch || $0.role == .launchPad }
            guard !launches.isEmpty else { continue }
            // (Worked out at the first launch storyboard without an initial scene, which most runs never meet.)
            if withScenes == nil {
                withScenes = Set(nodes.lazy.filter { $0.role.isScene && !$0.role.isCrossFileLink }.compactMap(\.storyboard))
            }
            guard withScenes?.contains(storyboard.path) == true else { continue }
            for declaration in launches {
                diagnostics.append(Diagnostic(
                    readByTarget.contains(declaration.declaredAt) ? .error : .warning, .missingInitialScene,
                    "\(storyboard.name).storyboard is the launch screen (\(declaration.key)\(contexts[declaration.declaredAt].map { ", \($0)" } ?? "")) but has no initial view controller; the system has nothing to show, and the app opens on a blank screen",
                    at: declaration.declaredAt, about: "\(declaration.key)=\(storyboard.name)",
                    hint: "tick 'Is Initial View Controller' on the launch screen's scene in \(storyboard.name).storyboard"))
            }
        }
    }

    /// Attaches what `declaration` names, or reports why it cannot; `facts` are what is known of the declaring file.
    /// `context` says which build configurations use the key ("in configuration Beta of App"), when not all do;
    /// `declares: false` (a key no device of the target reads) reports what it names but makes no entry point.
    private mutating func attach(_ declaration: EntryPointDeclaration, scope: StoryboardCatalog.Scope, facts: [FindingFact] = [],
                                 context: String? = nil, declares: Bool = true) {
        let name = declaration.storyboardName
        // "UIMainStoryboardFile (in configuration Beta of App)", as messages name the key.
        let key = declaration.key + (context.map { " (\($0))" } ?? "")
        // Some plists write the extension (`LaunchScreen.storyboard`); the lookup takes it off, and a hint names the
        // file once.
        let file = name.hasSuffix(".storyboard") ? name : name + ".storyboard"
        let isLaunch = declaration.role == .launch || declaration.role == .launchPad
        // A `~ipad` key is read on an iPad only.
        let onPad = declaration.role == .mainPad || declaration.role == .launchPad
        let consequence = isLaunch ? (onPad ? "an iPad cannot show the launch screen" : "the system cannot show the launch screen")
                                   : (onPad ? "the app crashes at launch on an iPad" : "the app crashes at launch")
        switch lookup(name: name, from: declaration.location.path, platform: .unknown, scope: scope) {
        case .found(let index):
            if declares { add(declaration, to: index) }
        case .ambiguous(let indices):
            // Two apps in one repository: the key belongs to the nearest, and these are equally near.
            if declares { for index in indices { add(declaration, to: index) } }
            diagnostics.append(Diagnostic(
                .warning, .ambiguousTarget,
                "\(key) names storyboard '\(name)', and \(indices.count) files have that name: \(indices.map { storyboards[$0].path }.joined(separator: ", "))",
                at: declaration.location, about: "\(key)=\(name)", facts: facts, hint: "map one app at a time, or --exclude the other copies"))
        case .caseMismatch(let index):
            let actual = catalog.entries[index].name
            diagnostics.append(Diagnostic(
                .error, .caseMismatch,
                "\(key) names storyboard '\(name)', but the file is '\(actual).storyboard'; letter case matters on a device, so \(consequence) there",
                at: declaration.location, about: "\(key)=\(name)", facts: facts, hint: "write '\(actual)' exactly"))
        case .unreadable:
            break  // The file's own error says why; the key itself is fine.
        case .notInTarget(let indices):
            guard !(isLaunch && hasNib(named: name, scope: scope)) else { return }
            if let platforms = otherPlatforms(holding: name, scope: scope) {
                // Only for platforms the target does not build for (a macOS demo's key naming the tvOS demo's
                // storyboard): no build of this target can load it.
                let holders = membership.titles(Set(indices.flatMap { catalog.entries[$0].targets }).sorted())
                diagnostics.append(Diagnostic(
                    .error, .storyboardNotInTarget,
                    "\(key) names storyboard '\(name)', but it exists only for \(platforms)\(holders.isEmpty ? "" : " (in \(holders))"), which the targets that use this key do not build for; \(consequence)",
                    at: declaration.location, about: "\(key)=\(name)", facts: facts,
                    hint: "add a \(file) for this platform to the target's Copy Bundle Resources, or fix the key"))
                return
            }
            if let projects = otherProjects(holding: name, scope: scope) {
                // Only in another project (a sibling sample's): no build of the target's project has it.
                diagnostics.append(Diagnostic(
                    .error, .storyboardNotInTarget,
                    "\(key) names storyboard '\(name)', but it exists only in another project (\(projects.joined(separator: ", "))), not in the project of the targets that use this key; \(consequence)",
                    at: declaration.location, about: "\(key)=\(name)", facts: facts,
                    hint: "add \(file) to this project and to the target's Copy Bundle Resources, or fix the key"))
                return
            }
            diagnostics.append(Diagnostic(
                .warning, .storyboardNotInTarget,
                "\(key) names storyboard '\(name)', but \(notInTargetMessage(name: name, indices: indices, from: declaration.location.path))",
                at: declaration.location, about: "\(key)=\(name)", facts: facts,
                hint: "add \(file) to the target's Copy Bundle Resources, or fix the key"))
        case .missing:
            // A launch screen may be a nib: `UILaunchStoryboardName = LaunchScreen` with LaunchScreen.xib.
            guard !(isLaunch && hasNib(named: name, scope: scope)) else { return }
            diagnostics.append(Diagnostic(
                .error, .missingEntryStoryboard,
                "\(key) names storyboard '\(name)', which does not exist; \(consequence)",
                at: declaration.location, about: "\(key)=\(name)", facts: facts,
                hint: suggestion(for: name, among: catalog.entries.map(\.name))
                    ?? "add \(file) to the app, or fix the key"))
        }
    }

    /// The platforms of every storyboard named `name`, when none is for a platform the targets of `scope` build for
    /// ("tvOS", "iOS, tvOS"); `nil` when one may be, or when a platform is not known.
    private func otherPlatforms(holding name: String, scope: StoryboardCatalog.Scope) -> String? {
        guard case .targets(let own) = scope else { return nil }
        let built = Set(own.flatMap { membership.targets[$0].platforms })
        let found = Set(storyboards(named: name, platform: .unknown).map { catalog.entries[$0].file.platform })
        guard !built.isEmpty, !found.isEmpty, !built.contains(.unknown), !found.contains(.unknown),
              built.isDisjoint(with: found) else { return nil }
        return found.sorted().map(\.displayName).joined(separator: ", ")
    }

    /// Whether a nib named `name` (`LaunchScreen.xib`) is in the tree, held by the scope's targets, or by none.
    private func hasNib(named name: String, scope: StoryboardCatalog.Scope) -> Bool {
        let file = name.hasSuffix(".xib") ? name : name + ".xib"
        return project.nibs.contains { path in
            guard StoryboardCatalog.name(ofPath: path) == file else { return false }
            switch scope {
            case .nearest: return true
            case .targets(let targets):
                let holders = membership.targets(of: path)
                return holders.isEmpty || holders.contains(where: targets.contains)
            }
        }
    }

    private mutating func add(_ declaration: EntryPointDeclaration, to index: Int) {
        let entry = EntryPoint(role: declaration.role, key: declaration.key, declaredAt: declaration.location)
        if !storyboards[index].entryPoints.contains(entry) { storyboards[index].entryPoints.append(entry) }
    }
}
