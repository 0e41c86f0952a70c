import FreeTimeCore

/// The masters read, each a version of its UID, and their instances, kept compactly: UIDs are
/// interned once; an instance costs only its interval (16 bytes): a master's instances are
/// contiguous in `spans`, and an instance's key (its original start) is its start except in the
/// rare `reversedKeys`. Per UID, the latest master, what it excludes and its iTIP CANCEL.
struct MasterStore {
  /// UID → its number; -1 stands for "no UID".
  var uids = UIDTable()
  /// One entry per master read (a version): its UID number, its kind, where its instances end
  /// in `spans` (they begin where the previous master's end), and the master it ties with (-1
  /// for none).
  var entries: [(uid: Int32, kind: BusyKind, end: Int, tiedWith: Int32)] = []
  /// The instances of all masters.
  var spans: [Interval] = []
  /// Keys of instances whose key is not their start (a negative length), by index in `spans`.
  var reversedKeys: [Int: Instant] = [:]
  /// Per UID number: the latest master (`master` is its number in `entries`, -1 for none yet).
  var latest: [LatestMaster] = []
  /// The instants masters exclude (EXDATE), each with the master that excludes it; only the
  /// latest master's count.
  var excludedBy: [PersonAccumulator.Key: Int32] = [:]
  /// Per UID number: the iTIP CANCEL of the whole event that was its latest master when read
  /// (it counts while it still is the latest: `PersonAccumulator.keepLiveOverrides`).
  var cancellations: [Int32: Int32] = [:]

  /// 16 bytes: the revision's parts side by side, and `blocks` in the master number's low bit.
  struct LatestMaster {
    private var stamp: Int64
    private var sequence: Int32
    private var masterAndBlocks: Int32

    init(revision: Revision, master: Int32, blocks: Bool) {
      stamp = revision.stamp
      sequence = Int32(truncatingIfNeeded: revision.sequence)
      masterAndBlocks = master << 1 | (blocks ? 1 : 0)
    }

    var revision: Revision { Revision(sequence: Int(sequence), stamp: stamp) }
    var master: Int32 { masterAndBlocks >> 1 }
    var blocks: Bool { masterAndBlocks & 1 == 1 }
  }

  /// The number of a UID (of a master or an override), -1 for none.
  mutating func number(_ uid: String?) -> Int32 {
    guard let uid else { return -1 }
    let n = uids.intern(uid)
    if Int(n) == latest.count {
      latest.append(
        LatestMaster(revision: Revision(sequence: 0, stamp: 0), master: -1, blocks: false))
    }
    return n
  }

  /// Whether the latest master of UID number `n` excludes the instance at `key`.
  func latestExcludes(_ n: Int32, _ key: Instant) -> Bool {
    guard let excluder = excludedBy[PersonAccumulator.Key(uid: n, start: key)] else {
      return false
    }
    return counts(master: excluder, of: n)
  }

  /// Whether master number `m` of UID number `n` counts: it is the latest version, or ties
  /// with it (same SEQUENCE and DTSTAMP: both are kept).
  func counts(master m: Int32, of n: Int32) -> Bool {
    guard let latest = latestMaster(n)?.master else { return false }
    return m == latest || entries[Int(m)].tiedWith == latest
  }

  /// The latest master read for UID number `n`.
  func latestMaster(_ n: Int32) -> LatestMaster? {
    guard n >= 0, latest[Int(n)].master >= 0 else { return nil }
    return latest[Int(n)]
  }

  /// Whether a master event with this UID was read already.
  func hasMaster(_ uid: String) -> Bool {
    guard let n = uids.number(of: uid) else { return false }
    return latestMaster(n) != nil
  }

  /// The RECURRENCE-ID that names instance `i` of `spans`: its start, unless a shift moved it.
  func instanceKey(_ i: Int) -> Instant {
    reversedKeys.isEmpty ? spans[i].start : reversedKeys[i] ?? spans[i].start
  }
}
