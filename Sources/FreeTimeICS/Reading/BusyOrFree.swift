import FreeTimeCore

/// Whether something counts as busy or free (`--tentative`, `--all-day`).
public enum BusyOrFree: String, Sendable, CaseIterable {
  case busy
  case free
}
