/// One regular expression of a menu's `when` (docs/configuration.md, "The
/// menu the context asks for"): in Swift Regex syntax, matched against the
/// whole of a context value.
///
/// Swift's own `Regex` backtracks, so a pattern such as `(\w+\s?)*$` takes
/// seconds on a title of twenty characters and years on one of 4 KiB, on
/// petald's event loop. Petal checks each pattern with Swift's parser, so
/// its syntax is Swift's, then compiles the part of that syntax it supports
/// for a matcher of its own (``PatternProgram``) that runs every possible
/// path at once: its time grows with the value's length times the pattern's
/// size, never more, whatever either holds. What it does not support
/// (backreferences, lookaround, atomic groups and possessive quantifiers,
/// which need backtracking; Unicode properties, word boundaries and most
/// options) is refused with a message saying so, never taken to mean
/// something else.
public struct ContextPattern: Sendable, Equatable, CustomStringConvertible {
    /// The longest pattern, in bytes of UTF-8.
    public static let maximumBytes = 256
    /// The most instructions a pattern compiles to: each repetition's copies
    /// count (`a{100}` is 100), so that a short pattern cannot cost much.
    public static let maximumInstructions = 400

    /// The pattern as written.
    public let source: String
    let program: PatternProgram

    /// Checks and compiles `source`.
    ///
    /// - Throws: ``ContextPatternError`` saying what is wrong: too long,
    ///   not Swift Regex syntax (Swift's message), or outside what Petal
    ///   supports (which part, and what to write instead).
    public init(_ source: String) throws(ContextPatternError) {
        let bytes = source.utf8.count
        guard bytes <= Self.maximumBytes else {
            throw ContextPatternError("it is \(bytes) bytes long; a pattern has at most \(Self.maximumBytes)")
        }
        do {
            _ = try Regex(source)
        } catch {
            throw ContextPatternError("it is not a regular expression in Swift Regex syntax: \(error)")
        }
        var parser = PatternParser(source)
        let tree = try parser.parse()
        self.source = source
        program = try PatternProgram(tree, maximumInstructions: Self.maximumInstructions)
    }

    /// Whether the pattern matches the whole of `value`.
    public func matches(_ value: String) -> Bool {
        program.matches(value).matched
    }

    /// Two patterns are equal when they are written the same.
    public static func == (left: ContextPattern, right: ContextPattern) -> Bool {
        left.source == right.source
    }

    /// The pattern as written.
    public var description: String { source }
}

/// Why a pattern of `when` was refused: what is wrong with it, for a message
/// that names the pattern's place in the configuration.
public struct ContextPatternError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong, e.g. `backreferences (\1) are not supported`.
    public let description: String

    init(_ description: String) { self.description = description }
}
