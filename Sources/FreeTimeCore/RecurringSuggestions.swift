/// Ranked recurring meetings (`freetime suggest --repeat`, docs/GUIDE.md, Recurring meetings): one
/// wall-clock time that holds for every occurrence, or a rotation of K times used in turn,
/// each checked at every occurrence against everyone's free time.
extension Suggestions {
  /// One occurrence of a recurring suggestion: who is missing, which rooms are free, and what
  /// it costs each required person free for it.
  public struct Occurrence: Sendable, Equatable {
    public var interval: Interval
    /// The required people not free throughout it, in the order given.
    public var missing: [String]
    /// The optional people free throughout it.
    public var optional: [String]
    /// The optional people not free throughout it.
    public var optionalMissing: Int
    /// The rooms free throughout it.
    public var rooms: [String]
    /// Per required person, in the order given: the cost (`Suggestions.cost`), nil when they
    /// are missing.
    public var costs: [Int64?]
    /// Per required person: the seconds outside their comfort hours, nil when missing.
    public var outside: [Int64?]
  }

  /// A recurring suggestion: K series (one without a rotation) and their occurrences in turn.
  public struct Recurring: Sendable, Equatable {
    /// The first occurrence of each series.
    public var firsts: [Interval]
    /// The occurrences in turn: occurrence i belongs to series i mod K.
    public var occurrences: [Occurrence]
    /// The required people, in the order given.
    public var required: [String]

    /// Each required person's cost over the occurrences they are free for.
    public var totals: [Int64] {
      required.indices.map { p in occurrences.reduce(0) { $0 + ($1.costs[p] ?? 0) } }
    }
    /// Each required person's seconds outside comfort over the occurrences they are free for.
    public var outsideTotals: [Int64] {
      required.indices.map { p in occurrences.reduce(0) { $0 + ($1.outside[p] ?? 0) } }
    }
    /// How many occurrences each required person misses.
    public var missed: [Int] {
      required.indices.map { p in occurrences.filter { $0.costs[p] == nil }.count }
    }
    public var missingPairs: Int { occurrences.reduce(0) { $0 + $1.missing.count } }
    public var costSum: Int64 { totals.reduce(0, +) }
    public var largestTotal: Int64 { totals.max() ?? 0 }
  }

  /// The occurrences of a series from `first`, checked against everyone (docs/GUIDE.md, Recurring
  /// meetings); nil when `quorum` is not met at one of them.
  static func series(
    from first: Instant, repetition: Repetition, duration: Int64, zone: some UTCOffsetSource,
    required: [Person], optional: [Person], rooms: [Person], quorum: Int?
  ) -> [Occurrence]? {
    var out: [Occurrence] = []
    for start in repetition.starts(from: first, zone: zone) {
      let meeting = Interval(start, start + duration)
      var missing: [String] = []
      var costs: [Int64?] = []
      var outsides: [Int64?] = []
      for person in required {
        if holds(person.free, meeting) {
          costs.append(person.cost(meeting))
          outsides.append(outside(meeting, comfort: person.comfort))
        } else {
          missing.append(person.name)
          costs.append(nil)
          outsides.append(nil)
        }
      }
      if let quorum, required.count - missing.count < quorum { return nil }
      let free = optional.filter { holds($0.free, meeting) }.map(\.name)
      out.append(
        Occurrence(
          interval: meeting, missing: missing, optional: free,
          optionalMissing: optional.count - free.count,
          rooms: rooms.filter { holds($0.free, meeting) }.map(\.name), costs: costs,
          outside: outsides))
    }
    return out
  }

  /// The grid starts of the `j`-th period of the window from `from`.
  static func periodStarts(
    _ j: Int, from: Instant, period: RepeatPeriod, duration: Int64, stepMinutes: Int,
    zone: some UTCOffsetSource
  ) -> [Instant] {
    let a = Repetition.periodStart(j, from: from, period: period, zone: zone)
    let b = Repetition.periodEnd(j, from: from, period: period, zone: zone)
    return starts(
      in: Interval(a, b + duration), duration: duration, stepMinutes: stepMinutes, zone: zone
    ).filter { $0 < b }
  }

  /// Where the window must reach for every occurrence of every candidate of `rotate` periods.
  public static func reach(
    from: Instant, repetition: Repetition, rotate: Int, duration: Int64,
    zone: some UTCOffsetSource
  ) -> Instant {
    var end = from
    for j in 0..<max(1, rotate) {
      // A start just past period j bounds every start in it.
      let probe = Repetition.periodEnd(j, from: from, period: repetition.period, zone: zone)
      var series = repetition
      series.every = max(1, rotate)
      if let count = repetition.count { series.count = max(1, (count - j + rotate - 1) / rotate) }
      if let last = series.starts(from: probe, zone: zone).last { end = max(end, last) }
    }
    // A monthly n-th weekday may fall up to a week later than the probe's.
    return end + duration + 8 * 86400
  }

  /// The `count` best recurring meetings (docs/GUIDE.md, Recurring meetings), best first. Without a
  /// rotation (`rotate` 1), every grid start of the first period is a candidate; with one, a
  /// candidate is a grid start in each of the first `rotate` periods.
  public static func recurring(
    _ people: [Person], from: Instant, duration: Int64, stepMinutes: Int,
    zone: some UTCOffsetSource, quorum: Int?, repetition: Repetition, rotate: Int = 1,
    count: Int, perDay: Int? = nil
  ) -> [Recurring] {
    let required = people.filter { $0.role == .required }
    let optional = people.filter { $0.role == .optional }
    let rooms = people.filter { $0.role == .room }
    let k = max(1, rotate)
    // Each period's candidates with their own series (every k periods, their share of COUNT).
    var periods: [[(start: Instant, occurrences: [Occurrence])]] = []
    for j in 0..<k {
      var rule = repetition
      rule.every = k
      if let n = repetition.count {
        guard n > j else { break }
        rule.count = (n - j + k - 1) / k
      }
      var list: [(Instant, [Occurrence])] = []
      for start in periodStarts(
        j, from: from, period: repetition.period, duration: duration, stepMinutes: stepMinutes,
        zone: zone)
      {
        if let occurrences = series(
          from: start, repetition: rule, duration: duration, zone: zone, required: required,
          optional: optional, rooms: rooms, quorum: quorum), !occurrences.isEmpty
        {
          list.append((start, occurrences))
        }
      }
      periods.append(list)
    }
    func combine(_ parts: [[Occurrence]]) -> Recurring {
      var occurrences: [Occurrence] = []
      var m = 0
      while true {
        var added = false
        for part in parts where m < part.count {
          occurrences.append(part[m])
          added = true
        }
        if !added { break }
        m += 1
      }
      return Recurring(
        firsts: parts.map { $0[0].interval }, occurrences: occurrences,
        required: required.map(\.name))
    }
    guard periods.count == k, periods.allSatisfy({ !$0.isEmpty }) else { return [] }
    var candidates: [Recurring]
    if k == 1 {
      candidates = periods[0].map { combine([$0.occurrences]) }
      let withRooms = !rooms.isEmpty
      func key(_ r: Recurring) -> (Int, Int, Int, Int64, Int64, Instant) {
        (
          r.missingPairs, r.occurrences.reduce(0) { $0 + $1.optionalMissing },
          withRooms ? r.occurrences.filter { $0.rooms.isEmpty }.count : 0, r.costSum,
          r.largestTotal, r.firsts[0].start
        )
      }
      candidates.sort { key($0) < key($1) }
    } else {
      let scored = periods.map { $0.map(Score.init) }
      let fronts = scored.dropFirst().map(paretoFront)
      candidates = scored[0].map { first in
        let rest = bestRotation(first, fronts: Array(fronts))
        return combine([first.occurrences] + rest.map(\.occurrences))
      }
      candidates.sort { precedes(rotationKey($0), rotationKey($1)) }
    }
    let picked = choose(
      candidates.map { $0.firsts[0] }, count: count, perDay: perDay, zone: zone)
    return picked.map { candidates[$0] }
  }

  /// A rotation's keys (docs/GUIDE.md, Recurring meetings): missing pairs, the largest total of one
  /// person, the sum of the costs, then the starts.
  static func rotationKey(_ r: Recurring) -> (Int, Int64, Int64, [Instant]) {
    (r.missingPairs, r.largestTotal, r.costSum, r.firsts.map(\.start))
  }

  /// A candidate of one period, scored for a rotation: its missing pairs and each required
  /// person's total cost over its own occurrences.
  struct Score {
    var start: Instant
    var occurrences: [Occurrence]
    var missing: Int
    var totals: [Int64]

    init(_ item: (start: Instant, occurrences: [Occurrence])) {
      start = item.start
      occurrences = item.occurrences
      missing = item.occurrences.reduce(0) { $0 + $1.missing.count }
      let people = item.occurrences.first?.costs.count ?? 0
      totals = (0..<people).map { p in item.occurrences.reduce(0) { $0 + ($1.costs[p] ?? 0) } }
    }

    /// No worse on any count (missing, each person's total), and better on one or earlier.
    func dominates(_ other: Score) -> Bool {
      guard missing <= other.missing, zip(totals, other.totals).allSatisfy({ $0 <= $1 }) else {
        return false
      }
      return missing != other.missing || totals != other.totals || start < other.start
    }
  }

  /// The best completion of a rotation that begins with `first` (`rotationKey`), one candidate
  /// of each later period, tried in every combination of their Pareto fronts: a candidate
  /// another dominates never makes a rotation better (docs/GUIDE.md, Recurring meetings).
  static func bestRotation(_ first: Score, fronts: [[Score]]) -> [Score] {
    let people = first.totals.count
    let levels = fronts.count
    // Each level's counts end to end (missing, then each person's total), read through
    // pointers in the search: no reference counting in the loop that runs most.
    let missing = fronts.flatMap { $0.map(\.missing) }
    let totals = fronts.flatMap { $0.flatMap(\.totals) }
    var offsets = [0]
    for front in fronts { offsets.append(offsets.last! + front.count) }
    // What the levels from each one on add at least: a branch that cannot beat the best so far
    // on missing pairs, or on them and the largest total, is not followed.
    var restMissing = [Int](repeating: 0, count: levels + 1)
    var restTotals = [Int64](repeating: 0, count: (levels + 1) * people)
    for level in stride(from: levels - 1, through: 0, by: -1) {
      restMissing[level] = restMissing[level + 1] + (fronts[level].map(\.missing).min() ?? 0)
      for p in 0..<people {
        restTotals[level * people + p] =
          restTotals[(level + 1) * people + p] + (fronts[level].map { $0.totals[p] }.min() ?? 0)
      }
    }
    var best: [Int] = []
    var bestCounts: (missing: Int, largest: Int64, sum: Int64)?
    var chosen = [Int](repeating: 0, count: levels)
    var running = first.totals
    missing.withUnsafeBufferPointer { missing in
      totals.withUnsafeBufferPointer { totals in
        restTotals.withUnsafeBufferPointer { restTotals in
          running.withUnsafeMutableBufferPointer { running in
            chosen.withUnsafeMutableBufferPointer { chosen in
              func visit(_ level: Int, _ lost: Int) {
                if let known = bestCounts {
                  let least = lost + restMissing[level]
                  if least > known.missing { return }
                  if least == known.missing {
                    var largest: Int64 = 0
                    for p in 0..<people {
                      largest = max(largest, running[p] + restTotals[level * people + p])
                    }
                    if largest > known.largest { return }
                  }
                }
                if level == levels {
                  var largest: Int64 = 0
                  var sum: Int64 = 0
                  for p in 0..<people {
                    largest = max(largest, running[p])
                    sum += running[p]
                  }
                  let counts = (lost, largest, sum)
                  if let known = bestCounts {
                    if counts > known { return }
                    // A tie on the counts: the earlier starts.
                    if counts == known {
                      let mine = (0..<levels).map { fronts[$0][chosen[$0]].start }
                      let theirs = (0..<levels).map { fronts[$0][best[$0]].start }
                      if !mine.lexicographicallyPrecedes(theirs) { return }
                    }
                  }
                  best = Array(chosen)
                  bestCounts = counts
                  return
                }
                for i in 0..<(offsets[level + 1] - offsets[level]) {
                  let row = offsets[level] + i
                  chosen[level] = i
                  for p in 0..<people { running[p] += totals[row * people + p] }
                  visit(level + 1, lost + missing[row])
                  for p in 0..<people { running[p] -= totals[row * people + p] }
                }
              }
              visit(0, first.missing)
            }
          }
        }
      }
    }
    return best.enumerated().map { fronts[$0.offset][$0.element] }
  }

  static func precedes(_ a: (Int, Int64, Int64, [Instant]), _ b: (Int, Int64, Int64, [Instant]))
    -> Bool
  {
    if a.0 != b.0 { return a.0 < b.0 }
    if a.1 != b.1 { return a.1 < b.1 }
    if a.2 != b.2 { return a.2 < b.2 }
    return a.3.lexicographicallyPrecedes(b.3)
  }

  /// The candidates of one period no other dominates (`Score.dominates`).
  static func paretoFront(_ list: [Score]) -> [Score] {
    var front: [Score] = []
    for score in list.sorted(by: { ($0.missing, $0.start) < ($1.missing, $1.start) }) {
      if front.contains(where: { $0.dominates(score) }) { continue }
      front.removeAll { score.dominates($0) }
      front.append(score)
    }
    return front
  }
}
