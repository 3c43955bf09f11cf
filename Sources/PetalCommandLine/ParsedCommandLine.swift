/// What a command line says, by the declarations of its options and operands.
public struct ParsedCommandLine: Sendable {
    /// The subcommands given, outermost first; empty for the program alone.
    public let commandPath: [String]
    /// Whether help was asked for (`-h`, `--help`); then nothing else was checked.
    public let isHelpRequested: Bool
    /// Each option given, in order, with its value (`true` for a flag).
    let givenOptions: [(name: String, value: any Sendable)]
    /// Each operand's values, by its value name.
    let operandValues: [String: [any Sendable]]

    /// The subcommand given (the innermost), or nil for the program alone.
    public var subcommand: String? { commandPath.last }

    /// Whether `flag` was given.
    public subscript(flag: Flag) -> Bool {
        isGiven(flag)
    }

    /// Whether the option was given, whatever its value.
    public func isGiven(_ option: any OptionDeclaring) -> Bool {
        givenOptions.contains { $0.name == option.declaration.name }
    }

    /// The value `option` was given last, or nil when it was not.
    public subscript<Value>(option: Option<Value>) -> Value? {
        values(of: option).last
    }

    /// Every value `option` was given, in order.
    public func values<Value>(of option: Option<Value>) -> [Value] {
        givenOptions.compactMap { $0.name == option.declaration.name ? $0.value as? Value : nil }
    }

    /// The value given last to any of `options` (`--bus` and `--address`,
    /// which set the same thing), or nil when none was given.
    public func lastValue<Value>(of options: Option<Value>...) -> Value? {
        let names = Set(options.map(\.declaration.name))
        return givenOptions.last { names.contains($0.name) }?.value as? Value
    }

    /// The value of `operand`, or nil when it was not given.
    public subscript<Value>(operand: Operand<Value>) -> Value? {
        values(of: operand).first
    }

    /// Every value of `operand` (one, or for a repeating operand any number), in order.
    public func values<Value>(of operand: Operand<Value>) -> [Value] {
        (operandValues[operand.declaration.valueName] ?? []).compactMap { $0 as? Value }
    }
}
