/// Ranked meeting times (`freetime suggest`; docs/GUIDE.md, freetime suggest): concrete meetings of
/// one length on a step grid of the wall clock, ordered by who is missing, how many optional people
/// are free and how far outside people's comfort hours they fall, then chosen without overlap.
public enum Suggestions {
  /// A person taking part, with their free time (as the slots see it) and, for required people,
  /// their comfort hours (sorted, disjoint).
  public struct Person: Sendable {
    public var name: String
    public var role: Role
    public var free: [Interval]
    public var comfort: [Interval]
    /// The zone of the wall clock the comfort hours are on (the cost's gaps are measured on it).
    public var zone: any UTCOffsetSource & Sendable

    public init(
      name: String, role: Role, free: [Interval], comfort: [Interval] = [],
      zone: any UTCOffsetSource & Sendable = FixedOffset(seconds: 0)
    ) {
      self.name = name
      self.role = role
      self.free = free
      self.comfort = comfort
      self.zone = zone
    }

    /// What a meeting costs them (`Suggestions.cost`).
    func cost(_ interval: Interval) -> Int64 {
      Suggestions.cost(interval, comfort: comfort, zone: zone)
    }
  }

  /// One ranked meeting.
  public struct Meeting: Sendable, Equatable {
    public var interval: Interval
    /// The required people free throughout it, with the seconds of it outside their comfort
    /// hours and what it costs them (`Suggestions.cost`), in the order given.
    public var attendees: [(name: String, outside: Int64, cost: Int64)]
    public var missing: [String]
    public var optional: [String]
    public var rooms: [String]

    public static func == (a: Meeting, b: Meeting) -> Bool {
      a.interval == b.interval && a.attendees.map(\.name) == b.attendees.map(\.name)
        && a.attendees.map(\.outside) == b.attendees.map(\.outside)
        && a.attendees.map(\.cost) == b.attendees.map(\.cost) && a.missing == b.missing
        && a.optional == b.optional && a.rooms == b.rooms
    }

    /// The order's keys (docs/GUIDE.md, freetime suggest): missing, optional people not free, the
    /// sum of the costs, the largest cost, the start.
    var key: (Int, Int, Int64, Int64, Instant) {
      (
        missing.count, -optional.count, attendees.reduce(0) { $0 + $1.cost },
        attendees.map(\.cost).max() ?? 0, interval.start
      )
    }
  }

  /// Starts on the step grid: every whole minute `s` in the window whose wall-clock reading in
  /// `zone` (hours × 60 + minutes) is a multiple of `step` minutes, with `s + duration` still
  /// inside the window. In a fold both readings count; in a gap the missing readings do not.
  public static func starts(
    in window: Interval, duration: Int64, stepMinutes: Int, zone: some UTCOffsetSource
  ) -> [Instant] {
    guard duration > 0, stepMinutes > 0 else { return [] }
    var out: [Instant] = []
    var t = CivilTime.floorDiv(window.start + 59, 60) * 60
    while t + duration <= window.end {
      let reading = CivilTime.floorMod(LocalTimeResolver.civil(t, in: zone), 86400)
      if reading % 60 == 0 && (reading / 60) % Int64(stepMinutes) == 0 { out.append(t) }
      t += 60
    }
    return out
  }

  /// Whether sorted, disjoint `free` time holds all of `interval`.
  static func holds(_ free: [Interval], _ interval: Interval) -> Bool {
    var lo = 0
    var hi = free.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if free[mid].start <= interval.start { lo = mid + 1 } else { hi = mid }
    }
    return lo > 0 && free[lo - 1].end >= interval.end
  }

  /// Seconds of `interval` outside sorted, disjoint `comfort` time.
  static func outside(_ interval: Interval, comfort: [Interval]) -> Int64 {
    var inside: Int64 = 0
    var i = firstEnding(after: interval.start, in: comfort)
    while i < comfort.count && comfort[i].start < interval.end {
      inside += min(comfort[i].end, interval.end) - max(comfort[i].start, interval.start)
      i += 1
    }
    return interval.duration - inside
  }

  /// The index of the first of sorted, disjoint `spans` that ends after `instant`.
  static func firstEnding(after instant: Instant, in spans: [Interval]) -> Int {
    var lo = 0
    var hi = spans.count
    while lo < hi {
      let mid = (lo + hi) / 2
      if spans[mid].end <= instant { lo = mid + 1 } else { hi = mid }
    }
    return lo
  }

  /// What a meeting costs a person (docs/GUIDE.md, freetime suggest): each minute of it outside
  /// their comfort hours costs 1 plus the whole hours between it and the nearest comfort minute, on
  /// the wall clock of `zone` (a minute after comfort ends at E: from E to the minute's start; a
  /// minute before comfort starts at S: from the minute's end to S). A minute in comfort costs
  /// nothing; with no comfort hours at all, each minute costs 1.
  public static func cost(
    _ interval: Interval, comfort: [Interval], zone: some UTCOffsetSource
  ) -> Int64 {
    var total: Int64 = 0
    var m = interval.start
    // The first comfort span that ends after the minute being looked at.
    var next = firstEnding(after: m, in: comfort)
    // All of it in comfort: nothing to add up.
    if next < comfort.count && comfort[next].start <= m && comfort[next].end >= interval.end {
      return 0
    }
    // One offset for the whole meeting unless the zone changes within it.
    let span = zone.utcOffsetSpan(at: interval.start)
    let steady = span.from <= interval.start && interval.end <= span.to
    func wall(_ t: Instant) -> Int64 {
      steady && t >= interval.start && t < interval.end
        ? t + Int64(span.offset) : LocalTimeResolver.civil(t, in: zone)
    }
    // The wall clock of the comfort edges around `next`, worked out when it moves.
    var edges = (index: -1, before: Int64.max, after: Int64.max)
    while m < interval.end {
      while next < comfort.count && comfort[next].end <= m { next += 1 }
      if next < comfort.count && comfort[next].start <= m {
        m += 60
        continue
      }
      if edges.index != next {
        edges = (
          next, next > 0 ? LocalTimeResolver.civil(comfort[next - 1].end, in: zone) : Int64.max,
          next < comfort.count ? LocalTimeResolver.civil(comfort[next].start, in: zone) : Int64.max
        )
      }
      let clock = wall(m)
      var gap = Int64.max
      if edges.before != Int64.max { gap = clock - edges.before }
      if edges.after != Int64.max { gap = min(gap, edges.after - (clock + 60)) }
      total += gap == Int64.max ? 1 : 1 + max(0, gap) / 3600
      m += 60
    }
    return total
  }

  /// The `count` best meetings, best first (docs/GUIDE.md, freetime suggest).
  ///
  /// - Parameter quorum: at least this many required people free throughout (nil: all).
  public static func best(
    _ people: [Person], window: Interval, duration: Int64, stepMinutes: Int,
    zone: some UTCOffsetSource, quorum: Int?, count: Int, perDay: Int? = nil
  ) -> [Meeting] {
    let required = people.filter { $0.role == .required }
    let optional = people.filter { $0.role == .optional }
    let rooms = people.filter { $0.role == .room }
    let needed = quorum ?? required.count
    var candidates: [Meeting] = []
    for start in starts(in: window, duration: duration, stepMinutes: stepMinutes, zone: zone) {
      let meeting = Interval(start, start + duration)
      let freeRooms = rooms.filter { holds($0.free, meeting) }.map(\.name)
      if !rooms.isEmpty && freeRooms.isEmpty { continue }
      var attendees: [(name: String, outside: Int64, cost: Int64)] = []
      var missing: [String] = []
      for person in required {
        if holds(person.free, meeting) {
          attendees.append(
            (person.name, outside(meeting, comfort: person.comfort), person.cost(meeting)))
        } else {
          missing.append(person.name)
        }
      }
      guard attendees.count >= needed, !attendees.isEmpty || required.isEmpty else { continue }
      candidates.append(
        Meeting(
          interval: meeting, attendees: attendees, missing: missing,
          optional: optional.filter { holds($0.free, meeting) }.map(\.name), rooms: freeRooms))
    }
    candidates.sort { $0.key < $1.key }
    let picked = choose(
      candidates.map(\.interval), count: count, perDay: perDay, zone: zone)
    return picked.map { candidates[$0] }
  }

  /// The greedy choice (docs/GUIDE.md, freetime suggest): in the order given, each first occurrence
  /// that overlaps none chosen before, and with `perDay` no more than that many starting on one day
  /// of `zone`'s wall clock, until `count`. Returns the indices chosen.
  static func choose(
    _ firsts: [Interval], count: Int, perDay: Int?, zone: some UTCOffsetSource
  ) -> [Int] {
    var chosen: [Int] = []
    var days: [Int64: Int] = [:]
    for (i, first) in firsts.enumerated() where chosen.count < count {
      if chosen.contains(where: { firsts[$0].overlaps(first) }) { continue }
      if let perDay {
        let day = CivilTime.floorDiv(LocalTimeResolver.civil(first.start, in: zone), 86400)
        if days[day, default: 0] >= perDay { continue }
        days[day, default: 0] += 1
      }
      chosen.append(i)
    }
    return chosen
  }
}
