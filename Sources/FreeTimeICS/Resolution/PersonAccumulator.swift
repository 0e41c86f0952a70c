import FreeTimeCore

/// Collects one person's instances and overrides over all of their files, and applies the
/// overrides at the end: an override replaces the instance with the same UID and original start
/// (RECURRENCE-ID compared as an instant), wherever it moves it (RFC 5545 §3.8.4.4).
///
/// When one UID has several masters (or one UID and RECURRENCE-ID several overrides), the newest
/// `Revision` wins (highest SEQUENCE, then latest DTSTAMP; versions that tie are all kept): exports often
/// keep the superseded version of an edited series.
///
/// Memory: UIDs are interned once; an instance costs only its interval (16 bytes): a master's
/// instances are contiguous in `spans`, and an instance's key (its original start) is its start
/// except in the rare `reversedKeys`. `finish` filters the intervals in place.
struct PersonAccumulator {
  let window: Interval
  var diagnostics: [Diagnostic] = []
  /// What the calendars say about the person's home zone.
  var homeZones = HomeZoneEvidence()
  /// The person's own working hours: Outlook's, their VAVAILABILITYs'.
  var ownHours = OwnHours()
  /// The owner address events were read with (the first calendar's), and whether some event
  /// had ATTENDEEs when there was none.
  var owner: OwnerAddress?
  /// The time the calendar speaks for.
  var coverage = Coverage()
  /// Whether each argument's components that hold time could be read at all.
  var readability = Readability()
  /// UID → its number; -1 stands for "no UID".
  var uids = UIDTable()
  /// One entry per master read (a version): its UID number, whether it is tentative, its origin,
  /// and where its instances end in `spans` (they begin where the previous master's end).
  var masters: [(uid: Int32, kind: BusyKind, end: Int, tiedWith: Int32)] = []
  /// With `--explain`: each master's origin.
  var masterOrigins: [Int32] = []
  /// The instances of all masters.
  var spans: [Interval] = []
  /// Keys of instances whose key is not their start (a negative length), by index in `spans`.
  var reversedKeys: [Int: Instant] = [:]
  var overrides: [StoredOverride] = []
  /// The series of overrides with rules of their own (`Override.series`), by UID number: added
  /// as masters at `finish` for UIDs that have none.
  var orphanSeries: [(uid: Int32, master: EventContribution, origin: Origin?)] = []
  /// The files overrides come from (`StoredOverride.file` numbers them).
  var overrideFiles: [String] = []
  var periods: [Interval] = []
  var periodOrigins: [Int32] = []
  /// With `--explain`: where the next contribution comes from, and all origins so far.
  var currentOrigin: Origin?
  var originTable: [Origin] = []
  /// Parallel to what `finish` returns, with `--explain`.
  var busyOrigins: [Origin] = []
  /// Per UID number: the latest master (`master` is its number in `masters`, -1 for none yet).
  var latest: [LatestMaster] = []
  /// The instants masters exclude (EXDATE), each with the master that excludes it; only the
  /// latest master's count.
  var excludedBy: [Key: Int32] = [:]
  /// Per UID number and original start: the latest override read (its index in `overrides`).
  var latestOverride: [Key: Int32] = [:]
  /// Per UID number: the iTIP CANCEL of the whole event that was its latest master when read
  /// (it counts while it still is the latest: `keepLiveOverrides`).
  var cancellations: [Int32: Int32] = [:]

  init(window: Interval) {
    self.window = window
  }

  mutating func originIndex() -> Int32 {
    guard let origin = currentOrigin else { return -1 }
    originTable.append(origin)
    return Int32(originTable.count - 1)
  }

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

  private mutating func number(_ uid: String?) -> Int32 {
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
    guard let excluder = excludedBy[Key(uid: n, start: key)] else { return false }
    return counts(master: excluder, of: n)
  }

  /// Whether master number `m` of UID number `n` counts: it is the latest version, or ties
  /// with it (same SEQUENCE and DTSTAMP: both are kept).
  func counts(master m: Int32, of n: Int32) -> Bool {
    guard let latest = latestMaster(n)?.master else { return false }
    return m == latest || masters[Int(m)].tiedWith == latest
  }

  /// The latest master read for UID number `n`.
  func latestMaster(_ n: Int32) -> LatestMaster? {
    guard n >= 0, latest[Int(n)].master >= 0 else { return nil }
    return latest[Int(n)]
  }

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
    /// The override (index in `overrides`) this one ties with, -1 for none.
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

  /// Takes one event's contribution. Of several versions of one UID (or one UID and
  /// RECURRENCE-ID) the newest counts (`Revision`); versions that tie on SEQUENCE and DTSTAMP
  /// all count.
  ///
  /// - Returns: whether it ties with a version read before (the caller warns).
  @discardableResult
  mutating func add(_ contribution: EventContribution) -> Bool {
    let origin = originIndex()
    var tied = false
    switch contribution {
    case .master(
      let uid, let revision, let blocks, let list, let excluded, let kind, let cancelsSeries):
      let n = number(uid)
      let master = Int32(masters.count)
      var tiedWith: Int32 = -1
      if n >= 0 {
        if let seen = latestMaster(n), seen.revision >= revision {
          guard seen.revision == revision else { return false }
          tiedWith = seen.master
          tied = true
        } else {
          latest[Int(n)] = LatestMaster(
            revision: revision, master: master, blocks: blocks && !kind.isFreedByReply)
          if cancelsSeries { cancellations[n] = master }
        }
        for instant in excluded { excludedBy[Key(uid: n, start: instant)] = master }
      }
      for instance in list {
        if instance.key != instance.interval.start { reversedKeys[spans.count] = instance.key }
        spans.append(instance.interval)
      }
      masters.append((n, kind, spans.count, tiedWith))
      if origin >= 0 || !masterOrigins.isEmpty {
        while masterOrigins.count < masters.count - 1 { masterOrigins.append(-1) }
        masterOrigins.append(origin)
      }
    case .override(let o):
      let n = number(o.uid)
      var tiedWith: Int32 = -1
      if n >= 0 {
        let k = Key(uid: n, start: o.key)
        if let seen = latestOverride[k], overrides[Int(seen)].revision >= o.revision {
          guard overrides[Int(seen)].revision == o.revision else { return false }
          tiedWith = seen
          tied = true
        } else {
          latestOverride[k] = Int32(overrides.count)
        }
      }
      if let series = o.series, n >= 0 {
        orphanSeries.append(
          (
            n,
            .master(
              uid: o.uid, revision: o.revision, blocks: o.blocks,
              instances: o.blocks ? series.instances : [],
              excluded: series.excluded, kind: o.kind, cancelsSeries: false),
            currentOrigin
          ))
      }
      if overrideFiles.last != o.file { overrideFiles.append(o.file) }
      var stored = StoredOverride(o, uid: n, origin: origin, file: Int32(overrideFiles.count - 1))
      stored.tiedWith = tiedWith
      overrides.append(stored)
    case .none:
      break
    }
    return tied
  }

  /// Instances, overrides and free-busy periods kept so far.
  var instanceCount: Int { spans.count + periods.count + overrides.count }

  /// Whether a master event with this UID was read already.
  func hasMaster(_ uid: String) -> Bool {
    guard let n = uids.number(of: uid) else { return false }
    return latestMaster(n) != nil
  }

  /// The person's home zone and where it came from, once every file is read
  /// (`HomeZoneEvidence.homeZone`).
  func homeZone(option: Zone?) -> (zone: Zone?, from: HomeZoneSource) {
    homeZones.homeZone(option: option, hoursZone: ownHours.zone)
  }

  /// The person's calendar once every file is read.
  mutating func calendar(
    name: String, source: String, role: Role, home: (zone: Zone?, from: HomeZoneSource)
  ) -> PersonCalendar {
    let busy = finish()
    var calendar = PersonCalendar(
      name: name, source: source, role: role, busy: busy, diagnostics: diagnostics,
      homeZone: home.zone, homeZoneFrom: home.from, tentative: tentativeBusy,
      outOfOffice: outOfOfficeBusy, owner: owner?.text, coverage: coverage.intervals,
      origins: busyOrigins,
      hasAvailability: ownHours.hasAvailability, unavailable: ownHours.unavailable)
    calendar.unknown = unknown.map(\.interval)
    if !originTable.isEmpty {
      calendar.unknownOrigins = unknown.map {
        $0.origin >= 0
          ? originTable[Int($0.origin)] : Origin(file: "", line: nil, uid: nil, summary: nil)
      }
    }
    calendar.ownHours = ownHours.outlook.hours
    calendar.ownHoursZone = ownHours.outlook.zone
    calendar.freedByReply = freedByReply.map { freed in
      FreedTime(
        interval: freed.interval, reply: freed.kind == .delegated ? "delegated" : "declined",
        origin: freed.origin >= 0
          ? originTable[Int(freed.origin)] : Origin(file: "", line: nil, uid: nil, summary: nil))
    }
    return calendar
  }

  /// A VFREEBUSY period: busy (or unknown) time that no override can touch.
  mutating func addPeriod(_ interval: Interval, kind: BusyKind = .firm) {
    if kind == .unknown && !interval.isEmpty && interval.overlaps(window) {
      unknown.append((interval, originIndex()))
    } else if !interval.isEmpty && interval.overlaps(window) {
      periods.append(interval)
      periodOrigins.append(originIndex())
      note(interval, kind)
    }
  }

  /// The busy intervals (among those `finish` returns) that are only tentative.
  var tentativeBusy: [Interval] = []
  /// The busy intervals (among those `finish` returns) that are out of office.
  var outOfOfficeBusy: [Interval] = []

  /// With `--explain`: the time the owner's replies freed, and where it comes from.
  var freedByReply: [(interval: Interval, kind: BusyKind, origin: Int32)] = []
  /// The time events whose end cannot be read may cover (`BusyKind.unknown`), and where it
  /// comes from (-1 without `--explain`).
  var unknown: [(interval: Interval, origin: Int32)] = []

  /// Notes a kept busy interval as tentative or out of office.
  mutating func note(_ interval: Interval, _ kind: BusyKind) {
    switch kind {
    case .firm, .declined, .delegated, .unknown: break
    case .tentative: tentativeBusy.append(interval)
    case .outOfOffice: outOfOfficeBusy.append(interval)
    }
  }

  struct Key: Hashable {
    var uid: Int32
    var start: Instant
  }

}
