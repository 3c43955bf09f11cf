import PetalAPI
import PetalCore

/// `show` and the options that say where a menu opens (docs/dbus-api.md's `Show`).
extension CommandParser {
    /// `show NAME [--at X,Y] [--anchor A] [--output O] [--toggle]`, or `show --context …`.
    mutating func show() throws(UsageError) -> Command {
        var name: String?
        var context = false
        var options = ShowOptions()
        while let word = words.popFirst() {
            let (option, inline) = Invocation.split(word)
            switch option {
            case "--at", "--anchor", "--output":
                try placementOption(option, inline, into: &options)
            case "--toggle":
                try Invocation.noValue(option, inline)
                options.toggle = true
            case "--context":
                try Invocation.noValue(option, inline)
                context = true
            default:
                guard !word.hasPrefix("-") else {
                    throw UsageError(
                        "show takes NAME or --context, and --at X,Y, --anchor A, --output O and --toggle, not \"\(word)\""
                    )
                }
                guard name == nil else {
                    throw UsageError("show opens one menu, but was given \"\(name ?? "")\" and \"\(word)\"")
                }
                name = try MenuNameOption.checked(word)
            }
        }
        switch (name, context) {
        case (let name?, false): return .show(name: name, options: options)
        case (nil, true): return .show(name: "", options: options)
        case (_?, true):
            throw UsageError("show takes a menu's NAME or --context (the menu the context asks for), not both")
        case (nil, false):
            throw UsageError(
                "show needs a menu's NAME, e.g. petalctl show apps (see petalctl menus), or --context for the menu the context asks for"
            )
        }
    }

    /// `--at X,Y`, `--anchor A` or `--output O`, into `options`.
    mutating func placementOption(_ option: String, _ inline: String?, into options: inout ShowOptions)
        throws(UsageError)
    {
        switch option {
        case "--at":
            let text = try Invocation.value(of: option, inline, &words, example: "--at 640,360")
            options.at = try Self.point(text)
        case "--anchor":
            let text = try Invocation.value(of: option, inline, &words, example: "--anchor center")
            guard let anchor = Anchor(rawValue: text) else {
                throw UsageError(
                    "unknown anchor \"\(text)\"; use \(Anchor.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            options.anchor = anchor
        default:
            let text = try Invocation.value(of: option, inline, &words, example: "--output HDMI-A-1")
            guard text.utf8.count <= ShowOptions.maximumOutputBytes else {
                throw UsageError(
                    "--output needs an output's name of at most \(ShowOptions.maximumOutputBytes) bytes, as swaymsg -t get_outputs or xrandr shows it"
                )
            }
            options.output = text
        }
    }

    /// `X,Y`: whole logical pixels from the output's top-left corner.
    static func point(_ text: String) throws(UsageError) -> MenuPoint {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let x = Int32(parts[0]), let y = Int32(parts[1]) else {
            throw UsageError(
                "--at needs X,Y: where the centre button goes, in whole logical pixels from the output's top-left corner, e.g. --at 640,360, not \"\(text)\""
            )
        }
        return MenuPoint(x: x, y: y)
    }
}
