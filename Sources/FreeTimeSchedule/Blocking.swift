import FreeTimeCore
import FreeTimeICS

/// What blocks every common slot (`--explain` without a slot, `suggest` without a
/// suggestion): two people whose working hours never overlap, someone busy, out of office or
/// not covered by their calendar throughout, or nobody in particular (docs/GUIDE.md, What is
/// busy: a refusal names what the time is).
public enum Blocking {
  /// What fills a required person's working time in the window, when one kind does.
  public enum Throughout: Sendable, Equatable {
    /// Busy (firm, tentative, or a mix with out-of-office time).
    case busy
    case outOfOffice
    /// Time their calendar does not speak for (`--unknown busy`).
    case uncovered
    /// Out of office, and not covered for the rest.
    case outOfOfficeOrUncovered
  }

  /// Why there is no common slot, and, when one person is why, what fills their time.
  public struct Why: Sendable {
    public var text: String
    public var throughout: Throughout?
  }

  public static func reason(
    _ participants: [Participant], people: [Person], request: SchedulingRequest
  ) -> String {
    why(participants, people: people, request: request).text
  }

  public static func why(
    _ participants: [Participant], people: [Person], request: SchedulingRequest
  ) -> Why {
    let required = people.filter { $0.role == .required }
    let open = required.map { FreeSlots.free(busy: $0.offHours, in: request.window) }
    if let i = open.firstIndex(where: \.isEmpty) {
      return Why(text: "\(required[i].name) has no working hours in the window")
    }
    for i in required.indices {
      for j in required.indices where j > i {
        if !open[i].contains(where: { a in open[j].contains { a.overlaps($0) } }) {
          return Why(
            text:
              "\(required[i].name)'s and \(required[j].name)'s working hours do not overlap in the window"
          )
        }
      }
    }
    if let busy = participants.first(where: { $0.role == .required && $0.free.isEmpty }) {
      let person = required.first { $0.name == busy.name }
      let kind = person.map { throughout($0, window: request.window) } ?? .busy
      let text: String
      switch kind {
      case .busy: text = "\(busy.name) is busy throughout the window"
      case .outOfOffice: text = "\(busy.name) is out of office throughout the window"
      case .uncovered, .outOfOfficeOrUncovered:
        let covered =
          person?.coverage.map { PersonCalendar.coverageText($0, zone: request.zone) }
          ?? "no time beyond its events"
        let away = kind == .uncovered ? "" : "out of office or "
        text =
          "\(busy.name) is \(away)not covered by the calendar throughout the window (it speaks for \(covered))"
      }
      return Why(text: text, throughout: kind)
    }
    let rooms = participants.contains(where: { $0.role == .room })
    if rooms, !participants.contains(where: { $0.role == .room && !$0.free.isEmpty }) {
      return Why(text: "every room is busy throughout the window")
    }
    return Why(text: "there is no time when everyone\(rooms ? " (and a room)" : "") is free")
  }

  /// What fills `person`'s working time in `window` (the rule `--explain` and `suggest` name
  /// it by): time their calendar does not cover, out-of-office time, both, else busy time.
  public static func throughout(_ person: Person, window: Interval) -> Throughout {
    let open = FreeSlots.free(busy: person.offHours, in: window)
    func fills(_ time: [Interval]) -> Bool {
      !time.isEmpty && open.allSatisfy { FreeSlots.free(busy: time, in: $0).isEmpty }
    }
    if fills(person.uncoveredTime) { return .uncovered }
    if fills(person.outOfOffice) { return .outOfOffice }
    if !person.outOfOffice.isEmpty && !person.uncoveredTime.isEmpty
      && fills(person.outOfOffice + person.uncoveredTime)
    {
      return .outOfOfficeOrUncovered
    }
    return .busy
  }
}

/// Where the required people's working hours (`--hours`, `--days`, their own) meet in a
/// window: the longest stretch inside everyone's hours, and whose hours bound it (docs/GUIDE.md,
/// freetime suggest: when working hours are why nothing fits). `suggest` and `slots --explain`
/// say it when it is shorter than the meeting.
public struct CommonHours: Sendable {
  /// The longest stretch of the window inside every required person's hours; nil when two of
  /// them never overlap.
  public var longest: Interval?
  /// The people whose hours start where it starts (after the window's start), and end where it
  /// ends (before the window's end).
  public var startsAt: [String] = []
  public var endsAt: [String] = []
  /// Two people whose hours never overlap in the window, when `longest` is nil.
  public var apart: [String] = []
  /// Every required person, with where their hours come from.
  public var sources: [(name: String, from: HoursSource)] = []

  /// The people whose hours bound the longest stretch, each once, in order.
  public var limiting: [String] {
    var out: [String] = []
    for name in startsAt + endsAt + apart where !out.contains(name) { out.append(name) }
    return out
  }

  /// The longest stretch inside every required person's hours over `window`, with their hours
  /// worked out for it afresh (a wider window than the one read: advice offers one only when it
  /// has a stretch long enough, docs/GUIDE.md, freetime suggest); 0 when there is none, nil
  /// when someone's hours cannot be (a VAVAILABILITY is read for the window asked for only).
  public static func longest(_ people: [Person], over window: Interval) -> Int64? {
    var open: [Participant] = []
    for person in people where person.role == .required {
      var off: [Interval] = []
      if let hours = person.hours {
        if !hours.isAlways { off = hours.offHours(in: window, zone: person.hoursZone) }
      } else if !person.offHours.isEmpty {
        return nil
      }
      open.append(Participant(name: person.name, free: FreeSlots.free(busy: off, in: window)))
    }
    return Merger(minimum: 0).merge(open, window: window).map(\.interval.duration).max() ?? 0
  }

  /// nil when no required person's hours leave out any of the window.
  public init?(_ people: [Person], window: Interval) {
    let required = people.filter { $0.role == .required }
    let open = required.map { FreeSlots.free(busy: $0.offHours, in: window) }
    guard !required.isEmpty, open.contains(where: { $0 != [window] }) else { return nil }
    sources = required.map { ($0.name, $0.hoursFrom) }
    let common = Merger(minimum: 0).merge(
      zip(required, open).map { Participant(name: $0.name, free: $1) }, window: window)
    guard let longest = common.map(\.interval).max(by: { $0.duration < $1.duration }) else {
      if let i = open.firstIndex(where: \.isEmpty) { apart = [required[i].name] }
      for i in open.indices {
        for j in open.indices where j > i && apart.isEmpty {
          if !open[i].contains(where: { a in open[j].contains { a.overlaps($0) } }) {
            apart = [required[i].name, required[j].name]
          }
        }
      }
      return
    }
    self.longest = longest
    for (person, stretches) in zip(required, open) {
      guard let own = stretches.first(where: { $0.contains(longest) }) else { continue }
      if own.start == longest.start && longest.start > window.start {
        startsAt.append(person.name)
      }
      if own.end == longest.end && longest.end < window.end { endsAt.append(person.name) }
    }
  }
}
