import SBMapModel

/// What a local name (or a parameter) holds, as far as one function can tell.
enum LocalValue: Sendable {
    case string(CodeString)
    case storyboard(CodeStoryboardRef)
    /// `let bundle = Bundle(for: Self.self)`: a bundle a storyboard may be loaded from.
    case bundle(CodeBundle)
    /// A parameter of the function: each caller passes its own value.
    case parameter
    /// A `var`, or anything else whose value is not known statically.
    case unknown
    /// A Swift local whose initializer (`tokens`) is read only if the name is looked up (most never are):
    /// `SwiftExpressionReader.local(_:)` reads it then, seeing the locals declared before it. `type` is the token of
    /// the one type name its declaration writes (`let vc: ProfileViewController = …`, also without an initializer,
    /// whose `tokens` are then empty), or -1.
    case pending(tokens: Range<Int>, isLet: Bool, type: Int = -1)
}

/// One `{ … }` region while reading a file: a type body, a function body, or any other block.
struct CodeScope: Sendable {
    enum Kind: Sendable {
        /// A type body. `stringEnum` is set for `enum X: String`.
        case type(path: [String], stringEnum: Bool)
        /// A function, initializer, accessor or computed property body.
        /// `returnsStoryboard` marks a candidate storyboard helper.
        case function(name: String, returnsStoryboard: Bool)
        case block
    }

    var kind: Kind
    /// Index of the closing brace (or the end of the stream).
    var end: Int
    /// Where this scope's locals start in `ScopeStack`'s one array of locals.
    fileprivate var localsStart = 0
    /// The index in `ScopeStack.scopes` of the innermost function scope that is this one or encloses it (-1 for
    /// none), set on `push`: the stack finds its innermost function from its top scope, with no array of them.
    fileprivate var enclosingFunction = -1
    /// For storyboard helper candidates: the storyboard names loaded in the body.
    var helperLoads: [CodeString] = []
    /// The bundle of `helperLoads` (the last one's that is not the main bundle).
    var helperBundle = CodeBundle.main
    /// For String enums: the cases read so far.
    var enumCases: [CodeEnumCase] = []
    /// Index of the opening brace: the scope's place, made into a `SourceLocation` only for the few scopes that
    /// become facts (String enums, storyboard helpers).
    var start: Int
    /// For a Swift function: the token of its name. The Swift reader makes the name's String (`Kind.function`) only
    /// for storyboard helper candidates, and leaves it empty for the others: most functions never need it.
    var nameToken = -1

    init(kind: Kind, start: Int, end: Int, nameToken: Int = -1) {
        self.kind = kind
        self.start = start
        self.end = end
        self.nameToken = nameToken
    }

    var isFunction: Bool { if case .function = kind { return true } else { return false } }
    var isType: Bool { if case .type = kind { return true } else { return false } }
}

/// The stack of open scopes, with the questions the readers ask of it.
///
/// The readers ask some of these for every token (has the innermost scope ended?) and others for every fact (the
/// enclosing type's path), so the answers are kept up to date on `push` and pop rather than worked out from the
/// scopes: reading a `CodeScope` out of the array copies it, which retains and releases each of its fields.
struct ScopeStack: Sendable {
    private(set) var scopes: [CodeScope] = []
    /// A local or parameter, named by its text, or by its token (`token` ≥ 0, in the file's tokens, which look-ups
    /// are given): the Swift reader declares its locals by token, so that declaring one makes no String (most are
    /// never looked up).
    private struct Local {
        var name: String
        var token: Int
        var value: LocalValue
    }
    /// The locals and parameters of every open scope, outermost scope's first. Scopes open and close in stack order,
    /// so one array serves them all, and opening a scope allocates nothing.
    private var locals: [Local] = []
    /// Where the innermost scope ends (`Int.max` when none is open).
    private var innermostEnd = Int.max
    /// The path of the innermost enclosing type (`[]` at file scope).
    private(set) var typePath: [String] = []
    /// The index in `scopes` of the innermost open function scope (-1 for none): the top scope's
    /// `enclosingFunction`, kept here as the readers ask for it.
    private var innermostFunction = -1

    /// Locals a file's look-ups may walk in all (see `localEntry`): far more than real code needs, few enough to
    /// take well under a second.
    static let lookupBudget = 20_000_000
    private let lookupBudget: LookupBudget

    init(lookupBudget budget: Int = ScopeStack.lookupBudget) {
        lookupBudget = LookupBudget(budget)
        // Room for the nesting of ordinary code, so that opening a scope seldom grows these.
        scopes.reserveCapacity(16)
        locals.reserveCapacity(16)
    }

    /// Opens `scope`, with `parameters` as its first locals (values unknown).
    mutating func push(_ scope: consuming CodeScope, parameters: [String] = []) {
        if case .type(let path, _) = scope.kind { typePath = path }
        scope.enclosingFunction = scope.isFunction ? scopes.count : innermostFunction
        innermostFunction = scope.enclosingFunction
        innermostEnd = scope.end
        scope.localsStart = locals.count
        for p in parameters { locals.append(Local(name: p, token: -1, value: .parameter)) }
        scopes.append(scope)
    }

    /// Pops the innermost scope if it ends at or before token `index`.
    mutating func popEnded(by index: Int) -> CodeScope? {
        guard innermostEnd <= index, !scopes.isEmpty else { return nil }
        let top = scopes.removeLast()
        locals.removeSubrange(top.localsStart...)
        innermostEnd = scopes.isEmpty ? Int.max : scopes[scopes.count - 1].end
        innermostFunction = scopes.isEmpty ? -1 : scopes[scopes.count - 1].enclosingFunction
        if top.isType {
            typePath = []
            for k in stride(from: scopes.count - 1, through: 0, by: -1) {
                if case .type(let path, _) = scopes[k].kind { typePath = path; break }
            }
        }
        return top
    }

    /// Whether the innermost scope is a type body (so a `let` there is a member).
    var atTypeLevel: Bool { !scopes.isEmpty && scopes[scopes.count - 1].isType }

    /// Whether we are inside any function body (so a `let` is a local).
    var inFunction: Bool { innermostFunction >= 0 }

    /// The innermost function scope's index.
    var functionIndex: Int? { innermostFunction >= 0 ? innermostFunction : nil }

    /// Whether the innermost scope is the body of a String enum.
    var inStringEnumBody: Bool {
        guard !scopes.isEmpty, case .type(_, true) = scopes[scopes.count - 1].kind else { return false }
        return true
    }

    /// Looks a name up among the locals and parameters, innermost first, not past the enclosing function.
    /// The latest declaration wins, as it does in Swift's and C's scoping.
    func local(_ name: String) -> LocalValue? { localEntry(name)?.value }

    /// `local(_:)` with the position of the declaration found, among the locals declared before position `limit`.
    /// `names` are the file's tokens, which name the locals declared by token (`declareLocal(token:_:)`); they are
    /// passed in rather than kept, so that the scopes hold no reference to the token arrays (each copy of the
    /// scopes would retain and release them).
    /// A local's position never changes while it is visible, and the locals before it are the ones that were
    /// visible where it was declared: scopes open and close in stack order.
    ///
    /// A look-up walks the function's locals from the latest: a few in real code. A hostile file (a function of a
    /// hundred thousand locals, each name looked up) would make that quadratic, so the walks of one file share a
    /// budget; once it is spent, every name is unknown (shown as dynamic, never guessed).
    func localEntry(_ name: String, below limit: Int = Int.max, names: TokenStream? = nil)
        -> (value: LocalValue, position: Int)? {
        var floor = 0
        for k in stride(from: scopes.count - 1, through: 0, by: -1) where scopes[k].isFunction || scopes[k].isType {
            floor = scopes[k].localsStart
            break
        }
        let top = min(locals.count, limit)
        guard top > floor else { return nil }
        guard lookupBudget.spend(top - floor) else { return (.unknown, top - 1) }
        for k in stride(from: top - 1, through: floor, by: -1) where isNamed(k, name, names) {
            return (locals[k].value, k)
        }
        return nil
    }

    /// The token that names the local at `position` (`localEntry`'s), or -1 for a local declared by name.
    func nameToken(ofLocalAt position: Int) -> Int {
        locals.indices.contains(position) ? locals[position].token : -1
    }

    private func isNamed(_ k: Int, _ name: String, _ names: TokenStream?) -> Bool {
        let token = locals[k].token
        guard token >= 0 else { return locals[k].name == name }
        // Only the Swift reader declares locals by token, and it looks them up with its tokens; a look-up without
        // them (`local(_:)`) would silently find none of its locals.
        guard let names else {
            assertionFailure("a local declared by token is looked up without the file's tokens")
            return false
        }
        return names.text(token, equals: name)
    }

    /// Declares a local in the innermost scope.
    mutating func declareLocal(_ name: String, _ value: LocalValue) {
        guard !scopes.isEmpty else { return }
        locals.append(Local(name: name, token: -1, value: value))
    }

    /// Declares a local in the innermost scope, named by token `token` of the file's tokens (look-ups must then be
    /// given them: `localEntry(_:below:names:)`).
    mutating func declareLocal(token: Int, _ value: LocalValue) {
        guard !scopes.isEmpty else { return }
        locals.append(Local(name: "", token: token, value: value))
    }

    /// Records a storyboard load in the innermost function, if it may be a storyboard helper.
    mutating func noteHelperLoad(_ name: CodeString, bundle: CodeBundle = .main) {
        guard let f = functionIndex, case .function(_, true) = scopes[f].kind else { return }
        scopes[f].helperLoads.append(name)
        if bundle != .main { scopes[f].helperBundle = bundle }
    }

    mutating func addEnumCase(_ c: CodeEnumCase) {
        guard !scopes.isEmpty else { return }
        // One allocation for most enums, not one per case.
        if scopes[scopes.count - 1].enumCases.isEmpty { scopes[scopes.count - 1].enumCases.reserveCapacity(4) }
        scopes[scopes.count - 1].enumCases.append(c)
    }
}

/// Scopes that declarations announce before the reader reaches their opening brace: `func f(a: A) {` announces a
/// function scope with parameter `a` at the index of its `{`. `Parameters` is what a reader keeps of the parameters
/// until the scope opens: their names (Objective-C), or where they are (Swift, which declares them by token).
///
/// A handful are waiting at any time (the brace follows its declaration closely), so a short array searched from
/// the end costs less than a dictionary, which would hash and allocate for every declaration.
struct PendingScopes<Parameters: Sendable>: Sendable {
    private var entries: [(brace: Int, kind: CodeScope.Kind?, parameters: Parameters?)] = []
    /// What `take` gives for a scope announced without parameters.
    private let none: Parameters

    init(none: Parameters) { self.none = none }

    /// Announces the scope that opens at `brace`; `nil` leaves what was announced before for that brace.
    mutating func announce(_ kind: CodeScope.Kind?, parameters: Parameters? = nil, at brace: Int) {
        if let k = entries.lastIndex(where: { $0.brace == brace }) {
            if let kind { entries[k].kind = kind }
            if let parameters { entries[k].parameters = parameters }
        } else {
            entries.append((brace, kind, parameters))
        }
    }

    /// The parameters announced so far for the scope that opens at `brace`, if any.
    func parameters(at brace: Int) -> Parameters? {
        guard let k = entries.lastIndex(where: { $0.brace == brace }) else { return nil }
        return entries[k].parameters
    }

    /// The scope announced for the brace at `brace` (a plain block when none was), with its parameters.
    mutating func take(at brace: Int) -> (kind: CodeScope.Kind, parameters: Parameters) {
        guard let k = entries.lastIndex(where: { $0.brace == brace }) else { return (.block, none) }
        let entry = entries.remove(at: k)
        // Braces are reached in order: an announcement for one already passed (garbage input) can go.
        if entries.contains(where: { $0.brace < brace }) { entries.removeAll { $0.brace < brace } }
        return (entry.kind ?? .block, entry.parameters ?? none)
    }
}

extension PendingScopes where Parameters == [String] {
    /// Parameters by name, as the Objective-C reader keeps them.
    init() { self.init(none: []) }
}

/// What is left of a file's budget for walking locals (`ScopeStack.localEntry`). A class, so that look-ups made
/// through copies of the scopes (each expression reader holds one) draw on the one budget.
///
/// `@unchecked Sendable`: one reader, on one thread, owns the scopes of its file and every copy of them.
final class LookupBudget: @unchecked Sendable {
    private var left: Int

    init(_ total: Int) { left = total }

    /// Takes `amount` from the budget; `false` once it is spent.
    func spend(_ amount: Int) -> Bool {
        guard left >= amount else {
            left = 0
            return false
        }
        left -= amount
        return true
    }
}
