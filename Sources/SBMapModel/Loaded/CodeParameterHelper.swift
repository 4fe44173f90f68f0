// Helpers that take the storyboard names as parameters: the declaration, and the calls that
// pass it literals. The linker follows each such call one level into the helper and checks the literals at the call.

/// A function whose body loads a storyboard or instantiates a scene with its own parameters, directly:
/// `func make(storyboardName: String, identifier: String) -> UIViewController { UIStoryboard(name: storyboardName,
/// bundle: nil).instantiateViewController(withIdentifier: identifier) }`, `func makeDetail(_ board: UIStoryboard)`.
/// `loads` and `instantiations` are those uses of its body that name a parameter (`.parameter`), as recorded there;
/// a call that passes literals gives the same uses, with the literals, at the call (`CodeHelperCall`).
public struct CodeParameterHelper: Hashable, Sendable {
    public struct Parameter: Hashable, Sendable {
        /// The argument label, `nil` for `_`.
        public var label: String?
        public var name: String
        /// Whether the parameter has a default value, so that a call may leave it out.
        public var hasDefault: Bool
        /// The default value when it is a string literal or a storyboard load (`= UIStoryboard(name: "Main", bundle:
        /// nil)`): what the helper's body uses whenever a call leaves the parameter out.
        public var defaultValue: CodeHelperCall.Argument?

        public init(label: String?, name: String, hasDefault: Bool, defaultValue: CodeHelperCall.Argument? = nil) {
            self.label = label
            self.name = name
            self.hasDefault = hasDefault
            self.defaultValue = defaultValue
        }
    }

    /// Enclosing types, then the function's name (`["ScreenFactory", "make"]`).
    public var path: [String]
    public var parameters: [Parameter]
    public var loads: [CodeStoryboardLoad]
    public var instantiations: [CodeInstantiation]

    public init(path: [String], parameters: [Parameter], loads: [CodeStoryboardLoad], instantiations: [CodeInstantiation]) {
        self.path = path
        self.parameters = parameters
        self.loads = loads
        self.instantiations = instantiations
    }

    /// The function as Swift names it: `make(storyboardName:identifier:)`; an Objective-C method's selector
    /// (`makeWithStoryboard:identifier:`, its name here).
    public var signature: String {
        let name = path.last ?? ""
        return name.hasSuffix(":") ? name : "\(name)(\(parameters.map { "\($0.label ?? "_"):" }.joined()))"
    }
}

/// A call, by name and argument labels, that passes at least one string literal or storyboard load as an argument:
/// `screenFactory.make(storyboardName: "Settings", identifier: "security")`. Recorded whatever the callee is (the
/// scanner reads one file, and the helper may be declared in another); the linker keeps those that call a
/// `CodeParameterHelper`.
public struct CodeHelperCall: Hashable, Sendable {
    public enum Argument: Hashable, Sendable {
        /// A string: a literal (or a constant, when written as one).
        case string(CodeString)
        /// A storyboard: `UIStoryboard(name: "Main", bundle: nil)`, `self.storyboard`.
        case storyboard(CodeStoryboardRef)
        /// Anything else.
        case other
    }

    /// The called function's name (`make`).
    public var name: String
    /// Each argument's label (`nil` when none is written), in order.
    public var labels: [String?]
    /// Each argument's value, in order.
    public var values: [Argument]
    public var enclosingType: [String]
    public var location: SourceLocation

    public init(name: String, labels: [String?], values: [Argument], enclosingType: [String], location: SourceLocation) {
        self.name = name
        self.labels = labels
        self.values = values
        self.enclosingType = enclosingType
        self.location = location
    }
}
