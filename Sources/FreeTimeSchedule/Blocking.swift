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
