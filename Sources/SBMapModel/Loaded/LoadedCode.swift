// What the code scanner read from one Swift or Objective-C file, before anything is resolved across files.
// The scanner (SBMapParse/Code) produces these; the code linker (SBMapResolve/Code) joins them with the graph.
//
// Two kinds of facts live here:
// * uses: what the file does with storyboards (loads one, instantiates a scene, performs a segue), each
//   with the type it happens in and its `file:line:col`;
// * declarations: what other files may need to resolve their uses (string constants, String enums,
//   storyboard-returning helpers, type declarations, generated SwiftGen/R.swift accessors).

/// The language a source file is written in.
public enum CodeLanguage: String, Hashable, Sendable, Codable, CaseIterable {
    case swift
    /// `.m` and `.mm` (Objective-C and Objective-C++), and `.h` when asked.
    case objectiveC = "objective-c"
}

/// A code generator whose accessors name storyboards and scenes.
public enum CodeGenerator: String, Hashable, Sendable, Codable, CaseIterable {
    /// SwiftGen `ib` templates: `StoryboardScene.Main.messagesList.instantiate()`, `StoryboardSegue.Main.show`.
    case swiftGen = "swiftgen"
    /// R.swift: `R.storyboard.main.settingsController()`, `R.segue.overviewController.openSettings`.
    case rSwift = "rswift"
}

/// A string argument as written in code: a literal, or what it refers to, before cross-file resolution.
public enum CodeString: Hashable, Sendable {
    /// A string literal, with its escapes decoded.
    case literal(String)
    /// A name or dotted path: a constant (`kMainStoryboard`, `Storyboards.Identifiers.main`) or a String enum
    /// case (`SegueIdentifier.showDetail`; a trailing `.rawValue` is dropped). `self.` is dropped too.
    case symbol([String])
    /// An implicit member such as `.showDetail`: an enum case whose type is not written.
    case implicitMember(String)
    /// The name of a type: `String(describing: Foo.self)`, `NSStringFromClass([Foo class])`.
    case typeName(String)
    /// The name of the enclosing type: `String(describing: self)`, `NSStringFromClass([self class])`, `className`.
    case ownTypeName
    /// `self.rawValue` / `rawValue` inside a String enum (used by enum-based storyboard helpers).
    case ownRawValue
    /// A parameter of the enclosing function, by name: each caller passes its own value (a helper that takes the
    /// names as parameters), so that here it is not known.
    case parameter(String)
    /// Anything else: a `var`, a call, string interpolation. The source text, shortened.
    case dynamic(String)
}

/// Which storyboard a scene is instantiated from.
public enum CodeStoryboardRef: Hashable, Sendable {
    /// `UIStoryboard(name: X, bundle:)`, `NSStoryboard(name:bundle:)`, `[UIStoryboard storyboardWithName:X bundle:]`.
    case named(CodeString)
    /// `self.storyboard`, `storyboard?`, `[self storyboard]`: UIKit's (AppKit's) property, the storyboard the enclosing
    /// class was instantiated from — unless the enclosing type (or a superclass) declares its own member named
    /// `storyboard` (a coordinator's `private let storyboard = UIStoryboard(…)`), which the linker looks for first:
    /// that declaration may sit later in the file, in an extension or in another file.
    case own
    /// `NSStoryboard.main`: the app's main storyboard.
    case main
    /// A member that may be a storyboard helper (`UIStoryboard.add`, `AppStoryboard.main.instance`,
    /// `[UIStoryboard searchStoryboard]`), as a dotted path. Resolved against `CodeStoryboardHelper`s.
    case helper([String])
    /// A generated accessor for a storyboard: `R.storyboard.main()`, `StoryboardScene.Main.storyboard`.
    case generated(CodeGenerator, storyboard: String)
    /// A parameter of the enclosing function (`func make(from storyboard: UIStoryboard)`), by name.
    case parameter(String)
    /// Anything else: another object's storyboard, a `var`. The source text, shortened.
    case dynamic(String)
}

/// The bundle a storyboard is loaded from (the `bundle:` argument), as the calling file writes it.
/// Three things it can be: the main bundle, the caller's own bundle (the bundle of the target that
/// compiles the file where it is written), or a foreign one whose storyboards sbmap may not see. Two forms name one
/// of these through another file, and the linker decides which: a class (`Bundle(for: X.self)` is the bundle of the
/// target that compiles `X`) and a member that returns a bundle (`BundleLoader.module`, `[OTRAssets resourcesBundle]`).
public enum CodeBundle: Hashable, Sendable {
    /// `nil`, `.main`, `Bundle.main`, `[NSBundle mainBundle]`.
    case main
    /// The bundle of the target that compiles this file: `Bundle(for: Self.self)`, `Bundle(for: type(of: self))`,
    /// `Bundle(for: self)` in a class method, `.module` (a Swift package target's), `[NSBundle bundleForClass:[self class]]`,
    /// `SWIFTPM_MODULE_BUNDLE`.
    case own
    /// `Bundle(for: X.self)`, `[NSBundle bundleForClass:[X class]]`: the bundle of the target that compiles class `X`.
    case ofType(String)
    /// A member that returns a bundle (`CodeBundleHelper`), as a dotted path: `BundleLoader.module`,
    /// `[BundleHelper frameworkBundle]`, `.framework` (`["Bundle", "framework"]`, an extension of `Bundle`).
    case member([String])
    /// `Bundle(identifier: X)`, `[NSBundle bundleWithIdentifier:X]`: the bundle of the target whose
    /// `PRODUCT_BUNDLE_IDENTIFIER` is `X`, when one is; another bundle otherwise. `text` is the source text, shortened.
    case identifier(CodeString, text: String)
    /// Another bundle (`Bundle(path:)`, `Bundle(url:)`, a parameter): its storyboards may be
    /// in a framework or a dependency that was not scanned. The source text, shortened, says which.
    case foreign(String)
}

/// A member whose value is a bundle: `static let module: Bundle = .module`, `static var bundle: Bundle { Bundle(for:
/// Token.self) }`, `+ (NSBundle *)frameworkBundle { return [NSBundle bundleForClass:[self class]]; }`. A member
/// declared more than once (in `#if` branches, or returning in several places) gives one helper per value; the
/// linker takes them together.
public struct CodeBundleHelper: Hashable, Sendable {
    /// Enclosing types, then the member name (`["BundleLoader", "module"]`).
    public var path: [String]
    public var value: CodeBundle
    public var location: SourceLocation

    public init(path: [String], value: CodeBundle, location: SourceLocation) {
        self.path = path
        self.value = value
        self.location = location
    }
}

/// `UIStoryboard(name:bundle:)` and friends: a storyboard loaded by name.
public struct CodeStoryboardLoad: Hashable, Sendable {
    public var name: CodeString
    /// The `bundle:` argument (`.main` when there is none).
    public var bundle: CodeBundle
    /// The API as written: `UIStoryboard(name:bundle:)`, `storyboardWithName:bundle:`, …
    public var api: String
    /// The enclosing type, outermost first (`["AppDelegate", "Storyboards"]`); empty at file scope.
    public var enclosingType: [String]
    public var location: SourceLocation

    public init(name: CodeString, bundle: CodeBundle = .main, api: String, enclosingType: [String], location: SourceLocation) {
        self.name = name
        self.bundle = bundle
        self.api = api
        self.enclosingType = enclosingType
        self.location = location
    }
}

/// A nib loaded by name (issue 32): `init(nibName:bundle:)` of a view controller (`super.init(nibName:bundle:)`,
/// `ProfileViewController(nibName:bundle:)`, `[[X alloc] initWithNibName:bundle:]`), `UINib(nibName:bundle:)`,
/// `[UINib nibWithNibName:bundle:]`, `loadNibNamed(_:owner:options:)` and `NSNib(nibNamed:bundle:)`.
public struct CodeNibLoad: Hashable, Sendable {
    /// What a nib of that name that does not exist does when the call runs.
    public enum Outcome: Hashable, Sendable {
        /// The load raises: a view controller's view loaded from a nib that is not there, `UINib`'s instantiation,
        /// UIKit's `loadNibNamed(_:owner:options:)`.
        case crashes
        /// The call returns nil or false (`NSNib(nibNamed:bundle:)`, AppKit's `loadNibNamed(_:owner:topLevelObjects:)`).
        case fails
    }

    public var name: CodeString
    /// The `bundle:` argument, or the receiver of `loadNibNamed` (`.main` for `nil` and `Bundle.main`).
    public var bundle: CodeBundle
    /// The API as written: `init(nibName:bundle:)`, `UINib(nibName:bundle:)`, `initWithNibName:bundle:`, …
    public var api: String
    public var outcome: Outcome
    public var enclosingType: [String]
    public var location: SourceLocation
    /// A view controller made with no nib name (`ProfileViewController()`, `ProfileViewController(nibName: nil,
    /// bundle: nil)`): `name` is the class's (`.typeName`), and the framework looks for a nib named after it by
    /// itself (UIKit: `ProfileView`, then `ProfileViewController`). A class without such a nib makes its view in
    /// code, which is no mistake.
    public var isImplicit: Bool

    public init(name: CodeString, bundle: CodeBundle = .main, api: String, outcome: Outcome = .crashes,
                enclosingType: [String], location: SourceLocation, isImplicit: Bool = false) {
        self.name = name
        self.bundle = bundle
        self.api = api
        self.outcome = outcome
        self.enclosingType = enclosingType
        self.location = location
        self.isImplicit = isImplicit
    }
}

/// A view controller handed to a navigation call in code (issue 32): `pushViewController(_:animated:)`,
/// `present(_:animated:)`, `show(_:sender:)`, `showDetailViewController(_:sender:)`,
/// `UINavigationController(rootViewController:)`, `setViewControllers(_:animated:)`, `viewControllers = […]`,
/// `window.rootViewController = …`, `addChild(_:)`; or a SwiftUI view hosted by `UIHostingController(rootView:)` /
/// `NSHostingController(rootView:)`. The linker draws an edge from the calling class's screens to the controller's.
public struct CodeNavigation: Hashable, Sendable {
    /// What the call does, as the edge's label says it.
    public enum Call: String, Hashable, Sendable, Codable {
        case push, present, show, root, tab, child
        /// `setViewControllers` of a navigation controller: the stack it shows.
        case stack
        /// A split view's column: `setViewController(_:for: .primary)` (`.secondary`, `.supplementary`).
        case primary, secondary, supplementary
        /// A split view's `viewControllers = [a, b]`: the controller's place in the array (`order`).
        case split
        /// A view controller embedded in a SwiftUI screen by a representable (`UIViewControllerRepresentable`): drawn
        /// by the linker (`SwiftUIEmbedding`), never read from a call.
        case embed
    }

    /// The controller handed over, as far as the code says statically.
    public enum Controller: Hashable, Sendable {
        /// `X()`, `X(nibName:bundle:)`, `X.init(…)`, `[[X alloc] init]`: a new object of class `X`.
        case type(String)
        /// A call of a function (`makeProfile()`, `self.makeProfile()`, `Factory.makeProfile()`), as a dotted path:
        /// the class its declared return type names (`CodeFactory`), when that is a class.
        case factory([String])
        /// `UIHostingController(rootView: SettingsView())`: the SwiftUI view `SettingsView`.
        case hosting(String)
        /// A property of the enclosing type (`detail`, `self.detail`): the class its declaration writes
        /// (`let detail: DetailViewController`) or its initial value makes (`let detail = DetailViewController()`),
        /// looked up in the type and its superclasses (`CodeTypedMember`).
        case member(String)
    }

    public var call: Call
    /// For `tab` (and `stack`, `split`): the controller's place in the array literal, from 0.
    public var order: Int?
    public var controller: Controller
    /// The API as written: `pushViewController(_:animated:)`, `UINavigationController(rootViewController:)`, …
    public var api: String
    public var enclosingType: [String]
    public var location: SourceLocation

    public init(call: Call, order: Int? = nil, controller: Controller, api: String, enclosingType: [String],
                location: SourceLocation) {
        self.call = call
        self.order = order
        self.controller = controller
        self.api = api
        self.enclosingType = enclosingType
        self.location = location
    }
}

/// A function with a body whose declared return type is one type name (`func makeProfile() -> ProfileViewController`):
/// a call of it in a navigation call stands for a controller of that class (`CodeNavigation.Controller.factory`).
public struct CodeFactory: Hashable, Sendable {
    /// Enclosing types, then the function's name.
    public var path: [String]
    /// The declared return type (`ProfileViewController`; `Self` for the enclosing type).
    public var type: String

    public init(path: [String], type: String) {
        self.path = path
        self.type = type
    }
}

/// A SwiftUI type's declaration (issue 32): a view (`struct SettingsView: View`), a representable of a view controller
/// (`struct ProfileScreen: UIViewControllerRepresentable`, `NSViewControllerRepresentable`), or an extension of a type
/// in a file that imports SwiftUI (which may add to a view's body: `extension SettingsView { var header: some View … }`).
/// With the views the code hosts (`CodeNavigation.Controller.hosting`), the linker finds which SwiftUI screens show
/// a representable, and draws the representable's links from them.
public struct CodeSwiftUIType: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// Conforms to `View` where it is declared (or in this extension).
        case view
        /// Conforms to `UIViewControllerRepresentable` or `NSViewControllerRepresentable`.
        case representable
        /// An extension that names no SwiftUI conformance: its uses count for the type, whatever it is.
        case `extension`
        /// Conforms to `App` (in a file that imports SwiftUI): the views its body calls (`WindowGroup { ContentView() }`)
        /// are the app's first screens.
        case app
    }

    /// Enclosing types, then the type (as `CodeTypeDeclaration.path`).
    public var path: [String]
    public var kind: Kind
    /// The type names its body calls (`ProfileScreen()`, `NavigationLink(destination: Row(…))`, `Section { … }`),
    /// sorted, each once: upper-case names followed by `(` or `{`, not after a `.`. Framework names stay in; the linker
    /// keeps those the scanned code declares as SwiftUI types.
    public var uses: [String]
    public var location: SourceLocation

    public init(path: [String], kind: Kind, uses: [String], location: SourceLocation) {
        self.path = path
        self.kind = kind
        self.uses = uses
        self.location = location
    }

    public var name: String { path.last ?? "" }
}

/// A scene instantiated from a storyboard: by identifier, or the initial scene.
public struct CodeInstantiation: Hashable, Sendable {
    public var storyboard: CodeStoryboardRef
    /// The storyboard identifier; `nil` for the initial scene.
    public var identifier: CodeString?
    /// `instantiateViewController(withIdentifier:)`, `instantiateInitialViewController()`, `StoryboardScene`, …
    public var api: String
    public var enclosingType: [String]
    public var location: SourceLocation
    /// For the initial scene: the call's nil is replaced (`instantiateInitialViewController() ?? UIViewController()`),
    /// so a storyboard without one shows the fallback instead of crashing.
    public var hasFallback = false

    public init(storyboard: CodeStoryboardRef, identifier: CodeString?, api: String, enclosingType: [String],
                location: SourceLocation) {
        self.storyboard = storyboard
        self.identifier = identifier
        self.api = api
        self.enclosingType = enclosingType
        self.location = location
    }
}

/// `performSegue(withIdentifier:sender:)`, `performSegueWithIdentifier:sender:`, SwiftGen `perform(segue:)`.
public struct CodeSeguePerform: Hashable, Sendable {
    public var identifier: CodeString
    /// `true` when the receiver is `self`/`super` (or implicit), so the segue must start at one of the enclosing
    /// class's scenes; `false` for `otherController.performSegue(…)`.
    public var onSelf: Bool
    public var api: String
    public var enclosingType: [String]
    public var location: SourceLocation
    /// The call cannot crash the app even if no segue has the identifier: it is inside an Objective-C
    /// `@try { … } @catch`, which catches the exception UIKit raises.
    public var guarded: Bool
    /// For a call on another object: the class its type is written as in the code (`x as? PlayerViewController`,
    /// `as!` of an instantiation), or nil.
    public var receiverType: String?
    /// For a call on a property of the enclosing type (`self.player.performSegue(…)`, `player.performSegue(…)`):
    /// its name, whose declared type (`CodeTypedMember`) is the receiver's class.
    public var receiverMember: String?

    public init(identifier: CodeString, onSelf: Bool = true, api: String, enclosingType: [String], location: SourceLocation,
                guarded: Bool = false) {
        self.identifier = identifier
        self.onSelf = onSelf
        self.api = api
        self.enclosingType = enclosingType
        self.location = location
        self.guarded = guarded
    }
}

/// A stored property whose type is written as one class name: `var player: PlayerViewController!`. A call on it
/// (`player.performSegue(…)`) is checked against that class's scenes.
public struct CodeTypedMember: Hashable, Sendable {
    public var owner: [String]
    public var name: String
    public var type: String
    /// The type is not written: it is the class of the initial value of a `let` or `lazy var`
    /// (`private let detail = DetailViewController()`). Only navigation reads these (`CodeNavigation.Controller.member`).
    public var fromInitialValue: Bool

    public init(owner: [String], name: String, type: String, fromInitialValue: Bool = false) {
        self.owner = owner
        self.name = name
        self.type = type
        self.fromInitialValue = fromInitialValue
    }
}

/// A generated accessor used in code: SwiftGen `StoryboardScene.X.y.instantiate()`, R.swift `R.storyboard.x.y()`.
public struct CodeGeneratedUse: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        /// The storyboard itself (`R.storyboard.main()`, `StoryboardScene.Main.storyboard`).
        case storyboard
        /// A scene by its accessor (`StoryboardScene.Main.messagesList`, `R.storyboard.main.settingsController()`).
        case scene
        /// The initial scene (`StoryboardScene.Main.initialScene`, `R.storyboard.main.initialViewController()`).
        case initialScene = "initial-scene"
        /// A segue performed through a generated accessor (`perform(segue: StoryboardSegue.Main.show)`,
        /// `performSegue(withIdentifier: R.segue.overviewController.openSettings, …)`).
        case segue
    }

    public var generator: CodeGenerator
    public var kind: Kind
    /// The storyboard accessor (`Main` for SwiftGen, `main` for R.swift); for R.swift segues, the source class accessor.
    public var container: String
    /// The scene or segue accessor, when there is one.
    public var member: String?
    public var enclosingType: [String]
    public var location: SourceLocation

    public init(generator: CodeGenerator, kind: Kind, container: String, member: String? = nil,
                enclosingType: [String], location: SourceLocation) {
        self.generator = generator
        self.kind = kind
        self.container = container
        self.member = member
        self.enclosingType = enclosingType
        self.location = location
    }
}

/// `Foo.instantiateFromStoryboard()` and similar helpers that derive the identifier from the class name
/// (docs/input-format.md §7.3, pitfall 5). Resolved only by a heuristic.
public struct CodeClassInstantiation: Hashable, Sendable {
    /// The class the helper is called on (`Foo`).
    public var type: String
    /// The helper's name (`instantiateFromStoryboard`).
    public var method: String
    public var enclosingType: [String]
    public var location: SourceLocation
    /// For a generic helper called on a storyboard with the class as its argument (`board.instantiate(ProfileVC.self)`):
    /// the storyboard the receiver stands for. `nil` for a helper called on the class (`ReceiptVC.instantiate()`).
    public var storyboard: CodeStoryboardRef?
    /// Whether the helper's name is one of the usual ones (`instantiate…`, `…FromStoryboard`, `storyboardInstance`),
    /// which makes the class-name heuristic link when no scanned helper explains the call; `false` for a call recorded
    /// only because its name has `storyboard` in it (`loadFromMainStoryboard`).
    public var namedLikeAHelper = true

    public init(type: String, method: String, enclosingType: [String], location: SourceLocation,
                storyboard: CodeStoryboardRef? = nil) {
        self.type = type
        self.method = method
        self.enclosingType = enclosingType
        self.location = location
        self.storyboard = storyboard
    }
}

/// A function whose body loads or instantiates with the name of the class it is called on:
/// `extension UIViewController { static func instantiateFromStoryboard() -> Self { UIStoryboard(name: String(describing:
/// self), …).instantiateViewController(withIdentifier: String(describing: self)) } }`, or of its generic parameter
/// (`extension UIStoryboard { func instantiate<T>(_: T.Type) -> T { instantiateViewController(withIdentifier:
/// String(describing: T.self)) } }`). A call (`CodeClassInstantiation`) is checked with the values the body computes.
public struct CodeClassNameHelper: Hashable, Sendable {
    /// Enclosing types, then the function's name (`["UIViewController", "instantiateFromStoryboard"]`).
    public var path: [String]
    /// The generic parameter whose name the body uses (`T`), or `nil` when it uses `self`'s.
    public var typeParameter: String?
    /// The body's uses that name the class (`.ownTypeName`, or `.typeName(T)` for the generic parameter).
    public var loads: [CodeStoryboardLoad]
    public var instantiations: [CodeInstantiation]

    public init(path: [String], typeParameter: String?, loads: [CodeStoryboardLoad], instantiations: [CodeInstantiation]) {
        self.path = path
        self.typeParameter = typeParameter
        self.loads = loads
        self.instantiations = instantiations
    }
}

/// A type that adopts one of the Reusable library's storyboard protocols (`StoryboardBased`, `StoryboardSceneBased`),
/// whose `instantiate()` loads the storyboard named after the class (or the type's `sceneStoryboard`) and its initial
/// scene (or the scene whose ID is `sceneIdentifier`, by default the class's name).
public struct CodeConformance: Hashable, Sendable {
    public var path: [String]
    public var protocolName: String

    public init(path: [String], protocolName: String) {
        self.path = path
        self.protocolName = protocolName
    }
}

/// An `@IBAction` method that takes a storyboard segue: the receiving end of unwind segues.
public struct CodeUnwindAction: Hashable, Sendable {
    /// The Objective-C selector (`unwindToListWithSegue:`, `unwindToList:`), as `segue@unwindAction` names it.
    public var selector: String
    public var enclosingType: [String]
    public var location: SourceLocation

    public init(selector: String, enclosingType: [String], location: SourceLocation) {
        self.selector = selector
        self.enclosingType = enclosingType
        self.location = location
    }
}

/// A string constant: Swift `let`/`static let`, Objective-C `NSString *const`, `#define`.
public struct CodeConstant: Hashable, Sendable {
    /// The qualified name: enclosing types, then the constant (`["MainStoryboard", "Identifiers", "empty"]`).
    public var path: [String]
    /// Its value: a literal, or another constant or enum case.
    public var value: CodeString
    public var location: SourceLocation

    public init(path: [String], value: CodeString, location: SourceLocation) {
        self.path = path
        self.value = value
        self.location = location
    }
}

/// One case of a String enum, with its raw value (the case name when none is written).
public struct CodeEnumCase: Hashable, Sendable {
    public var name: String
    public var rawValue: String

    public init(name: String, rawValue: String) {
        self.name = name
        self.rawValue = rawValue
    }
}

/// `enum X: String { case a = "A", b }`.
public struct CodeStringEnum: Hashable, Sendable {
    public var path: [String]
    public var cases: [CodeEnumCase]
    public var location: SourceLocation

    public init(path: [String], cases: [CodeEnumCase], location: SourceLocation) {
        self.path = path
        self.cases = cases
        self.location = location
    }
}

/// A member that returns one storyboard: `static var settings: UIStoryboard { UIStoryboard(name: "Settings", bundle: nil) }`,
/// `+ (UIStoryboard *)searchStoryboard { return [UIStoryboard storyboardWithName:@"Search" bundle:nil]; }`,
/// `private let storyboard = UIStoryboard(name: "Onboarding", bundle: nil)`.
///
/// A stored member of storyboard type whose value the scanner cannot read (`let storyboard: UIStoryboard`, set in an
/// initializer; an Objective-C `@property UIStoryboard *storyboard`) is recorded too, with a `.dynamic` name and
/// `fromLoad == false`: it still hides UIKit's `storyboard` property, and uses through it are reported as dynamic.
public struct CodeStoryboardHelper: Hashable, Sendable {
    /// Enclosing types, then the member name (`["UIStoryboard", "settings"]`).
    public var path: [String]
    /// The storyboard name the helper loads.
    public var name: CodeString
    /// `true` when `name` is read from a storyboard load in the member's body or initializer; that load is checked
    /// (and a dynamic name reported) where it is written. `false` for a stored member whose value is not known here.
    public var fromLoad: Bool
    /// The bundle that load names (`bundle: Bundle(for: X.self)`), as written in the helper's file.
    public var bundle: CodeBundle
    public var location: SourceLocation

    public init(path: [String], name: CodeString, fromLoad: Bool = true, bundle: CodeBundle = .main, location: SourceLocation) {
        self.path = path
        self.name = name
        self.fromLoad = fromLoad
        self.bundle = bundle
        self.location = location
    }
}

/// A type declared (or extended) in the file.
public struct CodeTypeDeclaration: Hashable, Sendable {
    public enum Kind: String, Hashable, Sendable, Codable {
        case `class`, `struct`, `enum`, `extension`, `protocol`, actor
        /// Objective-C `@interface` / `@implementation`.
        case objcClass = "objc-class"
    }

    /// Enclosing types, then the type (`["Outer", "Inner"]`).
    public var path: [String]
    public var kind: Kind
    /// The first inherited type of a class (`UIViewController`), when written.
    public var superclass: String?
    /// Where the name is written.
    public var location: SourceLocation
    /// The lines the declaration spans, from its name's to its closing brace's (Objective-C: `@end`'s), so that
    /// the type a line of code belongs to is known without reading the file again (`LoadedCodeFile.enclosingType`).
    /// A declaration left open at the end of the file runs to its last line.
    public var lines: ClosedRange<Int>
    /// Classes: the first sentence of the doc comment right above the declaration (`DocComments`).
    public var doc: String?

    public var name: String { path.last ?? "" }

    /// `lines` defaults to the line of `location` alone.
    public init(path: [String], kind: Kind, superclass: String?, location: SourceLocation, lines: ClosedRange<Int>? = nil) {
        self.path = path
        self.kind = kind
        self.superclass = superclass
        self.location = location
        self.lines = lines ?? location.line...location.line
    }
}

/// A scene accessor declared in a generated file: SwiftGen `static let x = SceneType<…>(storyboard: Main.self, identifier: "X")`,
/// R.swift `…Identifier<…>(identifier: "x", …)`. The storyboard's name is the `storyboardName` (SwiftGen) or
/// `name` (R.swift) constant of the same enclosing type.
public struct CodeGeneratedScene: Hashable, Sendable {
    /// Enclosing types, then the accessor (`["StoryboardScene", "Main", "messagesList"]`).
    public var path: [String]
    /// The storyboard identifier; `nil` for an initial-scene accessor.
    public var identifier: String?
    public var location: SourceLocation

    public init(path: [String], identifier: String?, location: SourceLocation) {
        self.path = path
        self.identifier = identifier
        self.location = location
    }
}

/// Everything one source file says about storyboards.
public struct LoadedCodeFile: Hashable, Sendable {
    public var path: String
    public var language: CodeLanguage
    /// Set when the file looks generated by SwiftGen or R.swift: its declarations count, its own calls do not.
    public var generatedBy: CodeGenerator?
    /// Modules imported (`UIKit`, `AppKit`, `Cocoa`, …), which tell the platform when the API does not.
    public var imports: [String]

    // Declarations.
    public var types: [CodeTypeDeclaration]
    public var constants: [CodeConstant]
    public var enums: [CodeStringEnum]
    public var helpers: [CodeStoryboardHelper]
    /// Members that return a bundle (see `CodeBundleHelper`).
    public var bundleHelpers: [CodeBundleHelper] = []
    public var generatedScenes: [CodeGeneratedScene]

    // Uses.
    public var loads: [CodeStoryboardLoad]
    public var instantiations: [CodeInstantiation]
    public var performs: [CodeSeguePerform]
    public var generatedUses: [CodeGeneratedUse]
    public var classInstantiations: [CodeClassInstantiation]
    /// The nibs loaded by name (`CodeNibLoad`).
    public var nibLoads: [CodeNibLoad] = []
    /// The controllers handed to navigation calls (`CodeNavigation`).
    public var navigations: [CodeNavigation] = []
    /// Functions that return one named type (`CodeFactory`).
    public var factories: [CodeFactory] = []
    public var unwindActions: [CodeUnwindAction]
    /// The lines under `#if` branches and their conditions (empty for most files): a use is linked only for the
    /// platforms its branch is compiled for.
    public var conditions: [CompileConditionRange] = []
    /// The types that implement `performSegue(withIdentifier:sender:)` / `performSegueWithIdentifier:sender:`
    /// themselves: they may handle an identifier no segue has, so a call on them is a note at most.
    public var performSegueOverrides: [[String]] = []
    /// Every name the file's code may use as a type: each identifier outside comments and string literals that
    /// starts, after any leading underscores, with an upper-case letter (or a non-ASCII character that is not
    /// lower-case), except the name tokens of the file's own
    /// type declarations (`class Foo`, `extension Foo`, `@interface Foo`, `@implementation Foo`, `@class Foo`).
    /// A superclass, a conformance, `Foo.shared`, `Foo()`, `[Foo class]`, `Foo *x`, `SceneType<Foo>` all count.
    /// A name that starts otherwise is never here: see `mayReferenceType(named:)`.
    public var referencedTypeNames = TypeNameDigests()
    /// Stored properties typed by a class name (see `CodeTypedMember`).
    public var typedMembers: [CodeTypedMember] = []
    /// Functions that load or instantiate with their own parameters (see `CodeParameterHelper`).
    public var parameterHelpers: [CodeParameterHelper] = []
    /// Calls that pass literals, maybe to a `CodeParameterHelper` (see `CodeHelperCall`).
    public var helperCalls: [CodeHelperCall] = []
    /// The names of the functions the file calls with no argument (`make()`, `Foo.fromStoryboard()`): such a call
    /// takes every default value of the function's parameters.
    public var bareCalls: Set<String> = []
    /// Functions that load or instantiate with the name of the class they are called on (see `CodeClassNameHelper`).
    public var classNameHelpers: [CodeClassNameHelper] = []
    /// Types that adopt Reusable's storyboard protocols (see `CodeConformance`).
    public var storyboardConformances: [CodeConformance] = []
    /// SwiftUI views, representables and extensions in SwiftUI files (see `CodeSwiftUIType`).
    public var swiftUITypes: [CodeSwiftUIType] = []

    public init(path: String, language: CodeLanguage, generatedBy: CodeGenerator? = nil, imports: [String] = [],
                types: [CodeTypeDeclaration] = [], constants: [CodeConstant] = [], enums: [CodeStringEnum] = [],
                helpers: [CodeStoryboardHelper] = [], generatedScenes: [CodeGeneratedScene] = [],
                loads: [CodeStoryboardLoad] = [], instantiations: [CodeInstantiation] = [],
                performs: [CodeSeguePerform] = [], generatedUses: [CodeGeneratedUse] = [],
                classInstantiations: [CodeClassInstantiation] = [], unwindActions: [CodeUnwindAction] = []) {
        self.path = path
        self.language = language
        self.generatedBy = generatedBy
        self.imports = imports
        self.types = types
        self.constants = constants
        self.enums = enums
        self.helpers = helpers
        self.generatedScenes = generatedScenes
        self.loads = loads
        self.instantiations = instantiations
        self.performs = performs
        self.generatedUses = generatedUses
        self.classInstantiations = classInstantiations
        self.unwindActions = unwindActions
    }

    /// Whether `referencedTypeNames` answers for a type of this name: only names that start as described there are
    /// collected (a type's name nearly always does), so for any other name the file must be assumed to refer to it.
    public static func recordsReferences(toTypeNamed name: String) -> Bool {
        guard let first = name.unicodeScalars.first(where: { $0 != "_" }) else { return false }
        return first.isASCII ? ("A"..."Z").contains(first) : !first.properties.isLowercase
    }

    /// Whether the file's code may refer to the type `name` (see `referencedTypeNames`).
    public func mayReferenceType(named name: String) -> Bool {
        !Self.recordsReferences(toTypeNamed: name) || referencedTypeNames.contains(name)
    }

    /// The innermost type declaration whose lines hold `line` (the latest declared of those that start last), or
    /// `nil` for a line outside every type.
    public func enclosingType(ofLine line: Int) -> CodeTypeDeclaration? {
        var found: Int?
        for k in types.indices where types[k].lines.contains(line) {
            if let f = found, types[f].lines.lowerBound > types[k].lines.lowerBound { continue }
            found = k
        }
        return found.map { types[$0] }
    }

    /// Whether the file says nothing at all about storyboards (no uses and no declarations that could matter).
    public var isEmpty: Bool {
        constants.isEmpty && enums.isEmpty && helpers.isEmpty && bundleHelpers.isEmpty && generatedScenes.isEmpty && loads.isEmpty
            && instantiations.isEmpty && performs.isEmpty && generatedUses.isEmpty && classInstantiations.isEmpty
            && unwindActions.isEmpty && parameterHelpers.isEmpty && helperCalls.isEmpty && classNameHelpers.isEmpty
            && storyboardConformances.isEmpty && nibLoads.isEmpty && navigations.isEmpty && factories.isEmpty
            && swiftUITypes.isEmpty
    }
}
