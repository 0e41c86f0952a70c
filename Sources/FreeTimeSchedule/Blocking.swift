import FreeTimeCore
import FreeTimeICS

/// What blocks every common slot (`--explain` without a slot, `suggest` without a
/// suggestion): two people whose working hours never overlap, someone busy throughout, or
/// nobody in particular.
public enum Blocking {
  public static func reason(
    _ participants: [Participant], people: [Person], request: SchedulingRequest
  )
    -> String
  {
    let required = people.filter { $0.role == .required }
    let open = required.map { FreeSlots.free(busy: $0.offHours, in: request.window) }
    if let i = open.firstIndex(where: \.isEmpty) {
      return "\(required[i].name) has no working hours in the window"
    }
    for i in required.indices {
      for j in required.indices where j > i {
        if !open[i].contains(where: { a in open[j].contains { a.overlaps($0) } }) {
          return
            "\(required[i].name)'s and \(required[j].name)'s working hours do not overlap in the window"
        }
      }
    }
    if let busy = participants.first(where: { $0.role == .required && $0.free.isEmpty }) {
      return "\(busy.name) is busy throughout the window"
    }
    if participants.contains(where: { $0.role == .room }),
      !participants.contains(where: { $0.role == .room && !$0.free.isEmpty })
    {
      return "every room is busy throughout the window"
    }
    return "there is no time when everyone (and a room) is free"
  }
}

/// Where the required people's working hours (`--hours`, `--days`, their own) meet in a
/// window: the longest stretch inside everyone's hours, and whose hours bound it (README,
/// Working hours). `suggest` and `slots --explain` say it when it is shorter than the meeting.
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
