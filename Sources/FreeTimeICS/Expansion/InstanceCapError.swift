import FreeTimeCore

/// A series with more instances up to the window's end than `--max-instances`.
struct InstanceCapError: Error {
  var line: Int
  var uid: String?
  var cap: Int
}
