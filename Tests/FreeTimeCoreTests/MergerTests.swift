import Testing

@testable import FreeTimeCore

/// The merger (docs/ARCHITECTURE.md, Free time) against a minute-by-minute model, and by hand.
@Suite struct MergerTests {
  // MARK: - The model

  /// What the merger must return, computed minute by minute from docs/ARCHITECTURE.md, Free time:
  /// * the common free time of the required people (everything when there are none);
  /// * with rooms: that time ∩ each room's free time, equal intervals merged into one slot, each
  ///   slot listing every room free throughout it, in the order given;
  /// * slots shorter than `max(minimum, 1s)` dropped;
  /// * `free`: the required people, then the optional people free throughout the slot, each in
  ///   the order given (as `quorum` documents it). Optional people never shape slots.
  static func model(_ participants: [Participant], window: Interval, minimum: Int64) -> [Slot] {
    candidates(participants, window: window)
      .filter { $0.duration >= max(minimum, 1) }
      .map { interval in slot(interval, participants, window: window) }
  }

  /// Candidate intervals before the minimum filter, sorted by start then end.
  static func candidates(_ participants: [Participant], window: Interval) -> [Interval] {
    let required = participants.filter { $0.role == .required }
    let rooms = participants.filter { $0.role == .room }
    var common = [Bool](repeating: true, count: Bitmap.count(window))
    for person in required {
      common = Bitmap.and(common, Bitmap.bits(of: person.free, window: window))
    }
    if rooms.isEmpty { return Bitmap.runs(common, window: window) }
    var set = Set<Interval>()
    for room in rooms {
      let both = Bitmap.and(common, Bitmap.bits(of: room.free, window: window))
      set.formUnion(Bitmap.runs(both, window: window))
    }
    return set.sorted { ($0.start, $0.end) < ($1.start, $1.end) }
  }

  static func slot(_ interval: Interval, _ participants: [Participant], window: Interval) -> Slot {
    func freeThroughout(_ p: Participant) -> Bool {
      Bitmap.all(Bitmap.bits(of: p.free, window: window), over: interval, window: window)
    }
    let required = participants.filter { $0.role == .required }.map(\.name)
    let optional = participants.filter { $0.role == .optional && freeThroughout($0) }.map(\.name)
    let rooms = participants.filter { $0.role == .room && freeThroughout($0) }.map(\.name)
    return Slot(interval: interval, free: required + optional, rooms: rooms)
  }

  /// Participants with the given roles, in random order, with random free time.
  static func randomParticipants(
    _ rng: inout SplitMix64, window: Interval, required: Int, optional: Int, rooms: Int
  ) -> [Participant] {
    let roles =
      [Role](repeating: .required, count: required)
      + [Role](repeating: .optional, count: optional)
      + [Role](repeating: .room, count: rooms)
    return rng.shuffled(roles).enumerated().map { i, role in
      Participant(name: "\(role.rawValue)\(i)", role: role, free: randomFree(&rng, window: window))
    }
  }

  /// Slots sorted by start, then end, to compare where the order of equal starts is not fixed.
  static func sorted(_ slots: [Slot]) -> [Slot] {
    slots.sorted { ($0.interval.start, $0.interval.end) < ($1.interval.start, $1.interval.end) }
  }

  // MARK: - Seeded random tests, 300 seeds each

  /// Required people only: the intersection, exactly, in order, disjoint.
  @Test(arguments: 0..<300)
  func requiredPeopleMatchTheBitmap(seed: Int) {
    var rng = SplitMix64(seed: 1_000_000 + UInt64(seed))
    let window = randomWindow(&rng)
    let people = Self.randomParticipants(
      &rng, window: window, required: rng.int(1...6), optional: 0, rooms: 0)
    let minimum = randomMinimum(&rng, runs: Self.candidates(people, window: window))

    let slots = Merger(minimum: minimum).merge(people, window: window)

    let expected = Self.model(people, window: window, minimum: minimum)
    #expect(slots == expected, "seed \(seed): minimum \(minimum), window \(window)")
    #expect(slots.map(\.interval).isSortedAndDisjoint)
    #expect(slots.allSatisfy { $0.rooms.isEmpty && $0.free == people.map(\.name) })
  }

  /// Required and optional people in random order: optional people are listed when free
  /// throughout a slot, and never change the slots.
  @Test(arguments: 0..<300)
  func optionalPeopleMatchTheBitmap(seed: Int) {
    var rng = SplitMix64(seed: 2_000_000 + UInt64(seed))
    let window = randomWindow(&rng)
    let people = Self.randomParticipants(
      &rng, window: window, required: rng.int(0...4), optional: rng.int(1...3), rooms: 0)
    let minimum = randomMinimum(&rng, runs: Self.candidates(people, window: window))

    let slots = Merger(minimum: minimum).merge(people, window: window)

    let expected = Self.model(people, window: window, minimum: minimum)
    #expect(slots == expected, "seed \(seed): minimum \(minimum), window \(window)")
    let withoutOptional = Merger(minimum: minimum).merge(
      people.filter { $0.role == .required }, window: window)
    #expect(slots.map(\.interval) == withoutOptional.map(\.interval), "seed \(seed)")
  }

  /// Rooms: the required people's common free time within each room, equal intervals merged,
  /// each slot naming every room free throughout it.
  @Test(arguments: 0..<300)
  func roomsMatchTheBitmap(seed: Int) {
    var rng = SplitMix64(seed: 3_000_000 + UInt64(seed))
    let window = randomWindow(&rng)
    let people = Self.randomParticipants(
      &rng, window: window, required: rng.int(0...4), optional: rng.int(0...2),
      rooms: rng.int(1...4))
    let minimum = randomMinimum(&rng, runs: Self.candidates(people, window: window))

    let slots = Merger(minimum: minimum).merge(people, window: window)

    let expected = Self.model(people, window: window, minimum: minimum)
    #expect(Self.sorted(slots) == expected, "seed \(seed): minimum \(minimum), window \(window)")
    #expect(zip(slots, slots.dropFirst()).allSatisfy { $0.interval.start <= $1.interval.start })
    #expect(Set(slots.map(\.interval)).count == slots.count, "equal intervals are one slot")
    #expect(slots.allSatisfy { !$0.rooms.isEmpty && window.contains($0.interval) })
  }

  /// `covered(by:atLeast:window:)`: where at least k of the lists are free, for k from 0 to n+1.
  @Test(arguments: 0..<300)
  func coveredMatchesTheCount(seed: Int) {
    var rng = SplitMix64(seed: 4_000_000 + UInt64(seed))
    let window = randomWindow(&rng)
    let lists = (0..<rng.int(0...6)).map { _ in randomFree(&rng, window: window) }
    let k = rng.int(0...(lists.count + 1))

    let covered = Merger.covered(by: lists, atLeast: k, window: window)

    var counts = [Int](repeating: 0, count: Bitmap.count(window))
    for list in lists {
      for (m, bit) in Bitmap.bits(of: list, window: window).enumerated() where bit {
        counts[m] += 1
      }
    }
    let expected = Bitmap.runs(counts.map { $0 >= k }, window: window)
    #expect(covered == expected, "seed \(seed): k \(k), window \(window)")
  }

  // MARK: - By hand

  let window = Interval(0, 1000)

  func person(_ name: String, _ free: [Interval], _ role: Role = .required) -> Participant {
    Participant(name: name, role: role, free: free)
  }

  @Test func intersectionOfTwoPeople() {
    let a = person("a", [Interval(0, 300), Interval(500, 900)])
    let b = person("b", [Interval(100, 600), Interval(800, 1000)])
    #expect(
      Merger().merge([a, b], window: window) == [
        Slot(interval: Interval(100, 300), free: ["a", "b"]),
        Slot(interval: Interval(500, 600), free: ["a", "b"]),
        Slot(interval: Interval(800, 900), free: ["a", "b"]),
      ])
  }

  @Test func slotsThatOnlyTouchGiveNoZeroLengthSlot() {
    let a = person("a", [Interval(0, 500)])
    let b = person("b", [Interval(500, 1000)])
    #expect(Merger().merge([a, b], window: window).isEmpty)
    #expect(Merger(minimum: 0).merge([a, b], window: window).isEmpty)
    #expect(
      Merger.covered(by: [[Interval(0, 500)], [Interval(500, 1000)]], atLeast: 2, window: window)
        .isEmpty)
  }

  @Test func minimumIsInclusive() {
    let a = person("a", [Interval(0, 60), Interval(100, 159), Interval(200, 261)])
    #expect(
      Merger(minimum: 60).merge([a], window: window).map(\.interval)
        == [Interval(0, 60), Interval(200, 261)])
    #expect(Merger(minimum: 61).merge([a], window: window).map(\.interval) == [Interval(200, 261)])
    #expect(Merger(minimum: 62).merge([a], window: window).isEmpty)
    // The minimum applies to the common slot, not to each person's.
    let b = person("b", [Interval(30, 1000)])
    #expect(
      Merger(minimum: 30).merge([a, b], window: window).map(\.interval)
        == [Interval(30, 60), Interval(100, 159), Interval(200, 261)])
    #expect(
      Merger(minimum: 31).merge([a, b], window: window).map(\.interval)
        == [Interval(100, 159), Interval(200, 261)])
  }

  @Test func emptyWindowGivesNothing() {
    let a = person("a", [Interval(0, 100)])
    #expect(Merger().merge([a], window: Interval(50, 50)).isEmpty)
    #expect(Merger().merge([a], window: Interval(60, 50)).isEmpty)
    #expect(Merger().merge([], window: Interval(50, 50)).isEmpty)
    #expect(Merger.covered(by: [], atLeast: 0, window: Interval(50, 50)).isEmpty)
  }

  @Test func slotsAreClampedToTheWindow() {
    let a = person("a", [Interval(-500, 200), Interval(900, 2000)])
    #expect(
      Merger().merge([a], window: window).map(\.interval)
        == [Interval(0, 200), Interval(900, 1000)])
  }

  @Test func somebodyNeverFreeMeansNoSlot() {
    let a = person("a", [window])
    let b = person("b", [])
    #expect(Merger().merge([a, b], window: window).isEmpty)
  }

  @Test func noRequiredPeopleMeansTheWholeWindow() {
    let o = person("o", [Interval(0, 100)], .optional)
    let p = person("p", [window], .optional)
    #expect(Merger().merge([o, p], window: window) == [Slot(interval: window, free: ["p"])])
    #expect(Merger().merge([], window: window) == [Slot(interval: window, free: [])])
  }

  @Test func optionalPeopleNeverShapeSlots() {
    let a = person("a", [Interval(100, 500)])
    let partly = person("partly", [Interval(200, 600)], .optional)
    let throughout = person("throughout", [Interval(50, 500)], .optional)
    let never = person("never", [], .optional)
    #expect(
      Merger().merge([partly, a, never, throughout], window: window) == [
        Slot(interval: Interval(100, 500), free: ["a", "throughout"])
      ])
  }

  @Test func oneRoom() {
    let a = person("a", [Interval(0, 600)])
    let room = person("room", [Interval(100, 200), Interval(500, 900)], .room)
    #expect(
      Merger().merge([a, room], window: window) == [
        Slot(interval: Interval(100, 200), free: ["a"], rooms: ["room"]),
        Slot(interval: Interval(500, 600), free: ["a"], rooms: ["room"]),
      ])
  }

  @Test func noRoomFreeMeansNoSlot() {
    let a = person("a", [window])
    let busy = person("busy", [], .room)
    let elsewhere = person("elsewhere", [Interval(0, 100)], .room)
    let b = person("b", [Interval(200, 1000)])
    #expect(Merger().merge([a, busy], window: window).isEmpty)
    #expect(Merger().merge([a, b, elsewhere], window: window).isEmpty)
  }

  @Test func roomsWithEqualIntervalsAreOneSlot() {
    let a = person("a", [Interval(100, 400)])
    let r1 = person("r1", [Interval(0, 300)], .room)
    let r2 = person("r2", [Interval(50, 300)], .room)
    #expect(
      Merger().merge([r1, a, r2], window: window) == [
        Slot(interval: Interval(100, 300), free: ["a"], rooms: ["r1", "r2"])
      ])
  }

  @Test func roomSlotsMayOverlapAndListEveryRoomFreeThroughout() {
    let a = person("a", [Interval(0, 1000)])
    let big = person("big", [Interval(100, 500)], .room)
    let small = person("small", [Interval(200, 300), Interval(450, 700)], .room)
    #expect(
      Merger().merge([a, big, small], window: window) == [
        Slot(interval: Interval(100, 500), free: ["a"], rooms: ["big"]),
        Slot(interval: Interval(200, 300), free: ["a"], rooms: ["big", "small"]),
        Slot(interval: Interval(450, 700), free: ["a"], rooms: ["small"]),
      ])
  }

  @Test func minimumAppliesToEachRoomSlot() {
    let a = person("a", [Interval(0, 1000)])
    let big = person("big", [Interval(100, 500)], .room)
    let small = person("small", [Interval(200, 250)], .room)
    // The short slot of `small` is dropped, though `big` is free around it.
    #expect(
      Merger(minimum: 100).merge([a, big, small], window: window) == [
        Slot(interval: Interval(100, 500), free: ["a"], rooms: ["big"])
      ])
    #expect(Merger(minimum: 50).merge([a, big, small], window: window).count == 2)
  }

  @Test func roomsWithOptionalPeople() {
    let a = person("a", [Interval(0, 1000)])
    let o = person("o", [Interval(0, 250)], .optional)
    let r1 = person("r1", [Interval(100, 200)], .room)
    let r2 = person("r2", [Interval(150, 300)], .room)
    #expect(
      Merger().merge([o, r2, a, r1], window: window) == [
        Slot(interval: Interval(100, 200), free: ["a", "o"], rooms: ["r1"]),
        Slot(interval: Interval(150, 300), free: ["a"], rooms: ["r2"]),
      ])
  }

  @Test func coveredWithKOfN() {
    let lists = [
      [Interval(0, 400)], [Interval(200, 600)], [Interval(300, 350), Interval(500, 800)],
    ]
    #expect(Merger.covered(by: lists, atLeast: 0, window: window) == [window])
    #expect(Merger.covered(by: lists, atLeast: 1, window: window) == [Interval(0, 800)])
    #expect(
      Merger.covered(by: lists, atLeast: 2, window: window)
        == [Interval(200, 400), Interval(500, 600)])
    #expect(Merger.covered(by: lists, atLeast: 3, window: window) == [Interval(300, 350)])
    #expect(Merger.covered(by: lists, atLeast: 4, window: window).isEmpty)
  }
}
