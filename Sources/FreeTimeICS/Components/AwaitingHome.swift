import FreeTimeCore

/// The home zone of a calendar that names none (docs/GUIDE.md, What is busy: the home zone):
/// `--zone`, else its X-WR-TIMEZONE, else the zone most of the person's timed events name
/// (`HomeZoneVotes`), else `--tz`. Without `--zone` or X-WR-TIMEZONE that is known only once
/// every file of the person is read, so the components that read a time in it (all-day events,
/// floating times) wait here, one file's (`WaitingFile`).
struct AwaitingHome {
  /// A component that waits for the person's home zone, with the zones of its VCALENDAR. Its
  /// lines are kept packed (`PackedLines`): a calendar without X-WR-TIMEZONE may have a fifth
  /// of its events wait, and each line as read holds a buffer of the scanner's
  /// (docs/PERFORMANCE.md: peak memory).
  struct Component {
    var kind: String
    private var packed: PackedLines
    var state: ComponentState
    var zones: ZoneTable
    var owner: OwnerHint

    init(
      kind: String, lines: [ContentLine], state: ComponentState, zones: ZoneTable,
      owner: OwnerHint
    ) {
      self.kind = kind
      self.packed = PackedLines(lines)
      self.state = state
      self.zones = zones
      self.owner = owner
    }

    /// Its lines, unpacked.
    var lines: [ContentLine] { packed.lines }
  }

  /// `--zone`'s zone for the person (or the people file's): the home zone of every VCALENDAR.
  let override: Zone?
  /// Whether the home zone is the person's, decided once all their files were read.
  var decided = false
  /// Components that read a time in the home zone while it is not known yet (no `--zone`, no
  /// X-WR-TIMEZONE): read once every file of the person is.
  var components: [Component] = []
  /// Instances this file added, for `ReadLimits.instancesPerFile` when the components are read.
  var instancesAdded = 0

  init(override: Zone?) {
    self.override = override
  }

  /// Whether the home zone of a VCALENDAR is not known yet (`homeFromCalendar`: it is its
  /// X-WR-TIMEZONE).
  func undecided(homeFromCalendar: Bool) -> Bool {
    override == nil && !homeFromCalendar && !decided
  }
}
