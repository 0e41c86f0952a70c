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
      ])
    #expect(table.stdout.contains("Mon 2026-11-23  10:00 – 11:30  1h30m  missing: bob"))
  }

  @Test(arguments: [
    (["--quorum", "0"], "--quorum"), (["--quorum", "3"], "--quorum"),
    (["--hours", "17:00-09:00"], "--hours"), (["--days", "someday"], "--days"),
    (["--align", "0s"], "--align"),
  ])
  func badSchedulingOptions(arguments: [String], mentions: String) throws {
    let run = try Run.freetime(SchedulingTests.team("alice") + arguments)
    #expect(run.status == 2)
    #expect(run.stderr.contains(mentions), "\(run.stderr)")
  }
}
