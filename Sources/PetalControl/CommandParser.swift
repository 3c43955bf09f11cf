import PetalAPI
import PetalCore
import PetalJSON

/// Parses the words after a subcommand's name into a ``Command``.
struct CommandParser {
    let name: CommandName
    var words: ArraySlice<String>

    init(name: CommandName, words: [String]) {
        self.name = name
        self.words = words[...]
    }

    mutating func parse() throws(UsageError) -> Command {
        switch name {
        case .toggle:
            try noArguments()
            return .toggle
        case .open:
            try noArguments()
            return .open
        case .close:
            try noArguments()
            return .close
        case .reload:
            try noArguments()
            return .reload
        case .status:
            try noArguments()
            return .status
        case .version:
            try noArguments()
            return .version(daemon: true)
        case .items: return .items(idsOnly: try flag("--ids"))
        case .actions: return .actions(idsOnly: try flag("--ids"))
        case .plugins: return .plugins(clearQuarantine: try flag("--clear-quarantine"))
        case .watch: return try watch()
        case .activate:
            let item = try operand("an item id, e.g. petalctl activate camera (see petalctl items)")
            try noArguments()
            return .activate(item: item)
        case .highlight:
            guard let word = words.popFirst() else { return .highlight(item: nil) }
            try noArguments()
            if word == "--none" { return .highlight(item: "") }
            guard !word.hasPrefix("-") else {
                throw UsageError("highlight takes an item id or --none, not \"\(word)\"; see petalctl highlight --help")
            }
            return .highlight(item: word)
        case .trigger:
            let action = try operand(
                "an action id, e.g. petalctl trigger open.uri uri=https://example.org (see petalctl actions)")
            return .trigger(action: action, params: try parameters())
        case .choose: return try choose()
        case .show: return try show()
        case .back:
            try noArguments()
            return .back
        case .menus: return .menus(namesOnly: try flag("--names"))
        case .context: return try context()
        case .layout:
            guard let word = words.popFirst() else { return .layout(style: nil) }
            try noArguments()
            return .layout(style: try style(word))
        case .preview: return try preview()
        case .help:
            guard let word = words.popFirst() else { return .help(nil) }
            try noArguments()
            guard let topic = CommandName(rawValue: word) else {
                throw UsageError(
                    "there is no command \"\(word)\"; the commands are \(CommandName.allCases.map(\.rawValue).joined(separator: ", "))"
                )
            }
            return .help(topic)
        }
    }

    /// `watch [--signals | --waybar]`.
    private mutating func watch() throws(UsageError) -> Command {
        var format = WatchFormat.events
        while let word = words.popFirst() {
            let given: WatchFormat
            switch word {
            case "--signals": given = .signals
            case "--waybar": given = .waybar
            default: throw UsageError("watch takes --signals or --waybar, not \"\(word)\"; see petalctl watch --help")
            }
            guard format == .events || format == given else {
                throw UsageError("watch takes --signals or --waybar, not both")
            }
            format = given
        }
        return .watch(format)
    }

    mutating func noArguments() throws(UsageError) {
        if let extra = words.first {
            throw UsageError("\(name.rawValue) takes no argument \"\(extra)\"; see petalctl \(name.rawValue) --help")
        }
    }

    /// Accepts `option` once, alone; returns whether it was given.
    private mutating func flag(_ option: String) throws(UsageError) -> Bool {
        let given = words.first == option
        if given { words.removeFirst() }
        try noArguments()
        return given
    }

    private mutating func operand(_ expected: String) throws(UsageError) -> String {
        guard let word = words.popFirst(), !word.hasPrefix("-") || word == "-" else {
            throw UsageError("\(name.rawValue) needs \(expected)")
        }
        return word
    }

    private func style(_ word: String) throws(UsageError) -> LayoutStyle {
        guard let style = LayoutStyle(rawValue: word) else {
            throw UsageError("unknown layout \"\(word)\"; use linear, stack or radial")
        }
        return style
    }

    /// `KEY=VALUE` (a string) and `KEY:=JSON` (a typed value), as HTTPie writes them.
    private mutating func parameters() throws(UsageError) -> JSONObject {
        var params = JSONObject()
        while let word = words.popFirst() {
            guard let equals = word.firstIndex(of: "=") else {
                throw UsageError(
                    "parameter \"\(word)\" is not KEY=VALUE (a string) or KEY:=JSON (a typed value), e.g. count:=3")
            }
            var key = String(word[..<equals])
            let text = String(word[word.index(after: equals)...])
            let typed = key.hasSuffix(":")
            if typed { key.removeLast() }
            guard !key.isEmpty else { throw UsageError("parameter \"\(word)\" has no name before the =") }
            guard params[key] == nil else { throw UsageError("parameter \"\(key)\" is given twice") }
            if typed {
                let value: JSONValue
                do {
                    value = try JSONValue.parse(text)
                } catch {
                    throw UsageError(
                        "parameter \"\(key)\": \"\(text)\" is not JSON (\(error)); for a string write \(key)=\(text)")
                }
                if value == .null {
                    throw UsageError("parameter \"\(key)\" is null, which D-Bus cannot carry; leave it out instead")
                }
                params[key] = value
            } else {
                params[key] = .string(text)
            }
        }
        return params
    }

    private mutating func choose() throws(UsageError) -> Command {
        var timeout: Double?
        var dispatch = true
        var source: ChoiceOptions.Source?
        var placement = ShowOptions()
        while let word = words.popFirst() {
            let (option, inline) = Invocation.split(word)
            switch option {
            case "--timeout", "-t":
                let text = try Invocation.value(of: option, inline, &words, example: "--timeout 10 (seconds)")
                guard let seconds = Double(text), seconds > 0, seconds <= Limits.chooseTimeoutSeconds else {
                    throw UsageError(
                        "--timeout needs a positive number of seconds, at most \(Int(Limits.chooseTimeoutSeconds)) (a day), not \"\(text)\""
                    )
                }
                timeout = seconds
            case "--no-dispatch":
                try Invocation.noValue(option, inline)
                dispatch = false
            case "--from", "--lines":
                let given: ChoiceOptions.Source
                if option == "--from" {
                    given = .file(
                        try Invocation.value(
                            of: option, inline, &words, example: "--from menu.json (or - for standard input)"))
                } else {
                    try Invocation.noValue(option, inline)
                    given = .lines
                }
                if source != nil {
                    throw UsageError("choose takes one of --from FILE and --lines, once")
                }
                source = given
            case "--at", "--anchor", "--output":
                try placementOption(option, inline, into: &placement)
            default:
                throw UsageError(
                    "choose takes --timeout S, --no-dispatch, --from FILE or --lines, and with those --at X,Y, --anchor A and --output O, not \"\(word)\""
                )
            }
        }
        guard let source else {
            guard placement == ShowOptions() else {
                throw UsageError(
                    "--at, --anchor and --output place a menu of choose --from or --lines; a menu of petald's opens where it rests (petalctl show NAME --at X,Y places it)"
                )
            }
            return .choose(timeout: timeout, dispatch: dispatch)
        }
        return .chooseFrom(ChoiceOptions(source: source, placement: placement, timeout: timeout, dispatch: dispatch))
    }

    private mutating func preview() throws(UsageError) -> Command {
        var options = PreviewOptions(output: "")
        while let word = words.popFirst() {
            let (option, inline) = Invocation.split(word)
            switch option {
            case "--svg":
                options.output = try Invocation.value(
                    of: option, inline, &words, example: "--svg menu.svg (or - for standard output)")
            case "--state":
                let text = try Invocation.value(of: option, inline, &words, example: "--state expanded")
                guard let state = PreviewState(rawValue: text) else {
                    throw UsageError("unknown state \"\(text)\"; use expanded or collapsed")
                }
                options.state = state
            case "--layout":
                options.layout = try style(try Invocation.value(of: option, inline, &words, example: "--layout radial"))
            case "--config":
                options.configPath = try Invocation.value(
                    of: option, inline, &words, example: "--config ~/.config/petal/config.json")
            case "--animate":
                try Invocation.noValue(option, inline)
                options.animate = true
            default:
                throw UsageError(
                    "preview takes --svg FILE, --state, --layout, --config FILE and --animate, not \"\(word)\"")
            }
        }
        guard !options.output.isEmpty else {
            throw UsageError("preview needs --svg FILE (or --svg - for standard output)")
        }
        return .preview(options)
    }
}
