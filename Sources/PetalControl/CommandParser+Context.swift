import PetalAPI
import PetalCore

/// `context` and its `KEY=VALUE` words (docs/context.md).
extension CommandParser {
    /// `context`, or `context app=… instance=… title=… output=…`.
    mutating func context() throws(UsageError) -> Command {
        var context = DesktopContext()
        while let word = words.popFirst() {
            guard !word.hasPrefix("-"), let equals = word.firstIndex(of: "=") else {
                throw UsageError(
                    "context takes KEY=VALUE words, e.g. petalctl context app=firefox title=Mail, not \"\(word)\"")
            }
            let name = String(word[..<equals])
            let value = String(word[word.index(after: equals)...])
            guard let key = DesktopContext.Key(rawValue: name), key != .source else {
                throw UsageError(
                    name == DesktopContext.Key.source.rawValue
                        ? "petalctl sets source itself, to petalctl; give app=, instance=, title= and output="
                        : "the context has no key \"\(name)\"; its keys are \(DesktopContext.Key.matchedList)")
            }
            guard context[key] == nil else { throw UsageError("\(name) is given twice") }
            let bytes = value.utf8.count
            guard bytes <= DesktopContext.maximumValueBytes else {
                throw UsageError(
                    "\(name) is \(bytes) bytes long; a value of the context has at most \(DesktopContext.maximumValueBytes)"
                )
            }
            context[key] = value
        }
        guard !context.isEmpty else { return .context(set: nil) }
        context[.source] = "petalctl"
        return .context(set: context)
    }
}
