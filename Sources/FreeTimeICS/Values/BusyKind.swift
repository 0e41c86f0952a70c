/// How busy a busy interval is: firm, tentative (STATUS:TENTATIVE, a tentative or unanswered
/// reply, Outlook's TENTATIVE, FBTYPE=BUSY-TENTATIVE; blocks unless `--tentative free`), or
/// out of office (Outlook's OOF, FBTYPE=BUSY-UNAVAILABLE). `freetime busy` writes each with its
/// own FBTYPE. With `--explain` only, the time an owner's declined or delegated reply frees is
/// carried through resolution too (`declined`, `delegated`), to be named and never busy.
///
/// `unknown` is the time an event may cover whose end cannot be read: kept apart from busy time
/// like time a calendar does not cover (`PersonCalendar.unknown`), busy unless `--unknown free`.
enum BusyKind: UInt8, Equatable, Sendable {
  case firm, tentative, outOfOffice, declined, delegated, unknown

  /// Time a reply freed: kept apart from busy time (`PersonAccumulator.finish`).
  var isFreedByReply: Bool { self == .declined || self == .delegated }
}
