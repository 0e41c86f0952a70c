import Foundation
import Testing

/// The documentation stays whole and current: the README is a landing page of at most 250
/// lines, every relative link in it and in docs/ leads somewhere, and every option the built
/// binary's `--help` prints, for every subcommand it lists, is documented in the man page and
/// in docs/GUIDE.md (README, More).
@Suite struct DocumentationTests {
  static func text(_ path: String) throws -> String {
    try String(contentsOf: Run.packageRoot.appendingPathComponent(path), encoding: .utf8)
  }

  /// The Markdown files whose links are checked: the README and every file in docs/.
  static func markdownFiles() throws -> [String] {
    let docs = try FileManager.default.contentsOfDirectory(
      atPath: Run.packageRoot.appendingPathComponent("docs").path)
    return ["README.md"] + docs.filter { $0.hasSuffix(".md") }.sorted().map { "docs/" + $0 }
  }

  /// The lines of a Markdown text outside fenced code blocks (a `# comment` in a shell block is
  /// no heading, a `](` in a code block no link).
  static func prose(_ markdown: String) -> [Substring] {
    var inFence = false
    var lines: [Substring] = []
    for line in markdown.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("```") {
        inFence.toggle()
        continue
      }
      if !inFence { lines.append(line) }
    }
    return lines
  }

  /// GitHub's anchor for a heading: lower case, everything but letters, digits, spaces, `-`
  /// and `_` removed, spaces made `-`; a repeated heading gets `-1`, `-2`...
  static func anchors(_ markdown: String) -> Set<String> {
    var seen: [String: Int] = [:]
    var anchors: Set<String> = []
    for line in prose(markdown) {
      guard let match = line.firstMatch(of: /^#{1,6} +(.*?) *#* *$/) else { continue }
      let slug = String(
        String(match.1).lowercased().unicodeScalars.filter {
          CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
        }
      ).replacingOccurrences(of: " ", with: "-")
      let count = seen[slug, default: 0]
      anchors.insert(count == 0 ? slug : "\(slug)-\(count)")
      seen[slug] = count + 1
    }
    return anchors
  }

  @Test func readmeIsALandingPage() throws {
    let readme = try Self.text("README.md")
    let lines = readme.split(separator: "\n", omittingEmptySubsequences: false).count
    #expect(lines <= 250, "README.md has \(lines) lines; the reference belongs in docs/GUIDE.md")
    // The first screen says what freetime is, with the one-line example.
    let firstScreen = readme.split(separator: "\n").prefix(10).joined(separator: "\n")
    #expect(firstScreen.contains("freetime alice.ics bob.ics --min 30m"))
  }

  @Test func anchorsAreGitHubs() {
    let anchors = Self.anchors(
      """
      # freetime
      ## Cookbook: freetime in pipelines
      ### `freetime suggest`
      #### Recurring meetings
      #### Recurring meetings
      ### Guards against libical 3.0.16
      ```sh
      # a comment, no heading
      ```
      """)
    #expect(
      anchors == [
        "freetime", "cookbook-freetime-in-pipelines", "freetime-suggest", "recurring-meetings",
        "recurring-meetings-1", "guards-against-libical-3016",
      ])
  }

  @Test func relativeLinksResolve() throws {
    var checked = 0
    for file in try Self.markdownFiles() {
      let text = try Self.text(file)
      let directory = Run.packageRoot.appendingPathComponent(file).deletingLastPathComponent()
      for line in Self.prose(text) {
        for match in line.matches(of: /\]\(([^)\s]+)\)/) {
          let target = String(match.1)
          if target.contains("://") || target.hasPrefix("mailto:") { continue }
          let parts = target.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false)
          let path = String(parts[0])
          let url =
            path.isEmpty
            ? Run.packageRoot.appendingPathComponent(file)
            : directory.appendingPathComponent(path).standardizedFileURL
          checked += 1
          guard FileManager.default.fileExists(atPath: url.path) else {
            Issue.record("\(file): the link \(target) leads to no file")
            continue
          }
          if parts.count == 2 {
            let anchors = Self.anchors(try String(contentsOf: url, encoding: .utf8))
            #expect(
              anchors.contains(String(parts[1])),
              "\(file): the link \(target) names no heading of \(path.isEmpty ? file : path)")
          }
        }
      }
    }
    // The README links to the guide and the other documents.
    #expect(checked >= 10)
  }

  /// The subcommands `freetime --help` lists (so a new one is covered), and theirs in turn.
  static func commands(_ prefix: [String] = []) throws -> [[String]] {
    let help = try Run.freetime(prefix + ["--help"])
    #expect(help.status == 0, "\(help.stderr)")
    var commands = [prefix]
    var inSubcommands = false
    for line in help.stdout.split(separator: "\n", omittingEmptySubsequences: false) {
      if line.hasPrefix("SUBCOMMANDS:") {
        inSubcommands = true
      } else if inSubcommands {
        // A name two spaces in, its description wrapped deeper; the list ends at a blank line.
        if line.isEmpty { break }
        guard let match = line.firstMatch(of: /^  ([a-z][a-z0-9-]*)/) else { continue }
        commands += try Self.commands(prefix + [String(match.1)])
      }
    }
    return commands
  }

  /// The option names `--help` lists for a command, long and short (`-o`, `--output`).
  static func options(_ command: [String]) throws -> Set<String> {
    let help = try Run.freetime(command + ["--help"], environment: ["COLUMNS": "80"])
    #expect(help.status == 0, "\(help.stderr)")
    var options: Set<String> = []
    var afterUsage = false
    for line in help.stdout.split(separator: "\n") {
      if line.hasPrefix("USAGE:") { afterUsage = true }
      guard afterUsage, line.hasPrefix("  -") else { continue }
      // The names end where the two spaces before the description begin.
      let names = line.dropFirst(2).split(separator: "  ", maxSplits: 1).first ?? ""
      for word in names.split(whereSeparator: { $0 == " " || $0 == "," })
      where word.hasPrefix("-") {
        options.insert(String(word))
      }
    }
    return options
  }

  /// Whether `text` names `option` as a word of its own (`--min`, not only `--minimum`).
  static func mentions(_ text: String, _ option: String) -> Bool {
    var rest = text[...]
    while let range = rest.range(of: option) {
      let before =
        range.lowerBound == text.startIndex ? nil : text[text.index(before: range.lowerBound)]
      let after = range.upperBound == text.endIndex ? nil : text[range.upperBound]
      let isWordCharacter = { (c: Character?) in
        c.map { $0.isLetter || $0.isNumber || $0 == "-" } ?? false
      }
      if !isWordCharacter(before) && !isWordCharacter(after) { return true }
      rest = text[range.upperBound...]
    }
    return false
  }

  @Test func mentionsAreWholeWords() {
    #expect(Self.mentions("`--min 30m`", "--min"))
    #expect(!Self.mentions("`--minimum 30m`", "--min"))
    #expect(!Self.mentions("--no-config", "--config"))
    #expect(Self.mentions("-o FILE", "-o"))
    #expect(!Self.mentions("--output", "-o"))
  }

  @Test func everyOptionIsDocumented() throws {
    let guide = try Self.text("docs/GUIDE.md")
    // The man page's text with its font changes and escaped hyphens undone.
    let man = try Self.text("man/freetime.1")
      .replacing(/\\f[BIRP]/, with: "").replacingOccurrences(of: "\\-", with: "-")
    let commands = try Self.commands()
    for expected in ["slots", "suggest", "book", "busy", "check", "people", "replies"] {
      #expect(commands.contains([expected]), "freetime --help does not list \(expected)")
    }
    var all: Set<String> = []
    for command in commands {
      let options = try Self.options(command)
      #expect(!options.isEmpty, "freetime \(command.joined(separator: " ")) --help lists no option")
      for option in options.sorted() {
        let name = (["freetime"] + command).joined(separator: " ")
        let inMan = Self.mentions(man, option)
        let inGuide = Self.mentions(guide, option)
        #expect(inMan, "\(name) \(option) is not in man/freetime.1")
        #expect(inGuide, "\(name) \(option) is not in docs/GUIDE.md")
      }
      all.formUnion(options)
    }
    // Long and short options alike, of every command.
    for option in ["--min", "--duration", "--at", "--reschedule", "-o", "-q", "-h", "--version"] {
      #expect(all.contains(option), "no --help lists \(option)")
    }
  }
}
