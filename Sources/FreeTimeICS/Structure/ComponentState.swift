import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// What the pre-pass learned about one top-level component while collecting its lines: why it
/// must be skipped (line, message), if it must, and the properties it read itself (`PreRead`):
/// the first SEQUENCE, the first readable UTC DTSTAMP, the first UID (raw and decoded), STATUS
/// and TRANSP; values stripped of white space at both ends, as libical's parser does.
struct ComponentState {
  var invalid: (Int, String)? = nil
  /// Warnings found by the pre-pass, given out with the UID when the component is read.
  var notes: [(Int, String)] = []
  /// DTSTART, DTEND, DURATION, RECURRENCE-ID seen (`PropertyName.singletonBit`): RFC 5545
  /// allows one of each.
  var seenOnce: UInt8 = 0
  var sequence: Int? = nil
  var stamp: Int64? = nil
  var uidRaw: String? = nil
  var uid: String? = nil
  var status: String? = nil
  var transp: String? = nil

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
              "SEQUENCE '\(Sanitize.text(String(decoding: digits, as: UTF8.self), limit: 30))' is not a number from 0 to 2147483647; read as \(sequence!) when versions are compared"
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
    default:
      return false
    }
    return true
  }

  var preRead: PreRead {
    PreRead(
      revision: Revision(sequence: sequence ?? 0, stamp: stamp ?? Int64.min), uid: uid,
      status: status, transp: transp)
  }
}

/// The simple properties of a VEVENT that the pre-pass reads itself instead of libical, read as
/// libical 3.0.16 reads them: the first of each; UID as TEXT (backslash escapes decoded as
/// `icalmemory_strdup_and_dequote` does); STATUS and TRANSP as enumerations (compared without
/// case); SEQUENCE with `atoi`; DTSTAMP only as a UTC
/// date-time. `PreReadTests` compares them with libical's reading.
struct PreRead {
  var revision: Revision
  var uid: String? = nil
  var status: String? = nil
  var transp: String? = nil

  /// STATUS:CANCELLED, STATUS:TENTATIVE, and TRANSP:TRANSPARENT (or TRANSPARENT-NOCONFLICT).
  var statusAndTransparency: (cancelled: Bool, tentative: Bool, transparent: Bool) {
    (
      PreRead.matches(status, "CANCELLED"), PreRead.matches(status, "TENTATIVE"),
      PreRead.matches(transp, "TRANSPARENT") || PreRead.matches(transp, "TRANSPARENT-NOCONFLICT")
    )
  }

  /// Whether a (stripped) enumeration value is `word`, ignoring ASCII case.
  static func matches(_ value: String?, _ word: String) -> Bool {
    value.map { ContentLine.asciiUppercased($0.utf8) == word } ?? false
  }

  /// A TEXT value's escapes decoded, byte for byte as libical does (`\n` and `\N` a newline,
  /// `\t` `\r` `\b` `\f` their controls, `\;` `\,` `\"` `\\` themselves, anything else
  /// after a backslash a space, a backslash at the end ends the text).
  static func dequote<C: Collection>(_ value: C) -> String where C.Element == UInt8 {
    if !value.contains(0x5C) { return String(decoding: value, as: UTF8.self) }
    var out: [UInt8] = []
    out.reserveCapacity(value.count)
    var i = value.startIndex
    while i != value.endIndex {
      let byte = value[i]
      i = value.index(after: i)
      guard byte == 0x5C else {
        out.append(byte)
        continue
      }
      guard i != value.endIndex else { break }
      let escaped = value[i]
      i = value.index(after: i)
      switch escaped {
      case 0x6E, 0x4E: out.append(0x0A)
      case 0x74, 0x54: out.append(0x09)
      case 0x72, 0x52: out.append(0x0D)
      case 0x62, 0x42: out.append(0x08)
      case 0x66, 0x46: out.append(0x0C)
      case 0x3B, 0x2C, 0x22, 0x5C: out.append(escaped)
      default: out.append(0x20)
      }
    }
    return String(decoding: out, as: UTF8.self)
  }
}

