import FreeTimeCore
import FreeTimeICS
import FreeTimePeople

#if canImport(Glibc)
  import Glibc
#endif

/// What stands in the way of a meeting for one required person or the room (`freetime book`):
/// their events then, and time nobody knows about (docs/GUIDE.md, freetime book).
public struct Conflict: Sendable {
  public var person: String
  /// `.event` for an event, `.unknown` with an origin for an event whose time cannot be read,
  /// `.unknown` without one for time their calendars do not cover.
  public var reasons: [Explanation]
  /// Whether the person is out of office then (their calendar's out-of-office time, as
  /// Outlook's and Google's show-as says): the refusal says so, not just "busy".
  public var outOfOffice = false
}

/// The checks and the invitation of `freetime book`, on resolved people.
public enum Booking {
  /// Who required (and which room) is busy during the meeting, and with what. Working hours
  /// are not checked: the time is the organiser's to choose.
  public static func conflicts(_ people: [Person], meeting: Interval) -> [Conflict] {
    conflicts(people, meeting: meeting) { _, person in
      person.busy.indices.filter { person.busy[$0].overlaps(meeting) }
    }
  }

  /// `conflicts(_:meeting:)` with the indices of a person's busy intervals that overlap the
  /// meeting, in order, found by `overlapping` (given the person's index in `people`).
  static func conflicts(
    _ people: [Person], meeting: Interval, overlapping: (Int, Person) -> [Int]
  ) -> [Conflict] {
    var out: [Conflict] = []
    for (p, person) in people.enumerated() where person.role != .optional {
      var reasons: [Explanation] = []
      for i in overlapping(p, person) {
        let origin = i < person.origins.count ? person.origins[i] : nil
        reasons.append(Explanation(kind: .event, person: person.name, origin: origin))
      }
      if person.uncoveredTime.contains(where: { $0.overlaps(meeting) }) {
        reasons.append(Explanation(kind: .unknown, person: person.name))
      }
      for (interval, origin) in person.unknownEvents where interval.overlaps(meeting) {
        reasons.append(Explanation(kind: .unknown, person: person.name, origin: origin))
      }
      if !reasons.isEmpty {
        var conflict = Conflict(person: person.name, reasons: reasons)
        conflict.outOfOffice = person.calendar.outOfOffice.contains { $0.overlaps(meeting) }
        out.append(conflict)
      }
    }
    return out
  }

  /// With several rooms that fit (`--room any`, a group; docs/GUIDE.md, Rooms by what they hold):
  /// the room to book, the first in the choice's order (the order of `people`, `fitRooms`) that is
  /// not in `busy`; nil when every room is.
  public static func chooseRoom(_ people: [Person], busy: Set<String>) -> String? {
    people.first { $0.role == .room && !busy.contains($0.name) }?.name
  }

  /// The invitation for the meeting: an attendee per person and the room, each at their
  /// address (`Person.address`); the organizer is `organizer`, else the first attendee. A
  /// recurring meeting gives its `recurrence`, and `meeting` is its first occurrence.
  public static func invitation(
    _ people: [Person], meeting: Interval, request: SchedulingRequest, title: String,
    description: String?, organizer: String?, uid: String,
    recurrence: Invitation.Recurrence? = nil
  ) throws(ScheduleError) -> Invitation {
    var attendees: [Invitation.Attendee] = []
    for person in people {
      guard let address = person.address else {
        let what = person.role == .room ? "room" : "person"
        throw ScheduleError(
          "\(person.name) has no address to invite: give it with --owner \(person.name)=ADDRESS, "
            + "email = in the people file, or name the \(what) by the address (ADDRESS=PATH)")
      }
      let kind: Invitation.Attendee.Kind =
        person.role == .room ? .room : person.role == .optional ? .optional : .required
      attendees.append(Invitation.Attendee(name: person.name, address: address, kind: kind))
    }
    let room = people.first { $0.role == .room }
    let location = room.map { request.fileRoom($0.name)?.location ?? $0.name }
    guard let organizer = organizer ?? attendees.first?.address else {
      throw ScheduleError("the invitation needs an organizer: give --organizer ADDRESS")
    }
    guard ReadOptions.isOwnerAddress(organizer) else {
      throw ScheduleError("--organizer '\(organizer)' is not an e-mail address")
    }
    return Invitation(
      uid: uid, stamp: request.stamp, interval: meeting, zone: request.zone, title: title,
      description: description, location: location, organizer: organizer, attendees: attendees,
      recurrence: recurrence)
  }

  /// Where `--add-to NAME` or `--add-to NAME=DIRECTORY` writes the copy, and whose it is. It
  /// only chooses where: the calendars checked stay all of that person's. Among their
  /// directories, the calendars (vdirs) are those that hold .ics files themselves (an empty
  /// directory is one); `NAME` needs exactly one, `NAME=DIRECTORY` names one of them. A
  /// single-file calendar is never rewritten.
  public static func directory(_ entry: String, people: [Person], request: SchedulingRequest)
    throws(ScheduleError) -> (person: Person, path: String)
  {
    let name: String
    let given: String?
    if let eq = entry.firstIndex(of: "="), !entry[..<eq].isEmpty {
      name = String(entry[..<eq])
      given = String(entry[entry.index(after: eq)...])
    } else {
      name = entry
      given = nil
    }
    guard let person = people.first(where: { $0.name == name }),
      let source = request.sources.first(where: { $0.name == name })
    else {
      throw ScheduleError("--add-to names '\(name)', who is not invited")
    }
    var calendars: [String] = []
    for case .directory(let path) in source.kinds {
      let files = (try? CalendarReader.calendarFiles(in: path)) ?? []
      // The directory each file is in: `.`'s files are named without one (`a.ics`), `/`'s as
      // `/a.ics`.
      let holders = Set(
        files.map { file in
          guard let slash = file.lastIndex(of: "/") else { return "." }
          return slash == file.startIndex ? "/" : String(file[..<slash])
        })
      calendars += holders.isEmpty ? [path] : holders.sorted()
    }
    guard !calendars.isEmpty else {
      throw ScheduleError(
        "--add-to \(name): their calendar is a single file, which freetime never rewrites; give a calendar directory (vdir)"
      )
    }
    if let given {
      let wanted = canonical(given)
      guard let match = calendars.first(where: { canonical($0) == wanted }) else {
        throw ScheduleError(
          "--add-to \(entry): '\(given)' is not one of \(name)'s calendar directories (\(calendars.joined(separator: ", ")))"
        )
      }
      return (person, match)
    }
    guard calendars.count == 1 else {
      throw ScheduleError(
        "--add-to \(name): they have several calendar directories (\(calendars.joined(separator: ", "))); choose one with --add-to \(name)=DIRECTORY"
      )
    }
    return (person, calendars[0])
  }

  /// A path with symbolic links, `.` and `..` resolved, without a trailing slash.
  public static func canonical(_ path: String) -> String {
    guard let resolved = realpath(path, nil) else {
      return path.count > 1 && path.hasSuffix("/") ? String(path.dropLast()) : path
    }
    defer { free(resolved) }
    return String(cString: resolved)
  }
}
