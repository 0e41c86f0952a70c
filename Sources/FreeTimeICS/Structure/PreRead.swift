import FreeTimeCore

#if canImport(Glibc)
  import Glibc
#endif

/// The simple properties of a VEVENT that the pre-pass reads itself instead of libical, read as
/// libical 3.0.16 reads them: the first of each; UID as TEXT (backslash escapes decoded as
/// `icalmemory_strdup_and_dequote` does); STATUS and TRANSP as enumerations (compared without
/// case); SEQUENCE with `atoi`; DTSTAMP only as a UTC
/// date-time. `PreReadTests` compares them with libical's reading. Outlook's show-as and the
/// owner's reply, which libical does not interpret, come along.
struct PreRead {
  var revision: Revision
  var uid: String? = nil
  var status: String? = nil
  var transp: String? = nil
  var showAs: ShowAs? = nil
  var reply: Reply? = nil
  /// Whether the component is an iTIP CANCEL (its VCALENDAR has METHOD:CANCEL).
  var cancels = false
  /// Whether its VCALENDAR is an iTIP message (it has a METHOD).
  var inMessage = false
  /// Whether it is an instance an iTIP ADD adds to the event of its UID (RFC 5546 §3.2.4).
  var adds = false
  /// Whether it answers an invitation (an iTIP REPLY, COUNTER, DECLINECOUNTER, REFRESH).
  var answers = false

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
