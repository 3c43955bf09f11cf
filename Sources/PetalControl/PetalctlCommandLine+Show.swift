import PetalAPI
import PetalCommandLine
import PetalCore

/// `show` and `choose`, and the options that say where a menu opens (docs/dbus-api.md's `Show`).
extension PetalctlCommandLine {
    static let at = Option<MenuPoint>(
        "--at", valueName: "X,Y",
        abstract: "put the centre button there: logical pixels from the output's top-left corner (wins over --anchor)",
        example: "--at 640,360", parse: point)

    static let anchor = Option<Anchor>(
        "--anchor", valueName: "A", abstract: Wording.list(Anchor.allCases.map(\.rawValue), or: true),
        example: "--anchor center")

    static let output = Option<String>(
        "--output", valueName: "O", abstract: "on this output (as swaymsg -t get_outputs or xrandr names it)",
        example: "--output HDMI-A-1"
    ) { text throws(UsageError) in
        guard text.utf8.count <= ShowOptions.maximumOutputBytes else {
            throw UsageError(
                "--output needs an output's name of at most \(ShowOptions.maximumOutputBytes) bytes, as swaymsg -t get_outputs or xrandr shows it"
            )
        }
        return text
    }

    static let toggleOpen = Flag(
        "--toggle", abstract: "close the menu instead when it is open: for a key that opens and closes it")

    static let turbo = Flag(
        "--turbo", abstract: "for a key with a modifier: releasing the modifier chooses the item pointed at")

    static let context = Flag("--context", abstract: "open the menu the context asks for")

    static let menuName = Operand<String>(
        "NAME", noun: "menu", completion: menuNames, optional: true, parse: MenuNameOption.checked)

    static let show = CommandDeclaration(
        "show", abstract: "open a menu where you say",
        help: [
            .text(
                """
                Open the menu NAME (petalctl menus lists them), closing any other that is
                open. --context opens the menu the desktop's context asks for (main when
                none does). Prints nothing; with --json, {"menu": NAME, "path": PATH}.
                """),
            .options(["--at", "--anchor", "--output", "--toggle", "--turbo"], heading: nil, column: 17),
            .text(
                """
                Examples, in sway:
                  bindsym $mod+p exec petalctl show power --toggle
                  bindsym $mod+space exec petalctl show main --turbo
                """),
        ],
        operands: [menuName], options: [at, anchor, output, toggleOpen, turbo, context],
        exclusions: [
            ExclusiveGroup(
                "NAME", "--context", required: true,
                missing:
                    "a menu's NAME, e.g. petalctl show apps (see petalctl menus), or --context for the menu the context asks for"
            )
        ])

    static let timeout = Option<Double>(
        "-t", "--timeout", valueName: "S", abstract: "give up after S seconds", example: "--timeout 10 (seconds)"
    ) { text throws(UsageError) in
        guard let seconds = Double(text), seconds > 0, seconds <= Limits.chooseTimeoutSeconds else {
            throw UsageError(
                "--timeout needs a positive number of seconds, at most \(Int(Limits.chooseTimeoutSeconds)) (a day), not \"\(text)\""
            )
        }
        return seconds
    }

    static let noDispatch = Flag("--no-dispatch", abstract: "do not run the chosen item's action")

    static let from = Option<String>(
        "--from", valueName: "FILE|-", abstract: "choose from the menu in this JSON file (- for standard input)",
        example: "--from menu.json (or - for standard input)", completion: .file(extensions: ["json"]))

    static let choose = CommandDeclaration(
        "choose", abstract: "open a menu and print the item chosen next",
        usage: [
            "[-t|--timeout S] [--no-dispatch] [--menu NAME]",
            "--from FILE|- [--at X,Y] [--anchor A] [--output O] [-t S] [--no-dispatch]",
            "--lines [N] [-p TEXT] [--format FMT] [… rofi -dmenu's flags, see petalctl dmenu --help]",
        ],
        help: [
            .text(
                """
                Open the menu and wait until an item is activated (by any client: an
                overlay, a click, petalctl activate), then print its id; an item of a
                submenu as the ids on the way, joined by /: apps/web. The chosen item's
                action still runs unless --no-dispatch is given. If the menu closes
                first (Escape, a click outside, another menu opening) it exits 1 with
                Cancelled; when S seconds pass, 124 with Timeout.

                --from FILE shows a menu made for this choice alone, from FILE (- for
                standard input): a menu in JSON, {"title": T, "layout": L, "items":
                [{"id", "title", "icon", "action", "params", "submenu", "key"}]}; an
                item with neither action nor submenu is a plain choice. --at X,Y,
                --anchor A and --output O say where it opens, as for show.

                --lines makes that menu of standard input, as rofi -dmenu does, and
                takes rofi's flags (petalctl dmenu is the same, --lines implied; see
                petalctl dmenu --help): each line is a row, TITLE or
                TITLE\\0icon\\x1fICON; a TAB is part of the title (--tab-icon: v3's
                TITLE<TAB>ICON). --lines N (-l N) also shows N rows. The chosen line is
                printed back as it came; when nothing is chosen, it exits 1 and prints
                nothing (but names the menu opened in its place, if that is why), when
                --timeout passes, 124, and for --kb-custom-1 to --kb-custom-19, 10 to 28.

                Examples:
                  item=$(petalctl choose --timeout 10 --no-dispatch) || exit
                  printf 'Lock\\nLog out\\n' | petalctl choose --lines
                """)
        ],
        options: [timeout, noDispatch, from, at, anchor, output, menu] + dmenuOptions,
        exclusions: [ExclusiveGroup("--from", "--lines")])

    /// `X,Y`: whole logical pixels from the output's top-left corner.
    static func point(_ text: String) throws(UsageError) -> MenuPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int32(parts[0]), let y = Int32(parts[1]) else {
            throw UsageError(
                "--at needs X,Y: where the centre button goes, in whole logical pixels from the output's top-left corner, e.g. --at 640,360, not \"\(text)\""
            )
        }
        return MenuPoint(x: x, y: y)
    }
}
