import PetalCore
import PetalPlugin

/// `phone.call`: opens a `tel:` URI for a plausible phone number.
struct PhonePlugin: Plugin {
    static let name = "phone"
    static let version = petalPluginVersion
    static let actions = [PluginAction("phone.call", title: "Call", icon: "call-start")]

    private let host: PluginHost

    init(host: PluginHost) { self.host = host }

    func perform(_ action: String, params: Parameters) async throws -> JSONObject {
        try params.rejectUnknown(["number", "selected"])
        let number = try PhoneNumber(try params.requiredString("number"))
        try host.open("tel:\(number.dialable)", plugin: Self.name)
        return [:]
    }
}

/// A phone number in E.164 style: an optional leading "+", then 3 to 15
/// digits; spaces, dots, dashes and parentheses between them are allowed and
/// dropped.
struct PhoneNumber: Equatable {
    /// The number as `tel:` takes it: "+" (if given) and digits only.
    let dialable: String

    init(_ text: String) throws {
        var digits = ""
        var plus = false
        for (index, character) in text.enumerated() {
            switch character {
            case "0"..."9": digits.append(character)
            case "+" where index == 0: plus = true
            case " ", ".", "-", "(", ")": continue
            default:
                throw PluginError.invalidParams(
                    "\"\(text)\" is not a phone number: \"\(character)\" is not allowed; use digits with an optional leading +, e.g. +441632960961")
            }
        }
        guard (3...15).contains(digits.count) else {
            throw PluginError.invalidParams(
                "\"\(text)\" is not a phone number: it has \(digits.count) digits; E.164 numbers have 3 to 15, e.g. +441632960961")
        }
        dialable = (plus ? "+" : "") + digits
    }
}

@_cdecl("petal_plugin_entry_v1")
public func petalPluginEntry() -> UnsafeRawPointer { export(PhonePlugin.self) }
