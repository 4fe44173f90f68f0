import SBMapModel

/// One rule of code links: what one kind of use in code (a storyboard load, an instantiation, a performed segue, a
/// generated accessor, a class-name helper call) links to, and what it reports when that does not exist.
///
/// A rule reads its use and an immutable `CodeUseContext` (the file's scope, the `#if` condition, the API, the look-up
/// of the file's loads, the graph's index and the symbol table) and adds nodes, edges and findings to a
/// `CodeLinkOutput`. Rules do not call each other: what two of them share (looking up a Storyboard ID, checking a
/// performed segue, resolving a receiver or a bundle) is a function of the context (`CodeLinkChecks`,
/// `ReceiverResolution`, `BundleResolution`). To add one: a file with the rule, a line in `CodeLinkRules.standard`,
/// and a test that applies it to a constructed context (`CodeLinkRuleTableTests`).
protocol CodeLinkRule: Sendable {
    /// The kind of use the rule takes.
    associatedtype Use: CodeLinkUse
    /// Links `use`, or reports why it cannot be linked.
    static func apply(_ use: Use, _ context: CodeUseContext, into output: inout CodeLinkOutput)
    /// Applies the rule to each use of its kind in `file`, in file order (a requirement, so that each rule's loop is
    /// made for its own `Use`).
    static func link(_ file: LoadedCodeFile, in context: CodeFileContext, into output: inout CodeLinkOutput)
}

extension CodeLinkRule {
    static func link(_ file: LoadedCodeFile, in context: CodeFileContext, into output: inout CodeLinkOutput) {
        Use.forEach(in: file, context) { use, useContext in apply(use, useContext, into: &output) }
    }
}

/// The kinds of use a rule may take (`CodeLinkUse.useKind`).
enum CodeUseKind: Sendable, Hashable, CaseIterable {
    case storyboardLoad, instantiation, seguePerform, generatedAccessor, classInstantiation, nibLoad, navigation, swiftUI
}

/// A use in code that a rule takes: how to find the uses of its kind in a file, each with its context.
protocol CodeLinkUse: Sendable {
    static var useKind: CodeUseKind { get }
    /// Calls `body` with each use of this kind in `file`, in file order, and its context. A use in an `#if` branch
    /// compiled for none of the platforms it could run on is left out: it makes no link and no finding.
    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (Self, CodeUseContext) -> Void)
}

/// The rules the code linker applies, in order.
struct CodeLinkRules: Sendable {
    /// Every code rule. The order is the order in which a file's uses are linked, and it matters: a file's loads
    /// are looked up before its instantiations, the first call to need a code node makes it, and the calls that
    /// make the same edge are counted in this order (`~2`, `~3`). A new rule goes at the end.
    static let standard = CodeLinkRules([
        StoryboardNameRule.self,
        StoryboardIDRule.self,
        SegueRule.self,
        GeneratedAccessorRule.self,
        ClassNameHeuristicRule.self,
        NibLoadRule.self,
        NavigationRule.self,
        RepresentableRule.self,
        SwiftUIAppRule.self,
    ])

    /// The rules, in the order they were given.
    let all: [any CodeLinkRule.Type]

    /// A kind of use may be taken by several rules (each its own check); a rule is listed once.
    init(_ rules: [any CodeLinkRule.Type]) {
        var listed: Set<ObjectIdentifier> = []
        for rule in rules {
            precondition(listed.insert(ObjectIdentifier(rule)).inserted, "\(rule) is listed twice")
        }
        all = rules
    }

    /// The rules that take `kind`, in order.
    func rules(of kind: CodeUseKind) -> [any CodeLinkRule.Type] { all.filter { $0.kind == kind } }

    /// A copy with `rule` added at the end (for a test of the table: a rule outside it).
    func adding(_ rule: any CodeLinkRule.Type) -> CodeLinkRules { CodeLinkRules(all + [rule]) }

    /// Links `file`: each rule, in order, over the uses it takes.
    func link(_ file: LoadedCodeFile, in context: CodeFileContext, into output: inout CodeLinkOutput) {
        for rule in all { rule.link(file, in: context, into: &output) }
    }
}

extension CodeLinkRule {
    /// The kind of use the rule takes.
    static var kind: CodeUseKind { Use.useKind }
}

// MARK: Uses

extension CodeInstantiation: CodeLinkUse {
    static var useKind: CodeUseKind { .instantiation }

    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (CodeInstantiation, CodeUseContext) -> Void) {
        for use in file.instantiations {
            if let c = context.use(CodeAPI(.instantiation, written: use.api), at: use.location) { body(use, c) }
        }
    }
}

extension CodeSeguePerform: CodeLinkUse {
    static var useKind: CodeUseKind { .seguePerform }

    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (CodeSeguePerform, CodeUseContext) -> Void) {
        for use in file.performs {
            if let c = context.use(CodeAPI(.seguePerform, written: use.api), at: use.location) { body(use, c) }
        }
    }
}

extension CodeGeneratedUse: CodeLinkUse {
    static var useKind: CodeUseKind { .generatedAccessor }

    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (CodeGeneratedUse, CodeUseContext) -> Void) {
        for use in file.generatedUses {
            if let c = context.use(.generated(use.generator), at: use.location) { body(use, c) }
        }
    }
}

extension CodeClassInstantiation: CodeLinkUse {
    static var useKind: CodeUseKind { .classInstantiation }

    /// Only when the run applies the class-name heuristic.
    static func forEach(in file: LoadedCodeFile, _ context: CodeFileContext, _ body: (CodeClassInstantiation, CodeUseContext) -> Void) {
        guard context.run.classNameHeuristic else { return }
        for use in file.classInstantiations {
            let api = CodeAPI(.classNameHeuristic, name: "heuristic: class name (\(use.type).\(use.method)())", toolkit: nil)
            if let c = context.use(api, at: use.location) { body(use, c) }
        }
    }
}
