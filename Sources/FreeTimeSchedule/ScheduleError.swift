/// Why a request cannot be answered: a usage mistake (an option or argument that says
/// something impossible; the command adds where its options are listed) or a failure (a file,
/// a person or an address that is missing or wrong).
public struct ScheduleError: Error, CustomStringConvertible, Sendable {
  public var description: String
  /// Whether it is a mistake in the options or arguments.
  public var isUsage: Bool

  public init(_ description: String, usage: Bool = false) {
    self.description = description
    self.isUsage = usage
  }

  /// A mistake in the options or arguments.
  public static func usage(_ description: String) -> ScheduleError {
    ScheduleError(description, usage: true)
  }
}
