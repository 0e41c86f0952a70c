import FreeTimeCore

/// Outlook's "Show as" (`X-MICROSOFT-CDO-BUSYSTATUS`, else `X-MICROSOFT-CDO-INTENDEDSTATUS`):
/// what the owner said the time is, which wins over TRANSP (docs/ARCHITECTURE.md, What is busy).
enum ShowAs: Equatable {
  case free, tentative, busy, outOfOffice, workingElsewhere

  /// The value as Outlook writes it, in any case; nil for anything else.
  init?<C: Collection>(_ value: C) where C.Element == UInt8 {
    switch ContentLine.asciiUppercased(value) {
    case "FREE": self = .free
    case "TENTATIVE": self = .tentative
    case "BUSY": self = .busy
    case "OOF": self = .outOfOffice
    case "WORKINGELSEWHERE": self = .workingElsewhere
    default: return nil
    }
  }
}

/// The calendar owner's reply to an invitation: the PARTSTAT of the ATTENDEE that is the owner
/// (RFC 5545 §3.2.12); no PARTSTAT counts as accepted.
enum Reply: Equatable {
  case accepted, tentative, needsAction, declined, delegated

  /// A PARTSTAT value in any case (quotes allowed); nil for one of another kind (an X- value).
  init?<C: Collection>(partstat value: C) where C.Element == UInt8 {
    switch ContentLine.asciiUppercased(value.filter { $0 != 0x22 }) {
    case "ACCEPTED": self = .accepted
    case "TENTATIVE": self = .tentative
    case "NEEDS-ACTION": self = .needsAction
    case "DECLINED": self = .declined
    case "DELEGATED": self = .delegated
    default: return nil
    }
  }
}

/// A calendar owner's address, as compared with an ATTENDEE: lower case, without `mailto:`.
struct OwnerAddress: Equatable, Sendable {
  let bytes: [UInt8]

  /// `alice@example.com` or `mailto:Alice@Example.com`; nil when it is not an address.
  init?(_ text: String) {
    let trimmed = text.trimmingWhitespace()
    var bytes = trimmed.utf8.map { $0 >= 0x41 && $0 <= 0x5A ? $0 | 0x20 : $0 }
    if bytes.starts(with: Array("mailto:".utf8)) { bytes.removeFirst(7) }
    guard bytes.count >= 3, bytes.contains(0x40), !bytes.contains(0x20) else { return nil }
    self.bytes = bytes
  }

  var text: String { String(decoding: bytes, as: UTF8.self) }

  /// Whether a CAL-ADDRESS value (`mailto:…`, any case) is this address.
  func matches(_ value: ArraySlice<UInt8>) -> Bool {
    var rest = value
    if rest.prefix(7).equals(caseless: "MAILTO:") { rest = rest.dropFirst(7) }
    guard rest.count == bytes.count else { return false }
    return zip(rest, bytes).allSatisfy { a, b in
      (a >= 0x41 && a <= 0x5A ? a | 0x20 : a) == b
    }
  }
}

/// Where a calendar's owner address comes from, strongest first: `--owner NAME=ADDRESS`, the
/// calendar's X-WR-CALNAME when it is an address (Google writes it so), Outlook's X-OWNER, the
/// person's name when it is an address (`bob@example.com=bob.ics`).
enum OwnerSource: Int, Comparable {
  case none, name, xOwner, calendarName, option

  static func < (a: OwnerSource, b: OwnerSource) -> Bool { a.rawValue < b.rawValue }

  /// Where the address came from, for `freetime check`.
  var said: String {
    switch self {
    case .none: "nowhere"
    case .name: "the calendar's name"
    case .xOwner: "X-OWNER"
    case .calendarName: "X-WR-CALNAME"
    case .option: "--owner"
    }
  }
}

/// What is known of a calendar's owner before its files are read.
struct OwnerHint {
  var address: OwnerAddress? = nil
  var source = OwnerSource.none

  init() {}

  init(address: OwnerAddress, source: OwnerSource) {
    self.address = address
    self.source = source
  }

  /// From `--owner`, else the person's name when it is an address.
  init(_ name: String, options: ReadOptions) {
    if let given = options.owners[name].flatMap(OwnerAddress.init) {
      (address, source) = (given, .option)
    } else if let named = OwnerAddress(name) {
      (address, source) = (named, .name)
    }
  }
}
