import FreeTimeCore
import FreeTimeICS
import FreeTimeSchedule

/// What `freetime suggest` prints: the ranked meetings as a table, JSON or NDJSON, each with
/// the `freetime book` command that books it; or why there is none.
struct SuggestReport {
  var meetings: [Suggestions.Meeting]
  var people: [Person]
  var request: SchedulingRequest
  var duration: DurationArgument
  /// Options `freetime book` needs besides the meeting (`Suggest.bookingArguments`).
  var booking: [String]

  func render(_ format: SuggestFormat) -> String {
    Self.document(format, count: meetings.count, json: json, table: table)
  }

  /// The suggestions as a table, one JSON document, or one JSON object a line.
  static func document(
    _ format: SuggestFormat, count: Int, json: (Int) -> String, table: () -> String
  ) -> String {
    switch format {
    case .table: return table()
    case .json:
      let items = (0..<count).map { "    " + json($0) }
      return "{\n  \"suggestions\": [\n" + items.joined(separator: ",\n")
        + (items.isEmpty ? "" : "\n") + "  ]\n}\n"
    case .ndjson:
      return (0..<count).map { json($0) + "\n" }.joined()
    }
  }

  /// A person's home zone (`--tz` when they have none).
  func zone(of name: String) -> Zone {
    people.first { $0.name == name }?.homeZone ?? request.zone
  }

  func table() -> String {
    let required = people.filter { $0.role == .required }.map(\.name)
    var out =
      Terminal.wrap(
        "Best times for \(DurationSyntax.short(duration.seconds)) with "
          + Sanitize.text(required.joined(separator: ", "), limit: 300) + " in \(request.zone.name)"
          + " (* outside their comfort hours)", width: Terminal.columns) + "\n"
    for (rank, meeting) in meetings.enumerated() {
      let s = TimeText.fields(meeting.interval.start, zone: request.zone).fields
      out += "\n\(rank + 1). \(TimeText.weekday(s)) \(TimeText.date(s))  "
      out += TimeText.clock(meeting.interval.start, zone: request.zone) + "–"
      out += TimeText.clock(meeting.interval.end, zone: request.zone) + "\n"
      let width =
        meeting.attendees.map { Sanitize.text($0.name, limit: 40).displayWidth }.max() ?? 0
      for attendee in meeting.attendees {
        let home = zone(of: attendee.name)
        let name = Sanitize.text(attendee.name, limit: 40)
        var line = "   \(name)" + String(repeating: " ", count: width - name.displayWidth)
        line += "  " + TimeText.clock(meeting.interval.start, zone: home) + "–"
        line += TimeText.clock(meeting.interval.end, zone: home)
        if home.name != request.zone.name { line += " \(TimeText.city(home))" }
        if attendee.outside > 0 { line += " *" }
        out += Terminal.wrap(line, width: Terminal.columns, indent: 6) + "\n"
      }
      var notes: [String] = []
      if !meeting.optional.isEmpty {
        notes.append("optional: " + meeting.optional.joined(separator: ", "))
      }
      if let room = meeting.rooms.first {
        notes.append(SuggestReport.roomNote(room, meeting.rooms))
      }
      if !meeting.missing.isEmpty {
        notes.append("missing: " + meeting.missing.joined(separator: ", "))
      }
      if !notes.isEmpty {
        out += Terminal.pack(notes.map { Sanitize.text($0, limit: 400) }, lead: 3) + "\n"
      }
      out += "   " + Shell.wrap(bookWords(meeting), width: Terminal.columns, indent: 6) + "\n"
    }
    return out
  }

  func json(_ index: Int) -> String {
    let meeting = meetings[index]
    let attendees = meeting.attendees.map { attendee in
      let home = zone(of: attendee.name)
      return "{\"name\": \(JSON.string(attendee.name)), "
        + "\"start\": \(JSON.string(TimeText.rfc3339(meeting.interval.start, zone: home))), "
        + "\"end\": \(JSON.string(TimeText.rfc3339(meeting.interval.end, zone: home))), "
        + "\"zone\": \(JSON.string(home.name)), \"outsideMinutes\": \(attendee.outside / 60), "
        + "\"cost\": \(attendee.cost)}"
    }
    func list(_ names: [String]) -> String {
      "[" + names.map(JSON.string).joined(separator: ", ") + "]"
    }
    return "{\"rank\": \(index + 1), "
      + "\"start\": \(JSON.string(TimeText.rfc3339(meeting.interval.start, zone: request.zone))), "
      + "\"end\": \(JSON.string(TimeText.rfc3339(meeting.interval.end, zone: request.zone))), "
      + "\"attendees\": [\(attendees.joined(separator: ", "))], "
      + "\"missing\": \(list(meeting.missing)), \"optional\": \(list(meeting.optional)), "
      + "\"rooms\": \(list(meeting.rooms)), \"room\": \(meeting.rooms.first.map(JSON.string) ?? "null"), "
      + "\"book\": \(JSON.string(bookCommand(meeting)))}"
  }

  /// The room booked and how many others would do: `room: atlas (2 others fit)` (docs/GUIDE.md,
  /// Rooms by what they hold).
  static func roomNote(_ room: String, _ rooms: [String]) -> String {
    let others = rooms.count - 1
    return "room: \(room)"
      + (others == 0 ? "" : others == 1 ? " (1 other fits)" : " (\(others) others fit)")
  }

  /// The calendar arguments that name a person to `freetime book`: their name when the people
  /// file gave them, else the arguments they were given by.
  func tokens(_ name: String) -> [String] {
    guard let source = request.sources.first(where: { $0.name == name }) else { return [name] }
    return source.fromPeopleFile ? [name] : source.arguments
  }

  /// `freetime book …` for a meeting: its attendees required, the missing and optional people
  /// optional, the first free room.
  func bookCommand(_ meeting: Suggestions.Meeting) -> String {
    bookWords(meeting).joined(separator: " ")
  }

  /// The words of `bookCommand`, each quoted for a shell.
  func bookWords(_ meeting: Suggestions.Meeting) -> [String] {
    var words = [
      "freetime", "book", "--at", TimeText.rfc3339(meeting.interval.start, zone: request.zone),
      "--duration", DurationSyntax.short(duration.seconds), "--title", "Meeting",
    ]
    words += booking
    if let room = meeting.rooms.first {
      words += tokens(room).flatMap { ["--room", $0] }
      if let need = request.roomNeed, need.seatsGiven { words += ["--capacity", "\(need.seats)"] }
    }
    let optional = meeting.missing + people.filter { $0.role == .optional }.map(\.name)
    for name in optional { words += tokens(name).flatMap { ["--optional", $0] } }
    words += meeting.attendees.flatMap { tokens($0.name) }
    return words.map(Shell.quote)
  }

  /// Why there is no suggestion, and what to try.
  func whyNone(_ participants: [Participant], step: DurationArgument) -> String {
    let required = participants.filter { $0.role == .required }.count
    if request.quorum.map({ $0 >= required }) ?? true,
      let hours = HoursAdvice.reason(
        people: people, participants: participants, request: request, duration: duration.seconds)
    {
      return hours
    }
    var hints = ["a longer window (--to)", "a shorter --duration"]
    // Only what would help: a quorum that finds the time, unknown time that is in the way.
    if let quorum = HoursAdvice.quorumHint(
      participants, request: request, needed: duration.seconds)
    {
      hints.insert(quorum, at: 0)
    }
    if request.unknownIsBusy
      && people.contains(where: { $0.unknownTime.contains { $0.overlaps(request.window) } })
    {
      hints.append("--unknown free")
    }
    let tryThis = "; try " + hints.joined(separator: ", ")
    let common: [Slot]
    if let quorum = request.quorum, quorum < required {
      common = Merger(minimum: 0).quorum(participants, atLeast: quorum, window: request.window)
    } else {
      common = Merger(minimum: 0).merge(participants, window: request.window)
    }
    if let longest = common.max(by: { $0.interval.duration < $1.interval.duration }) {
      let text =
        DurationSyntax.short(longest.interval.duration) + " ("
        + TimeText.human(longest.interval.start, zone: request.zone) + ")"
      if longest.interval.duration >= duration.seconds {
        return
          "no \(DurationSyntax.short(duration.seconds)) meeting starts on the \(DurationSyntax.short(step.seconds)) grid of \(request.zone.name) inside the common free time (the longest is \(text)); try a finer --step"
      }
      let who = request.quorum.map { "time at least \($0) are free" } ?? "common free time"
      return "the longest \(who) is \(text), shorter than "
        + DurationSyntax.short(duration.seconds) + tryThis
    }
    // Someone's time filled throughout: only what could change that helps (docs/GUIDE.md,
    // freetime suggest).
    let why = Blocking.why(participants, people: people, request: request)
    switch why.throughout {
    case nil: return why.text + tryThis
    case .busy?, .outOfOffice?:
      hints.removeAll { $0 == "a shorter --duration" }
      return why.text + "; try " + hints.joined(separator: ", ")
    case .uncovered?, .outOfOfficeOrUncovered?:
      return why.text + "; try --unknown free, or a window the calendar covers"
    }
  }
}

/// Words for a POSIX shell.
enum Shell {
  /// A command line broken at spaces with `\` continuations so that no line is wider than
  /// `width` (after the three columns it is printed at), still one command for a shell
  /// (docs/GUIDE.md, Displays): later lines are indented to `indent`; a word wider than a
  /// line is broken inside with `\` and goes on at the line's start, as a shell joins it.
  static func wrap(_ words: [String], width: Int, indent: Int) -> String {
    let command = words.joined(separator: " ")
    guard command.displayWidth + 3 > width else { return command }
    let pad = String(repeating: " ", count: indent)
    var out = ""
    var column = 3  // where the cursor is: the command starts three columns in
    var fresh = true  // nothing on the line yet
    for word in words {
      let w = word.displayWidth
      if !fresh && column + 1 + w + 2 > width {
        out += " \\\n" + pad
        column = indent
        fresh = true
      }
      if !fresh {
        out += " "
        column += 1
      }
      // A word wider than a line: broken where the line ends into pieces each quoted as
      // needed, which the shell joins into the word again.
      var pieces = [word]
      if column + w + 2 > width {
        pieces = []
        var raw = Substring(unquote(word))
        // A piece ends in `\`, the last maybe in ` \`.
        var room = width - column - 2
        while !raw.isEmpty {
          var n = 1
          while n < raw.count, quote(String(raw.prefix(n + 1))).displayWidth <= room { n += 1 }
          pieces.append(quote(String(raw.prefix(n))))
          raw = raw.dropFirst(n)
          room = width - 2
        }
      }
      out += pieces.joined(separator: "\\\n")
      column = pieces.count > 1 ? pieces.last!.displayWidth : column + w
      fresh = false
    }
    return out
  }

  /// The text `quote` made `word` of.
  static func unquote(_ word: String) -> String {
    guard word.count >= 2, word.hasPrefix("'"), word.hasSuffix("'") else { return word }
    return String(word.dropFirst().dropLast()).replacing("'\\''", with: "'")
  }

  /// The word as it is when it is plain, else in single quotes.
  static func quote(_ word: String) -> String {
    let plain =
      !word.isEmpty
      && word.unicodeScalars.allSatisfy {
        ($0.value >= 0x30 && $0.value <= 0x39) || ($0.value >= 0x41 && $0.value <= 0x5A)
          || ($0.value >= 0x61 && $0.value <= 0x7A) || "@%+=:,./_-".unicodeScalars.contains($0)
      }
    return plain ? word : "'" + word.replacingAll("'", with: "'\\''") + "'"
  }
}
