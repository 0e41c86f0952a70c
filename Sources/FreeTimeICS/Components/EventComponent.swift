import FreeTimeCore

/// VEVENT (RFC 5545 §3.6.1): described (from its bytes, or through libical's parser), then
/// interpreted into busy time, then handed to the person.
extension ComponentReader {
  mutating func readEvent(
    _ lines: [ContentLine], state: ComponentState, deferUnknownZones: Bool,
    in calendar: inout CalendarScope, into person: inout PersonAccumulator
  ) throws {
    let before = person.diagnostics.count
    // What the one value reader says of the event's values: given out once the event is read,
    // not when it waits to be read again (for the home zone or a VTIMEZONE).
    var valueNotes: [Diagnostic] = []
    guard let event = describe(lines, state: state, notes: &valueNotes) else {
      person.diagnostics += valueNotes
      if options.lint { lintEvent(lines, zones: calendar.zones, into: &person) }
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number, message: "event skipped: libical cannot parse it",
          severity: .error))
      count(read: false, since: before, coverage: &calendar.coverage, into: &person)
      return
    }
    // Read in the home zone before the person's is known: wait for it (`AwaitingHome`).
    if home.undecided(homeFromCalendar: calendar.homeFromCalendar)
      && event.readsHomeZone(zones: calendar.zones, deferUnknown: deferUnknownZones)
    {
      person.homeZones.votes.add(event.start, zones: calendar.zones, own: state.isOwn)
      // Read once every file of the person is, after its VCALENDAR.
      calendar.coverage.readSome = true
      home.components.append(
        AwaitingHome.Component(
          kind: "VEVENT", lines: lines, state: state, zones: calendar.zones,
          owner: calendar.owner))
      return
    }
    // An event without DTSTART says no time (an iTIP REPLY or CANCEL need not): it neither
    // counts as read nor as unreadable.
    // An event without DTSTART says no time (an iTIP REPLY or CANCEL need none; elsewhere it is
    // skipped, and the time up to a DTEND it has is unknown): it neither counts as read nor as
    // unreadable.
    var saysTime = true
    if case .absent = event.start { saysTime = false }
    // The description moves into the interpreter (a copy retained each of its parts).
    var interpreter = EventInterpreter(
      consume event, context: eventContext(deferUnknownZones: deferUnknownZones, in: calendar))
    let contribution: EventContribution
    do {
      contribution = try interpreter.contribution()
    } catch let cap as InstanceCapError {
      var message = "a recurring event has more than \(cap.cap) instances up to the window's end"
      if let uid = cap.uid { message += " (UID \(Sanitize.text(uid, limit: 120)))" }
      message += "; raise --max-instances or narrow the window"
      throw error(cap.line, message)
    } catch {
      // An unknown zone: the event waits for the end of its VCALENDAR.
      if options.lint { lintEvent(lines, zones: calendar.zones, into: &person) }
      calendar.deferred.append((lines, state))
      return
    }
    if !home.decided {
      person.homeZones.votes.add(interpreter.event.start, zones: calendar.zones, own: state.isOwn)
    }
    person.diagnostics += valueNotes
    if options.lint { lintEvent(lines, zones: calendar.zones, into: &person) }
    if options.lint, state.sawAttendee, !noted.noOwner {
      noted.noOwner = true
      let owner = calendar.owner
      let message =
        owner.address.map {
          "invitations are read with the replies of \($0.text) (from \(owner.source.said)): declined or delegated ones block nothing, tentative or unanswered ones are tentative"
        }
        ?? "events have ATTENDEEs but the calendar names no owner address (--owner NAME=ADDRESS, X-WR-CALNAME); the owner's replies cannot be read"
      person.diagnostics.append(
        Diagnostic(file: file, line: lines.first?.number, message: message, severity: .note))
    }
    if options.lint, interpreter.event.showAs != nil, !noted.showAs {
      noted.showAs = true
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number,
          message:
            "Outlook's show-as (X-MICROSOFT-CDO-BUSYSTATUS) is read and wins over TRANSP: FREE and WORKINGELSEWHERE block nothing, TENTATIVE is tentative, OOF is out of office",
          severity: .note))
    }
    person.diagnostics += interpreter.diagnostics
    if saysTime {
      // An event whose DTSTART cannot be read is not read, even when the time up to its DTEND
      // is unknown for it (`EventInterpreter.endAlone`); a cancellation need not say when.
      if case .none = contribution {
        count(read: false, since: before, coverage: &calendar.coverage, into: &person)
      } else {
        let event = interpreter.event
        count(
          read: event.start.isValue || event.cancelled, since: before,
          coverage: &calendar.coverage, into: &person)
      }
    }
    if options.lint, case .master(let uid?, _, _, _, _, _, _) = contribution,
      person.masters.hasMaster(uid)
    {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number, uid: uid,
          message: "another event has the same UID (the highest SEQUENCE wins)", severity: .note))
    }
    if options.explain {
      person.origins.current = Origin(
        file: file, line: lines.first?.number, uid: state.uidRaw, summary: interpreter.event.summary
      )
    }
    if person.add(contribution) {
      person.diagnostics.append(
        Diagnostic(
          file: file, line: lines.first?.number, uid: state.uidRaw,
          message:
            "another version of this event has the same SEQUENCE and DTSTAMP; both are kept"))
    }
  }

  /// The event's description: from its bytes when it is plain (`EventDescription.plain(_:preRead:)`),
  /// else from libical's parse of its lines, the values that cannot be read taken out first
  /// (`ValueCheck`; those read as their producer meant them are noted for `freetime check`); nil
  /// when libical cannot parse it.
  private func describe(
    _ lines: [ContentLine], state: ComponentState, notes: inout [Diagnostic]
  ) -> EventDescription? {
    let preRead = state.preRead
    if options.simpleEvents, let event = EventDescription.plain(lines, preRead: preRead) {
      return event
    }
    var lines = lines
    var refused: [EventDescription.DroppedProperty] = []
    if let checked = ValueCheck.checked(lines) {
      lines = checked.lines
      refused = checked.refused
      for (line, message, lint) in checked.notes where !lint || options.lint {
        notes.append(
          Diagnostic(
            file: file, line: line, uid: state.uidRaw, message: message,
            severity: lint ? .note : .warning))
      }
    }
    let summary = options.explain
    let parsed = Libical.parse(lines) { [lines, preRead] in
      LibicalEvent.describe($0, lines: lines, preRead: preRead, summary: summary)
    }
    guard case .parsed(var event) = parsed else { return nil }
    event.refuse(refused)
    return event
  }
}
