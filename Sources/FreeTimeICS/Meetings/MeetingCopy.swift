import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// A time of a meeting as it is written (DTSTART, DTEND, RECURRENCE-ID, EXDATE): the wall
/// clock, and its zone (`TZID`), UTC (`Z`) or neither (floating).
public struct MeetingTime: Sendable, Equatable {
  public var civil: Int64
  public var tzid: String?
  public var utc: Bool
  public var isDate: Bool

  /// The zone the TZID names (the system's zone of that name, docs/GUIDE.md, freetime book,
  /// Reschedule and cancel), UTC for `Z`, `fallback` for a floating time; nil for a TZID freetime
  /// does not know.
  public func zone(fallback: Zone) -> Zone? {
    if utc { return .utc }
    guard let tzid else { return fallback }
    return Zone.lookUp(tzid)
  }

  /// The instant, or nil for a TZID freetime does not know.
  public func instant(fallback: Zone) -> Instant? {
    zone(fallback: fallback).map { utc ? civil : $0.instant(civil: civil) }
  }
}

/// One attendee line of a meeting (RFC 5545 §3.8.4.1), its parameters as written.
public struct MeetingAttendee: Sendable, Equatable {
  /// The address without `mailto:`, lower case.
  public var address: String
  public var name: String?
  /// ROLE (RFC 5545 §3.2.16), upper case; REQ-PARTICIPANT when not given.
  public var role: String
  /// PARTSTAT (§3.2.12), upper case; NEEDS-ACTION when not given.
  public var partstat: String
  /// CUTYPE (§3.2.3), upper case; INDIVIDUAL when not given.
  public var cutype: String
  /// DELEGATED-TO and DELEGATED-FROM (§3.2.4, §3.2.5): addresses without `mailto:`.
  public var delegatedTo: [String]
  public var delegatedFrom: [String]

  public init(
    address: String, name: String?, role: String, partstat: String, cutype: String,
    delegatedTo: [String], delegatedFrom: [String]
  ) {
    self.address = address
    self.name = name
    self.role = role
    self.partstat = partstat
    self.cutype = cutype
    self.delegatedTo = delegatedTo
    self.delegatedFrom = delegatedFrom
  }

  /// A room or other resource (CUTYPE=ROOM or RESOURCE).
  public var isRoom: Bool { cutype == "ROOM" || cutype == "RESOURCE" }
  /// Whether the meeting needs them: a room, a required participant or the chair (RFC 5545
  /// §3.2.16: OPT-PARTICIPANT and NON-PARTICIPANT are optional).
  public var isRequired: Bool { isRoom || role == "REQ-PARTICIPANT" || role == "CHAIR" }
}

/// One VEVENT of a meeting in one file (docs/GUIDE.md, freetime book, Reschedule and cancel): the
/// organizer's invitation, an attendee's copy, an iTIP message (REQUEST, CANCEL, REPLY).
public struct MeetingCopy: Sendable {
  public var file: String
  /// The physical lines of its `BEGIN:VEVENT` and `END:VEVENT`.
  public var firstLine: Int
  public var lastLine: Int
  /// The VCALENDAR's METHOD, upper case (nil: a calendar, not an iTIP message).
  public var method: String?
  public var uid: String
  public var recurrenceID: MeetingTime?
  public var sequence: Int = 0
  /// DTSTAMP (UTC), nil when missing or not a UTC date-time.
  public var stamp: Instant?
  public var start: MeetingTime?
  public var end: MeetingTime?
  /// DURATION, in seconds, when there is one.
  public var duration: Int64?
  public var summary: String?
  public var description: String?
  public var location: String?
  /// The organizer's address without `mailto:`.
  public var organizer: String?
  public var status: String?
  /// The RRULE value as written.
  public var rule: String?
  public var exceptions: [MeetingTime] = []
  public var attendees: [MeetingAttendee] = []

  /// Whether this version is newer than `other`: SEQUENCE, then DTSTAMP (RFC 5546 §2.1.5).
  public func isNewer(than other: MeetingCopy) -> Bool {
    if sequence != other.sequence { return sequence > other.sequence }
    return (stamp ?? Int64.min) > (other.stamp ?? Int64.min)
  }

  /// Whether the VEVENT answers an invitation (METHOD:REPLY, COUNTER, …), which is no version of
  /// the meeting (docs/GUIDE.md, What is busy).
  public var isAnswer: Bool {
    ["REPLY", "COUNTER", "DECLINECOUNTER", "REFRESH"].contains(method ?? "")
  }

  public var isCancelled: Bool { status == "CANCELLED" || method == "CANCEL" }
}

/// An error finding a meeting: one line naming the file, the UID or the option.
public struct MeetingError: Error, CustomStringConvertible {
  public var description: String
  public init(_ description: String) { self.description = description }
}

extension MeetingCopy {
  /// Every VEVENT whose UID is `uid` in `files` (top-level VEVENTs of each VCALENDAR), in the
  /// order of the files and of the file. A file that cannot be read is an error naming it.
  public static func find(uid: String, in files: [String]) throws(MeetingError) -> [MeetingCopy] {
    var out: [MeetingCopy] = []
    for file in files {
      let bytes = try read(file)
      out += try copies(of: uid, in: bytes, file: file)
    }
    return out
  }

  /// The bytes of a file.
  public static func read(_ file: String) throws(MeetingError) -> [UInt8] {
    guard let handle = fopen(file, "rb") else {
      throw MeetingError("\(file): cannot read: \(String(cString: strerror(errno)))")
    }
    defer { fclose(handle) }
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let n = fread(&buffer, 1, buffer.count, handle)
      if n > 0 { bytes += buffer[0..<n] }
      if n < buffer.count { break }
    }
    if ferror(handle) != 0 { throw MeetingError("\(file): cannot read") }
    return bytes
  }

  /// The VEVENTs of `uid` in a file's bytes.
  static func copies(of uid: String, in bytes: [UInt8], file: String) throws(MeetingError)
    -> [MeetingCopy]
  {
    var scanner = LineScanner(bytes: bytes)
    var out: [MeetingCopy] = []
    var depth: [String] = []
    var method: String?
    var event: [ContentLine] = []
    do {
      while let line = try scanner.next() {
        scanner.lineWasKept()
        let name = line.name
        if name == "BEGIN" {
          depth.append(line.keyword)
          if depth == ["VCALENDAR"] { method = nil }
          if depth.count == 2 && depth[1] == "VEVENT" { event = [line] }
          continue
        }
        if depth.count == 2 && depth[1] == "VEVENT" { event.append(line) }
        if name == "END" {
          if depth.count == 2 && depth[1] == "VEVENT",
            let copy = parse(event, file: file, method: method), copy.uid == uid
          {
            out.append(copy)
          }
          if !depth.isEmpty { depth.removeLast() }
          continue
        }
        if depth == ["VCALENDAR"] && name == "METHOD" { method = line.keyword }
      }
    } catch {
      throw MeetingError("\(file): cannot be read as a calendar (\(error))")
    }
    return out
  }

  /// One VEVENT's properties (nested components such as VALARM are skipped).
  static func parse(_ lines: [ContentLine], file: String, method: String?) -> MeetingCopy? {
    var copy = MeetingCopy(
      file: file, firstLine: lines.first!.number, lastLine: lines.last!.number, method: method,
      uid: "")
    var nested = 0
    var uid: String?
    for line in lines.dropFirst().dropLast() {
      let name = line.name
      if name == "BEGIN" { nested += 1 }
      if name == "END" { nested -= 1 }
      if nested > 0 || name == "END" { continue }
      let value = line.value
      let params = parameters(line)
      switch name {
      case "UID": uid = value.trimmingWhitespace()
      case "SEQUENCE": copy.sequence = Int(value.trimmingWhitespace()) ?? 0
      case "DTSTAMP": copy.stamp = line.utcTimestamp
      case "DTSTART": copy.start = time(line, params)
      case "DTEND": copy.end = time(line, params)
      case "RECURRENCE-ID": copy.recurrenceID = time(line, params)
      case "DURATION":
        copy.duration = ValueSyntax.plainDuration(line.strippedValue).map {
          $0.days * 86400 + $0.seconds
        }
      case "SUMMARY": copy.summary = unescape(value)
      case "DESCRIPTION": copy.description = unescape(value)
      case "LOCATION": copy.location = unescape(value)
      case "STATUS": copy.status = line.keyword
      case "RRULE": copy.rule = String(decoding: line.strippedValue, as: UTF8.self)
      case "ORGANIZER": copy.organizer = address(value, email: params["EMAIL"]?.first)
      case "EXDATE":
        for part in line.strippedValue.split(separator: 0x2C) {
          var one = line
          one.bytes = Array(line.bytes[..<line.valueStart!]) + Array(part)
          if let t = time(one, params) { copy.exceptions.append(t) }
        }
      case "ATTENDEE":
        func list(_ key: String) -> [String] {
          (params[key] ?? []).map(address)
        }
        copy.attendees.append(
          MeetingAttendee(
            address: address(value, email: params["EMAIL"]?.first), name: params["CN"]?.first,
            role: params["ROLE"]?.first?.uppercased() ?? "REQ-PARTICIPANT",
            partstat: params["PARTSTAT"]?.first?.uppercased() ?? "NEEDS-ACTION",
            cutype: params["CUTYPE"]?.first?.uppercased() ?? "INDIVIDUAL",
            delegatedTo: list("DELEGATED-TO"), delegatedFrom: list("DELEGATED-FROM")))
      default: break
      }
    }
    guard let uid else { return nil }
    copy.uid = uid
    return copy
  }

  /// A date or date-time value with its TZID.
  static func time(_ line: ContentLine, _ params: [String: [String]]) -> MeetingTime? {
    guard let (civil, utc, isDate) = civilValue(Array(line.strippedValue)) else { return nil }
    let tzid = params["TZID"]?.first
    return MeetingTime(civil: civil, tzid: utc ? nil : tzid, utc: utc, isDate: isDate)
  }

  /// A DATE (its midnight) or DATE-TIME value: civil seconds, whether it is UTC, whether a DATE.
  static func civilValue(_ value: [UInt8]) -> (Int64, Bool, Bool)? {
    if value.count == 8, let f = value.withUnsafeBufferPointer({ ValueSyntax.date($0, at: 0) }),
      f.isReal
    {
      return (f.civil, false, true)
    }
    guard let (f, utc) = ValueSyntax.dateTime(value), f.isReal else { return nil }
    return (f.civil, utc, false)
  }

  /// An address without `mailto:` (any case), lower case.
  public static func address(_ text: String) -> String {
    var t = text.trimmingWhitespace()
    if t.lowercased().hasPrefix("mailto:") { t = String(t.dropFirst(7)) }
    return t.lowercased()
  }

  /// A calendar user's address: the `mailto:` value, or, for another URI (Apple's and CalDAV
  /// servers' `urn:uuid:…`), the EMAIL parameter when there is one (RFC 7986 §6.2), so that it
  /// matches the person's address and is written back as one.
  static func address(_ text: String, email: String?) -> String {
    let plain = address(text)
    guard !text.trimmingWhitespace().lowercased().hasPrefix("mailto:"), let email,
      !email.trimmingWhitespace().isEmpty
    else { return plain }
    return address(email)
  }

  /// The parameters of a content line (RFC 5545 §3.2): upper-case names, each value list with
  /// quotes removed (RFC 6868's `^` escapes read).
  static func parameters(_ line: ContentLine) -> [String: [String]] {
    guard let valueStart = line.valueStart else { return [:] }
    let head = Array(line.bytes[0..<(valueStart - 1)])
    var out: [String: [String]] = [:]
    // Split on `;` outside quotes.
    var parts: [[UInt8]] = [[]]
    var inQuotes = false
    for b in head {
      if b == 0x22 { inQuotes.toggle() }
      if b == 0x3B && !inQuotes { parts.append([]) } else { parts[parts.count - 1].append(b) }
    }
    for part in parts.dropFirst() {
      guard let eq = part.firstIndex(of: 0x3D) else { continue }
      let key = ContentLine.asciiUppercased(part[..<eq])
      var values: [String] = []
      var current: [UInt8] = []
      inQuotes = false
      for b in part[(eq + 1)...] {
        if b == 0x22 {
          inQuotes.toggle()
          continue
        }
        if b == 0x2C && !inQuotes {
          values.append(caret(current))
          current = []
        } else {
          current.append(b)
        }
      }
      values.append(caret(current))
      out[key] = values
    }
    return out
  }

  /// RFC 6868: `^n` a newline, `^^` a caret, `^'` a double quote.
  static func caret(_ bytes: [UInt8]) -> String {
    let text = String(decoding: bytes, as: UTF8.self)
    guard text.contains("^") else { return text }
    var out = ""
    var escape = false
    for c in text {
      if escape {
        out += c == "n" ? "\n" : c == "'" ? "\"" : c == "^" ? "^" : "^\(c)"
        escape = false
      } else if c == "^" {
        escape = true
      } else {
        out.append(c)
      }
    }
    return out
  }

  /// A TEXT value unescaped (RFC 5545 §3.3.11).
  static func unescape(_ text: String) -> String {
    var out = ""
    var escape = false
    for c in text {
      if escape {
        out.append(c == "n" || c == "N" ? "\n" : c)
        escape = false
      } else if c == "\\" {
        escape = true
      } else {
        out.append(c)
      }
    }
    return out
  }
}

extension MeetingCopy {
  /// An UNTIL value (RFC 5545 §3.3.10): civil seconds and whether it is UTC; a DATE is its
  /// midnight.
  public static func untilValue(_ text: String) -> (Int64, Bool)? {
    civilValue(Array(text.utf8)).map { ($0.0, $0.1) }
  }
}
