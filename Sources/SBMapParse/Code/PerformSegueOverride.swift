/// Whether an implementation of `performSegue(withIdentifier:sender:)` / `performSegueWithIdentifier:sender:` decides
/// what an identifier does (issue 20, class 1). One that only defers the call or forwards it unchanged to `super`
/// handles no identifier: UIKit still looks the segue up, so a call with an identifier no segue has still crashes,
/// and the calls stay checkable. Any other use of the identifier (a comparison, a `switch`, a log, passing it
/// elsewhere), or none at all (it is never given to `super`), may handle an identifier itself: then the calls are
/// notes. When in doubt the override handles: a handled identifier reported as an error would fail a healthy build.
extension TokenStream {
    /// `parameter` is the token of the identifier parameter's local name; `brace` the `{` that opens the body.
    /// `swift`: Swift's `super.performSegue(withIdentifier: identifier, …)`; else Objective-C's
    /// `[super performSegueWithIdentifier:identifier sender:…]`.
    func overrideHandlesIdentifiers(parameter: Int, body brace: Int, swift: Bool) -> Bool {
        guard isPunct(brace, "{"), kind(parameter) == .identifier else { return true }
        let name = text(parameter)
        let end = close(brace)
        var forwarded = false
        var k = brace + 1
        while k < end {
            defer { k += 1 }
            guard kind(k) == .identifier, text(k, equals: name) else { continue }
            // A member or an argument label of that name (`x.identifier`, `f(identifier: x)`, `[x f:y identifier:z]`)
            // is not the parameter; a ternary's `c ? identifier : d` is.
            if isPunct(k - 1, ".") { continue }
            if isPunct(k + 1, ":"), swift ? isPunct(k - 1, "(") || isPunct(k - 1, ",")
                                          : kind(k - 1) == .identifier || isPunct(k - 1, "]") || isPunct(k - 1, ")") {
                continue
            }
            guard forwardsToSuper(k, swift: swift) else { return true }
            forwarded = true
        }
        return !forwarded
    }

    /// Whether the name at `k` is the whole first argument of a call of the same method on `super`.
    private func forwardsToSuper(_ k: Int, swift: Bool) -> Bool {
        if swift {
            // super . performSegue ( withIdentifier : NAME ,|)
            return isPunct(k - 1, ":") && isIdentifier(k - 2, "withIdentifier") && isPunct(k - 3, "(")
                && isIdentifier(k - 4, "performSegue") && isPunct(k - 5, ".") && isIdentifier(k - 6, "super")
                && (isPunct(k + 1, ",") || isPunct(k + 1, ")"))
        }
        // [ super performSegueWithIdentifier : NAME sender|]
        return isPunct(k - 1, ":") && isIdentifier(k - 2, "performSegueWithIdentifier") && isIdentifier(k - 3, "super")
            && (isIdentifier(k + 1, "sender") || isPunct(k + 1, "]"))
    }
}
