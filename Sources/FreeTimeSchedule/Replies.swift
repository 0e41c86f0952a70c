import FreeTimeCore
import FreeTimeICS

/// Who answered an invitation (docs/GUIDE.md, freetime replies): for each attendee and room of the
/// meeting's newest version, their newest answer among every copy of the meeting and every iTIP
/// REPLY (RFC 5546 §3.2.3) found.
public struct Replies: Sendable {
  public enum Answer: String, Sendable {
    case accepted, tentative, declined, delegated
    case none = "no answer"
  }

  /// One attendee (or room) and what they answered.
  public struct Entry: Sendable {
    public var attendee: MeetingAttendee
    /// A delegate: not invited by the organizer, but by an attendee (DELEGATED-FROM).
    public var isDelegate: Bool
    public var answer: Answer
    /// DELEGATED-TO of a delegated answer.
    public var delegatedTo: [String]
    /// Where the answer counted was read (`file:line`), and the SEQUENCE it answered.
    public var from: String?
    public var sequence: Int?
    /// An answer to an older version of the meeting (a lower SEQUENCE): it counts as no answer.
    public var stale: (answer: String, sequence: Int, from: String)?
    /// Whether the meeting needs this one's yes: a required attendee, the chair or a room.
    public var isRequired: Bool { !isDelegate && attendee.isRequired }
    /// Whether their part is settled: accepted, or delegated to someone who accepted.
    public var settled = false
  }

  public var meeting: Meeting
  public var entries: [Entry]

  /// Whether every required attendee and room accepted (a delegation counts when a delegate
  /// accepted); optional people never change it.
  public var complete: Bool {
    !cancelled && entries.allSatisfy { !$0.isRequired || $0.settled }
  }
  /// Whether the meeting's newest version calls it off (STATUS:CANCELLED, METHOD:CANCEL):
  /// nobody is coming then, whatever they answered.
  public var cancelled: Bool {
    meeting.master.status == "CANCELLED" || meeting.master.method == "CANCEL"
  }

  /// The answers to the meeting `uid` in `files`.
  public static func read(uid: String, in files: [String], zone: Zone) throws(ScheduleError)
    -> Replies
  {
    let meeting = try Meeting.find(uid: uid, in: files, zone: zone, allDay: true)
    let current = meeting.master.sequence
    // Every line of the whole meeting (no RECURRENCE-ID) that answers: PARTSTAT other than
    // NEEDS-ACTION, from a version of the meeting or a REPLY.
    var lines: [String: [(MeetingAttendee, MeetingCopy)]] = [:]
    for copy in meeting.copies where copy.recurrenceID == nil {
      for a in copy.attendees where a.partstat != "NEEDS-ACTION" {
        lines[a.address, default: []].append((a, copy))
      }
    }
    var invited = meeting.master.attendees
    var delegates = Set<String>()
    // Delegates: named by an invited attendee's DELEGATED-TO, or answering with DELEGATED-FROM.
    var i = 0
    while i < invited.count {
      let a = invited[i]
      var named = Set(a.delegatedTo)
      for (line, _) in lines[a.address] ?? [] { named.formUnion(line.delegatedTo) }
      for (address, answers) in lines
      where answers.contains(where: { $0.0.delegatedFrom.contains(a.address) }) {
        named.insert(address)
      }
      for address in named.sorted() where !invited.contains(where: { $0.address == address }) {
        let known = lines[address]?.first?.0
        invited.append(
          MeetingAttendee(
            address: address, name: known?.name, role: known?.role ?? a.role,
            partstat: "NEEDS-ACTION", cutype: known?.cutype ?? a.cutype, delegatedTo: [],
            delegatedFrom: [a.address]))
        delegates.insert(address)
      }
      i += 1
    }
    var entries: [Entry] = invited.map { a in
      var entry = Entry(
        attendee: a, isDelegate: delegates.contains(a.address), answer: .none, delegatedTo: [])
      let newest = (lines[a.address] ?? []).max { x, y in y.1.isNewer(than: x.1) }
      guard let (line, copy) = newest else { return entry }
      let from = "\(copy.file):\(copy.firstLine)"
      if copy.sequence < current {
        entry.stale = (Replies.name(line.partstat), copy.sequence, from)
        return entry
      }
      entry.from = from
      entry.sequence = copy.sequence
      switch line.partstat {
      case "ACCEPTED": entry.answer = .accepted
      case "TENTATIVE": entry.answer = .tentative
      case "DECLINED": entry.answer = .declined
      case "DELEGATED":
        entry.answer = .delegated
        entry.delegatedTo = line.delegatedTo
      default: entry.answer = .none
      }
      return entry
    }
    for k in entries.indices {
      switch entries[k].answer {
      case .accepted: entries[k].settled = true
      case .delegated:
        let to = Set(entries[k].delegatedTo)
        entries[k].settled = entries.contains {
          to.contains($0.attendee.address) && $0.answer == .accepted
        }
      default: break
      }
    }
    return Replies(meeting: meeting, entries: entries)
  }

  /// A PARTSTAT as the table says it.
  static func name(_ partstat: String) -> String {
    switch partstat {
    case "ACCEPTED": return "accepted"
    case "TENTATIVE": return "tentative"
    case "DECLINED": return "declined"
    case "DELEGATED": return "delegated"
    default: return partstat.lowercased()
    }
  }
}
