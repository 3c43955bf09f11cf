/// What `petalctl --help` and `petalctl COMMAND --help` print.
public enum HelpText {
    /// The overview: every command in a line, the global options, the exit statuses.
    public static let overview = """
        Usage: petalctl [--bus BUS] [--json] COMMAND [ARGUMENTS]

        Control petald, the Petal action-menu daemon, over D-Bus.

        Commands:
          toggle                      open the menu if it is closed, close it if open
          open                        open the menu
          close                       close the menu
          status                      show the menu's state, layout and plugins
          items [--ids]               list the menu's items
          actions [--ids]             list the actions plugins provide
          plugins [--clear-quarantine]
                                      list plugin files and whether they loaded
          activate ID                 activate an item of the open menu
          trigger ACTION [KEY=VALUE | KEY:=JSON ...]
                                      run an action with parameters
          choose [-t|--timeout S] [--no-dispatch]
                                      open the menu and print the item chosen next
          layout [linear|stack|radial]
                                      show where items sit, or change the layout
          preview --svg FILE [--state S] [--layout L] [--config FILE] [--animate]
                                      draw the menu as SVG
          watch [--waybar]            print signals as they arrive
          reload                      reread the configuration file
          version                     print petalctl's and petald's versions
          help [COMMAND]              print help for a command

        Options:
          --bus session|system|ADDRESS
                                      the bus petald is on (default: session)
          --address ADDRESS           the same as --bus ADDRESS
          -j, --json                  print JSON (one object, or one per line for watch)
          -V, --version               print petalctl's version and exit
          -h, --help                  print help (after a command: that command's)

        Exit status: 0 on success, 1 when petald answered with an error (printed
        as "name: message"), 2 for a usage error, 3 when petald cannot be reached.

        See petalctl(1) for the JSON shapes and more examples.

        """

    /// The help for one command.
    public static func help(for command: CommandName) -> String {
        switch command {
        case .toggle:
            """
            Usage: petalctl toggle

            Open the menu if it is collapsed, close it if it is expanded. During an
            animation the call is ignored. Prints nothing; with --json, {"state": S}
            with the state after the call.

            """
        case .open:
            """
            Usage: petalctl open

            Open the menu (a no-op when it is open). Prints nothing; with --json,
            {"state": S}.

            """
        case .close:
            """
            Usage: petalctl close

            Close the menu (a no-op when it is closed). Prints nothing; with --json,
            {"state": S}.

            """
        case .status:
            """
            Usage: petalctl status

            Show the menu's state, layout style, highlighted item, how many items
            there are (enabled, selected), how many actions, the plugins by status,
            petald's version, and the appearance every client draws: where the
            button is, the sizes and colours, and how the menu moves.

            """
        case .items:
            """
            Usage: petalctl items [--ids]

            List the menu's items in order: id, title, icon, action, whether each is
            enabled and selected. --ids prints only the ids, one a line, for scripts
            and completion.

            """
        case .actions:
            """
            Usage: petalctl actions [--ids]

            List every action the loaded plugins provide: id, plugin, title. --ids
            prints only the ids, one a line.

            """
        case .plugins:
            """
            Usage: petalctl plugins [--clear-quarantine]

            List every plugin file petald found: name, version, status (loaded,
            disabled, incompatible, failed, quarantined), file and the reason when it
            is not loaded.

            --clear-quarantine forgets the plugins that were quarantined after a
            crash ($XDG_STATE_HOME/petal/quarantine.json), so the next start of
            petald loads them again; restart it with: systemctl --user restart petald

            """
        case .activate:
            """
            Usage: petalctl activate ID

            Activate item ID, as a click would: the menu must be expanded and the
            item enabled. Waits for the item's action and prints its result, one
            "key: value" a line (nothing when the result is empty).

            """
        case .trigger:
            """
            Usage: petalctl trigger ACTION [KEY=VALUE | KEY:=JSON ...]

            Run ACTION with parameters, whatever the menu's state. KEY=VALUE passes a
            string; KEY:=JSON a typed value: count:=3, loud:=true, tags:='["a","b"]'.
            Waits for the action and prints its result like activate.

            Example: petalctl trigger open.uri uri=https://example.org

            """
        case .choose:
            """
            Usage: petalctl choose [-t|--timeout S] [--no-dispatch]

            Open the menu and wait until an item is activated (by any client: an
            overlay, a click, petalctl activate), then print its id. The chosen
            item's action still runs unless --no-dispatch is given. If the menu
            closes first, or S seconds pass, exits 1 with Cancelled.

            Example: item=$(petalctl choose --timeout 10 --no-dispatch) || exit

            """
        case .layout:
            """
            Usage: petalctl layout [linear|stack|radial]

            Without an argument, print the layout style and each item's centre in
            the expanded menu, in pixels from the centre button (x right, y down).
            With one, change the style until the next reload or restart.

            """
        case .preview:
            """
            Usage: petalctl preview --svg FILE [--state expanded|collapsed]
                                    [--layout linear|stack|radial] [--config FILE] [--animate]

            Draw the menu as SVG into FILE (- for standard output): the centre
            button, and each item at its place with its colour, icon name and title;
            selected toggles are ringed, disabled items dimmed. Sizes and colours
            are petald's Appearance, or with --config the file's appearance section.

            By default the running petald's menu is drawn in its current state.
            --config FILE draws FILE's menu instead, expanded, without asking petald.
            --state and --layout draw another state or style; --animate adds the
            spread of the items over the configured open duration.

            """
        case .watch:
            """
            Usage: petalctl watch [--waybar]

            Print each signal of petald as it arrives, one line each (one JSON object
            a line with --json), until interrupted. Keeps running while petald
            restarts.

            --waybar prints, at start and on every change, the JSON line a waybar
            custom module reads: text, alt and class (the state, or "offline") and a
            tooltip. In waybar: "exec": "petalctl watch --waybar", "return-type": "json".

            """
        case .reload:
            """
            Usage: petalctl reload

            Reread the configuration file. If it has errors they are printed and
            the old configuration stays in force (exit status 1).

            """
        case .version:
            """
            Usage: petalctl version

            Print petalctl's version and the running petald's. petalctl --version
            prints petalctl's alone, without asking petald.

            """
        case .help: overview
        }
    }
}
