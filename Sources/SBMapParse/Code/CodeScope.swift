import SBMapModel

/// What a local name (or a parameter) holds, as far as one function can tell.
enum LocalValue: Sendable {
    case string(CodeString)
    case storyboard(CodeStoryboardRef)
    /// A parameter, a `var`, or anything else whose value is not known statically.
    case unknown
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
    var locals: [String: LocalValue] = [:]
    /// For storyboard helper candidates: the storyboard names loaded in the body.
    var helperLoads: [CodeString] = []
    /// For String enums: the cases read so far.
    var enumCases: [CodeEnumCase] = []
    var location: SourceLocation

    init(kind: Kind, end: Int, locals: [String: LocalValue] = [:], location: SourceLocation) {
        self.kind = kind
        self.end = end
        self.locals = locals
        self.location = location
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
    /// Where the innermost scope ends (`Int.max` when none is open).
    private var innermostEnd = Int.max
    /// The path of the innermost enclosing type (`[]` at file scope).
    private(set) var typePath: [String] = []
    /// Indices in `scopes` of the open function scopes, innermost last.
    private var functions: [Int] = []

    mutating func push(_ scope: CodeScope) {
        if case .type(let path, _) = scope.kind { typePath = path }
        if scope.isFunction { functions.append(scopes.count) }
        innermostEnd = scope.end
        scopes.append(scope)
    }

    /// Pops the innermost scope if it ends at or before token `index`.
    mutating func popEnded(by index: Int) -> CodeScope? {
        guard innermostEnd <= index, !scopes.isEmpty else { return nil }
        let top = scopes.removeLast()
        innermostEnd = scopes.isEmpty ? Int.max : scopes[scopes.count - 1].end
        if functions.last == scopes.count { functions.removeLast() }
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
    var inFunction: Bool { !functions.isEmpty }

    /// The innermost function scope's index.
    var functionIndex: Int? { functions.last }

    /// Whether the innermost scope is the body of a String enum.
    var inStringEnumBody: Bool {
        guard !scopes.isEmpty, case .type(_, true) = scopes[scopes.count - 1].kind else { return false }
        return true
    }

    /// Looks a name up among the locals and parameters, innermost first, not past the enclosing function.
    func local(_ name: String) -> LocalValue? {
        for k in stride(from: scopes.count - 1, through: 0, by: -1) {
            if let value = scopes[k].locals[name] { return value }
            if scopes[k].isFunction || scopes[k].isType { return nil }
        }
        return nil
    }

    /// Declares a local in the innermost scope.
    mutating func declareLocal(_ name: String, _ value: LocalValue) {
        guard !scopes.isEmpty else { return }
        scopes[scopes.count - 1].locals[name] = value
    }

    /// Records a storyboard load in the innermost function, if it may be a storyboard helper.
    mutating func noteHelperLoad(_ name: CodeString) {
        guard let f = functionIndex, case .function(_, true) = scopes[f].kind else { return }
        scopes[f].helperLoads.append(name)
    }

    mutating func addEnumCase(_ c: CodeEnumCase) {
        guard !scopes.isEmpty else { return }
        scopes[scopes.count - 1].enumCases.append(c)
    }
}
