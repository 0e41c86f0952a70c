import Testing

@testable import FreeTimeCore

/// The rules of `freetime suggest` (docs/GUIDE.md, freetime suggest), one test each.
@Suite struct SuggestionsTests {
  typealias Person = Suggestions.Person
  static let hour: Int64 = 3600
  static let day = CivilTime.seconds(2026, 11, 23)  // a Monday
  static let utc = FixedOffset(seconds: 0)

  static func at(_ hour: Int64, _ minute: Int64 = 0) -> Instant { day + hour * 3600 + minute * 60 }

  static func best(
    _ people: [Person], window: Interval = Interval(at(0), at(24)), duration: Int64 = hour,
    step: Int = 60, quorum: Int? = nil, count: Int = 3
  ) -> [Suggestions.Meeting] {
    Suggestions.best(
      people, window: window, duration: duration, stepMinutes: step, zone: utc, quorum: quorum,
      count: count)
  }

  static func free(_ spans: (Int64, Int64)...) -> [Interval] {
    spans.map { Interval(at($0.0), at($0.1)) }
  }

  @Test func startsAreOnTheWallClockGrid() {
    let window = Interval(SuggestionsTests.at(9, 7), SuggestionsTests.at(11))
    let starts = Suggestions.starts(
      in: window, duration: 1800, stepMinutes: 20, zone: SuggestionsTests.utc)
    #expect(
      starts == [(9, 20), (9, 40), (10, 0), (10, 20)].map { SuggestionsTests.at($0.0, $0.1) })
  }

  /// In the fold of the night the clocks go back both readings are on the grid; in the gap of
  /// the spring change the readings that do not exist are not.
  @Test func foldsGiveBothReadingsGapsNone() {
    let zone = LocalTimeResolverTests.TwoChanges()
    let back = LocalTimeResolverTests.october25  // 00:00Z; 02:00–03:00 local happens twice
    let fold = Suggestions.starts(
      in: Interval(back, back + 4 * 3600), duration: 1800, stepMinutes: 60, zone: zone)
    let readings = fold.map {
      CivilTime.floorMod(LocalTimeResolver.civil($0, in: zone), 86400) / 3600
    }
    #expect(readings == [2, 2, 3, 4])
    let spring = LocalTimeResolverTests.march29  // 02:00–03:00 local does not exist
    let gap = Suggestions.starts(
      in: Interval(spring, spring + 4 * 3600), duration: 1800, stepMinutes: 60, zone: zone)
    let gapReadings = gap.map {
      CivilTime.floorMod(LocalTimeResolver.civil($0, in: zone), 86400) / 3600
    }
    #expect(gapReadings == [1, 3, 4, 5])
  }

  @Test func requiredPeopleMustBeFreeThroughout() {
    let meetings = SuggestionsTests.best([
      Person(name: "a", role: .required, free: SuggestionsTests.free((9, 12))),
      Person(name: "b", role: .required, free: SuggestionsTests.free((10, 11), (13, 14))),
    ])
    #expect(
      meetings.map(\.interval) == [Interval(SuggestionsTests.at(10), SuggestionsTests.at(11))])
  }

  /// Fewer missing people first, even at a later time and outside comfort hours.
  @Test func fewerMissingFirst() {
    let comfort = SuggestionsTests.free((8, 10))
    let meetings = SuggestionsTests.best(
      [
        Person(name: "a", role: .required, free: SuggestionsTests.free((8, 20)), comfort: comfort),
        Person(
          name: "b", role: .required, free: SuggestionsTests.free((8, 10), (15, 16)),
          comfort: comfort),
        Person(name: "c", role: .required, free: SuggestionsTests.free((15, 16)), comfort: comfort),
      ], quorum: 2, count: 1)
    #expect(meetings.first?.interval.start == SuggestionsTests.at(15))
    #expect(meetings.first?.missing == [])
  }

  /// Then more optional people free.
  @Test func moreOptionalPeopleFirst() {
    let meetings = SuggestionsTests.best(
      [
        Person(name: "a", role: .required, free: SuggestionsTests.free((8, 20))),
        Person(name: "o", role: .optional, free: SuggestionsTests.free((14, 15))),
      ], count: 1)
    #expect(meetings.first?.interval.start == SuggestionsTests.at(14))
    #expect(meetings.first?.optional == ["o"])
  }

  /// Then less time outside comfort hours in sum, then for the worst-off person.
  @Test func lessOutsideTimeFirst() {
    let a = Person(
      name: "a", role: .required, free: SuggestionsTests.free((6, 20)),
      comfort: SuggestionsTests.free((9, 17)))
    let b = Person(
      name: "b", role: .required, free: SuggestionsTests.free((6, 20)),
      comfort: SuggestionsTests.free((12, 20)))
    let meetings = SuggestionsTests.best([a, b], count: 1)
    #expect(meetings.first?.interval.start == SuggestionsTests.at(12))
    // Sum equal (one hour outside each way): the smaller largest share wins.
    let c = Person(
      name: "c", role: .required, free: SuggestionsTests.free((6, 20)),
      comfort: SuggestionsTests.free((8, 9), (10, 11)))
    let d = Person(
      name: "d", role: .required, free: SuggestionsTests.free((6, 20)),
      comfort: SuggestionsTests.free((8, 10), (10, 11)))
    // 08:00 c inside, d inside: 0; 09:00 c outside 60, d inside: sum 60, max 60; at 10:00 both
    // inside. So 08:00 and 10:00 tie at 0; the earlier start wins.
    let tie = SuggestionsTests.best([c, d], count: 2)
    #expect(tie.map(\.interval.start) == [SuggestionsTests.at(8), SuggestionsTests.at(10)])
    // Sum 60 either way: 30 + 30 beats 60 + 0.
    let e = Person(
      name: "e", role: .required, free: SuggestionsTests.free((7, 9)),
      comfort: [
        Interval(SuggestionsTests.at(7), SuggestionsTests.at(7, 30)),
        Interval(SuggestionsTests.at(8, 30), SuggestionsTests.at(9)),
      ])
    let f = Person(
      name: "f", role: .required, free: SuggestionsTests.free((7, 9)),
      comfort: [
        Interval(SuggestionsTests.at(7, 30), SuggestionsTests.at(8)),
        Interval(SuggestionsTests.at(8), SuggestionsTests.at(9)),
      ])
    // 07:00: e outside 30 (07:30–08:00), f outside 30 (07:00–07:30): sum 60, max 30.
    // 08:00: e outside 30 (08:00–08:30), f inside: sum 30. So 08:00 first, then 07:00 overlaps
    // nothing? It does not overlap 08:00–09:00 (back to back), so it comes second.
    let split = SuggestionsTests.best([e, f], step: 30, count: 2)
    #expect(split.map(\.interval.start) == [SuggestionsTests.at(8), SuggestionsTests.at(7)])
  }

  /// The choice skips a candidate that overlaps one already taken; back to back is no overlap.
  @Test func chosenMeetingsDoNotOverlap() {
    let meetings = SuggestionsTests.best(
      [Person(name: "a", role: .required, free: SuggestionsTests.free((9, 12)))], step: 30,
      count: 5)
    #expect(
      meetings.map(\.interval.start) == [
        SuggestionsTests.at(9), SuggestionsTests.at(10), SuggestionsTests.at(11),
      ])
  }

  /// With rooms, one must be free throughout; those free are listed.
  @Test func aRoomMustBeFree() {
    let meetings = SuggestionsTests.best([
      Person(name: "a", role: .required, free: SuggestionsTests.free((9, 12))),
      Person(name: "r1", role: .room, free: SuggestionsTests.free((11, 12))),
      Person(name: "r2", role: .room, free: SuggestionsTests.free((10, 12))),
    ])
    #expect(meetings.map(\.interval.start) == [SuggestionsTests.at(10), SuggestionsTests.at(11)])
    #expect(meetings.map(\.rooms) == [["r2"], ["r1", "r2"]])
  }
}
