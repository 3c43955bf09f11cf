# fish completion for petalctl, made by `petalctl --completions fish` from the
# declaration of its command line: regenerate it rather than edit it.

# The words of the line before the cursor that are neither options nor
# their values: the command first, then its operands.
function __petalctl_words
    set -l words (commandline -opc)
    set -e words[1]
    set -l skip 0
    set -l ended 0
    for word in $words
        if test $skip = 1
            set skip 0
        else if test $ended = 1
            echo $word
        else
            switch $word
                case --
                    set ended 1
                case --bus --address --completions --menu --at --anchor --output -t --timeout --from -p --prompt --mesg -mesg --filter -filter --selected-row -selected-row --format -format --width -width --layout --kb-custom-1 -kb-custom-1 --kb-custom-2 -kb-custom-2 --kb-custom-3 -kb-custom-3 --kb-custom-4 -kb-custom-4 --kb-custom-5 -kb-custom-5 --kb-custom-6 -kb-custom-6 --kb-custom-7 -kb-custom-7 --kb-custom-8 -kb-custom-8 --kb-custom-9 -kb-custom-9 --kb-custom-10 -kb-custom-10 --kb-custom-11 -kb-custom-11 --kb-custom-12 -kb-custom-12 --kb-custom-13 -kb-custom-13 --kb-custom-14 -kb-custom-14 --kb-custom-15 -kb-custom-15 --kb-custom-16 -kb-custom-16 --kb-custom-17 -kb-custom-17 --kb-custom-18 -kb-custom-18 --kb-custom-19 -kb-custom-19 --svg --state --config
                    set skip 1
                case '-?*'
                case '*'
                    echo $word
            end
        end
    end
end

# True when the line has no command yet.
function __petalctl_needs_command
    test (count (__petalctl_words)) -eq 0
end

# __petalctl_command_is COMMAND...: true when the line's command is one of these.
function __petalctl_command_is
    set -l words (__petalctl_words)
    test (count $words) -ge 1; and contains -- $words[1] $argv
end

# __petalctl_operand_is N only|more COMMAND...: true when the line's command is
# one of these and the word being completed is its operand N (from 0), or
# with "more" any after it too.
function __petalctl_operand_is
    set -l words (__petalctl_words)
    test (count $words) -ge 1; and contains -- $words[1] $argv[3..-1]; or return 1
    set -l index (math (count $words) - 1)
    if test $argv[2] = more
        test $index -ge $argv[1]
    else
        test $index -eq $argv[1]
    end
end

# __petalctl_ask OPTION... -- ARGUMENT...: what the petalctl of the line prints
# for the ARGUMENTs, given the line's values of the OPTIONs, quietly.
function __petalctl_ask
    set -l wanted
    while test (count $argv) -gt 0; and test "$argv[1]" != --
        set wanted $wanted $argv[1]
        set -e argv[1]
    end
    set -e argv[1]
    set -l words (commandline -opc)
    set -l passed
    set -l next ""
    for word in $words[2..-1]
        if test -n "$next"
            set passed $passed $next $word
            set next ""
            continue
        end
        for option in $wanted
            if test "$word" = $option
                set next $option
            else if string match -q -- "$option=*" $word
                set passed $passed $option (string replace -- "$option=" "" $word)
            end
        end
    end
    timeout 3 $words[1] $passed $argv 2>/dev/null
end

complete -c petalctl -f

# The program's options, before or after the command.
complete -c petalctl -l bus -x -a 'session system' -d 'the bus petald is on (default: session)'
complete -c petalctl -l address -x -d 'the same as --bus ADDRESS'
complete -c petalctl -s j -l json -d 'print JSON (one object, or one per line for watch)'
complete -c petalctl -s h -l help -d 'print help (after a command: that command\'s)'
complete -c petalctl -s V -l version -d 'print petalctl\'s version and exit'

# The commands.
complete -c petalctl -n __petalctl_needs_command -a toggle -d 'open the menu if it is closed, close it if open'
complete -c petalctl -n __petalctl_needs_command -a open -d 'open the menu'
complete -c petalctl -n __petalctl_needs_command -a close -d 'close the menu'
complete -c petalctl -n __petalctl_needs_command -a show -d 'open a menu where you say'
complete -c petalctl -n __petalctl_needs_command -a back -d 'close the innermost open submenu'
complete -c petalctl -n __petalctl_needs_command -a menus -d 'list every menu, its state and owner'
complete -c petalctl -n __petalctl_needs_command -a context -d 'show the context, or set it while petalctl runs'
complete -c petalctl -n __petalctl_needs_command -a status -d 'show the menu\'s state, layout and plugins'
complete -c petalctl -n __petalctl_needs_command -a items -d 'list the menu\'s items'
complete -c petalctl -n __petalctl_needs_command -a actions -d 'list the actions plugins provide'
complete -c petalctl -n __petalctl_needs_command -a plugins -d 'list plugin files and whether they loaded'
complete -c petalctl -n __petalctl_needs_command -a activate -d 'activate an item of the open menu'
complete -c petalctl -n __petalctl_needs_command -a highlight -d 'highlight an item of the open menu, or print it'
complete -c petalctl -n __petalctl_needs_command -a trigger -d 'run an action with parameters'
complete -c petalctl -n __petalctl_needs_command -a choose -d 'open a menu and print the item chosen next'
complete -c petalctl -n __petalctl_needs_command -a dmenu -d 'choose one of the lines of standard input, with rofi -dmenu\'s flags'
complete -c petalctl -n __petalctl_needs_command -a layout -d 'show where items sit, or change the layout'
complete -c petalctl -n __petalctl_needs_command -a preview -d 'draw the menu as SVG'
complete -c petalctl -n __petalctl_needs_command -a watch -d 'print what happens as it happens'
complete -c petalctl -n __petalctl_needs_command -a reload -d 'reread the configuration file'
complete -c petalctl -n __petalctl_needs_command -a version -d 'print petalctl\'s and petald\'s versions'
complete -c petalctl -n __petalctl_needs_command -a help -d 'print help for a command'

# Each command's options and operands.
complete -c petalctl -n '__petalctl_command_is toggle open close back status items activate highlight choose layout preview' -l menu -x -a '(__petalctl_ask --bus --address -- menus --names)' -d 'the menu a command acts on (default: the open one, or main; see above)'
complete -c petalctl -n '__petalctl_command_is show choose dmenu' -l at -x -d 'put the centre button there: logical pixels from the output\'s top-left corner (wins over --anchor)'
complete -c petalctl -n '__petalctl_command_is show choose dmenu' -l anchor -x -a 'bottom-right bottom-left top-right top-left center pointer' -d 'bottom-right, bottom-left, top-right, top-left, center or pointer'
complete -c petalctl -n '__petalctl_command_is show choose dmenu' -l output -x -d 'on this output (as swaymsg -t get_outputs or xrandr names it)'
complete -c petalctl -n '__petalctl_command_is show' -l toggle -d 'close the menu instead when it is open: for a key that opens and closes it'
complete -c petalctl -n '__petalctl_command_is show' -l turbo -d 'for a key with a modifier: releasing the modifier chooses the item pointed at'
complete -c petalctl -n '__petalctl_command_is show' -l context -d 'open the menu the context asks for'
complete -c petalctl -n '__petalctl_command_is menus' -l names -d 'print only the names, one a line'
complete -c petalctl -n '__petalctl_command_is items actions' -l ids -d 'print only the ids, one a line'
complete -c petalctl -n '__petalctl_command_is plugins' -l clear-quarantine -d 'forget the quarantined plugins'
complete -c petalctl -n '__petalctl_command_is highlight' -l none -d 'take the highlight away'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -s t -l timeout -x -d 'give up after S seconds'
complete -c petalctl -n '__petalctl_command_is choose' -l no-dispatch -d 'do not run the chosen item\'s action'
complete -c petalctl -n '__petalctl_command_is choose' -l from -r -F -d 'choose from the menu in this JSON file (- for standard input)'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -s l -l lines -d 'choose one of the lines of standard input; with N, show N rows (rofi\'s -l)'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -s p -l prompt -x -d 'shown before the filter text'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l mesg -x -d 'a line under the prompt'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l filter -x -d 'the filter text it starts with'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -s i -d 'the filter ignores case (the default)'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l case-sensitive -d 'the filter tells upper from lower case'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l selected-row -x -d 'highlight the row of input line N (from 0) first'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l multi-select -d 'several rows may be chosen: one line printed each'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l no-custom -d 'only rows may be chosen, not the filter text'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l format -x -d 'what is printed: s text, i index, d index from 1, q quoted text, f filter, F quoted filter'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l sort -d 'rank the rows by a fuzzy score as you type'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l width -x -d 'a list\'s width, logical pixels'
complete -c petalctl -n '__petalctl_command_is choose dmenu preview' -l layout -x -a 'linear stack radial list' -d 'auto (the default): radial for up to 8 rows, list beyond'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l tab-icon -d 'a TAB splits TITLE from ICON, as choose --lines did in v3'
complete -c petalctl -n '__petalctl_command_is choose dmenu' -l kb-custom-1 -x -d 'this key (GTK\'s syntax: Alt+1) chooses, exit status 10'
complete -c petalctl -n '__petalctl_command_is preview' -l svg -r -F -d 'the SVG file to write (- for standard output)'
complete -c petalctl -n '__petalctl_command_is preview' -l state -x -a 'expanded collapsed' -d 'the state to draw'
complete -c petalctl -n '__petalctl_command_is preview' -l config -r -F -d 'draw this configuration file instead of the running menu'
complete -c petalctl -n '__petalctl_command_is preview' -l animate -d 'animate the spread of the items'
complete -c petalctl -n '__petalctl_command_is watch' -l signals -d 'print every signal as it comes'
complete -c petalctl -n '__petalctl_command_is watch' -l waybar -d 'print the JSON lines a waybar module reads'
complete -c petalctl -n '__petalctl_operand_is 0 only show' -a '(__petalctl_ask --bus --address -- menus --names)' -d 'menu'
complete -c petalctl -n '__petalctl_operand_is 0 more context' -a 'app= instance= title= output=' -d 'context key'
complete -c petalctl -n '__petalctl_operand_is 0 only activate' -a '(__petalctl_ask --bus --address --menu -- items --ids)' -d 'item id'
complete -c petalctl -n '__petalctl_operand_is 0 only highlight' -a '(__petalctl_ask --bus --address --menu -- items --ids)' -d 'item id'
complete -c petalctl -n '__petalctl_operand_is 0 only trigger' -a '(__petalctl_ask --bus --address -- actions --ids)' -d 'action id'
complete -c petalctl -n '__petalctl_operand_is 0 only layout' -a 'linear stack radial list' -d 'layout'
complete -c petalctl -n '__petalctl_operand_is 0 only help' -a 'toggle open close show back menus context status items actions plugins activate highlight trigger choose dmenu layout preview watch reload version help' -d 'command'
