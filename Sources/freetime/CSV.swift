import FreeTimeCore
import FreeTimeICS

enum CSV {
  static func field(_ text: String) -> String {
    let clean = Sanitize.text(text, limit: 10_000)
    if clean.contains(where: { $0 == "," || $0 == "\"" || $0 == "\n" }) {
      return "\"" + clean.replacingAll("\"", with: "\"\"") + "\""
    }
    return clean
  }
}
