# bash completion for petalctl(1), the command-line client of Petal's petald.
#
# Completes commands, their options and values, and the ids of items and
# actions, which it asks of the running petald (petalctl items --ids and
# petalctl actions --ids) on the bus named on the line, if any. When petald is
# not running those ids are simply not offered.

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

# _petalctl_ids KIND: the ids petald lists for `petalctl KIND --ids`, quietly.
_petalctl_ids() {
    local program=${_petalctl_line[0]:-petalctl}
    [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
    timeout 3 "$program" "${_petalctl_bus[@]}" "$1" --ids 2>/dev/null
}

_petalctl() {
    local _petalctl_line _petalctl_cur
    _petalctl_words
    local cur=$_petalctl_cur
    local commands="toggle open close status items actions plugins activate trigger choose layout preview watch reload version help"
    local globals="--bus --address --json -j --help -h --version -V"

    # The bus options, the command and its operands on the line so far.
    local -a _petalctl_bus=() operands=()
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
        -*) ;;
        *)
            case $prev in --svg | --config | --state | --layout | --timeout | -t) ;;
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
    --svg | --config) files=yes ;;
    --state) [[ $command == preview ]] && replies=(expanded collapsed) ;;
    --layout) [[ $command == preview ]] && replies=(linear stack radial) ;;
    --timeout | -t) ;;
    *)
        if [[ -z $command ]]; then
            if [[ $cur == -* ]]; then replies=($globals); else replies=($commands); fi
        else
            case $command in
            items | actions) replies=(--ids) ;;
            plugins) replies=(--clear-quarantine) ;;
            watch) replies=(--waybar) ;;
            choose) replies=(--timeout --no-dispatch) ;;
            preview) replies=(--svg --state --layout --config --animate) ;;
            activate) ((${#operands[@]} == 0)) && [[ $cur != -* ]] && mapfile -t replies < <(_petalctl_ids items) ;;
            trigger) ((${#operands[@]} == 0)) && [[ $cur != -* ]] && mapfile -t replies < <(_petalctl_ids actions) ;;
            layout) ((${#operands[@]} == 0)) && replies=(linear stack radial) ;;
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
