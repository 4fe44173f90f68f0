import SBMapModel

/// The declarations of every scanned source file, joined, so that a use in one file resolves through a constant,
/// enum or helper declared in another (docs/input-format.md §7.3, pitfalls 2–4).
struct CodeSymbolTable: Sendable {
    /// What a string argument resolved to.
    enum Value: Hashable, Sendable {
        case string(String)
        /// Not known statically: the text shown (quoted in the `code-dynamic` finding) and, when more can be said
        /// than that it is not a constant, why (a parameter, a name no scanned file declares, …).
        case dynamic(String, why: String? = nil)
    }

    private var constantsByLast: [String: [CodeConstant]] = [:]
    private var constantsByPath: [[String]: [CodeConstant]] = [:]
    private var enumsByLast: [String: [CodeStringEnum]] = [:]
    private var enumsByPath: [[String]: [CodeStringEnum]] = [:]
    private var casesByName: [String: RawValues] = [:]
    private var helpersByLast: [String: [CodeStoryboardHelper]] = [:]
    /// Members that return a bundle, by their last name.
    private var bundleHelpersByLast: [String: [CodeBundleHelper]] = [:]
    /// Members named `storyboard`, by the type that declares them.
    private var storyboardMembersByOwner: [String: [CodeStoryboardHelper]] = [:]
    private(set) var generatedScenes: [CodeGeneratedScene] = []
    /// What the declarations of each type say, by type name: one table, so that one look-up answers all of a
    /// class's questions (its superclass, its subclasses, where it is declared).
    private var types: [String: TypeFacts] = [:]
    /// Types that implement `performSegue(withIdentifier:sender:)` themselves, by name.
    private(set) var performSegueOverrides: Set<String> = []

    /// What the declarations of one type name say.
    private struct TypeFacts: Sendable {
        /// The superclass the first declaration that names one names.
        var superclass: String?
        /// The types whose superclass this is, in the order the files declare them.
        var subclasses: [String] = []
        /// Where the type (not an extension) is first declared: code nodes point there.
        var location: SourceLocation?
        /// The first file that defines the class and is compiled: not an extension, not a protocol, not an
        /// Objective-C header (whose `@interface` no target compiles). Its targets are the class's, whose bundle
        /// `Bundle(for: X.self)` is.
        var definedIn: String?
        var isProtocol = false
        /// The first sentence of the first doc comment of a declaration of the type.
        var doc: String?
        /// The toolkit the file of `definedIn` imports (`UIKit`; `AppKit` or `Cocoa`), when it imports one of them only.
        var toolkit: CodeAPI.Toolkit?

        /// Adds a declaration of the type (and its doc comment, when the first); returns its superclass when it is the
        /// first to name one.
        mutating func add(superclass declared: String?, kind: CodeTypeDeclaration.Kind, location at: SourceLocation,
                          doc declaredDoc: String?) -> String? {
            var added: String?
            if doc == nil { doc = declaredDoc }
            if superclass == nil, let declared {
                superclass = declared
                added = declared
            }
            if kind == .protocol { isProtocol = true }
            if kind != .extension, location == nil { location = at }
            if kind != .extension, kind != .protocol, definedIn == nil, !at.path.hasSuffix(".h") { definedIn = at.path }
            return added
        }
    }

    /// The raw values of the enum cases of one name, as far as an implicit member (`.showDetail`) needs them.
    private enum RawValues: Sendable {
        case none
        case one(String)
        case several

        mutating func add(_ value: String) {
            switch self {
            case .none: self = .one(value)
            case .one(let known) where known != value: self = .several
            case .one, .several: break
            }
        }
    }

    /// How many links a resolution may follow (`let a = b`, `let b = c`, …) before giving up.
    private static let maxDepth = 12
    /// A name declared in more places than this (`enum Segue` nested in every view controller) is looked up only
    /// the way Swift does, through the enclosing types: scanning every declaration for each use would make linking
    /// quadratic in the size of the app, and with that many declarations a loose match is ambiguous anyway.
    private static let maxLooseCandidates = 32

    /// Builds the table of `files`. Its four groups of tables (constants, enums, helpers, types) do not depend on
    /// each other, so they are built at the same time: on a large app this is the longest step before linking.
    init(files: [LoadedCodeFile]) {
        let parts = parallelMap(count: 4) { CodeSymbolTable(files: files, part: $0) }
        constantsByLast = parts[0].constantsByLast
        constantsByPath = parts[0].constantsByPath
        enumsByLast = parts[1].enumsByLast
        enumsByPath = parts[1].enumsByPath
        casesByName = parts[1].casesByName
        helpersByLast = parts[2].helpersByLast
        bundleHelpersByLast = parts[2].bundleHelpersByLast
        storyboardMembersByOwner = parts[2].storyboardMembersByOwner
        generatedScenes = parts[2].generatedScenes
        types = parts[3].types
        for f in files.indices {
            for path in files[f].performSegueOverrides { if let name = path.last { performSegueOverrides.insert(name) } }
            for m in files[f].typedMembers {
                guard let owner = m.owner.last else { continue }
                if m.fromInitialValue {
                    memberValueTypes[MemberKey(owner: owner, name: m.name), default: []].insert(m.type)
                } else {
                    memberTypes[MemberKey(owner: owner, name: m.name), default: []].insert(m.type)
                }
            }
            for factory in files[f].factories {
                if let name = factory.path.last { factoriesByName[name, default: []].append(factory) }
            }
        }
    }

    /// Functions that return one named type, by the function's name (`CodeFactory`).
    private var factoriesByName: [String: [CodeFactory]] = [:]

    /// The class a call of the function `path` (`["makeProfile"]`, `["Factory", "makeProfile"]`) made in the type
    /// `from` returns, as its declaration says: the function of that name in the type that names it, or in `from`
    /// or a superclass of it, or else the one function of that name in the scanned code (several that disagree:
    /// unknown). `Self` is the type that declares the function.
    func factoryType(_ path: [String], from: [String]) -> String? {
        guard let name = path.last, let candidates = factoriesByName[name] else { return nil }
        func owner(_ f: CodeFactory) -> String? { f.path.count >= 2 ? f.path[f.path.count - 2] : nil }
        func type(_ f: CodeFactory) -> String? { f.type == "Self" ? owner(f) : f.type }
        if path.count >= 2, let named = path.first, let c = named.utf8.first, c >= UInt8(ascii: "A"), c <= UInt8(ascii: "Z") {
            let found = Set(candidates.filter { owner($0) == named }.compactMap(type))
            return found.count == 1 ? found.first : nil
        }
        if path.count == 1, var current = from.last {
            for _ in 0..<32 {
                let found = Set(candidates.filter { owner($0) == current }.compactMap(type))
                if !found.isEmpty { return found.count == 1 ? found.first : nil }
                guard let up = types[current]?.superclass else { break }
                current = up
            }
        }
        let all = Set(candidates.compactMap(type))
        return all.count == 1 ? all.first : nil
    }

    /// The type the function `name` that the type `owner` itself declares returns (no superclass, no other type): a
    /// protocol's requirement (`makeUIViewController(context:)`) is declared by every type that adopts it, and the
    /// one another type declares says nothing of this one's. `nil` where its declarations disagree.
    func factoryType(declaredIn owner: String, named name: String) -> String? {
        let found = Set((factoriesByName[name] ?? []).compactMap { f -> String? in
            guard f.path.count >= 2, f.path[f.path.count - 2] == owner else { return nil }
            return f.type == "Self" ? owner : f.type
        })
        return found.count == 1 ? found.first : nil
    }

    /// The toolkit the file that defines type `name` imports alone (see `TypeFacts.toolkit`).
    func toolkit(ofType name: String) -> CodeAPI.Toolkit? { types[name]?.toolkit }

    private struct MemberKey: Hashable, Sendable {
        var owner: String
        var name: String
    }
    /// The declared types of stored properties, by owner and name (a set: `#if` branches may declare it twice).
    private var memberTypes: [MemberKey: Set<String>] = [:]
    /// The classes of the initial values of properties whose type is not written (`let detail = Detail()`), by owner
    /// and name: for navigation only (`memberClass`), not for the receivers of segues.
    private var memberValueTypes: [MemberKey: Set<String>] = [:]

    /// The class of the property `name` of the type `from` (or of its nearest superclass that declares one of that
    /// name): the type its declarations write or their initial values make, when they all say one class.
    func memberClass(_ name: String, from: [String]) -> String? {
        guard var owner = from.last else { return nil }
        for _ in 0..<32 {
            let key = MemberKey(owner: owner, name: name)
            let written = memberTypes[key]
            let made = memberValueTypes[key]
            if written != nil || made != nil {
                let all = (written ?? []).union(made ?? [])
                return all.count == 1 ? all.first : nil
            }
            guard let up = types[owner]?.superclass else { break }
            owner = up
        }
        return nil
    }

    /// The class of the object a call on a receiver of `use` runs on, when the code writes it:
    /// a cast (`as? T`, `as! T`), or a property of the enclosing type or its superclasses typed `T`. Only a class
    /// the scanned code declares (not a protocol, not a framework class such as `UIViewController`, whose scenes
    /// have no custom class): its scenes are the ones the call may start a segue from.
    func receiverClass(of use: CodeSeguePerform) -> String? {
        var type = use.receiverType
        if type == nil, let member = use.receiverMember, var owner = use.enclosingType.last {
            for _ in 0..<32 {
                if let declared = memberTypes[MemberKey(owner: owner, name: member)] {
                    if declared.count == 1 { type = declared.first }
                    break
                }
                guard let up = types[owner]?.superclass else { break }
                owner = up
            }
        }
        guard let type, let facts = types[type], !facts.isProtocol, facts.location != nil else { return nil }
        return type
    }

    /// One group of tables: 0 constants, 1 enums, 2 helpers and generated scenes, 3 types. Files are read in
    /// place (`files[f].constants`), not copied out of the array one by one. The tables are made as large as the
    /// declarations may need first: growing them would hash every key again at each step.
    private init(files: [LoadedCodeFile], part: Int) {
        var declarations = 0
        for f in files.indices {
            switch part {
            case 0: declarations += files[f].constants.count
            case 1: declarations += files[f].enums.count
            case 2: declarations += files[f].helpers.count
            default: declarations += files[f].types.count
            }
        }
        switch part {
        case 0:
            constantsByLast.reserveCapacity(declarations)
            constantsByPath.reserveCapacity(declarations)
        case 1:
            enumsByLast.reserveCapacity(declarations)
            enumsByPath.reserveCapacity(declarations)
        case 2:
            helpersByLast.reserveCapacity(declarations)
        default:
            types.reserveCapacity(declarations)
        }
        for f in files.indices {
            switch part {
            case 0:
                for c in files[f].constants {
                    guard let last = c.path.last else { continue }
                    constantsByLast[last, default: []].append(c)
                    constantsByPath[c.path, default: []].append(c)
                }
            case 1:
                for e in files[f].enums {
                    if let last = e.path.last { enumsByLast[last, default: []].append(e) }
                    enumsByPath[e.path, default: []].append(e)
                    for c in e.cases { casesByName[c.name, default: .none].add(c.rawValue) }
                }
            case 2:
                for h in files[f].helpers {
                    guard let last = h.path.last else { continue }
                    helpersByLast[last, default: []].append(h)
                    if last == "storyboard", h.path.count >= 2 { storyboardMembersByOwner[h.path[h.path.count - 2], default: []].append(h) }
                }
                for h in files[f].bundleHelpers {
                    if let last = h.path.last { bundleHelpersByLast[last, default: []].append(h) }
                }
                generatedScenes += files[f].generatedScenes
            default:
                // By position, reading only the fields needed: a `for` would copy each declaration whole.
                let declared = files[f].types
                for k in declared.indices where declared[k].superclass != nil || declared[k].kind != .extension {
                    let name = declared[k].path.last ?? ""  // `name`, which would copy the declaration
                    if let s = types[name, default: TypeFacts()].add(superclass: declared[k].superclass, kind: declared[k].kind,
                                                                      location: declared[k].location, doc: declared[k].doc) {
                        types[s, default: TypeFacts()].subclasses.append(name)
                    }
                    if types[name]?.definedIn == declared[k].location.path, types[name]?.toolkit == nil {
                        let imports = files[f].imports
                        let uiKit = imports.contains("UIKit")
                        let appKit = imports.contains("AppKit") || imports.contains("Cocoa")
                        types[name]?.toolkit = uiKit == appKit ? nil : uiKit ? .uiKit : .appKit
                    }
                }
            }
        }
    }

    // MARK: Classes

    /// The type, its superclasses, and its subclasses (transitively): the classes whose scenes a `performSegue`
    /// or `self.storyboard` in `type` may run on.
    func classFamily(of type: String) -> Set<String> {
        var family: Set<String> = [type]
        var up = types[type]?.superclass
        var guardCount = 0
        while let s = up, guardCount < 32, family.insert(s).inserted {
            up = types[s]?.superclass
            guardCount += 1
        }
        var queue = [type]
        while let t = queue.popLast(), family.count < 512 {
            for sub in types[t]?.subclasses ?? [] where family.insert(sub).inserted { queue.append(sub) }
        }
        return family
    }

    /// Whether `test` holds for a class of `type`'s family (as `classFamily(of:)` gives it). Most classes have no
    /// subclasses: their family is the superclass chain, walked without building the family's set.
    func anyInFamily(of type: String, _ test: (String) -> Bool) -> Bool {
        if test(type) { return true }  // most questions are answered here, before the type's declarations are looked up
        let facts = types[type]
        guard facts?.subclasses.isEmpty ?? true else { return classFamily(of: type).contains { $0 != type && test($0) } }
        var up = facts?.superclass
        var steps = 0
        while let s = up, steps < 32 {
            if test(s) { return true }
            up = types[s]?.superclass
            steps += 1
        }
        return false
    }

    /// Whether `type`, or a class up its superclass chain as the scanned code declares it, is in `classes`.
    func inherits(_ type: String, fromOneOf classes: Set<String>) -> Bool {
        var current: String? = type
        var steps = 0
        while let t = current, steps < 32 {
            if classes.contains(t) { return true }
            current = types[t]?.superclass
            steps += 1
        }
        return false
    }

    /// The type and its subclasses only.
    func descendants(of type: String) -> Set<String> {
        var family: Set<String> = [type]
        var queue = [type]
        while let t = queue.popLast(), family.count < 512 {
            for sub in types[t]?.subclasses ?? [] where family.insert(sub).inserted { queue.append(sub) }
        }
        return family
    }

    /// What the class `name` is for: the first sentence of its doc comment.
    func doc(ofType name: String) -> String? { types[name]?.doc }

    /// Where type `name` (not an extension of it) is first declared.
    func location(ofType name: String) -> SourceLocation? { types[name]?.location }

    /// The first compiled file that defines class `name` (see `TypeFacts.definedIn`).
    func file(definingClass name: String) -> String? { types[name]?.definedIn }

    // MARK: Strings

    /// Resolves a string argument used inside `scope` (the enclosing type path).
    func resolve(_ s: CodeString, scope: [String], depth: Int = 0) -> Value {
        guard depth < Self.maxDepth else { return .dynamic("", why: "a chain of constants too deep to follow") }
        switch s {
        case .literal(let v):
            return .string(v)
        case .typeName(let t):
            return .string(t)
        case .ownTypeName:
            guard let own = scope.last, !Self.frameworkTypes.contains(own), types[own]?.isProtocol != true else {
                return .dynamic("self", why: "the name of whichever class calls it")
            }
            return .string(own)
        case .ownRawValue:
            return .dynamic("self.rawValue", why: "the case the helper is called on")
        case .parameter(let name):
            return .dynamic(name, why: Self.parameterWords)
        case .dynamic(let text):
            return .dynamic(text)
        case .implicitMember(let name):
            switch casesByName[name] ?? .none {
            case .one(let v): return .string(v)
            case .none:
                // `static let preferences = NSStoryboard.Name("Preferences")` in an extension of the framework's
                // name types, used as `.preferences`.
                for owner in Self.storyboardNameTypes {
                    if let found = constantsByPath[owner + [name]] { return agreed(found, shown: ".\(name)", depth: depth) }
                }
                return .dynamic(".\(name)", why: Self.undeclaredWords)
            case .several: return .dynamic(".\(name)", why: "more than one enum has this case")
            }
        case .symbol(let path):
            return resolveSymbol(path, scope: scope, depth: depth)
        }
    }

    /// Why a parameter is not known (a helper that takes the names as parameters).
    static let parameterWords = "a parameter: each caller passes its own value, and sbmap checks only the calls that pass it a string literal"
    /// Why a name that no scanned declaration has is not known.
    static let undeclaredWords = "no scanned file declares it: a dependency that is not checked in, or a generated file?"

    /// The framework's types for storyboard names and identifiers, whose extensions declare constants used as
    /// implicit members (`NSStoryboard(name: .main, …)`).
    static let storyboardNameTypes: [[String]] = [
        ["NSStoryboard", "Name"], ["NSStoryboard", "SceneIdentifier"], ["NSStoryboardSegue", "Identifier"],
        ["UIStoryboard", "Name"], ["UIStoryboard", "Identifier"], ["UIStoryboardSegue", "Identifier"],
    ]

    /// Types whose own name never is a storyboard identifier (helpers declared in extensions of them).
    static let frameworkTypes: Set<String> = [
        "UIViewController", "NSViewController", "NSWindowController", "UIStoryboard", "NSStoryboard", "NSObject",
        "UITableViewController", "UICollectionViewController", "UINavigationController", "UITabBarController",
    ]

    private func resolveSymbol(_ path: [String], scope: [String], depth: Int) -> Value {
        guard let last = path.last else { return .dynamic("", why: nil) }
        var shown: String { path.joined(separator: ".") }  // for messages only
        // As Swift looks a name up: in the enclosing types, innermost first, then at file scope.
        var qualified: [String] = []
        qualified.reserveCapacity(scope.count + path.count)
        for k in stride(from: scope.count, through: 0, by: -1) {
            // One array for both look-ups: the enum's path (the qualified path but its last name), then the whole.
            qualified.removeAll(keepingCapacity: true)
            qualified += scope.prefix(k)
            qualified += path[..<(path.count - 1)]
            let enums = path.count >= 2 ? enumsByPath[qualified] : nil
            qualified.append(last)
            if let found = constantsByPath[qualified] {
                return agreed(found, shown: shown, depth: depth)
            }
            if let enums {
                // Most enums are declared once: their raw value needs no set.
                if enums.count == 1 {
                    if let raw = enums[0].cases.first(where: { $0.name == last })?.rawValue { return .string(raw) }
                    continue
                }
                let raws = Set(enums.compactMap { e in e.cases.first { $0.name == last }?.rawValue })
                if raws.count == 1, let v = raws.first { return .string(v) }
            }
        }
        // Then loosely, for qualified uses from elsewhere (`MainStoryboard.Identifiers.x` declared inside `AppDelegate`):
        // the longest qualified match wins (a name in the enclosing type beats a global one).
        let constants = constantsByLast[last] ?? []
        guard constants.count <= Self.maxLooseCandidates else {
            return .dynamic(shown, why: "declared in \(constants.count) places, none of them enclosing this use")
        }
        var candidates: [CodeConstant] = []
        for c in constants where Self.matches(declared: c.path, used: path, scope: scope) {
            candidates.append(c)
        }
        if !candidates.isEmpty {
            return agreed(Self.best(candidates, path: \.path, used: path, scope: scope), shown: shown, depth: depth)
        }
        // Enum cases: `Enum.case` or `Outer.Enum.case`.
        if path.count >= 2 {
            let enumPath = Array(path.dropLast())
            let enums = enumsByLast[enumPath.last!] ?? []
            guard enums.count <= Self.maxLooseCandidates else {
                return .dynamic(shown, why: "\(enums.count) enums have that name, none of them enclosing this use")
            }
            var raws: Set<String> = []
            for e in enums where Self.matches(declared: e.path, used: enumPath, scope: scope) {
                if let c = e.cases.first(where: { $0.name == last }) { raws.insert(c.rawValue) }
            }
            if raws.count == 1, let v = raws.first { return .string(v) }
            if raws.count > 1 { return .dynamic(shown, why: "more than one enum matches") }
        }
        return .dynamic(shown, why: Self.undeclaredWords)
    }

    /// The value of constants that a use may name: known when they all agree.
    private func agreed(_ constants: [CodeConstant], shown: String, depth: Int) -> Value {
        let values = Set(constants.map { resolve($0.value, scope: Array($0.path.dropLast()), depth: depth + 1) })
        if values.count == 1, let v = values.first { return v }
        return .dynamic(shown, why: "declared more than once with different values")
    }

    /// Whether a declaration at `declared` can be what `used` names from inside `scope`:
    /// `used` is a suffix of `declared`, and whatever `declared` has before it is the scope or part of it.
    static func matches(declared: [String], used: [String], scope: [String]) -> Bool {
        guard declared.count >= used.count, Array(declared.suffix(used.count)) == used else { return false }
        if used.count >= 2 { return true }
        // A bare name: a global, or a member of the enclosing type or one of its outer types.
        let prefix = declared.dropLast(used.count)
        if prefix.isEmpty { return true }
        return scope.starts(with: prefix) || Array(scope.suffix(prefix.count)) == Array(prefix)
    }

    /// Among matching declarations, those with the closest fit: exact qualified paths first, then the longest
    /// shared prefix with the enclosing scope.
    private static func best<T>(_ items: [T], path: KeyPath<T, [String]>, used: [String], scope: [String]) -> [T] {
        func score(_ item: T) -> Int {
            let p = item[keyPath: path]
            if p == used { return 10_000 }
            let prefix = Array(p.dropLast(used.count))
            var shared = 0
            while shared < prefix.count, shared < scope.count, prefix[shared] == scope[shared] { shared += 1 }
            return shared * 10 - p.count
        }
        let top = items.map(score).max() ?? 0
        return items.filter { score($0) == top }
    }

    // MARK: Storyboard helpers

    /// The helper a member path may name (`UIStoryboard.add`, `Storyboards.settings`, `self.sb`), with the enum
    /// case it was called on when the helper reads `self.rawValue` (`AppStoryboard.main.instance`).
    func helper(_ path: [String], scope: [String]) -> (CodeStoryboardHelper, receiverCase: [String]?)? {
        guard let last = path.last else { return nil }
        var all = helpersByLast[last] ?? []
        if all.count > Self.maxLooseCandidates {
            // Many members of that name: only those of the enclosing types, as Swift looks them up.
            all = all.filter { h in (0...scope.count).contains { Array(scope.prefix($0)) + path == h.path } }
        }
        // `UIStoryboard.add`, `Storyboards.settings`, `settings` (inside the declaring type), `Type.helper`.
        var direct = all.filter { Self.matches(declared: $0.path, used: path, scope: scope) }
        if direct.isEmpty, path.count >= 2, path.first == "UIStoryboard" || path.first == "NSStoryboard" {
            direct = all.filter { $0.path.count >= 2 && $0.path[$0.path.count - 2].hasSuffix("Storyboard") }
        }
        if !direct.isEmpty {
            let best = Self.best(direct, path: \.path, used: path, scope: scope)
            return best.count == 1 ? (best[0], nil) : nil
        }
        // `AppStoryboard.main.instance`: a helper of enum `AppStoryboard` called on its case `main`.
        if path.count >= 3 {
            let owner = Array(path.dropLast(2))
            let candidates = all.filter { Self.matches(declared: Array($0.path.dropLast()), used: owner, scope: scope) }
            if candidates.count == 1 { return (candidates[0], Array(path.dropLast())) }
        }
        return nil
    }

    /// The members that a bundle member path may name (`BundleLoader.module`, `module` inside `BundleLoader`,
    /// `Bundle.framework`), best fit first, as for storyboard helpers. A path with a module in front
    /// (`PVUI_IOS.BundleLoader.bundle`) matches without it; the module is returned, so that the caller can prefer
    /// the declarations of the target of that name.
    func bundleHelpers(_ path: [String], scope: [String]) -> (helpers: [CodeBundleHelper], module: String?) {
        guard let last = path.last, let all = bundleHelpersByLast[last] else { return ([], nil) }
        let direct = all.filter { Self.matches(declared: $0.path, used: path, scope: scope) }
        if !direct.isEmpty { return (Self.best(direct, path: \.path, used: path, scope: scope), nil) }
        guard path.count >= 3 else { return ([], nil) }
        let unqualified = Array(path.dropFirst())
        let found = all.filter { Self.matches(declared: $0.path, used: unqualified, scope: scope) }
        return (Self.best(found, path: \.path, used: unqualified, scope: scope), path[0])
    }

    /// The member named `storyboard` that `type` (or its nearest superclass that has one) declares, which hides
    /// UIKit's `storyboard` property: a coordinator's `private let storyboard = UIStoryboard(name: "X", bundle: nil)`.
    /// `nil` when no scanned declaration has one, so `storyboard` is the one the view controller was loaded from.
    /// Several declarations in one type that disagree give one helper with a dynamic name.
    func storyboardMember(of type: [String]) -> CodeStoryboardHelper? {
        guard let name = type.last, !storyboardMembersByOwner.isEmpty else { return nil }
        var owner: String? = name
        var seen: Set<String> = []
        while let o = owner, seen.insert(o).inserted, seen.count < 32 {
            // Declared in the type itself (`Outer.Inner.storyboard`) or in an extension of it (`Inner.storyboard`).
            if let found = storyboardMembersByOwner[o], !found.isEmpty {
                let known = found.filter(\.fromLoad)
                let chosen = known.isEmpty ? found : known
                let values = Set(chosen.map { resolve(helper: $0, receiverCase: nil) })
                if values.count == 1 { return chosen.min { $0.location < $1.location } }
                var merged = chosen[0]
                merged.name = .dynamic("\(o).storyboard (declared more than once with different values)")
                merged.fromLoad = false
                return merged
            }
            owner = types[o]?.superclass
        }
        return nil
    }

    /// Resolves the storyboard name a helper loads; `receiverCase` substitutes `self.rawValue`.
    func resolve(helper: CodeStoryboardHelper, receiverCase: [String]?) -> Value {
        if case .ownRawValue = helper.name, let receiverCase {
            return resolve(.symbol(receiverCase), scope: Array(helper.path.dropLast()))
        }
        return resolve(helper.name, scope: Array(helper.path.dropLast()))
    }

    // MARK: Generated accessors

    /// The storyboard name and identifier of a generated scene accessor (`StoryboardScene.Main.list`,
    /// `_R.storyboard.main.list`), read from the generated file when it was scanned.
    /// Returns `nil` when no generated file declares it.
    func generatedScene(root: [String], container: String, member: String?) -> (storyboard: String, identifier: String?)? {
        for scene in generatedScenes {
            let p = scene.path
            guard p.count >= 2, p[p.count - 2] == container else { continue }
            if let member { guard p.last == member else { continue } } else { guard scene.identifier == nil else { continue } }
            guard root.isEmpty || p.contains(where: { root.contains($0) }) else { continue }
            let owner = Array(p.dropLast())
            for key in ["storyboardName", "name"] {
                if case .string(let name) = resolve(.symbol(owner + [key]), scope: owner), !name.isEmpty {
                    return (name, scene.identifier)
                }
            }
        }
        return nil
    }

    /// The storyboard name a generated storyboard accessor declares (`StoryboardScene.Main.storyboardName`,
    /// `_R.storyboard.main.name`), when the generated file was scanned.
    func generatedStoryboardName(roots: [String], container: String) -> String? {
        for key in ["storyboardName", "name"] {
            for c in constantsByLast[key] ?? [] {
                let p = c.path
                guard p.count >= 2, p[p.count - 2] == container, p.contains(where: { roots.contains($0) }) else { continue }
                if case .string(let v) = resolve(c.value, scope: Array(p.dropLast())) { return v }
            }
        }
        return nil
    }

    /// The raw value of a generated segue enum case (`StoryboardSegue.Main.show` → `"Show"`), when declared.
    func generatedSegue(container: String, member: String) -> String? {
        if case .string(let v) = resolveSymbol(["StoryboardSegue", container, member], scope: [], depth: 0) { return v }
        return nil
    }
}
