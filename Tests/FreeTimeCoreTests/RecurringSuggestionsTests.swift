import TestSupport
import Testing

@testable import FreeTimeCore

/// The cost of a meeting and recurring suggestions (docs/GUIDE.md, freetime suggest and Recurring
/// meetings), one rule a test; the rotation against a brute force over every combination.
@Suite struct RecurringSuggestionsTests {
  typealias Person = Suggestions.Person
  static let utc = FixedOffset(seconds: 0)
  static let monday = CivilTime.seconds(2026, 11, 23)  // a Monday
  static let hour: Int64 = 3600

  /// 09:00–17:00, Monday to Friday, from three weeks before `monday` to nine after (UTC).
  static let comfort: [Interval] = (-21..<63).compactMap { d in
    let day = monday + Int64(d) * 86400
    let weekday = CivilTime.floorMod(CivilTime.floorDiv(day, 86400) + 4, 7)
    guard weekday != 0 && weekday != 6 else { return nil }
    return Interval(day + 9 * hour, day + 17 * hour)
  }

  /// The cost of the one minute starting at `minute` past Monday's midnight (plus `days`).
  static func minuteCost(_ hour: Int64, _ minute: Int64, days: Int64 = 0) -> Int64 {
    let m = monday + days * 86400 + hour * 3600 + minute * 60
    return Suggestions.cost(Interval(m, m + 60), comfort: comfort, zone: utc)
  }

  /// The examples: after 17:00 an hour at a time, before 09:00 counted from the
  /// minute's end; a weekend minute from Friday's end or Monday's start, the nearer.
  @Test func aMinuteCostsOnePlusTheWholeHoursToComfort() {
    #expect(Self.minuteCost(12, 0) == 0)
    #expect(Self.minuteCost(17, 0) == 1)
    #expect(Self.minuteCost(17, 59) == 1)
    #expect(Self.minuteCost(18, 0) == 2)
    #expect(Self.minuteCost(8, 0) == 1)
    #expect(Self.minuteCost(8, 59) == 1)
    #expect(Self.minuteCost(7, 59) == 2)
    #expect(Self.minuteCost(6, 50) == 3)
    // Saturday 12:00: 19 h after Friday's 17:00, 44 h 59 min before Monday's 09:00.
    #expect(Self.minuteCost(12, 0, days: 5) == 20)
    // Sunday 20:00: 12 h 59 min before Monday's 09:00.
    #expect(Self.minuteCost(20, 0, days: 6) == 13)
    // A meeting's cost is the sum of its minutes: 16:30–18:30 is 30 × 0 + 60 × 1 + 30 × 2.
    let m = Self.monday + 16 * 3600 + 1800
    #expect(Suggestions.cost(Interval(m, m + 7200), comfort: Self.comfort, zone: Self.utc) == 120)
  }

  /// The gap is on the person's wall clock: a change of the clocks between the minute and the
  /// comfort hours does not add or remove an hour.
  @Test func theGapIsOnTheWallClock() {
    let zone = LocalTimeResolverTests.TwoChanges()
    let sunday = LocalTimeResolverTests.march29  // civil midnight; clocks go 02:00 → 03:00
    let comfort = [
      Interval(
        LocalTimeResolver.instant(civil: sunday + 86400 + 9 * 3600, in: zone),
        LocalTimeResolver.instant(civil: sunday + 86400 + 17 * 3600, in: zone))
    ]
    let minute = LocalTimeResolver.instant(civil: sunday, in: zone)
    // Wall clock: 00:01 Sunday to 09:00 Monday is 32 h 59 min (31 h 59 min of real time).
    #expect(Suggestions.cost(Interval(minute, minute + 60), comfort: comfort, zone: zone) == 33)
    // No comfort hours at all: a minute costs 1.
    #expect(Suggestions.cost(Interval(minute, minute + 600), comfort: [], zone: zone) == 10)
  }

  /// Single suggestions rank by the sum of the costs, then the largest: 08:00–09:00 for two
  /// people (1 h before comfort: 60 each) ties in outside minutes with 17:00–18:00 for one and
  /// nothing for the other, but costs less than 06:00–07:00.
  @Test func singleSuggestionsRankByCost() {
    let free = [Interval(Self.monday, Self.monday + 86400)]
    let people = [
      Person(name: "a", role: .required, free: free, comfort: Self.comfort, zone: Self.utc),
      Person(name: "b", role: .required, free: free, comfort: Self.comfort, zone: Self.utc),
    ]
    let window = Interval(Self.monday + 6 * Self.hour, Self.monday + 9 * Self.hour)
    let meetings = Suggestions.best(
      people, window: window, duration: Self.hour, stepMinutes: 60, zone: Self.utc, quorum: nil,
      count: 3)
    #expect(meetings.map { ($0.interval.start - Self.monday) / Self.hour } == [8, 7, 6])
    #expect(meetings.map { $0.attendees.map(\.cost) } == [[60, 60], [120, 120], [180, 180]])
  }

  @Test func perDayLimitsSuggestionsOfOneDay() {
    let free = [Interval(Self.monday, Self.monday + 3 * 86400)]
    let people = [
      Person(name: "a", role: .required, free: free, comfort: Self.comfort, zone: Self.utc)
    ]
    let window = Interval(Self.monday, Self.monday + 3 * 86400)
    let meetings = Suggestions.best(
      people, window: window, duration: Self.hour, stepMinutes: 60, zone: Self.utc, quorum: nil,
      count: 3, perDay: 1)
    #expect(meetings.map { ($0.interval.start - Self.monday) / 86400 } == [0, 1, 2])
    #expect(meetings.allSatisfy { $0.attendees[0].cost == 0 })
  }

  /// Weekly at 10:00 of a zone that changes its clocks: the instant moves, the wall clock
  /// stays; in a gap the time moves forward by the gap; monthly is the same n-th weekday, and
  /// a 5th is kept to the months that have one.
  @Test func occurrencesFollowTheWallClock() {
    let zone = LocalTimeResolverTests.TwoChanges()
    let sunday = LocalTimeResolverTests.march29
    let first = LocalTimeResolver.instant(civil: sunday - 7 * 86400 + 10 * 3600, in: zone)
    let weekly = Repetition(period: .weekly, count: 3).starts(from: first, zone: zone)
    let week: Int64 = 7 * 86400
    let ten: Int64 = 10 * 3600
    let walls: [Int64] = weekly.map { LocalTimeResolver.civil($0, in: zone) - sunday }
    #expect(walls == [ten - week, ten, ten + week])
    #expect(weekly[1] - weekly[0] == 7 * 86400 - 3600)
    let night = LocalTimeResolver.instant(civil: sunday - 7 * 86400 + 2 * 3600 + 1800, in: zone)
    let gap = Repetition(period: .weekly, count: 2).starts(from: night, zone: zone)
    #expect(LocalTimeResolver.civil(gap[1], in: zone) == sunday + 3 * 3600 + 1800)
    // 2026-12-29 is the 5th Tuesday of December: the next months with one are March and June.
    let fifth = CivilTime.seconds(2026, 12, 29, 15)
    let monthly = Repetition(period: .monthly, count: 3).starts(from: fifth, zone: Self.utc)
    #expect(monthly.map { CivilTime.fields($0).month } == [12, 3, 6])
    #expect(monthly.allSatisfy { CivilTime.fields($0).weekday == 2 })
    // Weekdays: Friday, then Monday.
    let friday = CivilTime.seconds(2026, 11, 27, 9)
    let daily = Repetition(period: .daily, count: 3).starts(from: friday, zone: Self.utc)
    #expect(daily.map { CivilTime.fields($0).day } == [27, 30, 1])
    #expect(
      Repetition(period: .twoWeeks, count: 3).rule(first: friday, zone: Self.utc)
        == "FREQ=WEEKLY;INTERVAL=2;COUNT=3")
    #expect(
      Repetition(period: .monthly, count: 3).rule(first: fifth, zone: Self.utc)
        == "FREQ=MONTHLY;BYDAY=5TU;COUNT=3")
  }

  /// Free time with holes: person `p` is busy at `holes[p]` (hours from `monday`).
  static func people(_ holes: [[Int64]], optional: [Int64]? = nil, room: [Int64]? = nil)
    -> [Person]
  {
    func free(_ busy: [Int64]) -> [Interval] {
      var out: [Interval] = []
      var at = monday - 7 * 86400
      for h in busy.sorted() {
        let s = monday + h * hour
        if s > at { out.append(Interval(at, s)) }
        at = s + hour
      }
      out.append(Interval(at, monday + 120 * 86400))
      return out
    }
    var out = holes.enumerated().map { i, busy in
      Person(
        name: "p\(i)", role: .required, free: free(busy), comfort: comfort, zone: utc)
    }
    if let optional { out.append(Person(name: "o", role: .optional, free: free(optional))) }
    if let room { out.append(Person(name: "r", role: .room, free: free(room))) }
    return out
  }

  static func recurring(
    _ people: [Person], occurrences: Int = 4, rotate: Int = 1, step: Int = 60,
    quorum: Int? = nil, count: Int = 3
  ) -> [Suggestions.Recurring] {
    Suggestions.recurring(
      people, from: monday, duration: hour, stepMinutes: step, zone: utc, quorum: quorum,
      repetition: Repetition(period: .weekly, count: occurrences), rotate: rotate, count: count)
  }

  /// The order: missing pairs first; one missed week outranks any cost.
  @Test func aTimeThatHoldsEveryWeekComesFirst() {
    // Monday 10:00 is busy for p0 in the third week; 11:00 never.
    let people = Self.people([[14 * 24 + 10], []])
    let best = Self.recurring(people, count: 200)
    #expect(best[0].missingPairs == 0)
    #expect(best[0].costSum == 0)
    let ten = best.first { $0.firsts[0].start == Self.monday + 10 * Self.hour }!
    #expect(ten.missingPairs == 1)
    #expect(ten.occurrences[2].missing == ["p0"])
    #expect(ten.missed == [1, 0])
    // Every candidate without a miss comes before it.
    let index = best.firstIndex { $0.firsts[0].start == ten.firsts[0].start }!
    #expect(best[..<index].allSatisfy { $0.missingPairs == 0 })
    // With a quorum of 2, it is no candidate at all.
    #expect(
      !Self.recurring(people, quorum: 2, count: 200).contains {
        $0.firsts[0].start == ten.firsts[0].start
      })
  }

  /// Among times nobody misses: the optional person, then rooms, then the costs.
  @Test func optionalPeopleThenRoomsThenCost() {
    // The optional person is busy Monday 09:00 in week 2; the room Tuesday 09:00 in week 1.
    let people = Self.people([[], []], optional: [7 * 24 + 9], room: [24 + 9])
    let best = Self.recurring(people, count: 200)
    func rank(_ day: Int64, _ hour: Int64) -> Int {
      best.firstIndex { $0.firsts[0].start == Self.monday + (day * 24 + hour) * Self.hour }!
    }
    // Wednesday 09:00 is free for all; Tuesday 09:00 lacks the room once; Monday 09:00 the
    // optional person once; Wednesday 08:00 costs 60 a person.
    #expect(rank(2, 9) < rank(1, 9))
    #expect(rank(1, 9) < rank(0, 9))
    #expect(rank(2, 8) < rank(1, 9))
    #expect(best[rank(1, 9)].occurrences.filter { $0.rooms.isEmpty }.count == 1)
  }

  /// The rotation is the best of every combination of one start per period (for each first
  /// start), by missing pairs, the largest total, the sum, the starts.
  @Test(arguments: [(2, 1 as UInt64), (2, 2), (3, 3)])
  func rotationIsTheBestOfEveryCombination(rotate: Int, seed: UInt64) {
    var random = SplitMix64(seed: seed)
    // Three people, each busy at random hours over the six weeks; comfort on their own
    // clocks: UTC, UTC−5, UTC+5:30.
    let zones: [FixedOffset] = [
      FixedOffset(seconds: 0), FixedOffset(seconds: -5 * 3600), FixedOffset(seconds: 19800),
    ]
    let people = zones.enumerated().map { i, zone in
      var busy: [Interval] = []
      for _ in 0..<60 {
        let h = Int64(random.next() % UInt64(42 * 24))
        busy.append(Interval(Self.monday + h * Self.hour, Self.monday + (h + 2) * Self.hour))
      }
      let comfort = WorkingHours(start: 9 * 3600, end: 17 * 3600, days: [1, 2, 3, 4, 5])
        .open(around: Interval(Self.monday - 8 * 86400, Self.monday + 60 * 86400), zone: zone)
      return Person(
        name: "p\(i)", role: .required,
        free: FreeSlots.free(
          busy: busy, in: Interval(Self.monday - 8 * 86400, Self.monday + 60 * 86400)),
        comfort: comfort, zone: zone)
    }
    let step = rotate == 3 ? 360 : 180
    let got = Self.recurring(people, occurrences: 5, rotate: rotate, step: step, count: 1)
    // The brute force: every tuple, keyed as docs/GUIDE.md says.
    let repetition = Repetition(period: .weekly, every: rotate, count: nil)
    var best: (key: (Int, Int64, Int64, [Instant]), firsts: [Instant])?
    let grids = (0..<rotate).map { j in
      Suggestions.periodStarts(
        j, from: Self.monday, period: .weekly, duration: Self.hour, stepMinutes: step,
        zone: Self.utc)
    }
    func evaluate(_ firsts: [Instant]) {
      var totals = [Int64](repeating: 0, count: people.count)
      var missing = 0
      for (j, first) in firsts.enumerated() {
        var rule = repetition
        rule.count = (5 - j + rotate - 1) / rotate
        for start in rule.starts(from: first, zone: Self.utc) {
          let meeting = Interval(start, start + Self.hour)
          for (p, person) in people.enumerated() {
            if Suggestions.holds(person.free, meeting) {
              totals[p] += person.cost(meeting)
            } else {
              missing += 1
            }
          }
        }
      }
      let key = (missing, totals.max()!, totals.reduce(0, +), firsts)
      if best == nil || Suggestions.precedes(key, best!.key) { best = (key, firsts) }
    }
    func visit(_ prefix: [Instant]) {
      if prefix.count == rotate { return evaluate(prefix) }
      for start in grids[prefix.count] { visit(prefix + [start]) }
    }
    visit([])
    #expect(got.count == 1)
    #expect(got.first?.firsts.map(\.start) == best?.firsts)
    #expect(got.first.map { Suggestions.rotationKey($0).0 } == best?.key.0)
    #expect(got.first?.largestTotal == best?.key.1)
  }
}
