/// Intersects people's free time (docs/ARCHITECTURE.md, Free time): the same counter walk as one person's free time,
/// counting open free slots; where the count reaches the number of required people a common
/// slot opens, and it closes when the count drops below. Slots shorter than the minimum are
/// dropped; a zero-length slot is never produced.
public struct Merger: Sendable {
  /// Shortest slot kept, in seconds. 0 keeps every slot of positive length.
  public var minimum: Int64

  public init(minimum: Int64 = 0) {
    self.minimum = minimum
  }

  /// The common free slots of `participants` inside `window`.
  ///
  /// - Parameters:
  ///   - participants: required people, optional people and rooms, each with its free time.
  ///   - window: the span looked at; every slot lies inside it.
  /// - Returns: slots sorted by start. Without rooms they are disjoint; with rooms, slots of
  ///   different rooms may overlap and equal intervals are merged into one slot.
  /// - Complexity: O(n log n) for n free intervals in all.
  public func merge(_ participants: [Participant], window: Interval) -> [Slot] {
    let required = participants.filter { $0.role == .required }
    let optional = participants.filter { $0.role == .optional }
    let rooms = participants.filter { $0.role == .room }

    let common = Merger.covered(by: required.map(\.free), atLeast: required.count, window: window)

    // Candidate intervals, each with the rooms free throughout it.
    var candidates: [(Interval, [String])] = []
    if rooms.isEmpty {
      candidates = common.map { ($0, []) }
    } else {
      var byInterval: [Interval: [String]] = [:]
      for room in rooms {
        let both = Merger.covered(by: [common, room.free], atLeast: 2, window: window)
        for interval in both where interval.duration >= max(minimum, 1) {
          byInterval[interval, default: []].append(room.name)
        }
      }
      for (interval, _) in byInterval {
        // Every room free throughout the interval, also those whose free span is larger.
        let names = rooms.filter { $0.free.covers(interval) }.map(\.name)
        candidates.append((interval, names))
      }
      candidates.sort { $0.0 < $1.0 }
    }

    var slots: [Slot] = []
    for (interval, roomNames) in candidates where interval.duration >= max(minimum, 1) {
      var free = required.map(\.name)
      for person in optional where person.free.covers(interval) {
        free.append(person.name)
      }
      slots.append(Slot(interval: interval, free: free, rooms: roomNames))
    }
    #if DEBUG
      if rooms.isEmpty {
        checkInvariants(slots.map(\.interval), window: window, minimum: minimum)
      }
    #endif
    return slots
  }

  /// Where at least `k` of the lists are free, inside `window`.
  ///
  /// Each list must be sorted and disjoint. With `k == lists.count` this is the intersection.
  /// - Complexity: O(n log n) for n intervals in all.
  public static func covered(by lists: [[Interval]], atLeast k: Int, window: Interval) -> [Interval]
  {
    guard !window.isEmpty else { return [] }
    if k <= 0 { return [window] }
    var starts: [Instant] = []
    var ends: [Instant] = []
    let total = lists.reduce(0) { $0 + $1.count }
    starts.reserveCapacity(total)
    ends.reserveCapacity(total)
    for list in lists {
      for interval in list {
        guard let part = interval.clamped(to: window) else { continue }
        starts.append(part.start)
        ends.append(part.end)
      }
    }
    return Sweep.walk(starts: &starts, ends: &ends, threshold: k)
  }
}
