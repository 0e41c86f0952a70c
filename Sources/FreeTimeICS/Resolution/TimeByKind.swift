import FreeTimeCore

/// One person's time sorted by its kind (`BusyKind`) as it is resolved: the busy time that is
/// only tentative or out of office (among the busy intervals `PersonAccumulator.finish`
/// returns), and the time kept apart from busy time: what the owner's replies freed, and what
/// events whose end cannot be read may cover. Each with its origin's number (`Origins`), where
/// it has one.
struct TimeByKind {
  /// The busy intervals that are only tentative.
  var tentative: [Interval] = []
  /// The busy intervals that are out of office.
  var outOfOffice: [Interval] = []
  /// With `--explain`: the time the owner's replies freed.
  var freedByReply: [(interval: Interval, kind: BusyKind, origin: Int32)] = []
  /// The time events whose end cannot be read may cover (`BusyKind.unknown`; the origin -1
  /// without `--explain`).
  var unknown: [(interval: Interval, origin: Int32)] = []

  /// Notes a kept busy interval as tentative or out of office.
  mutating func note(_ interval: Interval, _ kind: BusyKind) {
    switch kind {
    case .firm, .declined, .delegated, .unknown: break
    case .tentative: tentative.append(interval)
    case .outOfOffice: outOfOffice.append(interval)
    }
  }
}
