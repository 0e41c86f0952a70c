import FreeTimeCore
import FreeTimeICS

/// A recurring meeting to book (`freetime book --repeat`; docs/GUIDE.md, Recurring meetings): one
/// series, written as one VEVENT with an RRULE.
public struct MeetingSeries: Sendable {
  public var repetition: Repetition
  /// Each occurrence: the wall clock the rule names it by (civil seconds of the zone) and when
  /// it is held.
  public var occurrences: [(wallClock: Int64, interval: Interval)]
  /// The indices of `occurrences` left out (EXDATE).
  public var skipped: Set<Int> = []

  /// The series of `repetition` whose first occurrence starts at `first` and lasts `duration`
  /// seconds, on `zone`'s wall clock.
  public init(first: Instant, duration: Int64, repetition: Repetition, zone: Zone) {
    self.repetition = repetition
    occurrences = repetition.occurrences(from: first, zone: zone).map {
      ($0.wallClock, Interval($0.start, $0.start + duration))
    }
  }

  /// The series of a rotation of `firsts.count` meetings (`--rotate K`): the j-th starts at
  /// `firsts[j]`, and occurrence i of `count` goes to series i mod K, so series j has
  /// ⌈(count − j) / K⌉ occurrences, every K periods; with `until` (and no count) each runs
  /// until then. One first is one series.
  public static func rotation(
    firsts: [Instant], duration: Int64, period: RepeatPeriod, count: Int?, until: Instant?,
    zone: Zone
  ) -> [MeetingSeries] {
    let k = firsts.count
    return firsts.enumerated().map { j, first in
      let repetition = Repetition(
        period: period, every: k, count: count.map { ($0 - j + k - 1) / k },
        until: count == nil ? until : nil)
      return MeetingSeries(
        first: first, duration: duration, repetition: repetition, zone: zone)
    }
  }

  /// From the first occurrence's start to the last one's end.
  public var span: Interval {
    Interval(occurrences.first!.interval.start, occurrences.last!.interval.end)
  }

  /// The RRULE, EXDATEs and end of the series, for its invitation.
  public func recurrence(zone: Zone) -> Invitation.Recurrence {
    Invitation.Recurrence(
      rule: repetition.rule(first: occurrences[0].interval.start, zone: zone),
      exceptions: skipped.sorted().map { occurrences[$0].wallClock }, end: span.end)
  }
}

extension Booking {
  /// Every occurrence of `series` where a required person or the room is busy, with who and
  /// with what (as `conflicts(_:meeting:)` for each), in order.
  ///
  /// - Complexity: O(b log b + n (log b + k)) for b busy intervals, n occurrences and k
  ///   intervals that start within the longest one's length before an occurrence (a linear
  ///   scan a meeting was 19 s of a 21 s debug run for 1000 daily occurrences over four years
  ///   of two dense calendars).
  public static func conflicts(_ people: [Person], series: MeetingSeries) -> [(
    index: Int, interval: Interval, conflicts: [Conflict]
  )] {
    let indices = people.map { $0.role == .optional ? BusyIndex([]) : BusyIndex($0.busy) }
    return series.occurrences.enumerated().compactMap { i, occurrence in
      let meeting = occurrence.interval
      let found = conflicts(people, meeting: meeting) { p, person in
        indices[p].overlapping(meeting, in: person.busy)
      }
      return found.isEmpty ? nil : (i, meeting, found)
    }
  }
}

/// A person's busy intervals ordered by start, to find those that overlap a meeting without
/// looking at all of them.
struct BusyIndex {
  /// Indices into the busy intervals, by start.
  let order: [Int]
  let starts: [Instant]
  /// The longest interval's length: one that starts earlier than that before a meeting ends
  /// before it.
  let longest: Int64

  init(_ busy: [Interval]) {
    order = busy.indices.sorted { busy[$0].start < busy[$1].start }
    starts = order.map { busy[$0].start }
    longest = busy.map { $0.end - $0.start }.max() ?? 0
  }

  /// The indices of the intervals of `busy` (those this index was made of) that overlap
  /// `meeting`, in increasing order.
  func overlapping(_ meeting: Interval, in busy: [Interval]) -> [Int] {
    let low = firstStart { $0 > meeting.start - longest }
    let high = firstStart { $0 >= meeting.end }
    guard low < high else { return [] }
    return order[low..<high].filter { busy[$0].overlaps(meeting) }.sorted()
  }

  /// The first position in `starts` from which `isAfter` holds (it holds from there on).
  private func firstStart(_ isAfter: (Instant) -> Bool) -> Int {
    var (low, high) = (0, starts.count)
    while low < high {
      let middle = (low + high) / 2
      if isAfter(starts[middle]) { high = middle } else { low = middle + 1 }
    }
    return low
  }
}
