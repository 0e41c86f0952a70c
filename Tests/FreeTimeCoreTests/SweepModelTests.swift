import Testing

@testable import FreeTimeCore

/// SplitMix64: a small deterministic generator, so every failure names a reproducible seed.
struct SplitMix64 {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
  mutating func int(_ range: ClosedRange<Int>) -> Int {
    range.lowerBound + Int(next() % UInt64(range.count))
  }
}

/// The brute-force model: one Bool a minute.
enum Bitmap {
  static let minute: Int64 = 60

  /// Minutes of the window at which nobody in `busy` is busy.
  static func free(busy: [Interval], window: Interval) -> [Bool] {
    let n = Int((window.end - window.start) / minute)
    var free = [Bool](repeating: true, count: max(0, n))
    for b in busy where b.start < b.end {
      for m in 0..<free.count {
        let t = window.start + Int64(m) * minute
        if b.start <= t && t < b.end { free[m] = false }
      }
    }
    return free
  }

  /// Runs of true as intervals.
  static func runs(_ bits: [Bool], window: Interval) -> [Interval] {
    var out: [Interval] = []
    var open: Int? = nil
    for (m, bit) in (bits + [false]).enumerated() {
      if bit, open == nil { open = m }
      if !bit, let o = open {
        out.append(Interval(window.start + Int64(o) * minute, window.start + Int64(m) * minute))
        open = nil
      }
    }
    return out
  }

  static func bits(of intervals: [Interval], window: Interval) -> [Bool] {
    let n = Int((window.end - window.start) / minute)
    var bits = [Bool](repeating: false, count: max(0, n))
    for i in intervals {
      for m in 0..<n {
        let t = window.start + Int64(m) * minute
        if i.start <= t && t < i.end { bits[m] = true }
      }
    }
    return bits
  }
}

/// Random busy intervals on a minute grid: overlapping, back-to-back, zero-length, backwards,
/// partly or wholly outside the window.
func randomBusy(_ rng: inout SplitMix64, window: Interval) -> [Interval] {
  let span = Int((window.end - window.start) / 60)
  var busy: [Interval] = []
  for _ in 0..<rng.int(0...25) {
    let s = Int64(rng.int(-40...(span + 40))) * 60 + window.start
    let kind = rng.int(0...9)
    let length: Int64 =
      kind == 0 ? 0 : kind == 1 ? -Int64(rng.int(1...30)) * 60 : Int64(rng.int(1...90)) * 60
    busy.append(Interval(s, s + length))
    if rng.int(0...3) == 0 {  // a back-to-back neighbour
      let e = s + max(length, 0)
      busy.append(Interval(e, e + Int64(rng.int(1...40)) * 60))
    }
  }
  return busy
}

@Suite struct FreeSlotsModelTests {
  @Test(arguments: 0..<300)
  func matchesTheMinuteBitmap(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed))
    let start = Int64(rng.int(-5000...5000)) * 60
    let window = Interval(start, start + Int64(rng.int(1...400)) * 60)
    let busy = randomBusy(&rng, window: window)
    let free = FreeSlots.free(busy: busy, in: window)
    let expected = Bitmap.runs(Bitmap.free(busy: busy, window: window), window: window)
    #expect(free == expected, "seed \(seed)")
    #expect(free.isSortedAndDisjoint)
  }
}

@Suite struct MergerModelTests {
  @Test(arguments: 0..<300)
  func requiredOptionalAndRoomsMatchTheBitmap(seed: Int) {
    var rng = SplitMix64(seed: UInt64(seed) &+ 10_000)
    let window = Interval(0, Int64(rng.int(30...300)) * 60)
    let minimum = Int64(rng.int(0...3) == 0 ? 0 : rng.int(1...60)) * 60
    var participants: [Participant] = []
    for i in 0..<rng.int(1...6) {
      let role: Role =
        i == 0 ? .required : [.required, .required, .optional, .room][rng.int(0...3)]
      let free = FreeSlots.free(busy: randomBusy(&rng, window: window), in: window)
      participants.append(Participant(name: "p\(i)", role: role, free: free))
    }
    let slots = Merger(minimum: minimum).merge(participants, window: window)

    // The model: minutes where every required person is free, per room when there are rooms.
    let required = participants.filter { $0.role == .required }
    let rooms = participants.filter { $0.role == .room }
    let optional = participants.filter { $0.role == .optional }
    var common = [Bool](repeating: true, count: Int(window.duration / 60))
    for person in required {
      let bits = Bitmap.bits(of: person.free, window: window)
      for m in common.indices { common[m] = common[m] && bits[m] }
    }
    var candidates: Set<Interval> = []
    if rooms.isEmpty {
      candidates = Set(Bitmap.runs(common, window: window))
    } else {
      for room in rooms {
        let bits = Bitmap.bits(of: room.free, window: window)
        let both = zip(common, bits).map { $0 && $1 }
        candidates.formUnion(Bitmap.runs(both, window: window))
      }
    }
    let expected = candidates.filter { $0.duration >= max(minimum, 1) }.sorted().map { interval in
      let freeRooms = rooms.filter { room in
        Bitmap.bits(of: room.free, window: window)[
          Int(interval.start / 60)..<Int(interval.end / 60)
        ]
        .allSatisfy { $0 }
      }.map(\.name)
      let freeOptional = optional.filter { person in
        Bitmap.bits(of: person.free, window: window)[
          Int(interval.start / 60)..<Int(interval.end / 60)
        ]
        .allSatisfy { $0 }
      }.map(\.name)
      return Slot(interval: interval, free: required.map(\.name) + freeOptional, rooms: freeRooms)
    }
    #expect(slots == expected, "seed \(seed)")
  }
}

@Suite struct SweepCases {
  let window = Interval(0, 600)

  @Test func emptyBusyGivesTheWholeWindow() {
    #expect(FreeSlots.free(busy: [], in: window) == [window])
  }

  @Test func emptyWindowGivesNothing() {
    #expect(FreeSlots.free(busy: [], in: Interval(5, 5)).isEmpty)
    #expect(Merger().merge([Participant(name: "a", free: [])], window: Interval(5, 5)).isEmpty)
  }

  @Test func backToBackLeavesNoGap() {
    let free = FreeSlots.free(busy: [Interval(100, 200), Interval(200, 300)], in: window)
    #expect(free == [Interval(0, 100), Interval(300, 600)])
  }

  @Test func zeroLengthAndBackwardsBlockNothing() {
    #expect(FreeSlots.free(busy: [Interval(100, 100), Interval(300, 200)], in: window) == [window])
  }

  @Test func straddlingTheEdges() {
    let free = FreeSlots.free(busy: [Interval(-50, 10), Interval(590, 700)], in: window)
    #expect(free == [Interval(10, 590)])
    #expect(FreeSlots.free(busy: [Interval(-50, 700)], in: window).isEmpty)
  }

  @Test func minimumIsInclusive() {
    let a = Participant(name: "a", free: [Interval(0, 60), Interval(100, 159)])
    let slots = Merger(minimum: 60).merge([a], window: window)
    #expect(slots.map(\.interval) == [Interval(0, 60)])
  }

  @Test func noRequiredPeopleMeansTheWholeWindow() {
    let o = Participant(name: "o", role: .optional, free: [Interval(0, 100)])
    #expect(Merger().merge([o], window: window) == [Slot(interval: window, free: [])])
  }
}
