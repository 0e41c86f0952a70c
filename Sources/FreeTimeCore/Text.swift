// Small text helpers the modules share, so none of them needs all of Foundation (linking it
// doubles the conformance records the Swift runtime scans at start-up).

extension String {
  /// The string without spaces and tabs (any Unicode white space but line breaks) at its ends.
  public func trimmingWhitespace() -> String {
    func blank(_ c: Character) -> Bool { c.isWhitespace && !c.isNewline }
    guard let first = firstIndex(where: { !blank($0) }),
      let last = lastIndex(where: { !blank($0) })
    else { return "" }
    return String(self[first...last])
  }
}

extension Double {
  /// `2.5`, `10.0`, `-0.3`: one decimal, rounded half away from zero (as `%.1f` would show it,
  /// but for ties).
  public var oneDecimal: String {
    let tenths = Int((self * 10).rounded())
    let sign = tenths < 0 ? "-" : ""
    return "\(sign)\(abs(tenths) / 10).\(abs(tenths) % 10)"
  }
}
