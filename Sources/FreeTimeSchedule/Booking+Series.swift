import FreeTimeCore
import FreeTimeICS

/// A recurring meeting to book (`freetime book --repeat`; README, Recurring meetings): one
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
  /// with what (`conflicts(_:meeting:)` for each), in order.
  public static func conflicts(_ people: [Person], series: MeetingSeries) -> [(
    index: Int, interval: Interval, conflicts: [Conflict]
  )] {
    series.occurrences.enumerated().compactMap { i, occurrence in
      let found = conflicts(people, meeting: occurrence.interval)
      return found.isEmpty ? nil : (i, occurrence.interval, found)
    }
  }
}
