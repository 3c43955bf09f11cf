import PetalPlugin

/// The URI `message.compose` opens: `mailto:` (RFC 6068) or `sms:` (RFC 5724).
struct ComposeURI: Equatable {
    /// The URI schemes `message.compose` can build.
    enum Scheme: String, CaseIterable {
        case mailto, sms
    }

    /// The parameters `message.compose` takes (toggles add `selected`).
    static let parameters: Set<String> = ["to", "subject", "body", "scheme", "selected"]

    /// The URI, percent-encoded.
    let text: String

    /// Builds the URI from `to` (comma-separated recipients), `subject`, `body` and `scheme`.
    ///
    /// - Throws: ``PluginError/invalidParams(_:)`` naming the parameter that is wrong.
    init(_ params: Parameters) throws {
        try params.rejectUnknown(Self.parameters)
        let schemeName = try params.string("scheme") ?? Scheme.mailto.rawValue
        guard let scheme = Scheme(rawValue: schemeName) else {
            throw PluginError.invalidParams(
                "the parameter \"scheme\" is \"\(schemeName)\"; it must be mailto (the default) or sms")
        }
        let recipients = (try params.string("to") ?? "").split(separator: ",")
            .map { $0.trimmingSpaces }.filter { !$0.isEmpty }
        let subject = try params.string("subject") ?? ""
        let body = try params.string("body") ?? ""
        switch scheme {
        case .mailto:
            if let bad = recipients.first(where: { !Self.isPlausibleAddress($0) }) {
                throw PluginError.invalidParams(
                    "the parameter \"to\" holds \"\(bad)\", which is not an e-mail address; write name@domain, several separated by commas"
                )
            }
            text = Self.mailto(to: recipients, subject: subject, body: body)
        case .sms:
            guard subject.isEmpty else {
                throw PluginError.invalidParams(
                    "the parameter \"subject\" is for mailto only; an sms: message has a body and no subject")
            }
            guard !recipients.isEmpty else {
                throw PluginError.invalidParams(
                    "the parameter \"to\" is required for sms: a phone number, e.g. +441632960961")
            }
            let numbers = try recipients.map { recipient in
                do {
                    return try PhoneNumber(recipient).dialable
                } catch let error as PluginError {
                    throw PluginError.invalidParams("the parameter \"to\": \(error.message)")
                }
            }
            text =
                "sms:" + numbers.joined(separator: ",") + (body.isEmpty ? "" : "?body=" + PercentEncoding.encode(body))
        }
    }

    /// RFC 6068 §2: "%", "/", "?", "#", "[", "]", "&", ";" and "=" in an
    /// address are encoded; "@", ":" and the other sub-delims may stay.
    static let addressCharacters = PercentEncoding.unreserved.union("!$'()*+,:@".utf8)

    /// `mailto:` with the recipients in the path and subject and body as
    /// header fields; line breaks in the body become CRLF (`%0D%0A`), as RFC 6068 requires.
    static func mailto(to recipients: [String], subject: String, body: String) -> String {
        var fields: [String] = []
        if !subject.isEmpty { fields.append("subject=" + PercentEncoding.encode(subject)) }
        if !body.isEmpty { fields.append("body=" + PercentEncoding.encode(crlf(body))) }
        let path = recipients.map { PercentEncoding.encode($0, allowing: addressCharacters) }.joined(separator: ",")
        return "mailto:" + path + (fields.isEmpty ? "" : "?" + fields.joined(separator: "&"))
    }

    /// Whether `address` looks like `local@domain`: one "@" with text on both sides and no spaces or controls.
    static func isPlausibleAddress(_ address: String) -> Bool {
        guard let at = address.lastIndex(of: "@"), at != address.startIndex,
            address.index(after: at) != address.endIndex
        else { return false }
        return !address.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7f }
    }

    /// `text` with every line break (LF, CR or CRLF) written as CRLF.
    static func crlf(_ text: String) -> String {
        var result = ""
        for character in text {
            // Swift treats "\r\n" as one Character.
            if character == "\r\n" || character == "\n" || character == "\r" {
                result += "\r\n"
            } else {
                result.append(character)
            }
        }
        return result
    }
}

extension Substring {
    /// Without leading and trailing spaces and tabs.
    fileprivate var trimmingSpaces: String {
        String(drop { $0 == " " || $0 == "\t" }.reversed().drop { $0 == " " || $0 == "\t" }.reversed())
    }
}
