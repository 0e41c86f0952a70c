/// A reading thread's storage between the files of one person: the read block and the buffers
/// of lines no longer held (`LineScanner.init(fd:blockSize:progress:reusing:)`, `giveBack`), and
/// the last file's reader when nothing of that file waits for the home zone
/// (`FileReader.reuse`), the VTIMEZONEs met last (`RecentZones`), and the watchdog's watch of
/// the thread (`Watchdog.Watch.next`).
struct ScanBuffers {
  var block: [UInt8] = []
  var pool: [[UInt8]] = []
  var reader: FileReader? = nil
  var recentZones = RecentZones()
  private var watch: Watchdog.Watch? = nil

  /// The watchdog's watch of the thread on `file`, of `size` bytes (0: not known).
  mutating func watch(file: String, budget: Double, size: Int) -> Watchdog.Watch? {
    if let watch {
      watch.next(file: file, size: size)
      return watch
    }
    watch = Watchdog.shared.watch(file: file, budget: budget, size: size)
    return watch
  }

  /// The person's files are read: the watchdog no longer watches the thread for them.
  mutating func finishWatch() {
    Watchdog.shared.finish(watch)
    watch = nil
  }
}
