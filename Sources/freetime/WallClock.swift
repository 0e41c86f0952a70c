import FreeTimeCore
import FreeTimeICS

/// A wall-clock WHEN (`--from`, `--to`, `--at`, `--until`) that a zone's clocks skip (a DST gap)
/// or pass twice (a fold): read as RFC 5545 §3.3.5 says, and said so (docs/GUIDE.md, freetime
/// book).
enum WallClock {
  /// The warning for `text` (given to `option`, read as `instant` in `zone`), or nil when the
  /// wall clock names it once or `text` gives its own offset. `taken` is what is done with it
  /// (`read as`, `booked at`).
  static func warning(
    _ option: String, _ text: String, _ instant: Instant, zone: Zone, taken: String
  ) -> String? {
    guard let civil = WhenSyntax.wallClock(text) else { return nil }
    if LocalTimeResolver.civil(instant, in: zone) != civil {
      return
        "\(option) \(text) does not exist in \(zone.name) (the clocks skip it); \(taken) \(TimeText.human(instant, zone: zone))"
    }
    guard TimeText.isAmbiguous(instant, zone: zone) else { return nil }
    let first = zone.utcOffset(at: instant)
    let second = zone.utcOffset(at: instant + 7200)
    let later = instant + Int64(first - second)
    return
      "\(option) \(text) happens twice in \(zone.name) (the clocks go back); \(taken) the first, \(TimeText.clock(instant, zone: zone)); give \(option) \(text)\(offset(second)) for the second, \(TimeText.clock(later, zone: zone))"
  }

  /// `+01:00`, `-04:00`: an offset as a WHEN writes it.
  static func offset(_ seconds: Int) -> String {
    let a = abs(seconds)
    func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
    return (seconds < 0 ? "-" : "+") + two(a / 3600) + ":" + two(a / 60 % 60)
  }

  /// Warns (on standard error) when `text` names a skipped or repeated time.
  static func warn(
    _ option: String, _ text: String, _ instant: Instant, zone: Zone, taken: String = "read as"
  ) {
    if let warning = warning(option, text, instant, zone: zone, taken: taken) {
      Diagnostics.warning(warning)
    }
  }
}
