# bash completion for petalctl, made by `petalctl --completions bash` from the
# declaration of its command line: regenerate it rather than edit it.

# _petalctl_words: sets _petalctl_line (the words before the cursor) and
# _petalctl_cur (the word being completed), split at blanks only. bash splits
# COMP_WORDS at COMP_WORDBREAKS too, ":" and "=" among them, which would
# tear a value such as unix:path=/run/user/1000/bus apart.
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

# _petalctl_option WORD: the name of the option WORD spells, when it takes a value.
_petalctl_option() {
    case $1 in
    --bus) echo --bus ;;
    --address) echo --address ;;
    --completions) echo --completions ;;
    --menu) echo --menu ;;
    --at) echo --at ;;
    --anchor) echo --anchor ;;
    --output) echo --output ;;
    -t | --timeout) echo --timeout ;;
    --from) echo --from ;;
    -p | --prompt) echo --prompt ;;
    --mesg | -mesg) echo --mesg ;;
    --filter | -filter) echo --filter ;;
    --selected-row | -selected-row) echo --selected-row ;;
    --format | -format) echo --format ;;
    --width | -width) echo --width ;;
    --layout) echo --layout ;;
    --kb-custom-1 | -kb-custom-1) echo --kb-custom-1 ;;
    --kb-custom-2 | -kb-custom-2) echo --kb-custom-2 ;;
    --kb-custom-3 | -kb-custom-3) echo --kb-custom-3 ;;
    --kb-custom-4 | -kb-custom-4) echo --kb-custom-4 ;;
    --kb-custom-5 | -kb-custom-5) echo --kb-custom-5 ;;
    --kb-custom-6 | -kb-custom-6) echo --kb-custom-6 ;;
    --kb-custom-7 | -kb-custom-7) echo --kb-custom-7 ;;
    --kb-custom-8 | -kb-custom-8) echo --kb-custom-8 ;;
    --kb-custom-9 | -kb-custom-9) echo --kb-custom-9 ;;
    --kb-custom-10 | -kb-custom-10) echo --kb-custom-10 ;;
    --kb-custom-11 | -kb-custom-11) echo --kb-custom-11 ;;
    --kb-custom-12 | -kb-custom-12) echo --kb-custom-12 ;;
    --kb-custom-13 | -kb-custom-13) echo --kb-custom-13 ;;
    --kb-custom-14 | -kb-custom-14) echo --kb-custom-14 ;;
    --kb-custom-15 | -kb-custom-15) echo --kb-custom-15 ;;
    --kb-custom-16 | -kb-custom-16) echo --kb-custom-16 ;;
    --kb-custom-17 | -kb-custom-17) echo --kb-custom-17 ;;
    --kb-custom-18 | -kb-custom-18) echo --kb-custom-18 ;;
    --kb-custom-19 | -kb-custom-19) echo --kb-custom-19 ;;
    --svg) echo --svg ;;
    --state) echo --state ;;
    --config) echo --config ;;
    esac
}

# _petalctl_ask OPTION... -- ARGUMENT...: what the petalctl of the line prints
# for the ARGUMENTs, given the line's values of the OPTIONs, quietly.
_petalctl_ask() {
    local -a passed=()
    while (($#)) && [[ $1 != -- ]]; do
        [[ -n ${_petalctl_given[$1]+set} ]] && passed+=("$1" "${_petalctl_given[$1]}")
        shift
    done
    shift
    local program=${_petalctl_line[0]:-petalctl}
    [[ $program == "~/"* ]] && program=$HOME/${program#"~/"}
    timeout 3 "$program" "${passed[@]}" "$@" 2>/dev/null
}

# _petalctl_value COMMAND OPTION: what the value of OPTION may be, after COMMAND.
_petalctl_value() {
    case $2 in
    --bus) replies=(session system) ;;
    --completions) replies=(bash zsh fish) ;;
    --menu) case $1 in toggle | open | close | back | status | items | activate | highlight | choose | layout | preview) mapfile -t replies < <(_petalctl_ask --bus --address -- menus --names) ;; esac ;;
    --anchor) case $1 in show | choose | dmenu) replies=(bottom-right bottom-left top-right top-left center pointer) ;; esac ;;
    --from) case $1 in choose) files=yes ;; esac ;;
    --layout) case $1 in choose | dmenu | preview) replies=(linear stack radial list) ;; esac ;;
    --svg) case $1 in preview) files=yes ;; esac ;;
    --state) case $1 in preview) replies=(expanded collapsed) ;; esac ;;
    --config) case $1 in preview) files=yes ;; esac ;;
    esac
}

# _petalctl_arguments COMMAND OPERANDS: what may follow COMMAND and its OPERANDS
# operands: its options after a dash, or what its next operand may be (and
# the options of a command that takes no operand).
_petalctl_arguments() {
    case $1 in
    toggle) replies=(--menu) ;;
    open) replies=(--menu) ;;
    close) replies=(--menu) ;;
    show)
        if [[ $dash == yes ]]; then
            replies=(--at --anchor --output --toggle --turbo --context)
        elif (($2 == 0)); then
            mapfile -t replies < <(_petalctl_ask --bus --address -- menus --names)
        fi
        ;;
    back) replies=(--menu) ;;
    menus) replies=(--names) ;;
    context)
        if [[ $dash == yes ]]; then
            :
        elif (($2 >= 0)); then
            replies=(app= instance= title= output=)
        fi
        ;;
    status) replies=(--menu) ;;
    items) replies=(--ids --menu) ;;
    actions) replies=(--ids) ;;
    plugins) replies=(--clear-quarantine) ;;
    activate)
        if [[ $dash == yes ]]; then
            replies=(--menu)
        elif (($2 == 0)); then
            mapfile -t replies < <(_petalctl_ask --bus --address --menu -- items --ids)
        fi
        ;;
    highlight)
        if [[ $dash == yes ]]; then
            replies=(--none --menu)
        elif (($2 == 0)); then
            mapfile -t replies < <(_petalctl_ask --bus --address --menu -- items --ids)
        fi
        ;;
    trigger)
        if [[ $dash == yes ]]; then
            :
        elif (($2 == 0)); then
            mapfile -t replies < <(_petalctl_ask --bus --address -- actions --ids)
        fi
        ;;
    choose) replies=(--timeout -t --no-dispatch --from --at --anchor --output --menu --lines -l --prompt -p --mesg --filter -i --case-sensitive --selected-row --multi-select --no-custom --format --sort --width --layout --tab-icon --kb-custom-1) ;;
    dmenu) replies=(--lines -l --prompt -p --mesg --filter -i --case-sensitive --selected-row --multi-select --no-custom --format --sort --width --layout --tab-icon --kb-custom-1 --timeout -t --at --anchor --output) ;;
    layout)
        if [[ $dash == yes ]]; then
            replies=(--menu)
        elif (($2 == 0)); then
            replies=(linear stack radial list)
        fi
        ;;
    preview) replies=(--svg --state --layout --config --animate --menu) ;;
    watch) replies=(--signals --waybar) ;;
    help)
        if [[ $dash == yes ]]; then
            :
        elif (($2 == 0)); then
            replies=(toggle open close show back menus context status items actions plugins activate highlight trigger choose dmenu layout preview watch reload version help)
        fi
        ;;
    esac
}

_petalctl() {
    local _petalctl_line _petalctl_cur
    _petalctl_words
    local cur=$_petalctl_cur
    # The values of the options on the line, the command and its operands.
    local -A _petalctl_given=()
    local -a operands=() replies=()
    local command="" word option="" pending="" ended=no files=no dash=no i
    for ((i = 1; i < ${#_petalctl_line[@]}; i++)); do
        word=${_petalctl_line[i]}
        if [[ $ended == yes || $word == - || $word != -* ]]; then
            if [[ -z $command ]]; then command=$word; else operands+=("$word"); fi
        elif [[ $word == -- ]]; then
            ended=yes
        elif [[ $word == --*=* ]]; then
            option=$(_petalctl_option "${word%%=*}")
            [[ -n $option ]] && _petalctl_given[$option]=$(_petalctl_unquote "${word#*=}")
        else
            option=$(_petalctl_option "$word")
            if [[ -n $option ]] && ((i + 1 < ${#_petalctl_line[@]})); then
                _petalctl_given[$option]=$(_petalctl_unquote "${_petalctl_line[i + 1]}")
                ((i++))
            elif [[ -n $option ]]; then
                pending=$option
            fi
        fi
    done
    [[ $ended == no && $cur == -* ]] && dash=yes

    if [[ -n $pending ]]; then
        _petalctl_value "$command" "$pending"
    elif [[ -z $command ]]; then
        if [[ $dash == yes ]]; then replies=(--bus --address --json -j --help -h --version -V); else replies=(toggle open close show back menus context status items actions plugins activate highlight trigger choose dmenu layout preview watch reload version help); fi
    else
        _petalctl_arguments "$command" "${#operands[@]}"
        [[ $dash == yes ]] && replies+=(--bus --address --json -j --help -h --version -V)
    fi

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
    # A word that ends with "=" goes on with its value, with no space.
    [[ ${COMPREPLY[0]-} == *= ]] && compopt -o nospace 2>/dev/null
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
