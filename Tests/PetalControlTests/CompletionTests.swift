import Foundation
import PetalControl
import PetalCore
import TestSupport
import Testing

/// The shell completions petalctl makes (Golden/completions, which
/// CompletionGoldenTests keeps equal to them), run by the real shells against
/// the built petalctl and petal-test-daemon, and in step with petalctl's help.
@Suite struct CompletionTests {
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let bash = CompletionGoldenTests.file(for: .bash).path
    static let zsh = CompletionGoldenTests.file(for: .zsh).path
    static let fish = CompletionGoldenTests.file(for: .fish).path

    /// The ids petal-test-daemon's menu holds, in order (Golden/items-ids.json).
    static let itemIDs = ["echo", "like", "stay", "slow", "hang", "fail", "off", "missing"]

    // MARK: bash

    @Test func bashCompletesEveryCommandOnAnEmptyLine() async throws {
        let replies = try await Self.bashCompletions("petalctl ")
        #expect(replies == CommandName.allCases.map(\.rawValue))
        #expect(try await Self.bashCompletions("petalctl --json re") == ["reload"])
        #expect(
            try await Self.bashCompletions("petalctl --") == ["--bus", "--address", "--json", "--help", "--version"])
    }

    @Test func bashCompletesEachCommandsOptionsAndValues() async throws {
        #expect(try await Self.bashCompletions("petalctl items --i") == ["--ids"])
        #expect(try await Self.bashCompletions("petalctl actions --i") == ["--ids"])
        #expect(try await Self.bashCompletions("petalctl plugins --c") == ["--clear-quarantine"])
        #expect(try await Self.bashCompletions("petalctl watch --w") == ["--waybar"])
        #expect(
            try await Self.bashCompletions("petalctl choose --") == [
                "--timeout", "--no-dispatch", "--from", "--at", "--anchor", "--output", "--menu", "--lines", "--prompt",
                "--mesg", "--filter", "--case-sensitive", "--selected-row", "--multi-select", "--no-custom", "--format",
                "--sort", "--width", "--layout", "--tab-icon", "--kb-custom-1", "--bus", "--address", "--json",
                "--help",
                "--version",
            ])
        #expect(try await Self.bashCompletions("petalctl show --to") == ["--toggle"])
        #expect(try await Self.bashCompletions("petalctl show power --anchor ") == Anchor.allCases.map(\.rawValue))
        #expect(try await Self.bashCompletions("petalctl toggle --m") == ["--menu"])
        #expect(try await Self.bashCompletions("petalctl menus --n") == ["--names"])
        #expect(try await Self.bashCompletions("petalctl context ") == ["app=", "instance=", "title=", "output="])
        #expect(try await Self.bashCompletions("petalctl context app=foot t") == ["title="])
        #expect(try await Self.bashCompletions("petalctl choose --l") == ["--lines", "--layout"])
        #expect(try await Self.bashCompletions("petalctl dmenu -p x --mu") == ["--multi-select"])
        #expect(try await Self.bashCompletions("petalctl dmenu --layout ") == LayoutStyle.allCases.map(\.rawValue))
        #expect(try await Self.bashCompletions("petalctl preview --s") == ["--svg", "--state"])
        #expect(
            try await Self.bashCompletions("petalctl preview --svg menu.svg --state ") == ["expanded", "collapsed"])
        #expect(try await Self.bashCompletions("petalctl preview --layout ") == LayoutStyle.allCases.map(\.rawValue))
        #expect(try await Self.bashCompletions("petalctl layout ") == LayoutStyle.allCases.map(\.rawValue))
        #expect(try await Self.bashCompletions("petalctl layout radial ") == [], "layout takes one style")
        #expect(try await Self.bashCompletions("petalctl help tr") == ["trigger"])
        #expect(try await Self.bashCompletions("petalctl --bus ") == ["session", "system"])
    }

    @Test func bashCompletesFilesForSvgConfigAndFrom() async throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
            "petal-completion-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        for name in ["menu.svg", "config.json"] {
            _ = FileManager.default.createFile(atPath: folder.appendingPathComponent(name).path, contents: Data())
        }
        #expect(
            try await Self.bashCompletions("petalctl preview --svg \(folder.path)/me") == ["\(folder.path)/menu.svg"])
        #expect(
            try await Self.bashCompletions("petalctl preview --config \(folder.path)/co") == [
                "\(folder.path)/config.json"
            ])
        #expect(
            try await Self.bashCompletions("petalctl choose --from \(folder.path)/co") == ["\(folder.path)/config.json"]
        )
    }

    @Test func bashCompletesLiveItemAndActionIdsOnTheBusOfTheLine() async throws {
        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let bus = daemon.bus.address
        #expect(try await Self.bashCompletions("petalctl --bus \(bus) activate ") == Self.itemIDs)
        #expect(try await Self.bashCompletions("petalctl --address=\(bus) activate s") == ["stay", "slow"])
        #expect(
            try await Self.bashCompletions("petalctl activate --bus \(bus) l") == ["like"],
            "a --bus after the command counts too")
        #expect(try await Self.bashCompletions("petalctl --bus '\(bus)' activate l") == ["like"], "a quoted address")
        #expect(try await Self.bashCompletions("petalctl --bus \(bus) activate echo ") == [], "activate takes one id")
        #expect(
            try await Self.bashCompletions("petalctl --bus \(bus) trigger test.") == [
                "test.echo", "test.noop", "test.slow", "test.fail", "test.invalid", "test.hang", "test.big",
            ])
        #expect(
            try await Self.bashCompletions("petalctl --bus \(bus) trigger open.uri ") == [],
            "parameters are the user's to write")
    }

    @Test func bashIsSilentWhenPetaldCannotBeReached() async throws {
        let result = try await Self.runBash("petalctl --bus unix:path=/nonexistent/petal-bus activate ")
        #expect(result.status == 0, "\(result.summary)")
        #expect(result.output.isEmpty && result.errors.isEmpty, "\(result.summary)")
    }

    // MARK: fish and zsh

    @Test func fishCompletesCommandsOptionsAndLiveIds() async throws {
        let commands = try await Self.fishCompletions("petalctl ")
        #expect(Set(commands) == Set(CommandName.allCases.map(\.rawValue)))
        #expect(try await Self.fishCompletions("petalctl preview --state ") == ["collapsed", "expanded"])
        #expect(try await Self.fishCompletions("petalctl plugins --c") == ["--clear-quarantine"])

        let daemon = try await RunningDaemon()
        defer { daemon.stop() }
        let items = try await Self.fishCompletions("petalctl --bus \(daemon.bus.address) activate ")
        #expect(items.sorted() == Self.itemIDs.sorted())
        #expect(try await Self.fishCompletions("petalctl activate --json --bus '\(daemon.bus.address)' l") == ["like"])
        let actions = try await Self.fishCompletions("petalctl --bus=\(daemon.bus.address) trigger message.")
        #expect(actions == ["message.compose", "message.notify"])
        #expect(try await Self.fishCompletions("petalctl --bus unix:path=/nonexistent/petal-bus activate ") == [])
    }

    @Test func theZshAndFishFilesAreValidScripts() async throws {
        let zsh = try await ExternalCommand.running(["zsh", "-n", Self.zsh])
        #expect(zsh.status == 0, "\(zsh.summary)")
        let fish = try await ExternalCommand.running(["fish", "--no-execute", Self.fish])
        #expect(fish.status == 0, "\(fish.summary)")
        let compdef = try String(contentsOfFile: Self.zsh, encoding: .utf8)
        #expect(compdef.hasPrefix("#compdef petalctl\n"), "zsh finds the function by its first line")
    }

    // MARK: in step with petalctl's help

    /// Every command and option that `petalctl --help` and each command's help
    /// name is completed by each shell and documented in petalctl(1).
    @Test(arguments: [
        "Tests/PetalControlTests/Golden/completions/petalctl.bash",
        "Tests/PetalControlTests/Golden/completions/_petalctl",
        "Tests/PetalControlTests/Golden/completions/petalctl.fish", "docs/man/petalctl.1.scd",
    ])
    func everyCommandAndOptionOfTheHelpAppears(in file: String) throws {
        let text = try String(contentsOf: Self.repository.appendingPathComponent(file), encoding: .utf8)
        let words = Set(text.split(whereSeparator: { !($0.isLetter || $0 == "-") }).map(String.init))
        let commands = Self.helpCommands
        #expect(commands == CommandName.allCases.map(\.rawValue), "the overview lists every command")
        for command in commands {
            #expect(words.contains(command), "\(file) names the command \(command)")
        }
        let help = ([HelpText.overview] + CommandName.allCases.map(HelpText.help(for:))).joined(separator: "\n")
        for option in Self.longOptions(in: help) {
            #expect(
                words.contains(option) || text.contains("'\(option)") || text.contains("-l \(option.dropFirst(2))"),
                "\(file) has the option \(option)")
        }
    }

    /// The man page shows every member of every `--json` shape the golden files pin.
    @Test func petalctlManPageDocumentsEveryJSONMember() throws {
        let page = try String(
            contentsOf: Self.repository.appendingPathComponent("docs/man/petalctl.1.scd"), encoding: .utf8)
        let golden = Self.repository.appendingPathComponent("Tests/PetalControlTests/Golden")
        // trigger.json is petal-test-daemon's own action result, not a shape of petalctl's.
        for name in ["status", "items", "actions", "plugins", "layout", "toggle", "version"] {
            let json = try JSONSerialization.jsonObject(
                with: Data(contentsOf: golden.appendingPathComponent("\(name).json")))
            for key in Self.keys(of: json) {
                #expect(page.contains("\"\(key)\""), "petalctl.1 shows \"\(key)\" of \(name) --json")
            }
        }
        for member in [
            "signal", "state", "previous", "invocation", "action", "item", "success", "error", "message",
            "interface", "changed", "invalidated", "path", "interfaces", "name", "old", "new",
            "cleared", "file", "text", "alt", "tooltip", "class",
        ] {
            #expect(page.contains("*\(member)*") || page.contains("\"\(member)\""), "petalctl.1 names \(member)")
        }
    }

    @Test(arguments: ["petald.8", "petalctl.1", "petal-overlay.1", "petal-plugins.7"])
    func scdocBuildsThePage(_ page: String) async throws {
        let source = Self.repository.appendingPathComponent("docs/man/\(page).scd").path
        let result = try await ExternalCommand.running(["sh", "-c", "scdoc < \"$0\"", source])
        #expect(result.status == 0, "\(result.summary)")
        let name = page.split(separator: ".")
        #expect(result.output.contains(".TH \"\(name.dropLast().joined(separator: "."))\" \"\(name.last ?? "")\""))
    }

    // MARK: helpers

    /// The command names of `petalctl --help`'s "Commands:" section, in order.
    static var helpCommands: [String] {
        let lines = HelpText.overview.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(of: "Commands:") else { return [] }
        return lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { line in
            // A command starts after two spaces; its description's second line after many.
            guard line.hasPrefix("  "), !line.hasPrefix("   "), line.dropFirst(2).first?.isLowercase == true else {
                return nil
            }
            return line.split(separator: " ").first.map(String.init)
        }
    }

    /// Every `--option` of petalctl written in `text` (not those of the
    /// systemctl commands the help suggests).
    static func longOptions(in text: String) -> Set<String> {
        var options = Set<String>()
        var rest = text[...]
        while let range = rest.range(of: "--") {
            let name = rest[range.upperBound...].prefix { $0.isLetter || $0 == "-" }
            let other = rest[..<range.lowerBound].hasSuffix("systemctl ")
            if !name.isEmpty, name.first?.isLetter == true, !other { options.insert("--" + name) }
            rest = rest[range.upperBound...]
        }
        return options
    }

    /// The member names of `json`'s objects, at any depth.
    static func keys(of json: Any) -> Set<String> {
        if let object = json as? [String: Any] {
            return object.reduce(into: Set(object.keys)) { $0.formUnion(keys(of: $1.value)) }
        }
        if let array = json as? [Any] { return array.reduce(into: Set()) { $0.formUnion(keys(of: $1)) } }
        return []
    }

    /// `line` with its leading "petalctl" made the built one's path: the
    /// completions run the petalctl of the line to ask for ids, and each
    /// shell finds its completion for a path by the command's base name.
    static func builtPetalctl(_ line: String) -> String {
        line.hasPrefix("petalctl ") ? Petalctl.path + line.dropFirst("petalctl".count) : line
    }

    /// The words bash makes of `line` for COMP_WORDS: split at blanks, and at
    /// each ":" and "=" (of COMP_WORDBREAKS), which become words of their own.
    static func bashWords(_ line: String) -> [String] {
        var words: [String] = []
        var word = ""
        for character in line {
            if character == " " {
                if !word.isEmpty { words.append(word) }
                word = ""
            } else if character == ":" || character == "=" {
                if !word.isEmpty { words.append(word) }
                words.append(String(character))
                word = ""
            } else {
                word.append(character)
            }
        }
        words.append(word)
        return words
    }

    /// Runs `_petalctl` as bash's programmable completion would for `line`
    /// (the cursor at its end), on the built petalctl.
    static func runBash(_ line: String) async throws -> ExternalCommand {
        let line = builtPetalctl(line)
        let script = """
            source "$0"
            COMP_LINE=$LINE
            COMP_POINT=${#LINE}
            COMP_WORDS=("$@")
            COMP_CWORD=$(($# - 1))
            _petalctl "${COMP_WORDS[0]}" "${COMP_WORDS[COMP_CWORD]}" "${COMP_WORDS[COMP_CWORD - 1]}"
            if ((${#COMPREPLY[@]})); then printf '%s\\n' "${COMPREPLY[@]}"; fi
            """
        return try await ExternalCommand.running(
            ["env", "LINE=\(line)", "bash", "--norc", "--noprofile", "-c", script, bash] + bashWords(line))
    }

    /// The completions bash offers for `line`, in order.
    static func bashCompletions(_ line: String) async throws -> [String] {
        let result = try await runBash(line)
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.summary)")
        return result.output.split(separator: "\n").map(String.init)
    }

    /// The completions fish offers for `line`, without their descriptions.
    static func fishCompletions(_ line: String) async throws -> [String] {
        // fish makes its config and data folders even with --no-config: ours, never the user's.
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("petal-fish-\(getpid())").path
        let result = try await ExternalCommand.running(
            [
                "env", "LINE=\(builtPetalctl(line))", "XDG_CONFIG_HOME=\(home)/config", "XDG_DATA_HOME=\(home)/data",
                "fish", "--no-config", "-c", "source \(fish); complete -C $LINE",
            ])
        #expect(result.status == 0 && result.errors.isEmpty, "\(result.summary)")
        return result.output.split(separator: "\n").map { String($0.split(separator: "\t").first ?? "") }
    }
}
