internal import CLibical
import FreeTimeCore

/// A zone a file defines by a VTIMEZONE, as libical builds it: the UTC offset at each instant.
/// libical zones are built under `Libical`'s lock; libical guards their expansion with its own.
final class LibicalZone: @unchecked Sendable {
  private let zone: OpaquePointer  // icaltimezone *, owned

  /// The zone of a VTIMEZONE's lines, or nil when libical cannot build one.
  init?(_ lines: [ContentLine]) {
    let built: OpaquePointer? = Libical.withLock(exclusive: false) {
      guard let comp = Libical.parseOwnedUnlocked(lines) else { return nil }
      guard let zone = icaltimezone_new() else {
        icalcomponent_free(comp)
        return nil
      }
      if icaltimezone_set_component(zone, comp) == 0 {
        icaltimezone_free(zone, 1)
        icalcomponent_free(comp)
        return nil
      }
      return zone
    }
    guard let built else { return nil }
    zone = built
  }

  deinit { icaltimezone_free(zone, 1) }

  func utcOffset(at instant: Instant) -> Int {
    var utcTime = ICSTime.icaltime(utc: instant)
    var isDaylight: Int32 = 0
    return Int(icaltimezone_get_utc_offset_of_utc_time(zone, &utcTime, &isDaylight))
  }
}
