# fish completion for petalctl(1), the command-line client of Petal's petald.
#
# Completes commands, their options and values, and the ids of items and
# actions, which it asks of the running petald (petalctl items --ids and
# petalctl actions --ids) on the bus named on the line, if any. When petald is
# not running those ids are simply not offered.

set -l petalctl_commands toggle open close status items actions plugins activate trigger choose layout preview watch reload version help

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
            case --bus --address --svg --state --layout --config --timeout -t
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

# The ids petald lists for `petalctl $argv[1] --ids`, on the bus named on the line.
function __petalctl_ids
    set -l words (commandline -opc)
    set -l program $words[1]
    set -l bus
    set -l next 0
    for word in $words[2..-1]
        if test $next = 1
            set bus --bus $word
            set next 0
            continue
        end
        switch $word
            case --bus --address
                set next 1
            case '--bus=*' '--address=*'
                set bus --bus (string replace -r '^[^=]*=' '' -- $word)
        end
    end
    timeout 3 $program $bus $argv[1] --ids 2>/dev/null
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
complete -c petalctl -n __petalctl_needs_command -a status -d "show the menu's state, layout and plugins"
complete -c petalctl -n __petalctl_needs_command -a items -d "list the menu's items"
complete -c petalctl -n __petalctl_needs_command -a actions -d 'list the actions plugins provide'
complete -c petalctl -n __petalctl_needs_command -a plugins -d 'list plugin files and whether they loaded'
complete -c petalctl -n __petalctl_needs_command -a activate -d 'activate an item of the open menu'
complete -c petalctl -n __petalctl_needs_command -a trigger -d 'run an action with parameters'
complete -c petalctl -n __petalctl_needs_command -a choose -d 'open the menu and print the item chosen next'
complete -c petalctl -n __petalctl_needs_command -a layout -d 'show where items sit, or change the layout'
complete -c petalctl -n __petalctl_needs_command -a preview -d 'draw the menu as SVG'
complete -c petalctl -n __petalctl_needs_command -a watch -d 'print signals as they arrive'
complete -c petalctl -n __petalctl_needs_command -a reload -d 'reread the configuration file'
complete -c petalctl -n __petalctl_needs_command -a version -d "print petalctl's and petald's versions"
complete -c petalctl -n __petalctl_needs_command -a help -d 'print help for a command'

# Each command's options and operands.
complete -c petalctl -n "__fish_seen_subcommand_from items actions" -l ids -d 'print only the ids, one a line'
complete -c petalctl -n "__fish_seen_subcommand_from plugins" -l clear-quarantine -d 'forget the quarantined plugins'
complete -c petalctl -n "__fish_seen_subcommand_from watch" -l waybar -d 'print the JSON lines a waybar module reads'
complete -c petalctl -n "__fish_seen_subcommand_from choose" -s t -l timeout -x -d 'give up after S seconds'
complete -c petalctl -n "__fish_seen_subcommand_from choose" -l no-dispatch -d "do not run the chosen item's action"
complete -c petalctl -n "__petalctl_first_operand_of activate" -a '(__petalctl_ids items)' -d 'item'
complete -c petalctl -n "__petalctl_first_operand_of trigger" -a '(__petalctl_ids actions)' -d 'action'
complete -c petalctl -n "__petalctl_first_operand_of layout" -a 'linear stack radial' -d 'layout style'
complete -c petalctl -n "__petalctl_first_operand_of help" -a "$petalctl_commands" -d 'command'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l svg -r -F -d 'the SVG file to write (- for standard output)'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l state -x -a 'expanded collapsed' -d 'the state to draw'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l layout -x -a 'linear stack radial' -d 'the layout style to draw'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l config -r -F -d 'draw this configuration file'
complete -c petalctl -n "__fish_seen_subcommand_from preview" -l animate -d 'animate the spread of the items'
