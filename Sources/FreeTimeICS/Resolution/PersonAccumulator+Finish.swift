import FreeTimeCore

/// Resolution: once every file is read, the overrides and versions are applied and the busy
/// intervals come out (RFC 5545 §3.8.4.4, §3.8.7.4).
extension PersonAccumulator {
  /// The overrides that replace instances, by UID number and original start; and the
  /// RANGE=THISANDFUTURE ones of each UID, by original start.
  struct Replacements {
    /// The instances the overrides replace, as (UID, RECURRENCE-ID) sorted: one array of 16
    /// bytes an override, searched once per series for the UID's run, then per instance within
    /// it (a set of keys hashed every instance of every overridden series twice; an array per
    /// UID cost 12 MB more at a million events).
    var replaced: [Key]
    var ranges: [Int32: [OverrideStore.StoredOverride]]

    /// The run of `replaced` that holds UID `n`'s overrides, or nil when none replaces anything.
    func keys(of n: Int32) -> ArraySlice<Key>? {
      guard n >= 0 else { return nil }
      let low = replaced.partitioningIndex { $0.uid >= n }
      let high = replaced[low...].partitioningIndex { $0.uid > n }
      return low < high ? replaced[low..<high] : nil
    }
  }

  /// The busy intervals that touch the window (filtered in place), with `byKind` and
  /// `origins.busy` beside them.
  mutating func finish() -> [Interval] {
    addOrphanSeries()
    keepLiveOverrides()
    var ranges: [Int32: [OverrideStore.StoredOverride]] = [:]
    for o in overrides.list where o.thisAndFuture && o.uid >= 0 {
      ranges[o.uid, default: []].append(o)
    }
    for n in ranges.keys { ranges[n]!.sort { $0.key < $1.key } }
    var replaced: [Key] = []
    replaced.reserveCapacity(overrides.list.count)
    for o in overrides.list where o.uid >= 0 { replaced.append(Key(uid: o.uid, start: o.key)) }
    replaced.sort { ($0.uid, $0.start) < ($1.uid, $1.start) }
    let replacements = Replacements(replaced: replaced, ranges: ranges)
    if !replacements.replaced.isEmpty { warnUnmatchedOverrides(replacements) }
    let explain = !origins.table.isEmpty
    var kept = keepInstances(replacements, explain: explain)
    // Not copied: the instances are most of the busy time.
    var busy = masters.spans
    masters.spans = []
    busy.insert(contentsOf: periods, at: 0)
    periods = []
    if explain { kept = origins.periods + kept }
    for o in overrides.list where o.blocks && !o.interval.isEmpty && o.interval.overlaps(window) {
      if o.kind.isFreedByReply {
        byKind.freedByReply.append((o.interval, o.kind, o.origin))
        continue
      }
      if o.kind == .unknown {
        byKind.unknown.append((o.interval, o.origin))
        continue
      }
      busy.append(o.interval)
      if explain { kept.append(o.origin) }
      byKind.note(o.interval, o.kind)
    }
    if explain { origins.busy = kept.map { origins.origin($0) } }
    return busy
  }

  /// The series of overrides with rules of their own whose UID has no master: each read as the
  /// master (the newest of them by `Revision` wins, as masters do).
  private mutating func addOrphanSeries() {
    guard !overrides.orphanSeries.isEmpty else { return }
    let orphans = overrides.orphanSeries.filter { masters.latestMaster($0.uid) == nil }
    overrides.orphanSeries = []
    for (_, master, origin) in orphans {
      origins.current = origin
      add(master)
    }
    origins.current = nil
  }

  /// Keeps the overrides that count: the latest version of each, unless a newer master
  /// excludes the instance (a deleted modification). Filtered in place.
  private mutating func keepLiveOverrides() {
    var live = 0
    for i in overrides.list.indices {
      let o = overrides.list[i]
      let n = o.uid
      if n >= 0 {
        let latest = overrides.latest[Key(uid: n, start: o.key)]
        if latest != Int32(i) && (o.tiedWith < 0 || latest != o.tiedWith) { continue }
        if let master = masters.latestMaster(n), master.revision.sequence > o.revision.sequence,
          masters.latestExcludes(n, o.key)
        {
          continue
        }
        // An iTIP CANCEL of an instance older than the series' latest version is outdated.
        if o.cancels, let master = masters.latestMaster(n),
          master.revision.sequence > o.revision.sequence
        {
          continue
        }
        // An iTIP CANCEL of the whole event cancels its instances that are not newer.
        if !masters.cancellations.isEmpty, let cancel = masters.cancellations[n],
          let master = masters.latestMaster(n), master.master == cancel,
          o.revision.sequence <= master.revision.sequence
        {
          continue
        }
      }
      overrides.list[live] = o
      live += 1
    }
    overrides.list.removeLast(overrides.list.count - live)
    overrides.latest = [:]
  }

  /// An override whose RECURRENCE-ID names no instance of its series still blocks its own
  /// time (one that blocks nothing frees nothing), with a warning (checked where the series was
  /// expanded: the expansion window).
  private mutating func warnUnmatchedOverrides(_ r: Replacements) {
    var found = Set<Key>()
    var begin = 0
    for (m, master) in masters.entries.enumerated() {
      defer { begin = master.end }
      let n = master.uid
      guard let keys = r.keys(of: n), masters.counts(master: Int32(m), of: n) else { continue }
      for i in begin..<master.end {
        let key = masters.instanceKey(i)
        if keys.sortedContains(key) { found.insert(Key(uid: n, start: key)) }
      }
    }
    let margin = ReadOptions.shiftMargin
    for o in overrides.list {
      let n = o.uid
      guard n >= 0, let master = masters.latestMaster(n), master.blocks,
        o.key >= window.start - margin, o.key < window.end + margin,
        !found.contains(Key(uid: n, start: o.key)), !masters.latestExcludes(n, o.key)
      else { continue }
      diagnostics.append(
        Diagnostic(
          file: overrides.files[Int(o.file)], line: Int(o.line), uid: masters.uids[n],
          message: o.blocks
            ? "RECURRENCE-ID matches no instance of the series; the override still blocks its own time"
            : "RECURRENCE-ID matches no instance of the series; the cancelled or free override frees nothing"
        ))
    }
  }

  /// Keeps, in place in `masters.spans`, the instances that count: those of the latest master of each
  /// UID that no override replaces (moved by the latest THISANDFUTURE override before them),
  /// non-empty and touching the window. Returns their origins with `--explain`.
  private mutating func keepInstances(_ r: Replacements, explain: Bool) -> [Int32] {
    var keptOrigins: [Int32] = []
    var kept = 0
    var begin = 0
    for (m, owner) in masters.entries.enumerated() {
      defer { begin = owner.end }
      let n = owner.uid
      if n >= 0 && !masters.counts(master: Int32(m), of: n) { continue }
      let keys = r.keys(of: n)
      for i in begin..<owner.end {
        var interval = masters.spans[i]
        // A THISANDFUTURE override gives later instances its length and status.
        var kind = owner.kind
        if let keys {
          let key = masters.instanceKey(i)
          if keys.sortedContains(key) { continue }
          if let range = r.ranges[n]?.last(where: { $0.key < key }) {
            guard range.blocks && !range.kind.isFreedByReply else { continue }
            let start = key + (range.interval.start - range.key)
            interval = Interval(start, start + range.interval.duration)
            kind = range.kind
          }
        }
        // Zero-length instances block nothing and are not counted.
        if !interval.isEmpty && interval.overlaps(window) {
          if kind.isFreedByReply || kind == .unknown {
            let origin = m < origins.masters.count ? origins.masters[m] : -1
            if kind == .unknown {
              byKind.unknown.append((interval, origin))
            } else {
              byKind.freedByReply.append((interval, kind, origin))
            }
            continue
          }
          masters.spans[kept] = interval
          kept += 1
          if explain { keptOrigins.append(m < origins.masters.count ? origins.masters[m] : -1) }
          byKind.note(interval, kind)
        }
      }
    }
    masters.entries = []
    origins.masters = []
    masters.reversedKeys = [:]
    masters.spans.removeLast(masters.spans.count - kept)
    return keptOrigins
  }
}

extension ArraySlice where Element == PersonAccumulator.Key {
  /// Whether this run of one UID's keys, sorted by start, holds `start`.
  fileprivate func sortedContains(_ start: Instant) -> Bool {
    let i = partitioningIndex { $0.start >= start }
    return i < endIndex && self[i].start == start
  }
}
