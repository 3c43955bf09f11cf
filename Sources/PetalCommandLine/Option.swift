/// An option with a value, made the program's `Value` as it is parsed.
public struct Option<Value: Sendable>: OptionDeclaring {
    /// What the parser, the help and the completions read.
    public let declaration: OptionDeclaration

    /// An option spelt `names` whose value, shown as `valueName` in help, `parse` makes a `Value`.
    ///
    /// - Parameters:
    ///   - aliases: further spellings the parser accepts and help does not show.
    ///   - example: the text after "e.g." when the value is missing (`--at 640,360`).
    ///   - required: whether the command needs it.
    ///   - repeatable: whether it may be given more than once, each value kept
    ///     (`ParsedCommandLine.values(of:)`) and zsh offering it again.
    ///   - completed: whether the shells offer the option.
    ///   - refusal: what is said when a subcommand that does not take it is given it.
    ///   - parse: the value from its text; throws ``UsageError`` saying what a value is.
    public init(
        _ names: String..., aliases: [String] = [], valueName: String, abstract: String, example: String? = nil,
        completion: CompletionKind = .none, required: Bool = false, repeatable: Bool = false, completed: Bool = true,
        refusal: (@Sendable (String, String) -> String)? = nil,
        parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        declaration = OptionDeclaration(
            names: names, aliases: aliases, valueName: valueName, abstract: abstract, example: example, values: [],
            noun: nil, completion: completion, isRequired: required, isRepeatable: repeatable, isHelp: false,
            isCompleted: completed,
            refusal: refusal, convert: { text throws(UsageError) in try parse(text) })
    }
}

extension Option {
    /// An option whose value may be left out, as `--lines [N]`: alone (or
    /// before a word `parse` refuses, or an option) it keeps `absent`; with
    /// `--name=VALUE`, or before a word `parse` accepts, it keeps that
    /// word's value. Help shows `valueName` as it is given (`[N]`); the
    /// shells offer it as a flag.
    public init(
        _ names: String..., aliases: [String] = [], optionalValue valueName: String, abstract: String,
        absent: Value, completed: Bool = true, parse: @escaping @Sendable (String) throws(UsageError) -> Value
    ) {
        declaration = OptionDeclaration(
            names: names, aliases: aliases, valueName: valueName, abstract: abstract, example: nil, values: [],
            noun: nil, completion: .none, isRequired: false, isHelp: false, isCompleted: completed, refusal: nil,
            absentValue: .some(absent), convert: { text throws(UsageError) in try parse(text) })
    }
}

extension Option where Value == String {
    /// An option whose value is any text but the empty one.
    public init(
        _ names: String..., aliases: [String] = [], valueName: String, abstract: String, example: String? = nil,
        completion: CompletionKind = .none, required: Bool = false, repeatable: Bool = false, completed: Bool = true,
        refusal: (@Sendable (String, String) -> String)? = nil
    ) {
        declaration = OptionDeclaration(
            names: names, aliases: aliases, valueName: valueName, abstract: abstract, example: example, values: [],
            noun: nil, completion: completion, isRequired: required, isRepeatable: repeatable, isHelp: false,
            isCompleted: completed,
            refusal: refusal, convert: { text throws(UsageError) in text })
    }
}

extension Option where Value: RawRepresentable<String> & CaseIterable {
    /// An option that takes one of `Value.allCases` by its raw value: help
    /// shows them (unless `valueName` is given), the shells offer them, and
    /// any other value is refused with the list.
    ///
    /// - Parameter noun: what a value is called in "unknown NOUN" (the option's name without dashes when nil).
    public init(
        _ names: String..., aliases: [String] = [], valueName: String? = nil, noun: String? = nil,
        abstract: String, example: String? = nil, required: Bool = false, completed: Bool = true
    ) {
        let values = Value.allCases.map(\.rawValue)
        let noun = noun ?? OptionDeclaration.noun(of: names)
        declaration = OptionDeclaration(
            names: names, aliases: aliases, valueName: valueName ?? values.joined(separator: "|"), abstract: abstract,
            example: example, values: values, noun: noun, completion: .words(values), isRequired: required,
            isHelp: false, isCompleted: completed, refusal: nil,
            convert: { text throws(UsageError) in try ValueChoice<Value>.value(text, noun: noun) })
    }
}

/// One of an enum's cases by its raw value, or the error that lists them.
enum ValueChoice<Value: RawRepresentable<String> & CaseIterable> {
    /// The case spelt `text`; throws ``UsageError`` naming the close one and every one.
    static func value(_ text: String, noun: String) throws(UsageError) -> Value {
        if let value = Value(rawValue: text) { return value }
        let values = Value.allCases.map(\.rawValue)
        throw UsageError(
            "unknown \(noun) \"\(text)\"\(NearestName.suggestion(for: text, among: values)); use \(Wording.list(values, or: true))"
        )
    }
}
