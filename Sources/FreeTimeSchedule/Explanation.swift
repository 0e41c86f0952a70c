import FreeTimeCore
import FreeTimeICS

/// What bounds a slot (`--explain`): the busy time that ends just before it and the busy time
/// that starts just after it. The command renders it (docs/GUIDE.md, Usage: --explain).
public struct Explanation: Sendable {
  public enum Kind: String, Sendable {
    case event, window, workingHours = "working-hours", unknown
  }

  public var kind: Kind
  public var person: String?
  public var origin: Origin?
  /// For an event that is not firm busy time: "tentative" or "out-of-office".
  public var status: String?
  /// For the window: "start" or "end".
  public var edge: String?

  public init(
    kind: Kind, person: String? = nil, origin: Origin? = nil, status: String? = nil,
    edge: String? = nil
  ) {
    self.kind = kind
    self.person = person
    self.origin = origin
    self.status = status
    self.edge = edge
  }
}

/// What bounds a slot, and the events in it that only the owner's reply freed.
public struct SlotExplanation: Sendable {
  public var after: Explanation
  public var before: Explanation
  /// Events inside the slot that would block but for a declined or delegated reply.
  public var freed: [Explanation] = []
}

/// Finds the explanations of slots from the busy time that shaped them.
public struct Explainer {
  /// One bound of someone's free time: a busy interval (padded by --buffer) or working hours.
  struct Bound {
    var interval: Interval
    var person: String
    var explanation: Explanation
  }

  struct FreedKey: Hashable {
    var person: String
    var origin: Origin?
  }

  var bounds: [Bound] = []
  /// Time the owners' replies freed (`status` says declined or delegated).
  var freed: [Bound] = []
  let window: Interval

  public init(people: [Person], request: SchedulingRequest) {
    self.window = request.window
    for person in people where person.role != .room {
      for time in person.freedByReply {
        freed.append(
          Bound(
            interval: time.interval, person: person.name,
            explanation: Explanation(
              kind: .event, person: person.name, origin: time.origin, status: time.reply)))
      }
    }
    for person in people where person.role != .optional {
      let tentative = Set(person.tentative)
      let away = Set(person.outOfOffice)
      for (index, interval) in person.busy.enumerated() where !interval.isEmpty {
        let origin = index < person.origins.count ? person.origins[index] : nil
        let status =
          away.contains(interval)
          ? "out-of-office" : tentative.contains(interval) ? "tentative" : nil
        bounds.append(
          Bound(
            interval: SlotAdjust.pad(interval, by: request.buffer), person: person.name,
            explanation: Explanation(
              kind: .event, person: person.name, origin: origin, status: status)))
      }
      // Time an event whose end cannot be read may cover names that event.
      for (interval, origin) in person.unknownEvents {
        bounds.append(
          Bound(
            interval: interval, person: person.name,
            explanation: Explanation(kind: .unknown, person: person.name, origin: origin)))
      }
      for (kind, spans) in [
        (Explanation.Kind.workingHours, person.offHours),
        (.unknown, person.uncoveredTime),
      ] {
        for span in spans {
          bounds.append(
            Bound(
              interval: span, person: person.name,
              explanation: Explanation(kind: kind, person: person.name)))
        }
      }
    }
  }

  /// What ends just before the slot and what starts just after it, among the people and rooms
  /// that the slot lists.
  public func explain(_ slot: Slot) -> SlotExplanation {
    let who = Set(slot.free + slot.rooms)
    var after: Bound? = nil
    var before: Bound? = nil
    for bound in bounds where who.contains(bound.person) {
      if bound.interval.end <= slot.interval.start, bound.interval.end > window.start,
        after == nil || bound.interval.end > after!.interval.end
      {
        after = bound
      }
      if bound.interval.start >= slot.interval.end, bound.interval.start < window.end,
        before == nil || bound.interval.start < before!.interval.start
      {
        before = bound
      }
    }
    var afterExplanation = after?.explanation ?? Explanation(kind: .window)
    var beforeExplanation = before?.explanation ?? Explanation(kind: .window)
    if afterExplanation.kind != .event && afterExplanation.origin == nil {
      afterExplanation.edge = "start"
    }
    if beforeExplanation.kind != .event && beforeExplanation.origin == nil {
      beforeExplanation.edge = "end"
    }
    // Each freed event once, in the order its first freed time comes.
    var seen = Set<FreedKey>()
    let inside = freed.filter { who.contains($0.person) && $0.interval.overlaps(slot.interval) }
      .sorted { $0.interval.start < $1.interval.start }
      .filter { seen.insert(FreedKey(person: $0.person, origin: $0.explanation.origin)).inserted }
    return SlotExplanation(
      after: afterExplanation, before: beforeExplanation, freed: inside.map(\.explanation))
  }
}
