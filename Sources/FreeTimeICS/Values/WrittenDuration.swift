import FreeTimeCore

/// A DURATION value (RFC 5545 §3.3.6): nominal days (weeks count seven) and exact seconds.
struct WrittenDuration: Equatable {
  var days: Int64
  var seconds: Int64
  var isNegative = false

  /// The length of an instance lasting this long.
  var length: EventLength { EventLength(civil: days * 86400, exact: seconds) }
}
