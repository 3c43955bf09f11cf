import PetalCore
import Testing

/// A configuration text that must give exactly one problem.
struct ProblemCase: Sendable, CustomTestStringConvertible {
    let json: String
    let severity: ConfigurationProblem.Severity
    let path: String
    let message: String
    /// The text at which the value at fault starts: its last occurrence in `json`,
    /// which is written on one line in ASCII, so its column is its offset + 1.
    let marker: String

    init(
        _ json: String, _ path: String, _ message: String, at marker: String,
        _ severity: ConfigurationProblem.Severity = .error
    ) {
        (self.json, self.path, self.message, self.marker, self.severity) = (json, path, message, marker, severity)
    }

    var testDescription: String { json.count > 100 ? String(json.prefix(100)) + "…" : json }

    /// The 1-based column of the last occurrence of `marker`.
    var column: Int? {
        let text = Array(json.utf8)
        let needle = Array(marker.utf8)
        guard needle.count <= text.count else { return nil }
        for start in stride(from: text.count - needle.count, through: 0, by: -1)
        where Array(text[start..<start + needle.count]) == needle {
            return start + 1
        }
        return nil
    }
}

/// Decodes `example.json` and expects exactly its one problem, at its place.
func expectOnlyProblem(_ example: ProblemCase, sourceLocation: SourceLocation = #_sourceLocation) {
    let decoded = ConfigurationDecoder.decode(example.json)
    #expect(decoded.problems.count == 1, "\(decoded.problems)", sourceLocation: sourceLocation)
    guard let problem = decoded.problems.first else { return }
    #expect(problem.severity == example.severity, sourceLocation: sourceLocation)
    #expect(problem.path == example.path, sourceLocation: sourceLocation)
    #expect(problem.message == example.message, sourceLocation: sourceLocation)
    #expect(problem.line == 1, sourceLocation: sourceLocation)
    #expect(problem.column != nil && problem.column == example.column, sourceLocation: sourceLocation)
    #expect((decoded.configuration == nil) == (example.severity == .error), sourceLocation: sourceLocation)
}

/// Decodes `json` and expects no problem at all; returns the configuration.
@discardableResult
func expectValid(_ json: String, sourceLocation: SourceLocation = #_sourceLocation) -> MenuConfiguration? {
    let decoded = ConfigurationDecoder.decode(json)
    #expect(decoded.problems.isEmpty, "\(decoded.problems)", sourceLocation: sourceLocation)
    #expect(decoded.configuration != nil, sourceLocation: sourceLocation)
    return decoded.configuration
}

/// `{"items": [ITEM]}` with `members` added to a valid item.
func item(_ members: String) -> String {
    #"{"items": [{"id": "i", "action": "a.b", \#(members)}]}"#
}
