/// A count and its noun, as every message and page writes one: `1 scene`, `2 scenes`, or `plural` when adding `s` is
/// wrong (`2 references and links`).
public func plural(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    "\(count) \(nounFor(count, noun, plural))"
}

/// The noun `plural` writes after the count, alone (a page that shows the number apart): `scene`, `scenes`.
public func nounFor(_ count: Int, _ noun: String, _ plural: String? = nil) -> String {
    count == 1 ? noun : plural ?? noun + "s"
}
