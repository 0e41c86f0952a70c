extension RepeatPeriod {
  /// The period a value that is not one means (docs/GUIDE.md, Recurring meetings): `week`,
  /// `every week` → weekly; `biweekly`, `fortnightly`, `every 2 weeks` → 2w; `every 4 weeks` →
  /// 4w; `month` → monthly; `day`, `weekdays` → daily (daily is Monday to Friday); else a close
  /// spelling (`weekyl`). Nil when it is none of these.
  public static func meant(_ text: String) -> RepeatPeriod? {
    var s = text.lowercased().filter { !" -_.".contains($0) }
    if RepeatPeriod(rawValue: s) != nil { return RepeatPeriod(rawValue: s) }
    for prefix in ["every", "each", "once", "a", "per"] where s.hasPrefix(prefix) {
      s = String(s.dropFirst(prefix.count))
      break
    }
    let words: [String: RepeatPeriod] = [
      "day": .daily, "days": .daily, "weekday": .daily, "weekdays": .daily,
      "workday": .daily, "workdays": .daily, "businessday": .daily, "1d": .daily,
      "week": .weekly, "weeks": .weekly, "1w": .weekly, "1week": .weekly, "wk": .weekly,
      "biweekly": .twoWeeks, "fortnightly": .twoWeeks, "fortnight": .twoWeeks,
      "2weeks": .twoWeeks, "twoweeks": .twoWeeks, "otherweek": .twoWeeks, "2weekly": .twoWeeks,
      "4weeks": .fourWeeks, "fourweeks": .fourWeeks, "4weekly": .fourWeeks,
      "fourweekly": .fourWeeks,
      "month": .monthly, "months": .monthly, "1mo": .monthly, "1month": .monthly,
      "mo": .monthly, "mon": .monthly,
    ]
    if let period = words[s] { return period }
    return Spelling.closest(to: s, among: allCases.map(\.rawValue), limit: 1).first
      .flatMap(RepeatPeriod.init(rawValue:))
  }
}
