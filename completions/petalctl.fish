# fish completion for petalctl(1), the command-line client of Petal's petald.
#
# Completes commands, their options and values, and the names of menus and
# the ids of items and actions, which it asks of the running petald (petalctl
# menus --names, petalctl items --ids, of the --menu on the line, and
# petalctl actions --ids) on the bus named on the line, if any. When petald is
# not running those names and ids are simply not offered.

set -l petalctl_commands toggle open close show back menus context status items actions plugins activate highlight trigger choose layout preview watch reload version help
set -l petalctl_anchors bottom-right bottom-left top-right top-left center pointer
# The commands that act on one menu, and so take --menu.
set -l petalctl_menu_commands toggle open close back status items activate highlight choose layout preview

# The words of the line before the cursor, without the options that take a
# value (and their values), so that the first is the command and the rest its operands.
function __petalctl_operands
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    for word in $words
        if test $skip = 1
            set skip 0
            continue
        end
        switch $word
            case --bus --address --svg --state --layout --config --timeout -t --menu --from --at --anchor --output
                set skip 1
            case '-*'
            case '*'
                echo $word
        end
    end
end

# True when the line has no command yet.
function __petalctl_needs_command
    test (count (__petalctl_operands)) -eq 0
end

# True when the command is $argv[1] and it has no operand yet.
function __petalctl_first_operand_of
    set -l operands (__petalctl_operands)
    test (count $operands) -eq 1; and test "$operands[1]" = $argv[1]
end

# What the petalctl of the line prints for $argv, on the bus named on the
# line; with --menu of the line when the first word of $argv is "items".
function __petalctl_ask
    set -l words (commandline -opc)
    set -l program $words[1]
    set -l bus
    set -l menu
    set -l next ""
    for word in $words[2..-1]
        switch $next
            case bus
                set bus --bus $word
                set next ""
                continue
            case menu
                set menu --menu $word
                set next ""
                continue
        end
        switch $word
            case --bus --address
                set next bus
            case '--bus=*' '--address=*'
                set bus --bus (string replace -r '^[^=]*=' '' -- $word)
            case --menu
                set next menu
            case '--menu=*'
                set menu --menu (string replace -r '^[^=]*=' '' -- $word)
        end
    end
    test "$argv[1]" = items; or set menu
    timeout 3 $program $bus $argv $menu 2>/dev/null
end

# The ids petald lists for `petalctl $argv[1] --ids`.
function __petalctl_ids
    __petalctl_ask $argv[1] --ids
end

# The names of petald's menus.
function __petalctl_menus
    __petalctl_ask menus --names
end

complete -c petalctl -f

# Global options, before or after the command.
complete -c petalctl -l bus -x -a 'session system' -d 'the bus petald is on'
complete -c petalctl -l address -x -d 'the bus address petald is on'
complete -c petalctl -s j -l json -d 'print JSON'
complete -c petalctl -s h -l help -d 'print help'
complete -c petalctl -s V -l version -d "print petalctl's version"

# Commands.
complete -c petalctl -n __petalctl_needs_command -a toggle -d 'open the menu if it is closed, close it if open'
complete -c petalctl -n __petalctl_needs_command -a open -d 'open the menu'
complete -c petalctl -n __petalctl_needs_command -a close -d 'close the menu'
complete -c petalctl -n __petalctl_needs_command -a show -d 'open a menu where you say'
complete -c petalctl -n __petalctl_needs_command -a back -d 'close the innermost open submenu'
complete -c petalctl -n __petalctl_needs_command -a menus -d 'list every menu, its state and owner'
complete -c petalctl -n __petalctl_needs_command -a context -d 'show the context, or set it while petalctl runs'
complete -c petalctl -n __petalctl_needs_command -a status -d "show the menu's state, layout and plugins"
complete -c petalctl -n __petalctl_needs_command -a items -d "list the menu's items"
complete -c petalctl -n __petalctl_needs_command -a actions -d 'list the actions plugins provide'
complete -c petalctl -n __petalctl_needs_command -a plugins -d 'list plugin files and whether they loaded'
complete -c petalctl -n __petalctl_needs_command -a activate -d 'activate an item of the open menu'
complete -c petalctl -n __petalctl_needs_command -a highlight -d 'highlight an item of the open menu, or print it'
complete -c petalctl -n __petalctl_needs_command -a trigger -d 'run an action with parameters'
complete -c petalctl -n __petalctl_needs_command -a choose -d 'open a menu and print the item chosen next'
complete -c petalctl -n __petalctl_needs_command -a layout -d 'show where items sit, or change the layout'
complete -c petalctl -n __petalctl_needs_command -a preview -d 'draw the menu as SVG'
complete -c petalctl -n __petalctl_needs_command -a watch -d 'print what happens as it happens'
complete -c petalctl -n __petalctl_needs_command -a reload -d 'reread the configuration file'
complete -c petalctl -n __petalctl_needs_command -a version -d "print petalctl's and petald's versions"
complete -c petalctl -n __petalctl_needs_command -a help -d 'print help for a command'

# Each command's options and operands.
complete -c petalctl -n "__fish_seen_subcommand_from items actions" -l ids -d 'print only the ids, one a line'
complete -c petalctl -n "__fish_seen_subcommand_from plugins" -l clear-quarantine -d 'forget the quarantined plugins'
complete -c petalctl -n "__fish_seen_subcommand_from watch" -l waybar -d 'print the JSON lines a waybar module reads'
complete -c petalctl -n "__fish_seen_subcommand_from watch" -l signals -d 'print every signal as it comes'
complete -c petalctl -n "__fish_seen_subcommand_from highlight" -l none -d 'take the highlight away'
complete -c petalctl -n "__fish_seen_subcommand_from choose" -s t -l timeout -x -d 'give up after S seconds'
complete -c petalctl -n "__fish_seen_subcommand_from choose" -l no-dispatch -d "do not run the chosen item's action"
complete -c petalctl -n "__fish_seen_subcommand_from choose" -l from -r -F -d 'choose from the menu in this JSON file (- for standard input)'
complete -c petalctl -n "__fish_seen_subcommand_from choose" -l lines -d 'choose one of the lines of standard input'
complete -c petalctl -n "__fish_seen_subcommand_from $petalctl_menu_commands" -l menu -x -a '(__petalctl_menus)' -d 'the menu to act on (default: the open one, or main)'
complete -c petalctl -n "__fish_seen_subcommand_from menus" -l names -d 'print only the names, one a line'
complete -c petalctl -n "__fish_seen_subcommand_from context" -a 'app= instance= title= output=' -d 'a key of the context'
complete -c petalctl -n "__petalctl_first_operand_of show" -a '(__petalctl_menus)' -d 'menu'
complete -c petalctl -n "__fish_seen_subcommand_from show choose" -l at -x -d 'where the centre button goes: X,Y logical pixels on the output'
complete -c petalctl -n "__fish_seen_subcommand_from show choose" -l anchor -x -a "$petalctl_anchors" -d 'where the menu opens'
complete -c petalctl -n "__fish_seen_subcommand_from show choose" -l output -x -d 'the output to open on'
complete -c petalctl -n "__fish_seen_subcommand_from show" -l toggle -d 'close the menu instead when it is open'
complete -c petalctl -n "__fish_seen_subcommand_from show" -l context -d 'open the menu the context asks for'
complete -c petalctl -n "__petalctl_first_operand_of activate" -a '(__petalctl_ids items)' -d 'item'
complete -c petalctl -n "__petalctl_first_operand_of highlight" -a '(__petalctl_ids items)' -d 'item'
complete -c petalctl -n "__petalctl_first_operand_of trigger" -a '(__petalctl_ids actions)' -d 'action'
complete -c petalctl -n "__petalctl_first_operand_of layout" -a 'linear stack radial' -d 'layout style'
complete -c petalctl -n "__petalctl_first_operand_of help" -a "$petalctl_commands" -d 'command'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l svg -r -F -d 'the SVG file to write (- for standard output)'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l state -x -a 'expanded collapsed' -d 'the state to draw'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l layout -x -a 'linear stack radial' -d 'the layout style to draw'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l config -r -F -d 'draw this configuration file'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l animate -d 'animate the spread of the items'
