/// How busy a busy interval is: firm, tentative (STATUS:TENTATIVE, a tentative or unanswered
/// reply, Outlook's TENTATIVE, FBTYPE=BUSY-TENTATIVE; blocks unless `--tentative free`), or
/// out of office (Outlook's OOF, FBTYPE=BUSY-UNAVAILABLE). `freetime busy` writes each with its
/// own FBTYPE.
enum BusyKind: UInt8, Equatable, Sendable {
  case firm, tentative, outOfOffice
}
