extension Merger {
  /// Slots where a fixed group of at least `k` required people is free (`--quorum`; docs/ARCHITECTURE.md, Free time).
  ///
  /// A slot is a pair (interval, group): the group is free throughout the interval, the interval
  /// cannot grow without losing someone of the group, and nobody outside the group is free
  /// throughout it. Slots of different groups may overlap. Found in one sweep: when a person
  /// becomes busy at time e, every distinct "free since" time s among the people free just
  /// before e that is not earlier than that person's own gives the candidate [s, e) with the
  /// group of people free since s or earlier.
  ///
  /// - Returns: slots sorted by start, then by group size (largest first), then by end; each
  ///   lists its group in the order given, then the optional people free throughout it.
  /// - Complexity: O(m · n) for m free intervals of n required people, plus the slots found
  ///   and their groups.
  public func quorum(_ participants: [Participant], atLeast k: Int, window: Interval) -> [Slot] {
    let rooms = participants.filter { $0.role == .room }
    guard !rooms.isEmpty else {
      return quorumWithoutRooms(participants, atLeast: k, window: window)
    }
    // With rooms: the quorum slots of the people's free time within each room's free time;
    // equal (interval, group) pairs are merged, and each lists every room free throughout it.
    let others = participants.filter { $0.role != .room }
    var slots: [Slot] = []
    var index: [Slot: Int] = [:]
    for room in rooms {
      let inRoom = others.map { person in
        var p = person
        p.free = Merger.covered(by: [person.free, room.free], atLeast: 2, window: window)
        return p
      }
      for slot in quorumWithoutRooms(inRoom, atLeast: k, window: window) {
        let key = Slot(interval: slot.interval, free: slot.free)
        if index[key] == nil {
          index[key] = slots.count
          var withRooms = slot
          withRooms.rooms = rooms.filter { $0.free.covers(slot.interval) }.map(\.name)
          slots.append(withRooms)
        }
      }
    }
    return slots.sorted { a, b in
      if a.interval.start != b.interval.start { return a.interval.start < b.interval.start }
      if a.free.count != b.free.count { return a.free.count > b.free.count }
      return a.interval.end < b.interval.end
    }
  }

  private func quorumWithoutRooms(_ participants: [Participant], atLeast k: Int, window: Interval)
    -> [Slot]
  {
    let required = participants.filter { $0.role == .required }
    let optional = participants.filter { $0.role == .optional }
    // Events: (time, person, isStart); at one instant, ends are handled before starts.
    var events: [(time: Instant, person: Int, isStart: Bool)] = []
    for (i, person) in required.enumerated() {
      for interval in person.free {
        guard let part = interval.clamped(to: window) else { continue }
        events.append((part.start, i, true))
        events.append((part.end, i, false))
      }
    }
    events.sort { a, b in
      a.time != b.time ? a.time < b.time : (!a.isStart && b.isStart)
    }
    // The people free now and since when, in the order they became free: a start comes at the
    // sweep's time, never before an earlier one, so the list stays sorted by `since`.
    var free: [(since: Instant, person: Int)] = []
    var sinceOf = [Instant?](repeating: nil, count: required.count)
    // Each slot named as it is found (its group's names in the order given): holding the groups
    // as numbers until the end would keep both (thousands of slots of thousands of people).
    var slots: [Slot] = []
    var index = 0
    while index < events.count {
      let t = events[index].time
      var ending: [Int] = []
      var starting: [Int] = []
      while index < events.count && events[index].time == t {
        if events[index].isStart {
          starting.append(events[index].person)
        } else {
          ending.append(events[index].person)
        }
        index += 1
      }
      if !ending.isEmpty {
        // A candidate [s, t) for each distinct `since` s not earlier than the ending person's
        // own, its group everyone free since s or earlier: a prefix of `free`. Only from the
        // k-th entry on is a prefix large enough. Each s gives one slot at this t.
        var emitted = Set<Instant>()
        if k >= 1, k <= free.count {
          let kth = free[k - 1].since
          for q in ending {
            guard let own = sinceOf[q] else { continue }
            let from = max(own, kth)
            // The first entry free since `from` or later.
            var low = 0
            var high = free.count
            while low < high {
              let middle = (low + high) / 2
              if free[middle].since < from { low = middle + 1 } else { high = middle }
            }
            var j = low
            while j < free.count {
              let s = free[j].since
              var last = j
              while last + 1 < free.count && free[last + 1].since == s { last += 1 }
              let interval = Interval(s, t)
              if last + 1 >= k, interval.duration >= max(minimum, 1), emitted.insert(s).inserted {
                let group = free[0...last].map(\.person).sorted()
                slots.append(Slot(interval: interval, free: group.map { required[$0].name }))
              }
              j = last + 1
            }
          }
        }
        for q in ending { sinceOf[q] = nil }
        free.removeAll { sinceOf[$0.person] == nil }
      }
      for p in starting {
        sinceOf[p] = t
        free.append((t, p))
      }
    }
    slots.sort { a, b in
      if a.interval.start != b.interval.start { return a.interval.start < b.interval.start }
      if a.free.count != b.free.count { return a.free.count > b.free.count }
      return a.interval.end < b.interval.end
    }
    for i in slots.indices {
      for person in optional where person.free.covers(slots[i].interval) {
        slots[i].free.append(person.name)
      }
    }
    return slots
  }
}
