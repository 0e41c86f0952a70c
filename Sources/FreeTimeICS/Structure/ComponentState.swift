import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// What the pre-pass learned about one top-level component while collecting its lines: why it
/// must be skipped (line, message), if it must, and the properties it read itself (`PreRead`):
/// the first SEQUENCE, the first readable UTC DTSTAMP, the first UID (raw and decoded), STATUS
/// and TRANSP; values stripped of white space at both ends, as libical's parser does; Outlook's
/// show-as and the owner's reply among the ATTENDEEs.
struct ComponentState {
  /// The calendar owner's address, to find their ATTENDEE (nil: replies cannot be read).
  var owner: OwnerAddress? = nil
  var invalid: (Int, String)? = nil
  /// Warnings found by the pre-pass, given out with the UID when the component is read, and
  /// `freetime check`'s notes (`lint`: a value read as its producer meant it).
  var notes: [(line: Int, message: String, lint: Bool)] = []
  /// Whether the component is an iTIP CANCEL (METHOD:CANCEL on its VCALENDAR), or of an iTIP
  /// message at all (a METHOD).
  var cancels = false
  var inMessage = false
  /// Whether its VCALENDAR answers an invitation (`ITIPMethod.answers`), or adds instances to
  /// an event (`ITIPMethod.adds`).
  var answers = false
  var adds = false
  /// Whether a component that holds time is nested in this one, which freetime does not read
  /// (a VEVENT inside an X- component): it counts as a component that cannot be read.
  var hidesTime = false
  /// DTSTART, DTEND, DURATION, RECURRENCE-ID seen (`PropertyName.singletonBit`): RFC 5545
  /// allows one of each.
  var seenOnce: UInt8 = 0
  var sequence: Int? = nil
  var stamp: Int64? = nil
  var uidRaw: String? = nil
  var uid: String? = nil
  var status: String? = nil
  var transp: String? = nil
  var busyStatus: ShowAs? = nil
  var intendedStatus: ShowAs? = nil
  /// The owner's PARTSTAT, when the owner is an ATTENDEE.
  var reply: Reply? = nil
  var ownerFound = false
  /// Whether the component has an ORGANIZER, and whether that is the calendar's owner: an
  /// event the owner organises blocks as their own whatever their ATTENDEE line says, and
  /// counts among their own events for their home zone (`HomeZoneVotes`).
  var sawOrganizer = false
  var ownerOrganizes = false
  /// Whether the component has an ATTENDEE at all (for `freetime check`'s note).
  var sawAttendee = false

  /// Reads `line` into the state if it is one of the properties read without libical (the first
  /// of each counts); false when it is not one of them.
  mutating func take(_ line: ContentLine, kind: PropertyName) -> Bool {
    switch kind {
    case .sequence:
      // As libical reads an INTEGER: atoi.
      if sequence == nil {
        sequence = Int(atoi(line.value))
        let digits = line.strippedValue
        let allDigits = !digits.isEmpty && digits.allSatisfy { $0 >= 0x30 && $0 <= 0x39 }
        let tooBig =
          allDigits
          && (digits.count > 10 || Int(String(decoding: digits, as: UTF8.self))! > Int(Int32.max))
        // A number too big for libical's INTEGER is a very new version, not -1.
        if tooBig { sequence = Int(Int32.max) }
        if !allDigits || tooBig {
          notes.append(
            (
              line.number,
              "SEQUENCE '\(Sanitize.text(String(decoding: digits, as: UTF8.self), limit: 30))' is not a number from 0 to 2147483647; read as \(sequence!) when versions are compared",
              false
            ))
        }
      }
    case .dtstamp:
      if stamp == nil { stamp = line.utcTimestamp }
    case .uid:
      if uidRaw == nil, line.hasValue {
        let stripped = line.strippedValue
        uid = PreRead.dequote(stripped)
        // The raw value is most often the same text: the same string then, not a second one.
        let whole = line.valueStart.map { line.bytes.count - $0 } ?? 0
        uidRaw = stripped.count == whole && !stripped.contains(0x5C) ? uid : line.value
      }
    case .status:
      if status == nil { status = String(decoding: line.strippedValue, as: UTF8.self) }
    case .transp:
      if transp == nil { transp = String(decoding: line.strippedValue, as: UTF8.self) }
    case .busyStatus:
      if busyStatus == nil { busyStatus = ShowAs(line.strippedValue) }
    case .intendedStatus:
      if intendedStatus == nil { intendedStatus = ShowAs(line.strippedValue) }
    case .organizer:
      if !sawOrganizer {
        sawOrganizer = true
        ownerOrganizes = owner?.matches(line.strippedValue) ?? false
      }
    case .attendee:
      sawAttendee = true
      if !ownerFound, let owner, owner.matches(line.strippedValue) {
        ownerFound = true
        // No PARTSTAT, or one of another kind, blocks as accepted.
        reply = line.parameter("PARTSTAT").flatMap { Reply(partstat: $0) } ?? .accepted
      }
    default:
      return false
    }
    return true
  }

  /// Whether the event is one of the owner's own: they organise it, or it has no ORGANIZER.
  var isOwn: Bool { !sawOrganizer || ownerOrganizes }

  var preRead: PreRead {
    PreRead(
      revision: Revision(sequence: sequence ?? 0, stamp: stamp ?? Int64.min), uid: uid,
      status: status, transp: transp, showAs: busyStatus ?? intendedStatus,
      reply: ownerOrganizes ? nil : reply,
      cancels: cancels, inMessage: inMessage, adds: adds, answers: answers)
  }
}
