import PetalAPI
import PetalCore
import PetalJSON
import TextEscaping

/// `petalctl context`: what petald holds, as text and as JSON.
extension Reports {
    /// A `KEY  VALUE` line for each key given, its control characters
    /// escaped (a window's title is anyone's text); the JSON object of the
    /// keys given. Empty, a sentence saying no source sets it, and `{}`.
    static func context(_ context: DesktopContext) -> (text: String, json: JSONValue) {
        let json = JSONValue.object(
            JSONObject(
                DesktopContext.Key.allCases.compactMap { key in context[key].map { (key.rawValue, .string($0)) } }))
        guard !context.isEmpty else {
            return (
                "No context is set: no source runs (petal-context, or petalctl context KEY=VALUE…), so petalctl show --context opens main.\n",
                json
            )
        }
        var table = TextTable("", "")
        for key in DesktopContext.Key.allCases {
            guard let value = context[key] else { continue }
            table.add(key.rawValue, LogText.escaped(value, maximumBytes: 4 * DesktopContext.maximumValueBytes))
        }
        return (table.text, json)
    }

    /// `app="firefox" title="Mail"`, one line, each value escaped and cut at 256 bytes.
    static func contextLine(_ context: DesktopContext) -> String {
        DesktopContext.Key.allCases.compactMap { key in
            context[key].map { "\(key.rawValue)=\"\(LogText.escaped($0, maximumBytes: 256))\"" }
        }.joined(separator: " ")
    }
}
