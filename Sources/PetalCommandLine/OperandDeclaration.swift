/// One operand of a command (a word that is not an option), whatever its
/// value's type: what the parser, the help and the completions read.
/// Programs declare an ``Operand`` and hand its `declaration` to a ``CommandDeclaration``.
public struct OperandDeclaration: Sendable {
    /// What help shows for it: `ID`, `NAME`, `KEY=VALUE | KEY:=JSON`.
    public let valueName: String
    /// What one is called in messages and the shells' descriptions: `item id`, `layout`.
    public let noun: String
    /// What "COMMAND needs …" says when it is missing; `a NOUN` when nil.
    public let missing: String?
    /// The only values it takes (an enum's `allCases`), or empty for any.
    public let values: [String]
    /// What the shells offer for it.
    public let completion: CompletionKind
    /// Whether the command goes without it.
    public let isOptional: Bool
    /// Whether it takes every word from here on (`trigger ACTION [KEY=VALUE …]`); only the last operand may.
    public let isRepeating: Bool
    /// Whether help shows its values (`[linear|stack|radial]`) rather than ``valueName``.
    let showsValues: Bool
    /// The word made the program's value: the parser keeps what this returns.
    let convert: @Sendable (String) throws(UsageError) -> any Sendable

    /// How help writes it, without brackets: `ID`, `linear|stack|radial`, `KEY=VALUE ...`.
    var synopsis: String {
        (showsValues ? values.joined(separator: "|") : valueName) + (isRepeating ? " ..." : "")
    }
}

/// An operand made the program's `Value` as it is parsed.
public struct Operand<Value: Sendable>: Sendable {
    /// What the parser, the help and the completions read.
    public let declaration: OperandDeclaration

    /// An operand shown as `valueName`, called `noun`, whose word `parse` makes a `Value`.
    ///
    /// - Parameters:
    ///   - missing: what "COMMAND needs …" says when it is missing (`an item id, e.g. …`).
    ///   - optional: whether the command goes without it.
    ///   - repeating: whether it takes every word from here on.
    ///   - parse: the value from its word; throws ``UsageError`` saying what one is.
    public init(
        _ valueName: String, noun: String, missing: String? = nil, completion: CompletionKind = .none,
        optional: Bool = false, repeating: Bool = false,
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        declaration = OperandDeclaration(
            valueName: valueName, noun: noun, missing: missing, values: [], completion: completion,
            isOptional: optional, isRepeating: repeating, showsValues: false,
            convert: { word throws(UsageError) in try parse(word) })
    }
}

extension Operand where Value == String {
    /// An operand that is any word.
    public init(
        _ valueName: String, noun: String, missing: String? = nil, completion: CompletionKind = .none,
        optional: Bool = false, repeating: Bool = false
    ) {
        self.init(
            valueName, noun: noun, missing: missing, completion: completion, optional: optional,
            repeating: repeating, parse: { word throws(UsageError) in word })
    }
}

extension Operand where Value: RawRepresentable<String> & CaseIterable {
    /// An operand that is one of `Value.allCases` by its raw value: help
    /// shows them (or `valueName`, when given), the shells offer them, and
    /// any other word is refused with the list.
    public init(_ valueName: String? = nil, noun: String, missing: String? = nil, optional: Bool = false) {
        let values = Value.allCases.map(\.rawValue)
        declaration = OperandDeclaration(
            valueName: valueName ?? noun.uppercased(), noun: noun, missing: missing, values: values,
            completion: .words(values), isOptional: optional, isRepeating: false, showsValues: valueName == nil,
            convert: { word throws(UsageError) in try ValueChoice<Value>.value(word, noun: noun) })
    }
}
