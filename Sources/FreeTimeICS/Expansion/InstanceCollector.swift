import FreeTimeCore

/// The instances of one series as its DTSTART, rules and RDATEs give them: EXDATEs removed, each
/// start once (the longer span wins, so an RDATE PERIOD at DTSTART gives its own length), those
/// outside the expanded window dropped. A struct handed down `inout` rather than a closure over
/// local variables, which cost a runtime exclusivity check on every access.
struct InstanceCollector {
  let expanded: Interval
  let excluded: Set<Instant>
  let excludedDays: Set<Int64>
  let home: Zone
  var instances: [Instance] = []
  /// Instances by start: the index in `instances`, or -1 when outside the expanded window.
  /// Built only once a start is not later than every start before it (a rule's walk gives them
  /// in order, so most series never need it): until then starts outside the window are kept in
  /// `outside`, and `latest` is the last start.
  private var seen: [Instant: Int] = [:]
  private var outside: [Instant] = []
  private var latest = Instant.min
  private var ordered = true

  init(expanded: Interval, excluded: Set<Instant>, excludedDays: Set<Int64>, home: Zone) {
    self.expanded = expanded
    self.excluded = excluded
    self.excludedDays = excludedDays
    self.home = home
  }

  mutating func add(_ value: TimeValue, length: EventLength, at known: Instant? = nil) {
    let s = known ?? value.instant(home: home)
    if (!excluded.isEmpty && excluded.contains(s))
      || (!excludedDays.isEmpty && excludedDays.contains(CivilTime.floorDiv(value.civil, 86400)))
    {
      return
    }
    let interval = length.span(of: value, startInstant: s, home: home)
    if ordered {
      if s > latest {
        latest = s
        if interval.overlaps(expanded) {
          instances.append(Instance(key: s, interval: interval))
        } else {
          outside.append(s)
        }
        return
      }
      ordered = false
      for (index, instance) in instances.enumerated() { seen[instance.key] = index }
      for start in outside { seen[start] = -1 }
    }
    if let index = seen[s] {
      if index >= 0 && interval.duration > instances[index].interval.duration {
        instances[index].interval = interval
      } else if index < 0 && interval.overlaps(expanded) {
        seen[s] = instances.count
        instances.append(Instance(key: s, interval: interval))
      }
      return
    }
    if interval.overlaps(expanded) {
      seen[s] = instances.count
      instances.append(Instance(key: s, interval: interval))
    } else {
      seen[s] = -1
    }
  }
}
