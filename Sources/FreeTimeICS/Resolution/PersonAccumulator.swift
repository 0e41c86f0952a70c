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
/// instances are contiguous in `MasterStore.spans`, and an override is 64 bytes
/// (`OverrideStore.StoredOverride`). `finish` filters the intervals in place.
struct PersonAccumulator {
  let window: Interval
  var diagnostics: [Diagnostic] = []
  /// The owner address events were read with (the first calendar's).
  var owner: OwnerAddress?
  /// The time the calendar speaks for.
  var coverage = Coverage()
  /// Whether each argument's components that hold time could be read at all.
  var readability = Readability()
  /// What the calendars say about the person's home zone.
  var homeZones = HomeZoneEvidence()
  /// The person's own working hours: Outlook's, their VAVAILABILITYs'.
  var ownHours = OwnHours()
  /// The masters and their instances.
  var masters = MasterStore()
  /// The overrides.
  var overrides = OverrideStore()
  /// The VFREEBUSY periods: busy time no override can touch.
  var periods: [Interval] = []
  /// With `--explain`: where everything comes from.
  var origins = Origins()
  /// The time that is tentative, out of office, freed by a reply or unknown.
  var byKind = TimeByKind()

  init(window: Interval) {
    self.window = window
  }

  /// Takes one event's contribution. Of several versions of one UID (or one UID and
  /// RECURRENCE-ID) the newest counts (`Revision`); versions that tie on SEQUENCE and DTSTAMP
  /// all count.
  ///
  /// - Returns: whether it ties with a version read before (the caller warns).
  @discardableResult
  mutating func add(_ contribution: EventContribution) -> Bool {
    let origin = origins.index()
    var tied = false
    switch contribution {
    case .master(
      let uid, let revision, let blocks, let list, let excluded, let kind, let cancelsSeries):
      let n = masters.number(uid)
      let master = Int32(masters.entries.count)
      var tiedWith: Int32 = -1
      if n >= 0 {
        if let seen = masters.latestMaster(n), seen.revision >= revision {
          guard seen.revision == revision else { return false }
          tiedWith = seen.master
          tied = true
        } else {
          masters.latest[Int(n)] = MasterStore.LatestMaster(
            revision: revision, master: master, blocks: blocks && !kind.isFreedByReply)
          if cancelsSeries { masters.cancellations[n] = master }
        }
        for instant in excluded { masters.excludedBy[Key(uid: n, start: instant)] = master }
      }
      for instance in list {
        if instance.key != instance.interval.start {
          masters.reversedKeys[masters.spans.count] = instance.key
        }
        masters.spans.append(instance.interval)
      }
      masters.entries.append((n, kind, masters.spans.count, tiedWith))
      if origin >= 0 || !origins.masters.isEmpty {
        while origins.masters.count < masters.entries.count - 1 { origins.masters.append(-1) }
        origins.masters.append(origin)
      }
    case .override(let o):
      let n = masters.number(o.uid)
      var tiedWith: Int32 = -1
      if n >= 0 {
        let k = Key(uid: n, start: o.key)
        if let seen = overrides.latest[k], overrides.list[Int(seen)].revision >= o.revision {
          guard overrides.list[Int(seen)].revision == o.revision else { return false }
          tiedWith = seen
          tied = true
        } else {
          overrides.latest[k] = Int32(overrides.list.count)
        }
      }
      if let series = o.series, n >= 0 {
        overrides.orphanSeries.append(
          (
            n,
            .master(
              uid: o.uid, revision: o.revision, blocks: o.blocks,
              instances: o.blocks ? series.instances : [],
              excluded: series.excluded, kind: o.kind, cancelsSeries: false),
            origins.current
          ))
      }
      if overrides.files.last != o.file { overrides.files.append(o.file) }
      var stored = OverrideStore.StoredOverride(
        o, uid: n, origin: origin, file: Int32(overrides.files.count - 1))
      stored.tiedWith = tiedWith
      overrides.list.append(stored)
    case .none:
      break
    }
    return tied
  }

  /// Room for what a calendar file of `bytes` bytes is likely to add, reserved before it is read
  /// so that the arrays of a big calendar are not copied each time they grow (a copy touches
  /// new pages, and while it is made the old array and the new are both in memory: most of a
  /// 100k-event calendar's page faults were these copies). Reserved pages that are never used
  /// are never touched, so an estimate too high costs no memory, and one too low no more than
  /// growing from nothing would (the array doubles from the reservation instead): room for an
  /// instance per 32 bytes (the generated calendars have one per 56 to 90, a window over ten
  /// years included), at most 2^26 of them (1 GiB), an event per 128 bytes and a UID's text a
  /// sixth of the bytes.
  mutating func expect(bytes: Int) {
    guard bytes >= 1 << 22 else { return }
    // At least doubling, as growing would, when a person's second big file asks for more.
    func room(_ needed: Int, _ capacity: Int) -> Int {
      needed > capacity ? max(needed, 2 * capacity) : 0
    }
    let events = masters.entries.count + bytes / 128
    masters.spans.reserveCapacity(
      room(masters.spans.count + min(bytes / 32, 1 << 26), masters.spans.capacity))
    masters.entries.reserveCapacity(room(events, masters.entries.capacity))
    masters.latest.reserveCapacity(room(events, masters.latest.capacity))
    masters.uids.reserve(more: bytes / 128, bytes: bytes / 6)
  }

  /// Instances, overrides and free-busy periods kept so far.
  var instanceCount: Int { masters.spans.count + periods.count + overrides.list.count }

  /// The person's home zone and where it came from, once every file is read
  /// (`HomeZoneEvidence.homeZone`).
  func homeZone(option: Zone?) -> (zone: Zone?, from: HomeZoneSource) {
    homeZones.homeZone(option: option, hoursZone: ownHours.zone)
  }

  /// The person's calendar once every file is read.
  mutating func calendar(
    name: String, source: String, role: Role, home: (zone: Zone?, from: HomeZoneSource),
    tentative: BusyOrFree
  ) -> PersonCalendar {
    let busy = finish()
    var calendar = PersonCalendar(
      name: name, source: source, role: role, busy: busy, diagnostics: diagnostics,
      homeZone: home.zone, homeZoneFrom: home.from, tentative: byKind.tentative,
      outOfOffice: byKind.outOfOffice, owner: owner?.text, coverage: coverage.intervals,
      origins: origins.busy,
      hasAvailability: ownHours.hasAvailability,
      unavailable: ownHours.unavailable(tentative: tentative))
    calendar.unknown = byKind.unknown.map(\.interval)
    if !origins.table.isEmpty {
      calendar.unknownOrigins = byKind.unknown.map { origins.origin($0.origin) }
    }
    calendar.ownHours = ownHours.outlook.hours
    calendar.ownHoursZone = ownHours.outlook.zone
    calendar.tentativeUnavailable = ownHours.tentativeUnavailable.merged()
    calendar.firmUnavailable = ownHours.firmUnavailable.merged()
    calendar.statedSpans = ownHours.statedSpans
    calendar.statedDays = ownHours.statedDays
    calendar.freedByReply = byKind.freedByReply.map { freed in
      FreedTime(
        interval: freed.interval, reply: freed.kind == .delegated ? "delegated" : "declined",
        origin: origins.origin(freed.origin))
    }
    return calendar
  }

  /// A VFREEBUSY period: busy (or unknown) time that no override can touch.
  mutating func addPeriod(_ interval: Interval, kind: BusyKind = .firm) {
    if kind == .unknown && !interval.isEmpty && interval.overlaps(window) {
      byKind.unknown.append((interval, origins.index()))
    } else if !interval.isEmpty && interval.overlaps(window) {
      periods.append(interval)
      origins.periods.append(origins.index())
      byKind.note(interval, kind)
    }
  }

  struct Key: Hashable {
    var uid: Int32
    var start: Instant
  }
}
