import SBMapModel

/// What the bundle a storyboard is loaded from stands for, and so where its name is looked up:
/// the main bundle (the app's: the targets that compile the calling file, or any app's for a library), the own bundle
/// of some targets (the caller's own, or the target of a class or helper written elsewhere), or a foreign bundle,
/// whose storyboards may be somewhere sbmap cannot see (a note at most).
enum ResolvedBundle: Equatable, Sendable {
    case main
    /// The bundle of these targets (ids). `nil`: no project says which targets compile the file, and names are
    /// looked up as for the main bundle.
    case targets(Set<String>?)
    /// Another bundle; which, in words for a message (`'Bundle(identifier: "com.other.Kit")'`).
    case foreign(String)

    var isForeign: Bool { if case .foreign = self { return true } else { return false } }

    /// Two values a member may return (`#if` branches, several `return`s): the same kind, or foreign. Several
    /// targets' bundles are taken together: a name that none of them has is missing whichever the app uses.
    func merged(with other: ResolvedBundle) -> ResolvedBundle {
        switch (self, other) {
        case (.main, .main): return .main
        case (.targets(let a), .targets(let b)): return .targets(a.flatMap { a in b.map { a.union($0) } })
        case (.foreign, _): return self
        case (_, .foreign): return other
        default: return .foreign("a member that returns the main bundle or a target's own, depending on the branch")
        }
    }
}

/// Bundle resolution returns a value and makes no finding: the rule that asked reports what it means.
extension CodeFileContext {
    /// What `bundle`, written in the file at `path` inside type `scope`, stands for.
    func resolve(_ bundle: CodeBundle, writtenIn path: String, scope: [String], depth: Int = 0) -> ResolvedBundle {
        switch bundle {
        case .main:
            return .main
        case .own:
            return ownBundle(of: path, caller: path == self.scope.path)
        case .ofType(let name):
            guard let defined = symbols.file(definingClass: name) else {
                return .foreign("'Bundle(for: \(name).self)', and no scanned file defines class '\(name)': a dependency that is not checked in?")
            }
            return ownBundle(of: defined, caller: defined == self.scope.path)
        case .member(let member):
            let shown = member.joined(separator: ".")
            var (candidates, module) = symbols.bundleHelpers(member, scope: scope)
            guard !candidates.isEmpty, depth < 8 else {
                return .foreign("'\(shown)', which no scanned file declares: a dependency that is not checked in?")
            }
            // A module written in front (`PVUI_IOS.BundleLoader.bundle`) names the target that declares it: never
            // the calling file's own declaration of that name. Otherwise, as Swift looks a member up from inside its
            // type, the declaration in the same file first (five package targets of Provenance each declare
            // `BundleLoader.bundle`).
            if let module {
                let named = candidates.filter { c in
                    membership.targets(of: c.location.path).contains { membership.targets[$0].name == module }
                }
                candidates = named.isEmpty ? candidates.filter { $0.location.path != path } : named
            } else if candidates.count > 1 {
                let here = candidates.filter { $0.location.path == path }
                if !here.isEmpty { candidates = here }
            }
            guard !candidates.isEmpty else {
                return .foreign("'\(shown)', which no scanned file declares: a dependency that is not checked in?")
            }
            var result: ResolvedBundle?
            for c in candidates {
                let value = resolve(c.value, writtenIn: c.location.path, scope: Array(c.path.dropLast()), depth: depth + 1)
                result = result.map { $0.merged(with: value) } ?? value
            }
            if case .foreign(let why)? = result, !why.hasPrefix("'\(shown)'") {
                return .foreign("'\(shown)', which returns \(why)")
            }
            return result ?? .main
        case .identifier(let identifier, let text):
            // A target's bundle identifier (after its `$(…)` are expanded): that target's bundle.
            if case .string(let value) = symbols.resolve(identifier, scope: scope) {
                let owners = membership.targets.filter { $0.bundleIdentifier == value }.map(\.id)
                if !owners.isEmpty { return .targets(Set(owners)) }
            }
            return .foreign(text.isEmpty ? "a bundle that is not known statically" : "'\(text)'")
        case .foreign(let text):
            return .foreign(text.isEmpty ? "a bundle that is not known statically" : "'\(text)'")
        }
    }

    /// The own bundle of the targets that compile the file at `path`. For the calling file itself, a file that no
    /// target compiles (no project describes it, or only tests compile it) looks names up as for the main bundle,
    /// as its other calls do; another file's class or helper that no target compiles is a foreign bundle.
    func ownBundle(of path: String, caller: Bool) -> ResolvedBundle {
        if caller { return .targets(scope.targets) }
        let positions = membership.targets(of: path)
        let tests: Set<ProductKind> = [.unitTests, .uiTests]
        guard !positions.isEmpty else {
            return membership.isEmpty ? .targets(nil) : .foreign("the bundle of '\(path)', which no target of the scanned projects compiles")
        }
        if positions.allSatisfy({ tests.contains(membership.targets[$0].product) }) { return .targets(nil) }
        return .targets(Set(positions.map { membership.targets[$0].id }))
    }
}
