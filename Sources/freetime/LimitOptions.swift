import ArgumentParser
import FreeTimeCore
import FreeTimeICS

/// The limits a hostile calendar meets (docs/GUIDE.md, "Limits and hostile input"); the defaults
/// suit real calendars.
struct LimitOptions: ParsableArguments {
  @Option(
    name: .customLong("max-line-bytes"),
    help: ArgumentHelp(
      "Longest content line after unfolding (default: 16777216, 16 MiB).", valueName: "n"))
  var maxLineBytes: Int?

  @Option(
    name: .customLong("max-file-instances"),
    help: ArgumentHelp(
      "Cap on the busy instances kept from one file (default: 20000000).", valueName: "n"))
  var maxFileInstances: Int?

  @Option(
    name: .customLong("cpu-budget"),
    help: ArgumentHelp(
      "Seconds of CPU time reading one file may take, plus 1 per 5 MB of it (default: 4).",
      valueName: "seconds"))
  var cpuBudget: Double?

  func validate() throws {
    if let maxLineBytes, maxLineBytes < 80 {
      throw ValidationError("--max-line-bytes must be at least 80.")
    }
    if let maxFileInstances, maxFileInstances < 1 {
      throw ValidationError("--max-file-instances must be at least 1.")
    }
    if let cpuBudget, !(cpuBudget > 0) {
      throw ValidationError("--cpu-budget must be more than 0 seconds.")
    }
  }

  /// The limits with these options applied.
  var limits: ReadLimits {
    var limits = ReadLimits()
    if let maxLineBytes { limits.lineBytes = maxLineBytes }
    if let maxFileInstances { limits.instancesPerFile = maxFileInstances }
    if let cpuBudget { limits.cpuSeconds = cpuBudget }
    return limits
  }
}
