import FreeTimeCore

/// Where a component's lines are, for messages: the line it begins on, and the first line of
/// each property. Looked up only when a message or an override needs a line.
struct PropertyLines: Equatable {
  private var lines: [ContentLine] = []

  init() {}

  /// From the component's lines as the pre-pass kept them.
  init(_ lines: [ContentLine]) { self.lines = lines }

  /// The line the component begins on.
  var begin: Int { lines.first?.number ?? 0 }

  /// Whether a line of this kind is among the component's lines.
  func has(_ kind: PropertyName) -> Bool { lines.contains { $0.kind == kind } }

  /// The first line of this kind, else the component's first line.
  subscript(_ kind: PropertyName) -> Int { lines.first { $0.kind == kind }?.number ?? begin }
}
