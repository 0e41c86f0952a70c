/// Removes control characters from text that came from a calendar before it is printed.
public enum Sanitize {
  public static func text(_ s: String, limit: Int = 200) -> String {
    var out = ""
    for scalar in s.unicodeScalars {
      if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) || scalar == "\u{200E}"
        || scalar == "\u{200F}" || (0x202A...0x202E).contains(scalar.value)
        || (0x2066...0x2069).contains(scalar.value)
      {
        continue
      }
      out.unicodeScalars.append(scalar)
      if out.count >= limit {
        out += "…"
        break
      }
    }
    return out
  }
}

