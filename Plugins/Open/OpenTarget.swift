import PetalPlugin

/// What `open.uri` opens: a URI whose scheme is allowed, or an absolute path
/// made into a `file://` URI.
struct OpenTarget: Equatable {
    /// The schemes allowed when `plugins.settings.open.schemes` is not set.
    static let defaultSchemes = ["http", "https", "mailto", "tel", "sms", "file", "ftp"]

    /// The URI handed to the opener.
    let uri: String

    /// Checks `text` (the `uri` parameter) against `allowedSchemes`, compared without regard to case.
    ///
    /// - Parameter setting: the setting that lists the schemes, for the message that says how to allow another.
    /// - Throws: ``PluginError/invalidParams(_:)`` naming the scheme that is not allowed, or saying why `text` is no URI.
    init(_ text: String, allowedSchemes: [String], setting: String) throws {
        if let control = text.unicodeScalars.first(where: { $0.value < 0x20 || $0.value == 0x7f }) {
            throw PluginError.invalidParams(
                "the parameter \"uri\" holds the control character U+\(String(control.value, radix: 16, uppercase: true)); percent-encode it"
            )
        }
        let uri: String
        if text.hasPrefix("/") {
            uri = PercentEncoding.fileURI(path: text)
        } else if Self.scheme(of: text) != nil {
            uri = text
        } else {
            throw PluginError.invalidParams(
                "the parameter \"uri\" is \"\(text)\", which is neither a URI with a scheme (e.g. https://example.org) nor an absolute path"
            )
        }
        let scheme = Self.scheme(of: uri)!.lowercased()
        guard allowedSchemes.contains(where: { $0.lowercased() == scheme }) else {
            throw PluginError.invalidParams(
                "the scheme \"\(scheme)\" of \"\(text)\" is not allowed; allowed are \(allowedSchemes.joined(separator: ", ")). Add it to \(setting) in the configuration to allow it"
            )
        }
        self.uri = uri
    }

    /// The scheme of `uri` (RFC 3986 §3.1: a letter, then letters, digits,
    /// "+", "-" or ".", up to the first ":"), or nil when it has none.
    static func scheme(of uri: String) -> String? {
        guard let colon = uri.firstIndex(of: ":") else { return nil }
        let scheme = uri[..<colon]
        guard let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCIILetter || ("0"..."9").contains($0) || "+-.".unicodeScalars.contains($0)
            })
        else { return nil }
        return String(scheme)
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
}
