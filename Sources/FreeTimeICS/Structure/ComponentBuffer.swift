import FreeTimeCore

/// The top-level component being collected (RFC 5545 §3.6): its name, the lines its reader
/// needs, what the pre-pass learned about it (`ComponentState`), and the line storage of the
/// components read before it, handed back to the scanner.
struct ComponentBuffer {
  var name = ""
  /// Its lines (only those its reader needs).
  var lines: [ContentLine] = []
  /// More than 0 while inside a nested component that is dropped (a VALARM).
  var skipDepth = 0
  /// What the pre-pass learned about it.
  var state = ComponentState()
  /// Lines kept so far (in components); when it grows, the scanner must not read the next line
  /// into the storage of the last (`LineScanner.lineWasKept`).
  private(set) var linesKept = 0
  /// Storage of lines of components already read, for the scanner to read lines into
  /// (`LineScanner.recycle`): most kept lines then cost no allocation either.
  var recycled: [[UInt8]] = []

  /// Components that never belong inside a VEVENT (a VALARM does; unknown X- ones are ignored).
  static let notInsideEvents: Set<String> = [
    "VEVENT", "VTODO", "VJOURNAL", "VFREEBUSY", "VTIMEZONE", "VAVAILABILITY", "STANDARD",
    "DAYLIGHT",
  ]

  /// Hands the lines' storage to `recycled` (a component or the file is read). The array keeps
  /// its capacity for the next component, of this file or the person's next (a vdir's thousands
  /// of files would each grow a new one); a new one if the last one was kept.
  mutating func releaseLines() {
    for i in lines.indices { recycled.append(lines[i].bytes) }
    lines.removeAll(keepingCapacity: true)
  }

  /// Starts again for the next file of the person, its storage kept (`FileReader.reuse`).
  /// Its lines went to `recycled` at the end of the last file (`releaseLines`), and `start`
  /// begins each component's state.
  mutating func reuse() {
    name = ""
    skipDepth = 0
  }

  /// Keeps a line of the component.
  mutating func keep(_ line: ContentLine) {
    lines.append(line)
    linesKept &+= 1
  }

  /// Begins collecting the top-level component `name` at its BEGIN line, of a VCALENDAR whose
  /// owner is `owner` and whose METHOD is `method`.
  mutating func start(
    _ name: String, line: ContentLine, owner: OwnerAddress?, method: ITIPMethod
  ) {
    self.name = name
    // The last component's line buffers go back to the scanner (`recycled`).
    releaseLines()
    keep(line)
    skipDepth = 0
    state = ComponentState(owner: owner)
    state.cancels = method.cancels && name == "VEVENT"
    state.inMessage = method.inMessage
    state.answers = method.answers
    state.adds = method.adds
  }

  /// A component inside this one, `depth` components deep counting the VCALENDAR: kept for
  /// VTIMEZONE (its observances) and VAVAILABILITY (its AVAILABLE), dropped elsewhere (a
  /// VALARM).
  mutating func beginNested(_ what: String, _ line: ContentLine, depth: Int) {
    if skipDepth == 0 && depth == 2 && name != "VEVENT" && name != "VTIMEZONE"
      && !ComponentReader.holdsTime.contains(name) && ComponentReader.holdsTime.contains(what)
    {
      // An event wrapped in a component freetime does not read (`BEGIN:X-WRAPPER`): never
      // dropped in silence, and never counted as read.
      state.notes.append(
        (
          line.number,
          "BEGIN:\(what) inside \(Sanitize.text(name, limit: 40)) is not a component of the calendar; it is ignored",
          false
        ))
      state.hidesTime = true
    }
    if skipDepth == 0 && depth == 2 && name == "VEVENT"
      && ComponentBuffer.notInsideEvents.contains(what)
    {
      state.notes.append(
        (
          line.number, "BEGIN:\(what) inside a VEVENT is not iCalendar; that component is ignored",
          false
        ))
    }
    if skipDepth > 0 || (name != "VTIMEZONE" && name != "VAVAILABILITY") {
      skipDepth += 1
    } else {
      keep(line)
    }
  }

  /// The END of a component inside this one.
  mutating func endNested(_ line: ContentLine) {
    if skipDepth > 0 { skipDepth -= 1 } else { keep(line) }
  }

  /// Whether a line bound for the component's reader has more parameters than `limit`; the
  /// component is then skipped with a warning.
  mutating func tooManyParameters(_ line: ContentLine, limit: Int) -> Bool {
    guard line.hasMoreParameters(than: limit) else { return false }
    let what = name == "VEVENT" ? "event" : name
    state.invalid =
      state.invalid
      ?? (
        line.number,
        "\(what) skipped: more than \(limit) parameters on \(Sanitize.text(line.name, limit: 40))"
      )
    return true
  }
}
