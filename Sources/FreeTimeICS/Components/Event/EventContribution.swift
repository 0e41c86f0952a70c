import FreeTimeCore

/// One instance of an event, before RECURRENCE-ID overrides are applied.
struct Instance {
  /// The instant of the instance's original start: what a RECURRENCE-ID names.
  var key: Instant
  var interval: Interval
}

/// What one VEVENT contributes to its person's busy time.
enum EventContribution {
  /// A master event (single or recurring): its instances that touch the expansion window
  /// (`ReadOptions.expansionWindow`), and every instant its EXDATEs exclude.
  /// `cancelsSeries`: an iTIP CANCEL of the whole event (RFC 5546 §3.2.5), which also cancels
  /// the overrides of its UID that are not newer (by SEQUENCE).
  case master(
    uid: String?, revision: Revision, blocks: Bool, instances: [Instance],
    excluded: Set<Instant>, kind: BusyKind, cancelsSeries: Bool)
  /// A RECURRENCE-ID override.
  case override(Override)
  /// Nothing (skipped with a warning, or no time at all).
  case none
}

/// A RECURRENCE-ID override: replaces the instance `key` of `uid` with `interval` (or with
/// nothing when it does not block). With RANGE=THISANDFUTURE, every later instance of the series
/// moves by the same shift and takes the same length and status (RFC 5545 §3.8.4.4).
struct Override {
  var uid: String?
  var key: Instant
  var revision: Revision
  var blocks: Bool
  /// Its own span, wherever it is (the window is applied when overrides are resolved).
  var interval: Interval
  var thisAndFuture: Bool
  /// Firm, tentative or out of office (`freetime busy` types it).
  var kind: BusyKind
  /// Where its RECURRENCE-ID is, for the warning when it matches no instance.
  var file: String
  var line: Int
  /// Whether it is an iTIP CANCEL of the instance (RFC 5546 §3.2.5): one older than the
  /// series' latest version (by SEQUENCE) is outdated and does not count.
  var cancels = false
  /// An override with an RRULE or RDATE of its own: its series, read as the master when no
  /// master of its UID is read (Connect Daily writes every series as such a component, with
  /// `RECURRENCE-ID:19700101T070000Z`).
  var series: (instances: [Instance], excluded: Set<Instant>)? = nil
}
