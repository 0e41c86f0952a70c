import Foundation
import Testing

/// `--color`: colour in the table and timeline only on a terminal, never with NO_COLOR, never
/// in other formats.
@Suite struct ColourTests {
  /// Runs freetime on a pseudo-terminal (Python's pty module) and returns what it printed.
  func onTerminal(_ arguments: [String], noColor: String? = nil) throws -> String {
    let script = """
      import os, pty, sys
      if len(sys.argv) > 2 and sys.argv[1] == '--no-color':
          os.environ['NO_COLOR'] = sys.argv[2]; args = sys.argv[3:]
      else:
          os.environ.pop('NO_COLOR', None); args = sys.argv[1:]
      os.environ['TERM'] = 'xterm'
      pid, fd = pty.fork()
      if pid == 0:
          os.execv(args[0], args)
      out = b''
      while True:
          try:
              data = os.read(fd, 65536)
          except OSError:
              break
          if not data:
              break
          out += data
      os.waitpid(pid, 0)
      sys.stdout.write(out.decode('utf-8', 'replace'))
      """
    let prefix = noColor.map { ["--no-color", $0] } ?? []
    let run = try Run.python(script, prefix + [Run.binary.path] + arguments)
    return run.stdout
  }

  let team = ["Fixtures/team/alice.ics", "Fixtures/team/bob.ics"]
  let week = ["--from", "2026-11-23", "--to", "2026-11-25", "--tz", "Europe/Prague"]

  @Test func colourOnlyOnATerminalWithoutNoColor() throws {
    let esc = "\u{1b}["
    for format in ["table", "timeline"] {
      let args = team + week + ["--format", format]
      #expect(try onTerminal(args).contains(esc), "\(format) on a terminal")
      #expect(!(try onTerminal(args, noColor: "1").contains(esc)), "\(format) with NO_COLOR")
      #expect(try onTerminal(args, noColor: "").contains(esc), "\(format) with NO_COLOR empty")
      #expect(!(try onTerminal(args + ["--color", "never"]).contains(esc)), "\(format) never")
      #expect(!(try Run.freetime(args).stdout.contains(esc)), "\(format) into a pipe")
      let always = try Run.freetime(args + ["--color", "always"], environment: ["NO_COLOR": "1"])
      #expect(always.stdout.contains(esc), "\(format) --color always")
    }
    // Machine formats never.
    for format in ["json", "csv", "ics"] {
      let out = try onTerminal(team + week + ["--format", format, "--color", "always"])
      #expect(!out.contains(esc), "\(format)")
    }
  }
}

/// `freetime --generate-completion-script bash|zsh|fish`.
@Suite struct CompletionTests {
  @Test(arguments: ["bash", "zsh", "fish"])
  func scriptsNameFilesZonesAndFormats(shell: String) throws {
    let run = try Run.freetime(["--generate-completion-script", shell])
    #expect(run.status == 0)
    let script = run.stdout
    #expect(script.contains("Europe/Prague") && script.contains("America/New_York"))
    #expect(script.contains("freebusy") && script.contains("timeline") && script.contains("ndjson"))
    #expect(script.contains("ics"))
    switch shell {
    case "bash": #expect(script.contains("-o plusdirs -fX '!*.@(ics)'"))  // .ics files and directories
    case "zsh": #expect(script.contains("_files -g"))
    default: #expect(script.contains("__fish_complete_directories"))
    }
  }

  /// The bash script, run: calendars, zones and formats also without the subcommand.
  @Test func bashCompletesTheDefaultSubcommand() throws {
    let script = try Run.freetime(["--generate-completion-script", "bash"]).stdout
    let path = Temp.file(script, name: "completion.bash")
    #expect(try Run.command("/bin/bash", ["-n", path]).status == 0)
    func complete(_ words: [String]) throws -> [String] {
      let quoted = words.map { "'\($0)'" }.joined(separator: " ")
      let run = try Run.command(
        "/bin/bash",
        [
          "-c",
          """
          cd Fixtures/team && source '\(path)' && COMP_WORDS=(freetime \(quoted)) && \
          COMP_CWORD=\(words.count) && _freetime freetime '\(words.last!)' '\(words.dropLast().last ?? "freetime")' && \
          printf '%s\\n' "${COMPREPLY[@]}"
          """,
        ])
      return run.stdout.split(separator: "\n").map(String.init)
    }
    #expect(try complete(["al"]).contains("alice.ics"))
    #expect(try complete(["alice.ics", "--tz", "Europe/Pra"]) == ["Europe/Prague"])
    #expect(try complete(["alice.ics", "--format", "ti"]) == ["timeline"])
    #expect(try complete(["slots", "bo"]).contains("bob.ics"))
  }
}

/// `make install` and `make uninstall` with PREFIX and DESTDIR (the debug binary stands in for
/// the release build).
@Suite struct InstallTests {
  @Test func installPutsEveryFileInPlaceAndUninstallRemovesThem() throws {
    let destdir = Temp.directory + "/install-\(UUID().uuidString)"
    let common = ["--no-print-directory", "DESTDIR=\(destdir)", "PREFIX=/usr/local"]
    let install = try Run.command(
      "/usr/bin/env", ["make"] + common + ["install", "BINARY=\(Run.binary.path)"])
    #expect(install.status == 0, "\(install.stderr)")
    let root = destdir + "/usr/local/"
    let files = [
      "bin/freetime", "share/man/man1/freetime.1",
      "share/bash-completion/completions/freetime", "share/zsh/site-functions/_freetime",
      "share/fish/vendor_completions.d/freetime.fish",
    ]
    for file in files {
      #expect(FileManager.default.fileExists(atPath: root + file), "\(file)")
    }
    #expect(FileManager.default.isExecutableFile(atPath: root + "bin/freetime"))
    let version = try Run.command(root + "bin/freetime", ["--version"])
    #expect(version.stdout.hasPrefix("0."))
    let man = try String(contentsOfFile: root + "share/man/man1/freetime.1", encoding: .utf8)
    #expect(man.contains(".SH EXIT STATUS") && man.contains(".SH ENVIRONMENT"))
    let bash = try String(
      contentsOfFile: root + "share/bash-completion/completions/freetime", encoding: .utf8)
    #expect(bash.contains("_freetime_slots"))

    let uninstall = try Run.command("/usr/bin/env", ["make"] + common + ["uninstall"])
    #expect(uninstall.status == 0)
    for file in files {
      #expect(!FileManager.default.fileExists(atPath: root + file), "\(file)")
    }
  }

  /// The man page: every section a Unix user looks for, every option of every command.
  @Test func manPageHasItsSectionsAndEveryOption() throws {
    let man = try String(
      contentsOf: Run.packageRoot.appendingPathComponent("man/freetime.1"), encoding: .utf8)
    for section in [
      "NAME", "SYNOPSIS", "DESCRIPTION", "EXAMPLES", "EXIT STATUS", "ENVIRONMENT", "SEE ALSO",
    ] {
      #expect(man.contains(".SH \(section)\n"), "\(section)")
    }
    for variable in ["TZ", "NO_COLOR"] { #expect(man.contains("\\fB\(variable)\\fR")) }
    let help = try Run.freetime(["slots", "--help"]).stdout
    let options = help.split(separator: "\n").compactMap { line -> String? in
      let trimmed = line.drop { $0 == " " }
      guard trimmed.hasPrefix("--") else { return nil }
      return String(trimmed.prefix { $0 != " " && $0 != "," && $0 != "<" })
    }
    #expect(options.count > 20)
    for option in options {
      #expect(man.contains(option.replacingOccurrences(of: "-", with: "\\-")), "\(option)")
    }
  }
}

/// Errors are one line on standard error and say what to do.
@Suite struct ErrorLineTests {
  @Test(arguments: [
    (["--mni", "30m"], "Did you mean '--min'?"),
    (["--format", "xml"], "Use one of: table, timeline, json"),
    (["--min", "soon"], "use a DURATION such as 30m"),
    (["--from", "tomorow"], "try 2026-11-23"),
    (["--limit", "x"], "use a whole number"),
    (["--tz", "Mars/Base"], "try Europe/Prague"),
  ])
  func oneLineThatSaysWhatToDo(arguments: [String], hint: String) throws {
    let run = try Run.freetime(["Fixtures/team/alice.ics"] + arguments)
    #expect(run.status == 2)
    #expect(run.stdout.isEmpty)
    #expect(run.stderr.hasPrefix("freetime: error: "))
    #expect(run.stderr.filter { $0 == "\n" }.count == 1, "\(run.stderr)")
    #expect(run.stderr.contains(hint), "\(run.stderr)")
  }

  @Test func versionAndHelpWithExamples() throws {
    let version = try Run.freetime(["--version"])
    #expect(version.status == 0 && version.stdout.split(separator: ".").count == 3)
    let help = try Run.freetime(["--help"])
    #expect(help.status == 0)
    #expect(help.stdout.contains("Examples:") && help.stdout.contains("freetime alice.ics bob.ics"))
    #expect(help.stdout.contains("NO_COLOR"))
    let slots = try Run.freetime(["slots", "--help"])
    #expect(slots.stdout.contains("Examples:") && slots.stdout.contains("--color"))
  }
}
