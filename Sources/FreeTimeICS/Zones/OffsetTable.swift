import FoundationEssentials
import FoundationInternationalization
import FreeTimeCore
import Synchronization

#if canImport(_FoundationICU)
  internal import _FoundationICU
#endif

/// A system zone's UTC offsets as a sorted list of transitions (everything ICU reports: daylight
/// saving and changes of standard time), so an offset is a binary search, not an ICU call.
/// `ZoneTests` checks it against `TimeZone.secondsFromGMT` for every zone.
///
/// ICU charges a few hundred microseconds of a small run per decade of transitions, so a table
/// first holds the years from ten before to fifteen after this one (where nearly every lookup
/// falls); the rest of 1970–2100 is read once, on the first lookup there.
///
/// A class: as a struct held by `Zone`, every lookup copied it out and retained its parts.
final class OffsetTable: Sendable {
  static let from: Instant = 0  // 1970-01-01
  static let to: Instant = 4_102_444_800  // 2100-01-01
  /// The years read first: 1 January ten years ago to 1 January in fifteen years.
  static let near: (from: Instant, to: Instant) = {
    let year = CivilTime.fields(Instant(Date().timeIntervalSince1970)).year
    return (
      max(from, CivilTime.seconds(year - 10, 1, 1)), min(to, CivilTime.seconds(year + 15, 1, 1))
    )
  }()
  /// One table per zone name for the whole process.
  private static let cache = Locked<[String: OffsetTable]>([:])

  static func shared(_ zone: TimeZone) -> OffsetTable {
    if let table = cache.withLock({ $0[zone.identifier] }) { return table }
    let table = OffsetTable(zone)
    cache.withLock { $0[zone.identifier] = table }
    return table
  }

  /// `offsets[i]` holds from `starts[i]` to the next start, within `near`.
  private let starts: [Instant]
  private let offsets: [Int]
  private let zone: TimeZone
  /// All of 1970–2100, read on the first lookup outside `near`.
  private let whole = WholeTable()

  final class WholeTable: Sendable {
    let transitions = Locked<([Instant], [Int])?>(nil)
  }

  init(_ zone: TimeZone) {
    self.zone = zone
    (starts, offsets) = OffsetTable.transitions(
      zone, from: OffsetTable.near.from, to: OffsetTable.near.to)
  }

  /// The offsets from `from` to `to`: the offset at `from`, then every change.
  private static func transitions(_ zone: TimeZone, from: Instant, to: Instant) -> (
    [Instant], [Int]
  ) {
    #if canImport(_FoundationICU)
      if let found = transitionsICU(zone.identifier, from: from, to: to) { return found }
    #endif
    var date = Date(timeIntervalSince1970: TimeInterval(from))
    var starts = [from]
    var offsets = [zone.secondsFromGMT(for: date)]
    let end = Date(timeIntervalSince1970: TimeInterval(to))
    while let next = zone.nextDaylightSavingTimeTransition(after: date), next < end,
      next > date
    {
      let instant = Instant((next.timeIntervalSince1970).rounded(.down))
      let offset = zone.secondsFromGMT(for: next)
      if offset != offsets.last {
        starts.append(instant)
        offsets.append(offset)
      }
      date = next
    }
    return (starts, offsets)
  }

  #if canImport(_FoundationICU)
    /// The transitions from ICU's calendar API directly, one calendar for the whole walk (a bit
    /// cheaper than Foundation's `nextDaylightSavingTimeTransition`). Each step still costs ICU
    /// a copy of the zone's transition list.
    private static func transitionsICU(_ identifier: String, from: Instant, to: Instant)
      -> ([Instant], [Int])?
    {
      let id = Array(identifier.utf16)
      var status = U_ZERO_ERROR
      guard let calendar = swift_ucal_open(id, Int32(id.count), nil, UCAL_GREGORIAN, &status),
        status.rawValue <= 0
      else { return nil }
      defer { swift_ucal_close(calendar) }
      func offset(at millis: Double) -> Int? {
        var status = U_ZERO_ERROR
        swift_ucal_setMillis(calendar, millis, &status)
        let zone = swift_ucal_get(calendar, UCAL_ZONE_OFFSET, &status)
        let dst = swift_ucal_get(calendar, UCAL_DST_OFFSET, &status)
        return status.rawValue <= 0 ? Int(zone + dst) / 1000 : nil
      }
      var millis = Double(from) * 1000
      guard let first = offset(at: millis) else { return nil }
      var starts = [from]
      var offsets = [first]
      let end = Double(to) * 1000
      while true {
        var next = 0.0
        var status = U_ZERO_ERROR
        swift_ucal_setMillis(calendar, millis, &status)
        guard
          swift_ucal_getTimeZoneTransitionDate(calendar, UCAL_TZ_TRANSITION_NEXT, &next, &status)
            != 0,
          status.rawValue <= 0, next > millis, next < end
        else { break }
        guard let o = offset(at: next) else { return nil }
        if o != offsets.last {
          starts.append(Instant((next / 1000).rounded(.down)))
          offsets.append(o)
        }
        millis = next
      }
      return (starts, offsets)
    }
  #endif

  /// The offset at `instant`, or nil outside 1970–2100.
  func offset(at instant: Instant) -> Int? {
    span(at: instant)?.offset
  }

  /// The offset at `instant` and a span around it without a change (between the transitions
  /// around it, or the edge of the years read), or nil outside 1970–2100.
  func span(at instant: Instant) -> (offset: Int, from: Instant, to: Instant)? {
    if instant >= OffsetTable.near.from && instant < OffsetTable.near.to {
      return OffsetTable.span(at: instant, starts, offsets, to: OffsetTable.near.to)
    }
    guard instant >= OffsetTable.from, instant < OffsetTable.to else { return nil }
    let (starts, offsets) = whole.transitions.withLock { built in
      if let built { return built }
      let read = OffsetTable.transitions(zone, from: OffsetTable.from, to: OffsetTable.to)
      built = read
      return read
    }
    return OffsetTable.span(at: instant, starts, offsets, to: OffsetTable.to)
  }

  /// The entry of `starts`/`offsets` holding `instant` (at or after `starts[0]`) and its span.
  private static func span(
    at instant: Instant, _ starts: [Instant], _ offsets: [Int], to end: Instant
  ) -> (offset: Int, from: Instant, to: Instant) {
    entry(entry(of: instant, in: starts), starts, offsets, to: end)
  }

  /// The index of the last of sorted `starts` at or before `instant` (which is not before the
  /// first).
  static func entry(of instant: Instant, in starts: [Instant]) -> Int {
    starts.partitioningIndex { $0 > instant } - 1
  }

  /// Entry `k` of a list of changes: its offset, from its start to the next (or to `end`).
  static func entry(_ k: Int, _ starts: [Instant], _ offsets: [Int], to end: Instant) -> (
    offset: Int, from: Instant, to: Instant
  ) {
    (offsets[k], starts[k], k + 1 < starts.count ? starts[k + 1] : end)
  }
}
