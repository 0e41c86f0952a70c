import FreeTimeCore
import FreeTimeICS

/// The free-time computation of the default command: each person's free time, then the
/// common slots.
public enum Schedule {
  /// Each person's free time in the window: their busy time padded by `--buffer`, plus the time
  /// outside their working hours (people, not rooms, in each person's home zone) and the time
  /// their calendar does not cover (with `--unknown busy`). Each person
  /// on a thread of its own (sorting the busy time is most of it).
  ///
  /// - Parameter keepBusy: whether `people` keep their busy time (the timeline and `--explain`
  ///   look at it again); otherwise it is handed to the counter, which turns it into the free
  ///   list in place.
  public static func participants(
    _ people: inout [Person], request: SchedulingRequest, keepBusy: Bool
  ) -> [Participant] {
    let busyTimes = Parallel.Handout(
      people.indices.map { keepBusy ? people[$0].calendar.busy : people[$0].takeBusy() })
    let people = people
    return Parallel.map(people.count) { i in
      var busy = SlotAdjust.pad(busyTimes.take(i), by: request.buffer)
      let off = people[i].offHours + people[i].unknownTime
      if !off.isEmpty { busy += off }
      return Participant(
        name: people[i].name, role: people[i].role,
        free: FreeSlots.free(busy: consume busy, in: request.window))
    }
  }

  /// The common slots: where everyone required (or `--quorum` of them) and a room are free,
  /// at least `--min` long; with `--align`, aligned first and then kept when still that long.
  public static func slots(_ participants: [Participant], request: SchedulingRequest) -> [Slot] {
    let required = participants.filter { $0.role == .required }.count
    func merged(minimum: Int64) -> [Slot] {
      if let quorum = request.quorum, quorum < required {
        return Merger(minimum: minimum).quorum(
          participants, atLeast: quorum, window: request.window)
      }
      return Merger(minimum: minimum).merge(participants, window: request.window)
    }
    guard let grid = request.grid, grid > 0 else { return merged(minimum: request.minimum) }
    return SlotAdjust.align(
      merged(minimum: 0), grid: grid, zone: request.zone, minimum: request.minimum)
  }

  /// The best meetings of `duration` seconds (`freetime suggest`, docs/GUIDE.md): everyone's free
  /// time as for slots, the comfort hours of each required person (`Person.comfort`), ranked
  /// by `Suggestions.best`. Returns the participants too (why there is none).
  public static func suggestions(
    _ people: inout [Person], request: SchedulingRequest, duration: Int64, stepMinutes: Int,
    count: Int, perDay: Int? = nil
  ) -> (meetings: [Suggestions.Meeting], participants: [Participant]) {
    let (ranked, participants) = suggestionPeople(&people, request: request)
    let meetings = Suggestions.best(
      ranked, window: request.window, duration: duration, stepMinutes: stepMinutes,
      zone: request.zone, quorum: request.quorum, count: count, perDay: perDay)
    return (meetings, participants)
  }

  /// The best recurring meetings (`freetime suggest --repeat`, docs/GUIDE.md, Recurring meetings):
  /// the candidates of the first period (of each of the first `rotate`), checked at every
  /// occurrence. The request's window must reach every occurrence (`Suggestions.reach`).
  public static func recurring(
    _ people: inout [Person], request: SchedulingRequest, from: Instant, duration: Int64,
    stepMinutes: Int, repetition: Repetition, rotate: Int, count: Int, perDay: Int?
  ) -> (
    meetings: [Suggestions.Recurring], participants: [Participant],
    single: Suggestions.Recurring?
  ) {
    let (ranked, participants) = suggestionPeople(&people, request: request)
    let meetings = Suggestions.recurring(
      ranked, from: from, duration: duration, stepMinutes: stepMinutes, zone: request.zone,
      quorum: request.quorum, repetition: repetition, rotate: rotate, count: count,
      perDay: perDay)
    // Beside a rotation: the best single time, for what each person would carry under it.
    let single =
      rotate > 1
      ? Suggestions.recurring(
        ranked, from: from, duration: duration, stepMinutes: stepMinutes, zone: request.zone,
        quorum: request.quorum, repetition: repetition, count: 1
      ).first : nil
    return (meetings, participants, single)
  }

  /// Everyone as `Suggestions` ranks them: free time as for slots, and the comfort hours of
  /// each required person on their own wall clock.
  static func suggestionPeople(_ people: inout [Person], request: SchedulingRequest) -> (
    [Suggestions.Person], [Participant]
  ) {
    let comfort = people.map { $0.role == .required ? $0.comfort : [] }
    let zones = people.map(\.comfortZone)
    let participants = participants(&people, request: request, keepBusy: false)
    let ranked = participants.indices.map {
      Suggestions.Person(
        name: participants[$0].name, role: participants[$0].role,
        free: participants[$0].free, comfort: comfort[$0], zone: zones[$0])
    }
    return (ranked, participants)
  }
}
