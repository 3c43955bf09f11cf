import PetalCommandLine
import PetalCore

/// The commands on one menu and its items: what they take and their help.
extension PetalctlCommandLine {
    static let toggle = CommandDeclaration(
        "toggle", abstract: "open the menu if it is closed, close it if open",
        help: [
            .text(
                """
                Open the menu if it is collapsed, close it if it is expanded. During an
                animation the call is ignored. Prints nothing; with --json, {"state": S}
                with the state after the call. Opening a menu closes any other that is
                open. --menu NAME acts on the menu NAME instead of main.
                """)
        ],
        options: [menu])

    static let open = CommandDeclaration(
        "open", abstract: "open the menu",
        help: [
            .text(
                """
                Open the menu (a no-op when it is open), where it rests. Prints nothing;
                with --json, {"state": S}. --menu NAME opens the menu NAME; petalctl
                show NAME opens it where you say.
                """)
        ],
        options: [menu])

    static let close = CommandDeclaration(
        "close", abstract: "close the menu",
        help: [
            .text(
                """
                Close the open menu with its submenus, from the first menu of the
                chain; with none open, main (a no-op, as it is closed). Prints
                nothing; with --json, {"state": S}. --menu NAME closes the menu NAME.
                """)
        ],
        options: [menu])

    static let back = CommandDeclaration(
        "back", abstract: "close the innermost open submenu",
        help: [
            .text(
                """
                Close the innermost open submenu of the open chain (or of the menu
                NAME's); with none open, close the menu itself. Prints nothing; with
                --json, {"state": S}, the menu's state after the call.
                """)
        ],
        options: [menu])

    static let status = CommandDeclaration(
        "status", abstract: "show the menu's state, layout and plugins",
        help: [
            .text(
                """
                Show the menu's name, state, layout style, highlighted item, how many
                items there are (enabled, selected), how many actions, the plugins by
                status, petald's version, and the appearance every client draws: where
                the button is, the sizes and colours, and how the menu moves. The menu
                is the innermost open one, or main when none is open.
                """)
        ],
        options: [menu])

    static let ids = Flag("--ids", abstract: "print only the ids, one a line")

    static let items = CommandDeclaration(
        "items", abstract: "list the menu's items",
        help: [
            .text(
                """
                List the menu's items in order: id, title, icon, action, whether each is
                enabled and selected. --ids prints only the ids, one a line, for scripts
                and completion. The menu is the innermost open one, or main when none is.
                """)
        ],
        options: [ids, menu])

    static let names = Flag("--names", abstract: "print only the names, one a line")

    static let menus = CommandDeclaration(
        "menus", abstract: "list every menu, its state and owner",
        help: [
            .text(
                """
                List every menu petald serves: name, title, state, and owner (the bus
                name of the program that made an ad-hoc menu, - for a configured one).
                --names prints only the names, one a line, for scripts and completion.
                """)
        ],
        options: [names])

    /// An item of the menu on the line, by id; its ids asked of petald.
    static let item = Operand<String>(
        "ID", noun: "item id", missing: "an item id, e.g. petalctl activate camera (see petalctl items)",
        completion: .program(arguments: ["items", "--ids"], passing: ["--bus", "--address", "--menu"]))

    static let activate = CommandDeclaration(
        "activate", abstract: "activate an item of the open menu",
        help: [
            .text(
                """
                Activate item ID, as a click would: the menu must be expanded and the
                item enabled. Waits for the item's action and prints its result, one
                "key: value" a line (nothing when the result is empty). An item that
                opens a submenu prints "submenu: PATH". The item is one of the innermost
                open menu (main when none is open); --menu NAME activates an item of
                the menu NAME.
                """)
        ],
        operands: [item], options: [menu])

    static let highlighted = Operand<String>(
        "ID", noun: "item id", completion: item.declaration.completion, optional: true)

    static let clearHighlight = Flag("--none", abstract: "take the highlight away")

    static let highlight = CommandDeclaration(
        "highlight", abstract: "highlight an item of the open menu, or print it",
        help: [
            .text(
                """
                Highlight item ID of the innermost open menu (main when none is open),
                as a pointer over it would: the overlay draws it so, and a screen reader
                follows it. --none takes the highlight away. Without an argument, print
                the highlighted item's id (nothing when none is); with --json,
                {"menu": NAME, "highlighted": ID}. A menu forgets its highlight whenever
                it opens or closes. An id the menu lacks is refused, naming its ids.
                """)
        ],
        operands: [highlighted], options: [clearHighlight, menu], exclusions: [ExclusiveGroup("ID", "--none")])

    static let style = Operand<LayoutStyle>(noun: "layout", optional: true)

    static let layout = CommandDeclaration(
        "layout", abstract: "show where items sit, or change the layout",
        help: [
            .text(
                """
                Without an argument, print the layout style and each item's centre in
                the expanded menu, in pixels from the centre button (x right, y down).
                With one, change the style until the next reload or restart.
                """)
        ],
        operands: [style], options: [menu])
}
