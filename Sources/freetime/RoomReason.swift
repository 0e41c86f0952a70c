import FreeTimeCore
import FreeTimeSchedule

/// Why a meeting has no room (docs/GUIDE.md, Rooms by what they hold), in one line for the command
/// that found none: none fits (`SchedulingRequest.roomShortfall`), or every room that fits is busy.
enum RoomReason {
  /// Every fitting room is busy: how many fit, and the first free for `duration` from `after`
  /// on, among the rooms' free time in `participants`.
  static func busy(
    _ request: SchedulingRequest, _ participants: [Participant], after: Instant, duration: Int64,
    then: String, within: String = "in the window"
  ) -> String {
    let count = request.roomsThatFit.count
    var text =
      count == 1
      ? "the one room that fits (\(request.roomsThatFit[0])) is busy \(then)"
      : "\(count == 2 ? "both" : "all \(count)") rooms that fit are busy \(then)"
    let length = DurationSyntax.short(max(duration, 60))
    if let (room, start) = SchedulingRequest.nextFreeRoom(
      participants, after: after, duration: duration)
    {
      text +=
        "; the first free for \(length) is \(room), \(TimeText.human(start, zone: request.zone))"
    } else {
      text += "; none is free for \(length) \(within)"
    }
    return text
  }

  /// Whether the people alone (without the rooms) have common time at least `duration` long:
  /// then the rooms are why there is none.
  static func roomsAreWhy(
    _ participants: [Participant], request: SchedulingRequest, duration: Int64
  )
    -> Bool
  {
    guard participants.contains(where: { $0.role == .room }) else { return false }
    let people = participants.filter { $0.role != .room }
    let required = people.filter { $0.role == .required }.count
    let common =
      if let quorum = request.quorum, quorum < required {
        Merger(minimum: max(duration, 1)).quorum(people, atLeast: quorum, window: request.window)
      } else {
        Merger(minimum: max(duration, 1)).merge(people, window: request.window)
      }
    return !common.isEmpty
  }
}
