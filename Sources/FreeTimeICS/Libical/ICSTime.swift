internal import CLibical
import FreeTimeCore

/// Conversions between libical's `icaltimetype` and freetime's numbers.
enum ICSTime {
  /// Civil seconds of the fields of a time (its wall clock, whatever its zone).
  static func civil(_ t: icaltimetype) -> Int64 {
    if t.is_date != 0 { return CivilTime.seconds(Int(t.year), Int(t.month), Int(t.day)) }
    return CivilTime.seconds(
      Int(t.year), Int(t.month), Int(t.day), Int(t.hour), Int(t.minute), Int(t.second))
  }

  /// A UTC `icaltimetype` for an instant.
  static func icaltime(utc instant: Instant) -> icaltimetype {
    let f = CivilTime.fields(instant)
    var t = icaltime_null_time()
    t.year = Int32(f.year)
    t.month = Int32(f.month)
    t.day = Int32(f.day)
    t.hour = Int32(f.hour)
    t.minute = Int32(f.minute)
    t.second = Int32(f.second)
    t.is_date = 0
    t.zone = icaltimezone_get_utc_timezone()
    return t
  }

  /// A floating `icaltimetype` with the wall-clock fields of civil seconds.
  static func icaltime(civil: Int64, isDate: Bool) -> icaltimetype {
    let f = CivilTime.fields(civil)
    var t = icaltime_null_time()
    t.year = Int32(f.year)
    t.month = Int32(f.month)
    t.day = Int32(f.day)
    if !isDate {
      t.hour = Int32(f.hour)
      t.minute = Int32(f.minute)
      t.second = Int32(f.second)
    }
    t.is_date = isDate ? 1 : 0
    t.zone = nil
    return t
  }
}
