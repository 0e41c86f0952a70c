import FreeTimeCore

/// A system zone's UTC offsets as a sorted list of changes, read from its TZif file (RFC 8536;
/// `TZDatabase`): every transition the file lists, then the changes its footer's rule makes up
/// to `to` (Debian's files list transitions up to 2037), so an offset is a binary search.
/// After `to`, the footer's rule answers year by year. `ZoneTests` checks it against Python's
/// zoneinfo, which reads the same files, for every zone. On a system without a tz database,
/// the list comes from ICU's copy of it (`icu`).
///
/// A class: as a struct held by `Zone`, every lookup copied it out and retained its parts.
final class OffsetTable: Sendable {
  /// The end of the list: the rest is worked out on each lookup.
  static let to: Instant = 4_133_980_800  // 2101-01-01
  /// One table per zone name for the whole process (nil: no such zone).
  private static let cache = Locked<[String: OffsetTable?]>([:])

  static func shared(_ name: String) -> OffsetTable? {
    if let table = cache.withLock({ $0[name] }) { return table }
    let table = TZDatabase.file(name).map(OffsetTable.init) ?? icu(name)
    cache.withLock { $0[name] = table }
    return table
  }

  /// `offsets[i]` holds from `starts[i]` (the first: `Instant.min`) to the next start.
  private let starts: [Instant]
  private let offsets: [Int]
  /// The rule after `to` (nil: the last offset holds for good).
  private let footer: PosixTZ?

  init(_ file: TZif) {
    var starts: [Instant] = [.min]
    var offsets = [file.initial]
    func add(_ instant: Instant, _ offset: Int) {
      if instant <= starts[starts.count - 1] {
        // Two changes at one instant: the later one holds.
        offsets[offsets.count - 1] = offset
        if starts.count > 1, offsets[offsets.count - 2] == offset {
          starts.removeLast()
          offsets.removeLast()
        }
      } else if offset != offsets[offsets.count - 1] {
        starts.append(instant)
        offsets.append(offset)
      }
    }
    for (instant, offset) in zip(file.transitions, file.offsets) { add(instant, offset) }
    let last = file.transitions.last ?? .min
    if let footer = file.footer, footer.daylight != nil {
      let first = last == .min ? 1900 : CivilTime.fields(last).year
      for year in first...2101 {
        for (instant, offset) in footer.changes(in: year) where instant > last {
          if instant < OffsetTable.to { add(instant, offset) }
        }
      }
    }
    self.starts = starts
    self.offsets = offsets
    footer = file.footer?.daylight != nil ? file.footer : nil
  }

  /// Where the system has no tz database (no tzdata, or `$TZDIR` empty): the zone as ICU's copy
  /// of it has it, from 1900 to `to` (before and after, the first and the last offset).
  static func icu(_ name: String) -> OffsetTable? {
    guard !TZDatabase.isInstalled, TZDatabase.isName(name),
      let (starts, offsets) = ICUZones.transitions(
        name, from: -2_208_988_800, to: OffsetTable.to)
    else { return nil }
    return OffsetTable(starts: [.min] + starts.dropFirst(), offsets: offsets)
  }

  private init(starts: [Instant], offsets: [Int]) {
    self.starts = starts
    self.offsets = offsets
    footer = nil
  }

  /// A zone at one offset for good.
  init(fixed offset: Int) {
    starts = [.min]
    offsets = [offset]
    footer = nil
  }

  /// The instants of the changes the list holds (for tests).
  var changeInstants: [Instant] { Array(starts.dropFirst()) }

  func offset(at instant: Instant) -> Int {
    span(at: instant).offset
  }

  /// The offset at `instant` and the span around it without a change.
  func span(at instant: Instant) -> (offset: Int, from: Instant, to: Instant) {
    if instant >= OffsetTable.to, let footer {
      return OffsetTable.span(at: instant, footer)
    }
    let k = OffsetTable.entry(of: instant, in: starts)
    return OffsetTable.entry(k, starts, offsets, to: footer == nil ? .max : OffsetTable.to)
  }

  /// After the list: the footer's changes of the years around `instant`.
  private static func span(at instant: Instant, _ footer: PosixTZ) -> (
    offset: Int, from: Instant, to: Instant
  ) {
    let year = CivilTime.fields(instant).year
    var starts: [Instant] = []
    var offsets: [Int] = []
    for y in year - 1...year + 1 {
      for (t, o) in footer.changes(in: y) {
        starts.append(t)
        offsets.append(o)
      }
    }
    let k = max(0, entry(of: instant, in: starts))
    return entry(k, starts, offsets, to: .max)
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
