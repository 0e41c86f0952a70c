import FreeTimeCore

/// The overrides read (RECURRENCE-ID, RFC 5545 §3.8.4.4), kept compactly (`StoredOverride`),
/// with the latest of each UID and original start, the files they come from, and the series of
/// those with rules of their own.
struct OverrideStore {
  /// Every override read, in order (filtered in place by `PersonAccumulator.keepLiveOverrides`).
  var list: [StoredOverride] = []
  /// Per UID number and original start: the latest override read (its index in `list`).
  var latest: [PersonAccumulator.Key: Int32] = [:]
  /// The files overrides come from (`StoredOverride.file` numbers them).
  var files: [String] = []
  /// The series of overrides with rules of their own (`Override.series`), by UID number: added
  /// as masters at `PersonAccumulator.finish` for UIDs that have none.
  var orphanSeries: [(uid: Int32, master: EventContribution, origin: Origin?)] = []

  /// An `Override` in 64 bytes instead of 96 (there can be hundreds of thousands): the UID by
  /// number, the file by number, the flags in one byte.
  struct StoredOverride {
    var key: Instant
    var interval: Interval
    private var stamp: Int64
    private var sequence: Int32
    var line: Int32
    var uid: Int32
    var origin: Int32
    var file: Int32
    /// The override (index in `list`) this one ties with, -1 for none.
    var tiedWith: Int32 = -1
    private var flags: UInt8

    init(_ o: Override, uid: Int32, origin: Int32, file: Int32) {
      key = o.key
      interval = o.interval
      stamp = o.revision.stamp
      sequence = Int32(truncatingIfNeeded: o.revision.sequence)
      line = Int32(clamping: o.line)
      self.uid = uid
      self.origin = origin
      self.file = file
      flags =
        (o.blocks ? 1 : 0) | (o.thisAndFuture ? 2 : 0) | (o.cancels ? 0x80 : 0)
        | o.kind.rawValue << 2
    }

    var revision: Revision { Revision(sequence: Int(sequence), stamp: stamp) }
    var blocks: Bool { flags & 1 != 0 }
    var thisAndFuture: Bool { flags & 2 != 0 }
    var cancels: Bool { flags & 0x80 != 0 }
    var kind: BusyKind { BusyKind(rawValue: (flags & 0x7F) >> 2) ?? .firm }
  }
}
