import Foundation
import Testing

/// freetime against an independent implementation (Tests/reference/reference.py: Python's
/// icalendar and recurring-ical-events, no libical) with `--format json`.
@Suite struct DifferentialTests {
  static let reference = Run.packageRoot.appendingPathComponent("Tests/reference/reference.py").path

  /// Both answers for the same arguments; the `slots` arrays must be equal.
  func compare(_ arguments: [String], sourceLocation: SourceLocation = #_sourceLocation) throws {
    let ours = try Run.freetime(arguments + ["--format", "json"])
    // The Python scripts/test set up (FREETIME_PYTHON), not whichever python3 is first on PATH.
    let theirs = try Run.command(Run.pythonPath, [DifferentialTests.reference] + arguments)
    #expect(
      ours.status == theirs.status, "\(arguments) \(theirs.stderr)", sourceLocation: sourceLocation)
    // The answers go by file: a year's slots are longer than one argument may be.
    let check = try Run.python(
      """
      import json, sys
      a = json.load(open(sys.argv[1])); b = json.load(open(sys.argv[2]))
      for key in ("window", "timeZone", "minimum"):
          assert a[key] == b[key], (key, a[key], b[key])
      assert [c["name"] for c in a["calendars"]] == [c["name"] for c in b["calendars"]]
      if a["slots"] != b["slots"]:
          sa = {(s["start"], s["end"]) for s in a["slots"]}
          sb = {(s["start"], s["end"]) for s in b["slots"]}
          print("freetime only:", sorted(sa - sb)[:5], "reference only:", sorted(sb - sa)[:5])
          sys.exit(1)
      print(len(a["slots"]))
      """,
      [
        Temp.file(ours.stdout, name: UUID().uuidString + ".json"),
        Temp.file(theirs.stdout, name: UUID().uuidString + ".json"),
      ])
    #expect(
      check.status == 0, "\(arguments): \(check.stdout) \(check.stderr)",
      sourceLocation: sourceLocation)
  }

  @Test(arguments: [
    ("Germany_Holidays.ics", "2018-12-31", "2019-03-01"),
    ("daylight_saving_time.ics", "2017-06-28", "2017-08-27"),
    ("duration_edited.ics", "2019-03-17", "2019-05-16"),
    ("each_week_but_two_deleted.ics", "2019-03-03", "2019-05-02"),
    ("fablab_cottbus.ics", "2016-12-02", "2017-01-31"),
    ("issue_107_omitting_last_event.ics", "2023-01-04", "2023-03-05"),
    ("issue_113_period_in_rdate.ics", "2023-09-19", "2023-11-18"),
    ("issue_113_period_rdate_duration.ics", "2024-09-11", "2024-11-10"),
    ("issue_148_exdate_and_rdate_updated.ics", "2024-06-30", "2024-08-29"),
    ("issue_148_ignored_exdate.ics", "2024-06-30", "2024-08-29"),
    ("issue_163_deleted_modification.ics", "2024-07-28", "2024-09-26"),
    ("issue_18_cancel_status.ics", "2020-01-27", "2020-03-27"),
    ("issue_201_mixed_datetime_and_date.ics", "2023-07-23", "2023-09-21"),
    ("issue_20_exdate_ignored.ics", "2019-10-14", "2019-12-13"),
    ("issue_243_recurrence_id_is_not_identical_to_dtstart.ics", "2015-08-31", "2015-10-30"),
    ("issue_36_recurrence_ID_format.ics", "2020-09-06", "2020-11-05"),
    ("issue_48_dst.ics", "2020-09-14", "2020-11-13"),
    ("issue_62_moved_event_2.ics", "2023-08-07", "2023-10-06"),
    ("issue_75_range_parameter.ics", "2024-08-31", "2024-10-30"),
    ("issue_86_x_wr_timezone_without_time_zone_in_dt.ics", "2021-09-15", "2021-11-14"),
    ("multiple_rrule.ics", "2023-01-11", "2023-03-12"),
    ("rdate_falls_on_rrule_until.ics", "2019-10-14", "2019-12-13"),
    ("recurring_events_moved.ics", "2019-03-06", "2019-05-05"),
    ("x_wr_timezone_simple_events_issue_59.ics", "2021-12-21", "2022-02-19"),
  ])
  func corpusCalendar(file: String, from: String, to: String) throws {
    for zone in ["Europe/Berlin", "America/Los_Angeles"] {
      try compare([
        "Fixtures/corpus/\(file)", "--from", from, "--to", to, "--tz", zone, "--min", "1s",
      ])
    }
  }

  @Test(arguments: [
    ["--tz", "Europe/Prague", "--min", "30m"],
    ["--tz", "America/New_York", "--min", "1s"],
    ["--tz", "Asia/Kolkata", "--min", "15m", "--tentative", "free"],
    ["--tz", "UTC", "--min", "1h", "--all-day", "free"],
  ])
  func team(options: [String]) throws {
    let team = ["alice", "bob", "carol", "dave"].map { "Fixtures/team/\($0).ics" }
    try compare(team + ["--from", "2026-11-22", "--to", "2026-12-01"] + options)
  }

  /// Every calendar of the shared corpus (Fixtures/shared-corpus): the slots agree, or the file
  /// is listed with its reason in Fixtures/shared-corpus-expected.tsv.
  @Test func sharedCorpus() throws {
    let run = try Run.command(
      Run.pythonPath,
      [
        Run.packageRoot.appendingPathComponent("Tests/reference/corpus_check.py").path,
        Run.binary.path, Run.fixtures.appendingPathComponent("shared-corpus").path,
      ])
    #expect(run.status == 0, "\(run.stderr)")
    let expectedText = try String(
      contentsOf: Run.fixtures.appendingPathComponent("shared-corpus-expected.tsv"),
      encoding: .utf8)
    var expected: [String: String] = [:]
    for line in expectedText.split(separator: "\n") where !line.hasPrefix("#") {
      let fields = line.split(separator: "\t")
      if fields.count >= 2 { expected[String(fields[1])] = String(fields[0]) }
    }
    var same = 0
    var seen = Set<String>()
    for line in run.stdout.split(separator: "\n") {
      let fields = line.split(separator: "\t", maxSplits: 1).map(String.init)
      guard fields.count == 2, fields[0] != "summary" else { continue }
      let (status, file) = (fields[0], fields[1])
      if status == "same" { same += 1 }
      if status == "different" || status == "freetime-refuses" {
        #expect(expected[file] == status, "\(status): \(file) is not a documented difference")
        seen.insert(file)
      }
    }
    #expect(
      Set(expected.keys) == seen,
      "documented but no longer different: \(Set(expected.keys).subtracting(seen))")
    #expect(same >= 208)
  }

  /// Generated multi-person, multi-zone calendars (Tests/reference/generate.py): exact agreement.
  @Test(arguments: 0..<8)
  func generatedTeam(seed: Int) throws {
    let dir = Temp.directory + "/generated-\(seed)"
    let gen = try Run.generate(
      dir, ["--seed", String(seed), "--people", "4", "--events", "50"])
    #expect(gen.status == 0, "\(gen.stderr)")
    let people = (0..<4).map { "\(dir)/person\($0).ics" }
    let zone = ["Europe/Prague", "America/New_York", "Asia/Tokyo", "UTC"][seed % 4]
    let minimum = ["1s", "15m", "30m", "1h"][seed % 4]
    try compare(
      people + ["--from", "2026-11-16", "--to", "2026-12-07", "--tz", zone, "--min", minimum])
  }

  /// The benchmark's dense and export mixes (`generate.py --mix`, Benchmarks/README.md): a year
  /// of meetings with the window over it, two people, exact agreement. The export mix is Google-
  /// and Outlook-shaped: UTC series on X-WR-TIMEZONE's wall clock, Windows zone names with
  /// Outlook's VTIMEZONEs and no X-WR-TIMEZONE (the home zone from the TZIDs), MONTHLY rules,
  /// the owner's replies (X-WR-CALNAME, X-OWNER) and Outlook's show-as.
  @Test(arguments: ["dense", "export"], 0..<3)
  func generatedMix(mix: String, seed: Int) throws {
    let dir = Temp.directory + "/generated-\(mix)-\(seed)"
    let gen = try Run.generateYear(dir, mix: mix, seed: 100 + seed, events: 150)
    #expect(gen.status == 0, "\(gen.stderr)")
    let people = (0..<2).map { "\(dir)/person\($0).ics" }
    let zone = ["Europe/Prague", "America/New_York", "Asia/Tokyo"][seed % 3]
    let options = [
      ["--min", "30m"], ["--min", "15m", "--tentative", "free"],
      ["--min", "1s", "--all-day", "free"],
    ][seed % 3]
    try compare(
      people + ["--from", "2026-11-02", "--to", "2027-11-01", "--tz", zone] + options)
  }

  /// A deliberate difference (docs/GUIDE.md, "Deliberate differences"): DTEND before DTSTART skips
  /// the event with a warning; recurring-ical-events swaps the two. A calendar whose only event it
  /// is has nothing that can be read: an error, never "free all the time".
  @Test func dtendBeforeDtstartIsSkipped() throws {
    let run = try Run.freetime([
      "Fixtures/corpus/end_before_start_event.ics", "--from", "2019-03-03", "--to", "2019-05-02",
      "--tz", "UTC", "--format", "csv",
    ])
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(
      run.stderr.contains(
        "end_before_start_event.ics:32: the one component of this calendar that holds time cannot be read; the first: event skipped: DTEND is before DTSTART"
      ))
  }

  /// A deliberate difference: an override whose RECURRENCE-ID matches no instance still blocks
  /// its own time in freetime (recurring-ical-events drops it).
  @Test func anOverrideOfNoInstanceStillBlocks() throws {
    let run = try Run.freetime([
      "Fixtures/corpus/issue_253_additional_recurrence_id.ics", "--from", "2024-07-28", "--to",
      "2024-08-10", "--tz", "UTC", "--format", "csv",
    ])
    #expect(
      run.stdout == """
        start,end,minutes,free
        2024-07-28T00:00:00+00:00,2024-07-29T00:00:00+00:00,1440,issue_253_additional_recurrence_id
        2024-08-04T00:00:00+00:00,2024-08-10T00:00:00+00:00,8640,issue_253_additional_recurrence_id

        """)
  }
}
