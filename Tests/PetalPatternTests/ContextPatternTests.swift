import TestSupport
import Testing

@testable import PetalPattern

/// The patterns of `when` (docs/configuration.md): Swift Regex syntax,
/// matched against a whole value by Petal's own matcher, which must agree
/// with Swift's `Regex` on everything it accepts, refuse the rest by name,
/// and never take more than the value's length times the pattern's size.
@Suite struct ContextPatternTests {
    static func matches(_ pattern: String, _ value: String) throws -> Bool {
        try ContextPattern(pattern).matches(value)
    }

    @Test(arguments: [
        ("firefox", "firefox", true),
        ("firefox", "org.mozilla.firefox", false),
        ("fire", "firefox", false),
        (".*firefox", "org.mozilla.firefox", true),
        ("firefox|chromium", "chromium", true),
        ("firefox|chromium", "firefoxchromium", false),
        ("(?i)firefox", "Firefox", true),
        ("(?i)FIREFOX|chromium", "firefox", true),
        ("(?i:fire)fox", "FIREfox", true),
        ("(?i:fire)fox", "fireFOX", false),
        ("org\\.mozilla\\..*", "org.mozilla.firefox", true),
        ("org\\.mozilla\\..*", "orgxmozilla.firefox", false),
        (".*GitHub.*", "Pull requests · GitHub — Mozilla Firefox", true),
        ("HDMI-A-[0-9]", "HDMI-A-1", true),
        ("^$", "", true),
        ("^$", "x", false),
        ("", "", true),
        ("", "x", false),
        ("a{2,3}", "aaa", true),
        ("a{2,3}", "aaaa", false),
        ("a{2,}", "aaaaaa", true),
        ("a{,2}", "", true),
        ("[^a-z]+", "ABC", true),
        ("(?i)[^a-z]+", "ABC", false),
        ("\\d+", "2024", true),
        ("\\w+", "Éclair_2", true),
        ("\\s*", " \t", true),
        (".", "\n", false),
        ("(?s).", "\n", true),
        ("é", "e\u{301}", true),
        ("e", "e\u{301}", false),
        ("\\x41\\u{42}\\u0043", "ABC", true),
        ("a\\Z\\n", "a\n", true),
        ("(?<name>ab)+", "abab", true),
    ])
    func matchesTheWholeValue(pattern: String, value: String, expected: Bool) throws {
        #expect(try Self.matches(pattern, value) == expected)
    }

    /// Every pattern of a list, and thousands of generated ones (the same
    /// each run), against values of letters in either case, accents,
    /// digits, spaces and newlines: Petal's matcher answers as `Regex` does.
    @Test func agreesWithSwiftRegex() throws {
        var generator = SeededGenerator(seed: 24)
        var patterns = Self.listed
        for _ in 0..<1500 { patterns.append(Self.generated(depth: 0, using: &generator)) }
        var checked = 0
        for pattern in patterns {
            let ours = try ContextPattern(pattern)
            let swift = try Regex(pattern)
            var values = Self.values
            for _ in 0..<6 { values.append(Self.generatedValue(using: &generator)) }
            for value in values {
                #expect(
                    ours.matches(value) == (value.wholeMatch(of: swift) != nil),
                    "\(pattern) on \(value.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 10_000)
    }

    static let listed = [
        "", "a", "(?i)a", ".*", ".+", "(?s).", "a*", "a?", "a{2}", "a{1,2}?", "(ab)*", "(a|b)*c", "(?:a|b){2,3}",
        "[a-z]+", "[^a-z]", "(?i)[a-z]+", "(?i)[^a]", "[\\d]+", "\\D", "\\W", "\\S+", "[\\s\\d]", "[-a]", "[a-]",
        "[a\\-z]", "[.]", "[\\]]", "[$^]", "[a-c-e]", "^a$", "$", "^", "\\Aa\\z", "a\\Z", "a|", "|a", "()", "a*?b",
        "a(?i)b", "(a(?i)b)c", "(a(?i)b|c)", "a(?i)b|c", "(?i)(?-i:a)", "(?P<n>a)", "(?'n'a)", "\\.", "\\ ", "\\{",
        "}", "]", "(?i)é", "[é]", "(?i)[é]", "(?i)ß", "(a*)*", "(a*)*b", "(a|aa)*b", "(\\w+\\s?)*", "[\\w.-]+",
    ]
    static let values = [
        "", "a", "A", "b", "ab", "aB", "abc", "aaab", "abab", "ababc", "-", "_", "1", "٣", "é", "e\u{301}", "É", " ",
        "\n", "a\n", "\r\n", "😀", "ß", "ẞ", "a b", "{", "}", ".", "]", "^", "$",
    ]

    static let atoms = [
        "a", "b", "A", ".", "[ab]", "[^a]", "\\d", "\\w", "é", "(?i)", "(?-i)", "(?s)", "-", "[a-c]", "(?i)[a-cé]",
        "\\s", "\\n", "É", "[_-]", "\\W", "(?i:ab)", "[\\w-]", "$", "^",
    ]

    /// A random pattern of ``atoms``, repeated and grouped.
    static func generated(depth: Int, using generator: inout SeededGenerator) -> String {
        var pattern = ""
        for _ in 0..<Int.random(in: 1...3, using: &generator) {
            var atom = atoms.randomElement(using: &generator)!
            if depth < 2 && Int.random(in: 0..<4, using: &generator) == 0 {
                let second = Bool.random(using: &generator) ? "|" + generated(depth: depth + 1, using: &generator) : ""
                atom = "(" + generated(depth: depth + 1, using: &generator) + second + ")"
            } else if atom.hasPrefix("(?") && !atom.contains(":") || atom == "$" || atom == "^" {
                pattern += atom
                continue
            }
            let repetitions = ["*", "+", "?", "{1,2}", "{2}", "{0,1}", "{2,}", "*?", "+?", "", "", ""]
            pattern += atom + repetitions.randomElement(using: &generator)!
        }
        return pattern
    }

    static func generatedValue(using generator: inout SeededGenerator) -> String {
        let alphabet: [Character] = ["a", "b", "A", "B", "1", "é", "É", "x", "-", "\n", " ", "_", "c", "C"]
        return String(
            (0..<Int.random(in: 0...5, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! })
    }

    @Test(arguments: [
        ("(a)\\1", "backreferences and octal escapes (\\1), which need backtracking"),
        ("(?<n>a)\\k<n>", "backreferences (\\k), which need backtracking"),
        ("(?=a)a", "lookahead ((?=…) and (?!…)), which needs backtracking"),
        ("(?>a*)a", "atomic groups ((?>…)), which need backtracking"),
        ("a*+", "possessive quantifiers (such as a*+), which need backtracking; leave out the +"),
        ("\\bfirefox\\b", "word boundaries (\\b, \\B); match the characters around the word instead"),
        ("\\p{L}+", "Unicode properties (\\p{…}); use \\w, \\d, \\s or a class such as [a-z]"),
        ("[[:alpha:]]", "a class within a class (such as [[:alpha:]] or [a[b]]); write its members directly"),
        ("[:alpha:]", "POSIX classes such as [:alpha:]; use \\w, \\d, \\s or a range such as [a-z]"),
        ("[a-z--aeiou]", "operations on classes (--); write the members the class should hold"),
        ("[a&&b]", "operations on classes (&&); write the members the class should hold"),
        (
            "(?x)a b",
            "the option \"x\"; the options supported are i (either case) and s (. matches newlines), as in (?i) or (?i:…)"
        ),
        (
            "(?m)^a$",
            "the option \"m\"; the options supported are i (either case) and s (. matches newlines), as in (?i) or (?i:…)"
        ),
        ("a{", #"a "{" that starts no repetition such as {2} or {1,3}; write \{ for the character {"#),
        ("a{2000}", "a repetition count over 1000"),
        (
            "\\h",
            "the escape \\h; the escapes supported are \\d \\w \\s (and \\D \\W \\S), \\A \\z \\Z, \\t \\n \\r \\f \\e \\a, \\xHH, \\x{H…}, \\uHHHH, \\u{H…}, and \\ before a punctuation character"
        ),
    ])
    func refusesWhatItCannotMatch(pattern: String, what: String) {
        #expect(throws: ContextPatternError("Petal's matcher does not support " + what)) {
            try ContextPattern(pattern)
        }
    }

    @Test func refusesWhatIsNotSwiftRegexWithSwiftsMessage() throws {
        let error = try #require(throws: ContextPatternError.self) { try ContextPattern("fire(fox") }
        #expect(error.description == "it is not a regular expression in Swift Regex syntax: expected ')'")
        // What Swift's Regex does not support either is refused with its words.
        let lookbehind = try #require(throws: ContextPatternError.self) { try ContextPattern("(?<!a)b") }
        #expect(lookbehind.description.hasPrefix("it is not a regular expression in Swift Regex syntax: "))
    }

    @Test func refusesPatternsOverTheirLimits() throws {
        let long = String(repeating: "a", count: ContextPattern.maximumBytes + 1)
        #expect(throws: ContextPatternError("it is 257 bytes long; a pattern has at most 256")) {
            try ContextPattern(long)
        }
        _ = try ContextPattern(String(repeating: "a", count: ContextPattern.maximumBytes))
        // Short to write, long to run: each copy of a repetition counts.
        let error = try #require(throws: ContextPatternError.self) { try ContextPattern("(abcdef){100}") }
        #expect(error.description.hasPrefix("it is too large for Petal's matcher"))
        _ = try ContextPattern("(abcdef){50}")
    }

    /// Patterns a backtracking matcher takes longer than the age of the
    /// universe on, against 4 KiB (the longest context value) that they do
    /// not match: each takes at most two steps per instruction per character.
    @Test(arguments: [
        "(a*)*b", "(a|aa)*b", "(\\w+\\s?)*$x", ".*.*.*x", "(?i)(.*firefox.*)*y", "(?:[a-z]+[-. ]?){1,40}[0-9]",
    ])
    func takesAtMostTheValuesLengthTimesThePatternsSize(pattern: String) throws {
        let compiled = try ContextPattern(pattern)
        for value in [String(repeating: "a", count: 4096), String(repeating: "Mozilla Firefox ", count: 256)] {
            let (matched, steps) = compiled.program.matches(value)
            #expect(!matched)
            #expect(steps <= 2 * compiled.program.instructions.count * (value.count + 1))
        }
    }

    @Test func patternsAreEqualWhenWrittenTheSame() throws {
        #expect(try ContextPattern("a|b") == ContextPattern("a|b"))
        #expect(try ContextPattern("a|b") != ContextPattern("b|a"))
        #expect(try ContextPattern("(?i)x").description == "(?i)x")
    }
}
