import FreeTimeCore

/// A property present in the calendar, read or not: absent, present but unreadable (libical
/// dropped it, or its value is no time), or its value.
enum Written<Value: Equatable>: Equatable {
  case absent
  /// libical's parser dropped the property (it left an X-LIC-ERROR in its place).
  case dropped
  /// The property is there, its value cannot be used.
  case unreadable
  case value(Value)

  var isValue: Bool { value != nil }

  var isAbsent: Bool {
    if case .absent = self { return true }
    return false
  }

  var value: Value? {
    if case .value(let value) = self { return value }
    return nil
  }
}
