import FreeTimeCore

/// Which of several versions of one event is the newest: the higher SEQUENCE, then the later
/// DTSTAMP (RFC 5545 §3.8.7.4, §3.8.7.2). On a full tie the first one read stays.
struct Revision: Comparable {
  var sequence: Int
  var stamp: Int64

  static func < (a: Revision, b: Revision) -> Bool {
    (a.sequence, a.stamp) < (b.sequence, b.stamp)
  }
}
