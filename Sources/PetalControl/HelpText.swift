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
          show NAME|--context [--at X,Y] [--anchor A] [--output O] [--toggle]
                                      open a menu where you say
          back                        close the innermost open submenu
          menus [--names]             list every menu, its state and owner
          context [KEY=VALUE ...]     show the context, or set it while petalctl runs
          status                      show the menu's state, layout and plugins
          items [--ids]               list the menu's items
          actions [--ids]             list the actions plugins provide
          plugins [--clear-quarantine]
                                      list plugin files and whether they loaded
          activate ID                 activate an item of the open menu
          highlight [ID|--none]       highlight an item of the open menu, or print it
          trigger ACTION [KEY=VALUE | KEY:=JSON ...]
                                      run an action with parameters
          choose [-t|--timeout S] [--no-dispatch] [--from FILE|- | --lines]
                                      open a menu and print the item chosen next
          layout [linear|stack|radial]
                                      show where items sit, or change the layout
          preview --svg FILE [--state S] [--layout L] [--config FILE] [--animate]
                                      draw the menu as SVG
          watch [--signals|--waybar]  print what happens as it happens
          reload                      reread the configuration file
          version                     print petalctl's and petald's versions
          help [COMMAND]              print help for a command

        toggle, open, choose, layout and preview act on the main menu; back,
        close, status, items, activate and highlight on the menu that is open
        (close on the first menu of its chain), or main when none is. --menu NAME,
        anywhere among a command's options, makes any of them act on NAME.

        Options:
          --bus session|system|ADDRESS
                                      the bus petald is on (default: session)
          --address ADDRESS           the same as --bus ADDRESS
          -j, --json                  print JSON (one object, or one per line for watch)
          --menu NAME                 the menu a command acts on (default: the open
                                      one, or main; see above)
          -V, --version               print petalctl's version and exit
          -h, --help                  print help (after a command: that command's)

        Exit status: 0 on success, 1 when petald answered with an error (printed
        as "name: message"), 2 for a usage error, 3 when petald cannot be reached;
        choose: 1 when nothing was chosen, 124 when its --timeout passed.

        See petalctl(1) for the JSON shapes and more examples.

        """

    /// The help for one command.
    public static func help(for command: CommandName) -> String {
        switch command {
        case .toggle:
            """
            Usage: petalctl toggle [--menu NAME]

            Open the menu if it is collapsed, close it if it is expanded. During an
            animation the call is ignored. Prints nothing; with --json, {"state": S}
            with the state after the call. Opening a menu closes any other that is
            open. --menu NAME acts on the menu NAME instead of main.

            """
        case .open:
            """
            Usage: petalctl open [--menu NAME]

            Open the menu (a no-op when it is open), where it rests. Prints nothing;
            with --json, {"state": S}. --menu NAME opens the menu NAME; petalctl
            show NAME opens it where you say.

            """
        case .close:
            """
            Usage: petalctl close [--menu NAME]

            Close the open menu with its submenus, from the first menu of the
            chain; with none open, main (a no-op, as it is closed). Prints
            nothing; with --json, {"state": S}. --menu NAME closes the menu NAME.

            """
        case .status:
            """
            Usage: petalctl status [--menu NAME]

            Show the menu's name, state, layout style, highlighted item, how many
            items there are (enabled, selected), how many actions, the plugins by
            status, petald's version, and the appearance every client draws: where
            the button is, the sizes and colours, and how the menu moves. The menu
            is the innermost open one, or main when none is open.

            """
        case .items:
            """
            Usage: petalctl items [--ids] [--menu NAME]

            List the menu's items in order: id, title, icon, action, whether each is
            enabled and selected. --ids prints only the ids, one a line, for scripts
            and completion. The menu is the innermost open one, or main when none is.

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
            Usage: petalctl activate ID [--menu NAME]

            Activate item ID, as a click would: the menu must be expanded and the
            item enabled. Waits for the item's action and prints its result, one
            "key: value" a line (nothing when the result is empty). An item that
            opens a submenu prints "submenu: PATH". The item is one of the innermost
            open menu (main when none is open); --menu NAME activates an item of
            the menu NAME.

            """
        case .highlight:
            """
            Usage: petalctl highlight [ID | --none] [--menu NAME]

            Highlight item ID of the innermost open menu (main when none is open),
            as a pointer over it would: the overlay draws it so, and a screen reader
            follows it. --none takes the highlight away. Without an argument, print
            the highlighted item's id (nothing when none is); with --json,
            {"menu": NAME, "highlighted": ID}. A menu forgets its highlight whenever
            it opens or closes. An id the menu lacks is refused, naming its ids.

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
            Usage: petalctl choose [-t|--timeout S] [--no-dispatch] [--menu NAME]
                   petalctl choose --from FILE|- [--at X,Y] [--anchor A] [--output O] [-t S] [--no-dispatch]
                   petalctl choose --lines [--at X,Y] [--anchor A] [--output O] [-t S]

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

            --lines makes that menu of standard input, dmenu-style: each line is
            a choice, TITLE or TITLE<TAB>ICON (empty lines are skipped; at most 64).
            The chosen line is printed back exactly as it came; when nothing is
            chosen, it exits 1 and prints nothing (but names the menu opened in its
            place, if that is why), and when --timeout passes, 124.

            Examples:
              item=$(petalctl choose --timeout 10 --no-dispatch) || exit
              printf 'Lock\\tsystem-lock-screen\\nLog out\\n' | petalctl choose --lines

            """
        case .show:
            """
            Usage: petalctl show NAME [--at X,Y] [--anchor A] [--output O] [--toggle]
                   petalctl show --context [--at X,Y] [--anchor A] [--output O] [--toggle]

            Open the menu NAME (petalctl menus lists them), closing any other that is
            open. --context opens the menu the desktop's context asks for (main when
            none does). Prints nothing; with --json, {"menu": NAME, "path": PATH}.

              --at X,Y       put the centre button there: logical pixels from the
                             output's top-left corner (wins over --anchor)
              --anchor A     bottom-right, bottom-left, top-right, top-left, center
                             or pointer
              --output O     on this output (as swaymsg -t get_outputs or xrandr
                             names it)
              --toggle       close the menu instead when it is open: for a key that
                             opens and closes it

            Example, in sway: bindsym $mod+p exec petalctl show power --toggle

            """
        case .back:
            """
            Usage: petalctl back [--menu NAME]

            Close the innermost open submenu of the open chain (or of the menu
            NAME's); with none open, close the menu itself. Prints nothing; with
            --json, {"state": S}, the menu's state after the call.

            """
        case .menus:
            """
            Usage: petalctl menus [--names]

            List every menu petald serves: name, title, state, and owner (the bus
            name of the program that made an ad-hoc menu, - for a configured one).
            --names prints only the names, one a line, for scripts and completion.

            """
        case .context:
            """
            Usage: petalctl context
                   petalctl context [app=APP] [instance=I] [title=TITLE] [output=OUTPUT]

            Without arguments, print the context petald holds: what the desktop
            shows (app, instance, title, output) and which source set it, one KEY
            VALUE a line, control characters escaped; with --json, the object of
            the keys set ({} when none is). petalctl show --context opens the menu
            whose "when" matches it (main when none does).

            With KEY=VALUE words, set the context to those keys (source is
            petalctl) and hold it until interrupted: it is petalctl's while it
            runs, and cleared when it ends (Ctrl-C, SIGTERM: exit status 0). If
            petald restarts meanwhile, it is set again. For a script on a desktop
            petal-context cannot read, or to try a configuration's "when":

              petalctl context app=firefox title='Pull requests - GitHub' &
              petalctl show --context

            """
        case .layout:
            """
            Usage: petalctl layout [linear|stack|radial] [--menu NAME]

            Without an argument, print the layout style and each item's centre in
            the expanded menu, in pixels from the centre button (x right, y down).
            With one, change the style until the next reload or restart.

            """
        case .preview:
            """
            Usage: petalctl preview --svg FILE [--state expanded|collapsed]
                                    [--layout linear|stack|radial] [--config FILE] [--animate]
                                    [--menu NAME]

            Draw the menu as SVG into FILE (- for standard output): the centre
            button, and each item at its place with its colour, icon name and title;
            selected toggles are ringed, disabled items dimmed. Sizes and colours
            are petald's Appearance, or with --config the file's appearance sections.

            By default the running petald's menu is drawn in its current state.
            --config FILE draws FILE's menu instead, expanded, without asking petald.
            --menu NAME draws the menu NAME (main by default), of petald or of FILE.
            A submenu is drawn open from its item: the menus that lead to it, from
            the top-level one, each expanded with its other items faded, and the
            submenu spread around the item that opens it (the one it was opened
            from, when petald has it open), each menu with its own layout and
            appearance. An unknown NAME is refused with the names there are.

            --state and --layout draw another state or style (--layout restyles
            the menu NAME, not the menus before it); --animate adds the spread of
            each menu's items over its open duration.

            """
        case .watch:
            """
            Usage: petalctl watch [--signals | --waybar]

            Print what happens, one line per event, until interrupted; keeps running
            while petald restarts:

              opened apps                  a menu starts opening (closed: closing)
              highlight apps web           an item is highlighted
              chose apps web               an item is chosen
              action started camera.open (item camera)
              action finished camera.open ok   (or: failed: ERROR: MESSAGE)
              context firefox "Title"      the desktop's context changed
              reload ok (2 warnings)       a configuration was put in force

            --signals prints every signal of petald as it arrives instead, a menu's
            naming the menu first: StateChanged menu=apps state=expanded
            previous=expanding; --json prints them as one JSON object a line.

            --waybar prints, at start and on every change, the JSON line a waybar
            custom module reads: text and class (the state, or "offline"), alt (the
            open menu's name, or the state while none is open; the name is a class
            too) and a tooltip. In waybar: "exec": "petalctl watch --waybar",
            "return-type": "json".

            """
        case .reload:
            """
            Usage: petalctl reload

            Reread the configuration file. If it has errors they are printed and
            the old configuration stays in force (exit status 1). Otherwise its
            warnings (petald's ConfigWarnings: unknown keys, actions nothing
            provides, drop-in files skipped) are printed on standard error with
            their count; nothing is printed when there are none. With --json,
            {"warnings": [...]}.

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
