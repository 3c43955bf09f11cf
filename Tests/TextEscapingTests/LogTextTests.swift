import Testing
import TextEscaping

/// Outside text on one log line: it cannot start a line, move the cursor, or run long.
@Suite struct LogTextTests {
    @Test func controlCharactersAreEscaped() {
        #expect(LogText.escaped("a\nplugin other: forged") == #"a\nplugin other: forged"#)
        #expect(LogText.escaped("\u{1B}[31mred\r\t") == #"\e[31mred\r\t"#)
        #expect(LogText.escaped("\u{0}\u{7F}\u{85}\u{2028}") == #"\u{0}\u{7f}\u{85}\u{2028}"#)
        #expect(LogText.escaped(#"back\slash"#) == #"back\\slash"#, "so an escape in the text cannot pass for ours")
        #expect(LogText.escaped("plain, ünïcode ✓") == "plain, ünïcode ✓")
    }

    @Test func longTextIsCutAndSaysSo() {
        let cut = LogText.escaped(String(repeating: "x", count: 1 << 20))
        #expect(cut.hasPrefix(String(repeating: "x", count: 4096) + "…"))
        #expect(cut.hasSuffix("(\((1 << 20) - 4096) bytes cut)"))
        #expect(LogText.escaped(String(repeating: "y", count: 4096)) == String(repeating: "y", count: 4096))
    }
}
