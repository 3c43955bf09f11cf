import PetalAPI
import PetalCore

/// `context` and its `KEY=VALUE` words (docs/context.md).
extension CommandParser {
    /// `context`, or `context app=… instance=… title=… output=…`.
    mutating func context() throws(UsageError) -> Command {
        var context = ContextProperty()
        while let word = words.popFirst() {
            guard !word.hasPrefix("-"), let equals = word.firstIndex(of: "=") else {
                throw UsageError(
                    "context takes KEY=VALUE words, e.g. petalctl context app=firefox title=Mail, not \"\(word)\"")
            }
            let name = String(word[..<equals])
            let value = String(word[word.index(after: equals)...])
            guard let key = ContextProperty.Key(rawValue: name), key != .source else {
                throw UsageError(
                    name == ContextProperty.Key.source.rawValue
                        ? "petalctl sets source itself, to petalctl; give app=, instance=, title= and output="
                        : "the context has no key \"\(name)\"; its keys are \(ContextValues.keyList)")
            }
            guard context[key] == nil else { throw UsageError("\(name) is given twice") }
            let bytes = value.utf8.count
            guard bytes <= ContextProperty.maximumValueBytes else {
                throw UsageError(
                    "\(name) is \(bytes) bytes long; a value of the context has at most \(ContextProperty.maximumValueBytes)"
                )
            }
            context[key] = value
        }
        guard !context.isEmpty else { return .context(set: nil) }
        context[.source] = "petalctl"
        return .context(set: context)
    }
}
