import ArgumentParser
import FoundationEssentials
import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

#if canImport(Glibc)
  import Glibc
#endif

/// `freetime replies --format`.
/// `text` reads as `table` (docs/GUIDE.md, Usage: --format).
enum RepliesFormat: String, CaselessArgument {
  case table, json
  static let aliases: [String: RepliesFormat] = ["text": .table]
}

extension Freetime {
  /// `freetime replies UID CALENDAR...`: who accepted, declined, delegated or did not answer
  /// (docs/GUIDE.md, freetime replies; RFC 5546 §3.2.3).
  struct RepliesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "replies",
      abstract:
        "List who answered an invitation: accepted, tentative, declined, delegated, no answer.",
      usage: "freetime replies [<options>] <uid> <calendar> ...",
      discussion: """
        Reads every copy of the meeting UID in the calendars given (attendees' own copies carry \
        their PARTSTAT) and every iTIP REPLY among them (METHOD:REPLY). An attendee's answer is \
        the newest of their lines by SEQUENCE, then DTSTAMP; an answer to an older SEQUENCE than \
        the meeting's is stale and counts as no answer. Exit status: 0 when every required \
        attendee (ROLE=REQ-PARTICIPANT, the default, or CHAIR) and the room (CUTYPE=ROOM) \
        accepted (a delegation counts when the delegate accepted), 1 otherwise, 2 for errors \
        (no meeting with that UID). Optional people never change it.

        Examples:
          freetime replies 1b9c…@freetime alice bob ~/mail/replies/
          freetime replies 1b9c…@freetime invite.ics replies/ --format json
        """
    )

    @Argument(help: ArgumentHelp("The meeting's UID.", valueName: "uid"))
    var uid: String

    @OptionGroup var calendars: CalendarArguments
    /// --config, --no-config.
    @OptionGroup var peopleFile: PeopleFileOptions

    @Option(help: ArgumentHelp("table or json.", valueName: "format"))
    var format: RepliesFormat = .table

    @Option(
      help: ArgumentHelp(
        "Time zone of the meeting's time in the table (default: $TZ, else the system zone).",
        valueName: "zone"),
      completion: .list(ZoneCompletion.names))
    var tz: String?

    func validate() throws {
      try calendars.check()
      if uid.trimmingWhitespace().isEmpty { throw ValidationError("Give the meeting's UID.") }
    }

    func run() throws {
      let zone = try SchedulingRequest.zone(tz)
      let people = try peopleFile.load()
      var files: [String] = []
      for argument in calendars.all {
        // A room of the people file is named as any calendar here.
        let sources: [CalendarSource]
        do { sources = try people.sources(argument, role: .required) } catch {
          guard let room = try? people.sources(argument, role: .room) else { throw error }
          sources = room
        }
        for source in sources {
          files += try source.files(
            standardInput: "replies reads files: standard input (-) cannot be given")
        }
      }
      let replies = try Replies.read(uid: uid.trimmingWhitespace(), in: files, zone: zone)
      let text =
        format == .json ? Self.json(replies, zone: zone) : Self.table(replies, zone: zone)
      try Output.write(text, to: nil, quiet: false)
      if !replies.complete { throw ExitCode(1) }
    }

    /// The meeting's first line, then one line per attendee and room, then what is missing.
    static func table(_ replies: Replies, zone: Zone) -> String {
      let master = replies.meeting.master
      var head = "Meeting \(replies.meeting.uid)"
      if let summary = master.summary { head += ": \(summary)" }
      if let start = master.start?.instant(fallback: zone) {
        // The zone is named as the other tables name theirs (docs/GUIDE.md, freetime replies).
        head += ", \(TimeText.human(start, zone: zone)) \(zone.name)"
      }
      head += " (SEQUENCE \(master.sequence))"
      if let organizer = master.organizer { head += ", organizer \(organizer)" }
      var rows: [[String]] = []
      for e in replies.entries {
        let who = e.attendee.name.map { "\($0) <\(e.attendee.address)>" } ?? e.attendee.address
        let role =
          e.isDelegate
          ? "delegate"
          : e.attendee.isRoom ? "room" : e.attendee.isRequired ? "required" : "optional"
        var answer = e.answer.rawValue
        if e.answer == .delegated {
          answer += " to " + (e.delegatedTo.isEmpty ? "?" : e.delegatedTo.joined(separator: ", "))
        }
        if e.isDelegate { answer += " (for \(e.attendee.delegatedFrom.joined(separator: ", ")))" }
        if let stale = e.stale {
          answer += " (stale: \(stale.answer) at SEQUENCE \(stale.sequence), \(stale.from))"
        }
        rows.append([who, role, answer])
      }
      let width = rows.map { $0[0].displayWidth }.max() ?? 0
      let columns = Terminal.columns
      var out = Terminal.wrap(head, width: columns) + "\n"
      for row in rows {
        var line = "  " + row[0] + String(repeating: " ", count: width - row[0].displayWidth + 2)
        line += row[1] + String(repeating: " ", count: 10 - row[1].count) + row[2]
        out += Terminal.wrap(line, width: columns) + "\n"
      }
      let missing = replies.entries.filter { $0.isRequired && !$0.settled }
      if replies.cancelled {
        out += "The meeting is cancelled (its newest version, SEQUENCE \(master.sequence)).\n"
      } else if replies.entries.isEmpty {
        out += "No one is there to answer: the meeting has no attendees.\n"
      } else if missing.isEmpty {
        out +=
          replies.entries.contains { $0.attendee.isRoom }
          ? "Everyone required and the room accepted.\n" : "Everyone required accepted.\n"
      } else {
        let names = missing.map {
          "\($0.attendee.name ?? $0.attendee.address) (\($0.answer.rawValue))"
        }
        out += Terminal.wrap("Not accepted yet: " + names.joined(separator: ", "), width: columns)
        out += "\n"
      }
      return out
    }

    static func json(_ replies: Replies, zone: Zone) -> String {
      let master = replies.meeting.master
      func s(_ text: String?) -> String { text.map(JSON.string) ?? "null" }
      func list(_ items: [String]) -> String {
        "[" + items.map(JSON.string).joined(separator: ",") + "]"
      }
      var out = "{\"uid\":\(JSON.string(replies.meeting.uid)),\"summary\":\(s(master.summary))"
      out +=
        ",\"start\":\(s(master.start?.instant(fallback: zone).map { TimeText.rfc3339($0, zone: zone) }))"
      out += ",\"sequence\":\(master.sequence),\"organizer\":\(s(master.organizer))"
      out += ",\"cancelled\":\(replies.cancelled),\"complete\":\(replies.complete),\"attendees\":["
      out += replies.entries.map { e in
        var o = "{\"address\":\(JSON.string(e.attendee.address)),\"name\":\(s(e.attendee.name))"
        o +=
          ",\"role\":\(JSON.string(e.attendee.role)),\"cutype\":\(JSON.string(e.attendee.cutype))"
        o += ",\"required\":\(e.isRequired),\"delegate\":\(e.isDelegate)"
        o += ",\"answer\":\(JSON.string(e.answer == .none ? "none" : e.answer.rawValue))"
        o += ",\"settled\":\(e.settled),\"delegatedTo\":\(list(e.delegatedTo))"
        o += ",\"delegatedFrom\":\(list(e.attendee.delegatedFrom))"
        o += ",\"sequence\":\(e.sequence.map(String.init) ?? "null"),\"from\":\(s(e.from))"
        if let stale = e.stale {
          o +=
            ",\"stale\":{\"answer\":\(JSON.string(stale.answer)),\"sequence\":\(stale.sequence),\"from\":\(JSON.string(stale.from))}"
        } else {
          o += ",\"stale\":null"
        }
        return o + "}"
      }.joined(separator: ",")
      return out + "]}\n"
    }
  }
}
