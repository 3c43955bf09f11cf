# bash completion for petalctl(1), the command-line client of Petal's petald.
#
# Completes commands, their options and values, and the names of menus and
# the ids of items and actions, which it asks of the running petald (petalctl
# menus --names, petalctl items --ids, of the --menu on the line, and
# petalctl actions --ids) on the bus named on the line, if any. When petald is
# not running those names and ids are simply not offered.

# _petalctl_words: sets _petalctl_line (the words before the cursor) and
# _petalctl_cur (the word being completed), split at blanks only. bash splits
# COMP_WORDS at COMP_WORDBREAKS too, ":" and "=" among them, which would
# tear a bus address such as unix:path=/run/user/1000/bus apart.
_petalctl_words() {
    if [[ -n ${COMP_LINE+set} && -n ${COMP_POINT+set} ]]; then
        local line=${COMP_LINE:0:COMP_POINT}
        read -ra _petalctl_line <<<"$line"
        if [[ -z $line || $line == *[[:blank:]] ]]; then
            _petalctl_cur=""
        else
            _petalctl_cur=${_petalctl_line[${#_petalctl_line[@]} - 1]}
            unset '_petalctl_line[${#_petalctl_line[@]}-1]'
        fi
    else
        _petalctl_line=("${COMP_WORDS[@]:0:COMP_CWORD}")
        _petalctl_cur=${COMP_WORDS[COMP_CWORD]}
    fi
}

# _petalctl_unquote WORD: WORD without the quotes around it, as in --bus 'unix:path=…'.
_petalctl_unquote() {
    local word=$1
    case $word in
    \'*\' | \"*\") word=${word:1:${#word}-2} ;;
    esac
    printf '%s' "$word"
}

# _petalctl_ask ARGUMENTS...: what the petalctl of the line prints for
# ARGUMENTS on the line's bus, quietly.
_petalctl_ask() {
    local program=${_petalctl_line[0]:-petalctl}
    [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
    timeout 3 "$program" "${_petalctl_bus[@]}" "$@" 2>/dev/null
}

# _petalctl_ids KIND: the ids petald lists for `petalctl KIND --ids`; an
# item's of the menu given with --menu on the line.
_petalctl_ids() {
    if [[ $1 == items ]]; then
        _petalctl_ask items --ids "${_petalctl_menu[@]}"
    else
        _petalctl_ask "$1" --ids
    fi
}

# _petalctl_menus: the names of petald's menus.
_petalctl_menus() {
    _petalctl_ask menus --names
}

_petalctl() {
    local _petalctl_line _petalctl_cur
    _petalctl_words
    local cur=$_petalctl_cur
    local commands="toggle open close show back menus context status items actions plugins activate highlight trigger choose layout preview watch reload version help"
    local anchors="bottom-right bottom-left top-right top-left center pointer"
    local globals="--bus --address --json -j --help -h --version -V"

    # The bus and menu options, the command and its operands on the line so far.
    local -a _petalctl_bus=() _petalctl_menu=() operands=()
    local command="" word prev="" i
    for ((i = 1; i < ${#_petalctl_line[@]}; i++)); do
        word=${_petalctl_line[i]}
        case $word in
        --bus | --address)
            if ((i + 1 < ${#_petalctl_line[@]})); then
                _petalctl_bus=(--bus "$(_petalctl_unquote "${_petalctl_line[i + 1]}")")
                ((i++))
            fi
            ;;
        --bus=* | --address=*) _petalctl_bus=(--bus "$(_petalctl_unquote "${word#*=}")") ;;
        --menu)
            if ((i + 1 < ${#_petalctl_line[@]})); then
                _petalctl_menu=(--menu "$(_petalctl_unquote "${_petalctl_line[i + 1]}")")
                ((i++))
            fi
            ;;
        --menu=*) _petalctl_menu=(--menu "$(_petalctl_unquote "${word#*=}")") ;;
        -*) ;;
        *)
            case $prev in --svg | --config | --state | --layout | --timeout | -t | --from | --at | --anchor | --output) ;;
            *) if [[ -z $command ]]; then command=$word; else operands+=("$word"); fi ;;
            esac
            ;;
        esac
        prev=$word
    done
    prev=${_petalctl_line[${#_petalctl_line[@]} - 1]}

    local -a replies=()
    local files=no
    case $prev in
    --bus) replies=(session system) ;;
    --address) ;;
    --svg | --config | --from) files=yes ;;
    --state) [[ $command == preview ]] && replies=(expanded collapsed) ;;
    --layout) [[ $command == preview ]] && replies=(linear stack radial) ;;
    --menu) mapfile -t replies < <(_petalctl_menus) ;;
    --anchor) replies=($anchors) ;;
    --timeout | -t | --at | --output) ;;
    *)
        if [[ -z $command ]]; then
            if [[ $cur == -* ]]; then replies=($globals); else replies=($commands); fi
        else
            case $command in
            items) replies=(--ids --menu) ;;
            actions) replies=(--ids) ;;
            plugins) replies=(--clear-quarantine) ;;
            watch) replies=(--signals --waybar) ;;
            menus) replies=(--names) ;;
            context) [[ $cur != -* ]] && replies=(app= instance= title= output=) ;;
            toggle | open | close | back | status) replies=(--menu) ;;
            choose) replies=(--timeout --no-dispatch --from --lines --at --anchor --output --menu) ;;
            preview) replies=(--svg --state --layout --config --animate --menu) ;;
            show)
                if ((${#operands[@]} == 0)) && [[ $cur != -* ]]; then
                    mapfile -t replies < <(_petalctl_menus)
                elif [[ $cur == -* ]]; then
                    replies=(--at --anchor --output --toggle --context)
                fi
                ;;
            activate | highlight)
                if ((${#operands[@]} == 0)) && [[ $cur != -* ]]; then
                    mapfile -t replies < <(_petalctl_ids items)
                elif [[ $cur == -* ]]; then
                    replies=(--menu)
                    [[ $command == highlight ]] && replies+=(--none)
                fi
                ;;
            trigger) ((${#operands[@]} == 0)) && [[ $cur != -* ]] && mapfile -t replies < <(_petalctl_ids actions) ;;
            layout)
                ((${#operands[@]} == 0)) && [[ $cur != -* ]] && replies=(linear stack radial)
                [[ $cur == -* ]] && replies=(--menu)
                ;;
            help) ((${#operands[@]} == 0)) && replies=($commands) ;;
            esac
            [[ $cur == -* ]] && replies+=($globals)
        fi
        ;;
    esac

    COMPREPLY=()
    if [[ $files == yes ]]; then
        local IFS=$'\n'
        COMPREPLY=($(compgen -f -- "$cur"))
        compopt -o filenames 2>/dev/null
        return 0
    fi
    local reply
    for reply in "${replies[@]}"; do
        [[ $reply == "$cur"* ]] && COMPREPLY+=("$reply")
    done
    # A context's KEY= goes on with its value, with no space.
    [[ $command == context && ${COMPREPLY[0]-} == *= ]] && compopt -o nospace 2>/dev/null
    # bash replaces only its own current word, which starts after the last
    # ":" or "=" (COMP_WORDBREAKS): drop what comes before it.
    local own=${COMP_WORDS[COMP_CWORD]-$cur}
    if [[ $own != "$cur" && $cur == *"$own" ]]; then
        local before=${cur%"$own"}
        for i in "${!COMPREPLY[@]}"; do COMPREPLY[i]=${COMPREPLY[i]#"$before"}; done
    fi
    return 0
}

complete -F _petalctl petalctl
