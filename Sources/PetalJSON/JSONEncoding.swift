extension JSONValue: CustomStringConvertible {
    /// The compact JSON text: no whitespace, object members in stored order,
    /// strings escaped per RFC 8259, doubles in their shortest round-tripping form,
    /// non-finite doubles as `null`.
    public var jsonText: String {
        jsonText(pretty: false)
    }

    /// The JSON text; with `pretty`, one member or element per line, indented by two
    /// spaces, with `": "` between key and value (empty arrays and objects stay `[]`, `{}`).
    public func jsonText(pretty: Bool) -> String {
        var writer = JSONWriter(pretty: pretty)
        writer.write(self, indent: 0)
        return String(decoding: writer.output, as: UTF8.self)
    }

    /// The compact JSON text, as `jsonText`.
    public var description: String { jsonText }
}

/// Accumulates UTF-8 JSON text.
private struct JSONWriter {
    let pretty: Bool
    var output: [UInt8] = []

    init(pretty: Bool) {
        self.pretty = pretty
    }

    mutating func write(_ value: JSONValue, indent: Int) {
        switch value {
        case .null:
            append("null")
        case .bool(let flag):
            append(flag ? "true" : "false")
        case .int(let number):
            append(String(number))
        case .double(let number):
            // Swift's description is the shortest text that reads back to the same
            // double, and is valid JSON for finite values ("1.0", "1e-07", "-0.0").
            append(number.isFinite ? number.description : "null")
        case .string(let text):
            writeString(text)
        case .array(let elements):
            guard !elements.isEmpty else { return append("[]") }
            output.append(UInt8(ascii: "["))
            for (position, element) in elements.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                write(element, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "]"))
        case .object(let object):
            guard !object.isEmpty else { return append("{}") }
            output.append(UInt8(ascii: "{"))
            for (position, member) in object.enumerated() {
                if position > 0 { output.append(UInt8(ascii: ",")) }
                newline(indent + 1)
                writeString(member.key)
                append(pretty ? ": " : ":")
                write(member.value, indent: indent + 1)
            }
            newline(indent)
            output.append(UInt8(ascii: "}"))
        }
    }

    private mutating func newline(_ indent: Int) {
        guard pretty else { return }
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: indent * 2))
    }

    private mutating func append(_ text: String) {
        output.append(contentsOf: text.utf8)
    }

    private mutating func writeString(_ text: String) {
        output.append(UInt8(ascii: "\""))
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "\""): append("\\\"")
            case UInt8(ascii: "\\"): append("\\\\")
            case 0x08: append("\\b")
            case 0x0C: append("\\f")
            case 0x0A: append("\\n")
            case 0x0D: append("\\r")
            case 0x09: append("\\t")
            case 0..<0x20:
                let hex = String(byte, radix: 16)
                append("\\u00" + (hex.count == 1 ? "0" + hex : hex))
            default: output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}

extension JSONObject: CustomStringConvertible {
    /// The compact JSON text of the object, as ``JSONValue/jsonText`` writes it:
    /// `print(host.settings)` shows `{"opener":"xdg-open"}`, not the storage.
    public var description: String { JSONValue.object(self).jsonText }
}
