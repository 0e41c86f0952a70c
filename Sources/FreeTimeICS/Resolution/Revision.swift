import FreeTimeCore

/// Which of several versions of one event is the newest: the higher SEQUENCE, then the later
/// DTSTAMP (RFC 5545 §3.8.7.4, §3.8.7.2). Versions that tie on both are all kept: neither is
/// known to replace the other (`PersonAccumulator.add`).
struct Revision: Comparable {
  var sequence: Int
  var stamp: Int64

  static func < (a: Revision, b: Revision) -> Bool {
    (a.sequence, a.stamp) < (b.sequence, b.stamp)
  }
}
