import FreeTimeCore

/// Where a person's home zone came from (docs/GUIDE.md, What is busy: the home zone): the zone
/// their working hours, all-day events and floating times are read in.
public enum HomeZoneSource: String, Sendable {
  /// `--zone NAME=ZONE`.
  case option
  /// The person's `zone` in the people file.
  case peopleFile = "people-file"
  /// The calendar's X-WR-TIMEZONE (Google's, iCloud's).
  case xWRTimezone = "x-wr-timezone"
  /// The zone of the person's own working hours: Outlook's `X-MS-OLK-WKHRSTART;TZID=…`, a
  /// VAVAILABILITY's.
  case workingHours = "working-hours"
  /// The zone most of the person's own timed events name (those they organise, or without an
  /// ORGANIZER): invitations name their organiser's zone.
  case ownEvents = "own-events"
  /// The zone most of the calendar's timed events name in their DTSTART's TZID (Outlook,
  /// Thunderbird and Fastmail write their owner's zone only there).
  case events
  /// Nothing said: `--tz`.
  case tz
}

/// The zones named by the TZIDs of a person's timed DTSTARTs, counted: the one named most
/// wins, a tie goes to the one seen first. A TZID is counted as the zone of that name
/// (an IANA name, a Windows name, a prefixed IANA name) and a link as the zone it links to
/// (`Asia/Calcutta` as `Asia/Kolkata`, `US/Pacific` as `America/Los_Angeles`), so
/// `W. Europe Standard Time` and `Europe/Berlin` count together; a TZID only the file's
/// VTIMEZONE defines counts as itself.
struct HomeZoneVotes {
  /// Per zone, in the order first seen: how many events name it and how many of them are the
  /// person's own.
  private var counts: [(key: String, count: Int, own: Int, zone: Zone)] = []
  /// The TZID counted last and its zone's place in `counts` (a calendar's events take turns
  /// among a few zones, and most follow one of the same zone).
  private var last: (tzid: String, index: Int)? = nil
  /// Each TZID's place in `counts` once looked up.
  private var keys: [String: Int] = [:]

  /// Counts one event's DTSTART, when it is a timed value with a TZID freetime knows; `own`:
  /// the person organises the event, or it has no ORGANIZER.
  mutating func add(_ start: Written<WrittenTime>, zones: ZoneTable, own: Bool) {
    guard case .value(let time) = start, time.isReadable, !time.isDate, !time.isUTC,
      let tzid = time.tzid
    else { return }
    let index: Int
    if let last, last.tzid == tzid {
      index = last.index
    } else {
      if let known = keys[tzid] {
        index = known
      } else {
        guard let zone = zones.namedZone(for: tzid) else { return }
        let key = Zone.canonicalName(zone.name)
        if let same = counts.firstIndex(where: { $0.key == key }) {
          index = same
        } else {
          index = counts.count
          counts.append((key, 0, 0, key == zone.name ? zone : Zone.named(key) ?? zone))
        }
        keys[tzid] = index
      }
      last = (tzid, index)
    }
    counts[index].count += 1
    if own { counts[index].own += 1 }
  }

  /// The zone named most by the person's own events, else by all (ties: the first seen), if
  /// any was.
  var winner: (zone: Zone, own: Bool)? { tally.map { ($0.zone, $0.own) } }

  /// The winner, whether it is the own events' vote, how many DTSTARTs (own ones, for that
  /// vote) named it, and how many named a known zone.
  var tally: (zone: Zone, own: Bool, count: Int, total: Int)? {
    func best(_ votes: (Int, Int) -> Int) -> (zone: Zone, count: Int, total: Int)? {
      // The most votes; of equal ones the first seen (`counts` is in that order).
      var winner: (zone: Zone, count: Int)? = nil
      var total = 0
      for entry in counts {
        let n = votes(entry.count, entry.own)
        total += n
        if n > 0 && n > (winner?.count ?? 0) { winner = (entry.zone, n) }
      }
      return winner.map { ($0.zone, $0.count, total) }
    }
    if let own = best({ $1 }) { return (own.zone, true, own.count, own.total) }
    return best({ all, _ in all }).map { ($0.zone, false, $0.count, $0.total) }
  }
}

/// What a person's calendars say about their home zone (docs/GUIDE.md, What is busy: the home
/// zone), gathered while every file is read: the first X-WR-TIMEZONE, and the zones their timed
/// events name.
struct HomeZoneEvidence {
  /// The first valid X-WR-TIMEZONE read for this calendar.
  var calendarZone: Zone?
  /// The zones the calendar's timed events name (the home zone without X-WR-TIMEZONE).
  var votes = HomeZoneVotes()

  /// The person's home zone and where it came from, once every file is read (docs/GUIDE.md, What is
  /// busy: the home zone), strongest first: `--zone` (or the people file's zone, which the caller
  /// passes the same way), X-WR-TIMEZONE, the zone of the person's own working hours (`hoursZone`:
  /// Outlook's, a VAVAILABILITY's, `OwnHours.zone`), the zone most of their own timed events name,
  /// the zone most of their timed events name; nil for `--tz`.
  func homeZone(option: Zone?, hoursZone: Zone?) -> (zone: Zone?, from: HomeZoneSource) {
    if let option { return (option, .option) }
    if let calendarZone { return (calendarZone, .xWRTimezone) }
    if let zone = hoursZone { return (zone, .workingHours) }
    if let voted = votes.winner { return (voted.zone, voted.own ? .ownEvents : .events) }
    return (nil, .tz)
  }

  /// `freetime check`'s note on the home zone chosen, and why.
  func note(_ home: (zone: Zone?, from: HomeZoneSource), file: String, tz: Zone) -> Diagnostic {
    let message: String
    switch home.from {
    case .option:
      message = "home zone \(home.zone!.name), from --zone"
    case .peopleFile:
      message = "home zone \(home.zone!.name), from the people file"
    case .xWRTimezone:
      message = "home zone \(home.zone!.name), from X-WR-TIMEZONE"
    case .workingHours:
      message =
        "home zone \(home.zone!.name), the zone of the person's own working hours (no X-WR-TIMEZONE)"
    case .ownEvents:
      let tally = votes.tally!
      message =
        "home zone \(home.zone!.name), the zone \(tally.count) of the \(tally.total) timed events of the person's own (organised by them, or without an ORGANIZER) with a known TZID name (no X-WR-TIMEZONE, no working hours)"
    case .events:
      let tally = votes.tally!
      message =
        "home zone \(home.zone!.name), the zone \(tally.count) of the \(tally.total) timed events with a known TZID name (no X-WR-TIMEZONE, no working hours, none of the person's own)"
    case .tz:
      message =
        "no home zone (no X-WR-TIMEZONE, no timed event names a zone): read in --tz \(tz.name)"
    }
    return Diagnostic(
      file: file, line: nil,
      message: message + "; all-day events, floating times and working hours are read in it",
      severity: .note)
  }
}

extension WrittenTime {
  /// Whether reading this value needs the calendar's home zone: a DATE, a floating time, or
  /// (once no VTIMEZONE can come any more) a TZID no zone answers to.
  func readsHomeZone(zones: ZoneTable, deferUnknown: Bool) -> Bool {
    guard isReadable else { return false }
    if isDate { return true }
    if isUTC { return false }
    guard let tzid else { return true }
    return !deferUnknown && zones.zone(for: tzid) == nil
  }
}

extension EventDescription {
  /// Whether any of the event's times is read in the calendar's home zone
  /// (`WrittenTime.readsHomeZone`): a DATE, a TZID no zone answers to, or a floating date-time
  /// when none of its other times is UTC or names a known zone (`EventInterpreter.floatingZone`).
  func readsHomeZone(zones: ZoneTable, deferUnknown: Bool) -> Bool {
    var floating = false
    var reads = false
    forEachTime { time in
      guard time.isReadable else { return true }
      if time.isDate {
        reads = true
      } else if !time.isUTC {
        if let tzid = time.tzid {
          if !deferUnknown && zones.zone(for: tzid) == nil { reads = true }
        } else {
          floating = true
        }
      }
      return !reads
    }
    if reads || !floating { return reads }
    // A floating date-time is the home zone's only when the event's times name no zone.
    let zone = (try? zoneOfItsTimes(zones: zones, deferUnknown: false)) ?? nil
    return zone == nil
  }
}
