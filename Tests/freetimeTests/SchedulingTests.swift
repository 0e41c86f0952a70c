import Foundation
import Testing

/// Scheduling options on the example team, against golden files checked by hand.
@Suite struct SchedulingTests {
  static let week = ["--from", "2026-11-23", "--to", "2026-11-28", "--tz", "Europe/Prague"]
  static func team(_ names: String...) -> [String] { names.map { "Fixtures/team/\($0).ics" } }

  @Test func hoursBufferAndMinimum() throws {
    let run = try Run.freetime(
      SchedulingTests.team("alice", "bob", "carol") + SchedulingTests.week + [
        "--hours", "09:00-17:00", "--days", "mon-fri", "--buffer", "10m", "--min", "30m",
        "--format", "csv",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    try Golden.check(run.stdout, "team.hours-buffer-min")
  }

  @Test func roomsAndOptionalPeople() throws {
    let run = try Run.freetime(
      SchedulingTests.team("alice", "carol") + SchedulingTests.week + [
        "--optional", "Fixtures/team/bob.ics", "--room", "Fixtures/team/dave.ics", "--room",
        "bigroom=Fixtures/corpus/x_wr_timezone_simple_events_issue_59.ics", "--hours",
        "08:00-18:00", "--min", "1h", "--format", "json",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    try Golden.check(run.stdout, "team.rooms-optional")
  }

  @Test func alignedSlots() throws {
    let run = try Run.freetime(
      SchedulingTests.team("alice", "bob") + SchedulingTests.week + [
        "--hours", "09:00-17:00", "--buffer", "10m", "--align", "15m", "--min", "15m",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    try Golden.check(run.stdout, "team.aligned")
  }

  @Test func quorumWithHours() throws {
    let run = try Run.freetime(
      SchedulingTests.team("alice", "bob", "carol", "dave") + SchedulingTests.week + [
        "--hours", "09:00-17:00", "--quorum", "3", "--min", "1h", "--format", "json",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    try Golden.check(run.stdout, "team.quorum-hours")
    let table = try Run.freetime(
      SchedulingTests.team("alice", "bob", "carol", "dave") + SchedulingTests.week + [
        "--hours", "09:00-17:00", "--quorum", "3", "--min", "1h", "--limit", "4",
      ], environment: ["COLUMNS": "1000"])
    #expect(
      table.stdout.contains(
        "Mon 2026-11-23  10:00 – 11:30  1h30m  · New York 04:00–05:30  · London 09:00–10:30  missing: bob"
      ))
  }

  @Test func timeline() throws {
    let run = try Run.freetime(
      SchedulingTests.team("alice", "bob", "carol") + SchedulingTests.week + [
        "--room", "Fixtures/team/dave.ics", "--hours", "08:00-18:00", "--min", "30m", "--format",
        "timeline",
      ])
    #expect(run.status == 0, "\(run.stderr)")
    try Golden.check(run.stdout, "team.timeline")
    #expect(run.stdout.split(separator: "\n").allSatisfy { $0.count <= 80 })
  }

  /// A VAVAILABILITY (Mon–Fri 09:00–17:00 Montreal) replaces --hours for that person and limits
  /// them without it too; --no-own-hours leaves it out.
  @Test func availabilityReplacesWorkingHours() throws {
    let args = [
      "Fixtures/availability/erin.ics", "--from", "2026-11-23", "--to", "2026-11-25", "--tz",
      "America/Montreal", "--format", "csv",
    ]
    let hours = try Run.freetime(args + ["--hours", "06:00-22:00"])
    let expected = """
      start,end,minutes,free
      2026-11-23T09:00:00-05:00,2026-11-23T17:00:00-05:00,480,erin
      2026-11-24T09:00:00-05:00,2026-11-24T10:00:00-05:00,60,erin
      2026-11-24T11:00:00-05:00,2026-11-24T17:00:00-05:00,360,erin

      """
    #expect(hours.stdout == expected)
    #expect(try Run.freetime(args).stdout == expected)
    let ignoring = try Run.freetime(args + ["--no-own-hours"])
    #expect(ignoring.stdout.contains("2026-11-23T00:00:00-05:00,2026-11-24T10:00:00-05:00"))
  }

  @Test func explainedSlots() throws {
    let args =
      SchedulingTests.team("alice", "bob", "carol", "dave") + SchedulingTests.week + [
        "--hours", "09:00-17:00", "--min", "30m", "--explain",
      ]
    let table = try Run.freetime(args)
    #expect(table.status == 0, "\(table.stderr)")
    try Golden.check(table.stdout, "team.explain")
    let json = try Run.freetime(args + ["--format", "json"])
    let check = try Run.python(
      """
      import json, sys
      d = json.load(sys.stdin)
      s = d["slots"][0]
      print(s["after"]["kind"], s["after"]["person"], s["after"]["line"], s["after"]["summary"])
      print(s["before"]["kind"], s["before"]["person"], s["before"]["edge"])
      assert all("after" in x and "before" in x for x in d["slots"])
      """, stdin: json.stdout)
    #expect(
      check.stdout == "event carol 54 Follow-up (back to back)\nworking-hours alice end\n",
      "\(check.stderr)")
  }

  @Test(arguments: [
    (["--quorum", "0"], "--quorum"), (["--quorum", "3"], "--quorum"),
    (
      [
        "--quorum", "1", "--room", "Fixtures/team/dave.ics", "--room", "dave=Fixtures/team/bob.ics",
      ], "named 'dave'"
    ),
    (["--hours", "09:00-09:00"], "the range 09:00-09:00 is empty"),
    (["--days", "someday"], "--days"),
    (["--hours", "nobody=09:00-17:00"], "--hours or --days names 'nobody'"),
    (["--days", "alice=someday"], "--days 'alice=someday'"),
    (["--align", "0s"], "--align"),
  ])
  func badSchedulingOptions(arguments: [String], mentions: String) throws {
    let run = try Run.freetime(SchedulingTests.team("alice") + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(mentions), "\(run.stderr)")
  }
}
