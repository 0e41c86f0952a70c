/// Close matches for a mistyped name (a person, a subcommand, a zone), by edit distance.
public enum Spelling {
  /// The edit distance between `a` and `b`, ignoring case: insertions, deletions,
  /// substitutions and swaps of two neighbouring letters count one each (optimal string
  /// alignment).
  public static func distance(_ a: String, _ b: String) -> Int {
    let x = Array(a.lowercased())
    let y = Array(b.lowercased())
    if x.isEmpty || y.isEmpty { return max(x.count, y.count) }
    var d = [[Int]](repeating: [Int](repeating: 0, count: y.count + 1), count: x.count + 1)
    for i in 0...x.count { d[i][0] = i }
    for j in 0...y.count { d[0][j] = j }
    for i in 1...x.count {
      for j in 1...y.count {
        let cost = x[i - 1] == y[j - 1] ? 0 : 1
        d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
        if i > 1, j > 1, x[i - 1] == y[j - 2], x[i - 2] == y[j - 1] {
          d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1)
        }
      }
    }
    return d[x.count][y.count]
  }

  /// The candidates within a third of the name's length (at least 1, at most 3 edits) of it,
  /// closest first (ties in the candidates' order), at most `limit`.
  public static func closest(to name: String, among candidates: [String], limit: Int = 3)
    -> [String]
  {
    let allowed = max(1, min(3, name.count / 3))
    return candidates.map { ($0, distance(name, $0)) }
      .filter { $0.1 <= allowed }
      .enumerated().sorted { ($0.element.1, $0.offset) < ($1.element.1, $1.offset) }
      .prefix(limit).map(\.element.0)
  }
}
