import PetalCommandLine
import PetalCore

/// `watch` and `preview`: what petald does, and what its menu looks like.
extension PetalctlCommandLine {
    static let signals = Flag("--signals", abstract: "print every signal as it comes")

    static let waybar = Flag("--waybar", abstract: "print the JSON lines a waybar module reads")

    static let watch = CommandDeclaration(
        "watch", abstract: "print what happens as it happens",
        help: [
            .text(
                """
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
                """)
        ],
        options: [signals, waybar], exclusions: [ExclusiveGroup("--signals", "--waybar")])

    static let svg = Option<String>(
        "--svg", valueName: "FILE", abstract: "the SVG file to write (- for standard output)",
        example: "--svg menu.svg (or - for standard output)", completion: .file(extensions: ["svg"]), required: true)

    static let state = Option<PreviewState>("--state", abstract: "the state to draw", example: "--state expanded")

    static let previewLayout = Option<LayoutStyle>(
        "--layout", abstract: "the layout style to draw", example: "--layout radial")

    static let config = Option<String>(
        "--config", valueName: "FILE", abstract: "draw this configuration file instead of the running menu",
        example: "--config ~/.config/petal/config.json", completion: .file(extensions: ["json"]))

    static let animate = Flag("--animate", abstract: "animate the spread of the items")

    static let preview = CommandDeclaration(
        "preview", abstract: "draw the menu as SVG",
        help: [
            .text(
                """
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
                """)
        ],
        options: [svg, state, previewLayout, config, animate, menu])
}
