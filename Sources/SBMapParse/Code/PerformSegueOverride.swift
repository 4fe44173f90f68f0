/// Whether an implementation of `performSegue(withIdentifier:sender:)` / `performSegueWithIdentifier:sender:` decides
/// what an identifier does. One that only defers the call or forwards it unchanged to `super`
/// handles no identifier: UIKit still looks the segue up, so a call with an identifier no segue has still crashes,
/// and the calls stay checkable. Any other use of the identifier (a comparison, a `switch`, a log, passing it
/// elsewhere), or none at all (it is never given to `super`), may handle an identifier itself: then the calls are
/// notes. When in doubt the override handles: a handled identifier reported as an error would fail a healthy build.
extension TokenStream {
    /// `parameter` is the token of the identifier parameter's local name; `brace` the `{` that opens the body.
    /// `swift`: Swift's `super.performSegue(withIdentifier: identifier, …)`; else Objective-C's
    /// `[super performSegueWithIdentifier:identifier sender:…]`.
    /// `typeBody`: the tokens of the Swift class body the override is in, where an identifier it stores in a property
    /// (`pendingSegue = identifier`) may be forwarded later (`super.performSegue(withIdentifier: pendingSegue, …)` in
    /// `viewDidAppear`): a deferred pass-through.
    func overrideHandlesIdentifiers(parameter: Int, body brace: Int, swift: Bool, typeBody: Range<Int>? = nil) -> Bool {
        guard isPunct(brace, "{"), kind(parameter) == .identifier else { return true }
        let name = text(parameter)
        let end = close(brace)
        var forwarded = false
        var stored: [String] = []
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
            if swift, typeBody != nil, let property = storedProperty(k) {
                stored.append(property)
                continue
            }
            guard forwardsToSuper(k, swift: swift) else { return true }
            forwarded = true
        }
        if let typeBody, !stored.isEmpty {
            for property in stored {
                guard onlyForwarded(property, in: typeBody) else { return true }
            }
            return false
        }
        return !forwarded
    }

    /// The property that the whole statement at `k` stores the parameter in (`pendingSegue = identifier`,
    /// `self.pendingSegue = identifier`), or nil for any other use.
    private func storedProperty(_ k: Int) -> String? {
        guard isPunct(k - 1, "="), kind(k - 2) == .identifier, statementEnds(after: k) else { return nil }
        if isPunct(k - 3, ".") { return isIdentifier(k - 4, "self") && !isPunct(k - 5, ".") ? text(k - 2) : nil }
        // `let copy = identifier` declares a local: not a property.
        if word(k - 3) == .let || word(k - 3) == .var || isPunct(k - 3, "=") || isPunct(k - 3, "!") { return nil }
        return text(k - 2)
    }

    /// Whether the statement (or the condition clause) of the expression that ends at `k` ends there.
    private func statementEnds(after k: Int) -> Bool {
        k + 1 >= count || self[k + 1].newlineBefore || isPunct(k + 1, ";") || isPunct(k + 1, "}") || isPunct(k + 1, "{")
            || isPunct(k + 1, ",") || isIdentifier(k + 1, "else")
    }

    /// Whether every read of `property` in the class body gives its value back to `super.performSegue` unchanged:
    /// directly, or through a local bound to it (`if let id = pendingSegue`, `guard let pendingSegue else`). Setting
    /// it (`pendingSegue = nil`), declaring it and testing it against `nil` read nothing; any other use may handle the
    /// identifier. At least one forward must exist: an identifier stored and never performed is handled.
    private func onlyForwarded(_ property: String, in body: Range<Int>) -> Bool {
        var forwarded = false
        var bound: [(name: String, at: Int)] = []
        for k in body where kind(k) == .identifier && text(k, equals: property) {
            // `self.property` reads it too; another object's member of that name is not it.
            var s = k
            if isPunct(k - 1, ".") {
                guard isIdentifier(k - 2, "self"), !isPunct(k - 3, ".") else { continue }
                s = k - 2
            }
            if isPunct(s - 1, "(") || isPunct(s - 1, ","), isPunct(k + 1, ":") { continue }  // an argument label
            if word(s - 1) == .var || word(s - 1) == .let { continue }  // its declaration, or `if let property`
            if isPunct(k + 1, "="), !isPunct(k + 2, "=") { continue }  // set
            if isPunct(k + 1, "!") || isPunct(k + 1, "="), isPunct(k + 2, "="), isIdentifier(k + 3, "nil") { continue }
            if forwardsToSuper(k, swift: true) || forwardsToSuperThroughSelf(s) {
                forwarded = true
                continue
            }
            // `let id = pendingSegue` (in `if let`/`guard let` too): a local that must only be forwarded.
            if isPunct(s - 1, "="), kind(s - 2) == .identifier, word(s - 3) == .let || word(s - 3) == .var,
               statementEnds(after: k) {
                bound.append((text(s - 2), s - 2))
                continue
            }
            return false
        }
        for (name, at) in bound {
            for k in body where k != at && kind(k) == .identifier && text(k, equals: name) {
                if isPunct(k - 1, ".") { continue }
                if isPunct(k - 1, "(") || isPunct(k - 1, ","), isPunct(k + 1, ":") { continue }
                guard forwardsToSuper(k, swift: true) else { return false }
                forwarded = true
            }
        }
        return forwarded
    }

    /// `super.performSegue(withIdentifier: self.pendingSegue, …)`, with `s` the token of `self`.
    private func forwardsToSuperThroughSelf(_ s: Int) -> Bool {
        isIdentifier(s, "self") && isPunct(s - 1, ":") && isIdentifier(s - 2, "withIdentifier") && isPunct(s - 3, "(")
            && isIdentifier(s - 4, "performSegue") && isPunct(s - 5, ".") && isIdentifier(s - 6, "super")
            && (isPunct(s + 3, ",") || isPunct(s + 3, ")"))
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
