/// A phone number in E.164 style: an optional leading "+", then 3 to 15
/// digits; spaces, dots, dashes and parentheses between them are allowed and
/// dropped. Used by `tel:` and `sms:` URIs.
public struct PhoneNumber: Equatable, Sendable {
    /// The number as `tel:` and `sms:` take it: "+" (if given) and digits only.
    public let dialable: String

    /// Checks `text`.
    ///
    /// - Throws: ``PluginError/invalidParams(_:)`` quoting `text` and saying what is allowed.
    public init(_ text: String) throws {
        var digits = ""
        var plus = false
        for (index, character) in text.enumerated() {
            switch character {
            case "0"..."9": digits.append(character)
            case "+" where index == 0: plus = true
            case " ", ".", "-", "(", ")": continue
            default:
                throw PluginError.invalidParams(
                    "\"\(text)\" is not a phone number: \"\(character)\" is not allowed; use digits with an optional leading +, e.g. +441632960961"
                )
            }
        }
        guard (3...15).contains(digits.count) else {
            throw PluginError.invalidParams(
                "\"\(text)\" is not a phone number: it has \(digits.count) digits; E.164 numbers have 3 to 15, e.g. +441632960961"
            )
        }
        dialable = (plus ? "+" : "") + digits
    }
}
