/// Ranked meeting times (`freetime suggest`; README, Suggestions): concrete meetings of one
/// length on a step grid of the wall clock, ordered by who is missing, how many optional people
/// are free and how far outside people's comfort hours they fall, then chosen without overlap.
public enum Suggestions {
  /// A person taking part, with their free time (as the slots see it) and, for required people,
  /// their comfort hours (sorted, disjoint).
  public struct Person: Sendable {
    public var name: String
    public var role: Role
    public var free: [Interval]
    public var comfort: [Interval]

    public init(name: String, role: Role, free: [Interval], comfort: [Interval] = []) {
      self.name = name
      self.role = role
      self.free = free
      self.comfort = comfort
    }
  }

  /// One ranked meeting.
  public struct Meeting: Sendable, Equatable {
    public var interval: Interval
    /// The required people free throughout it, with the seconds of it outside their comfort
    /// hours, in the order given.
    public var attendees: [(name: String, outside: Int64)]
    public var missing: [String]
    public var optional: [String]
    public var rooms: [String]

    public static func == (a: Meeting, b: Meeting) -> Bool {
      a.interval == b.interval && a.attendees.map(\.name) == b.attendees.map(\.name)
        && a.attendees.map(\.outside) == b.attendees.map(\.outside) && a.missing == b.missing
        && a.optional == b.optional && a.rooms == b.rooms
    }

    /// The order's keys (README, Suggestions): missing, optional people not free, the sum of
    /// outside time, the largest outside time, the start.
    var key: (Int, Int, Int64, Int64, Instant) {
      (
        missing.count, -optional.count, attendees.reduce(0) { $0 + $1.outside },
        attendees.map(\.outside).max() ?? 0, interval.start
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
    for span in comfort where span.overlaps(interval) {
      inside += min(span.end, interval.end) - max(span.start, interval.start)
    }
    return interval.duration - inside
  }

  /// The `count` best meetings, best first (README, Suggestions).
  ///
  /// - Parameter quorum: at least this many required people free throughout (nil: all).
  public static func best(
    _ people: [Person], window: Interval, duration: Int64, stepMinutes: Int,
    zone: some UTCOffsetSource, quorum: Int?, count: Int
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
      var attendees: [(name: String, outside: Int64)] = []
      var missing: [String] = []
      for person in required {
        if holds(person.free, meeting) {
          attendees.append((person.name, outside(meeting, comfort: person.comfort)))
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
    var chosen: [Meeting] = []
    for candidate in candidates where chosen.count < count {
      if !chosen.contains(where: { $0.interval.overlaps(candidate.interval) }) {
        chosen.append(candidate)
      }
    }
    return chosen
  }
}
