import Testing
import TextEscaping

/// XML's five entities, each on its own so a missing one fails by name.
@Suite struct XMLTextTests {
    static let entities: [(String, String)] = [
        ("&", "&amp;"), ("<", "&lt;"), (">", "&gt;"), ("\"", "&quot;"), ("'", "&apos;"),
    ]

    @Test(arguments: entities)
    func eachSpecialCharacterBecomesItsEntity(character: String, entity: String) {
        #expect(XMLText.escaped(character) == entity)
        #expect(XMLText.escaped("a\(character)b") == "a\(entity)b")
        #expect(XMLText.escaped(character + character) == entity + entity)
    }

    @Test func ampersandsAreEscapedOnceAndFirst() {
        // An entity in the input is text, not markup: its & is escaped, and only once.
        #expect(XMLText.escaped("&amp;") == "&amp;amp;")
        #expect(XMLText.escaped("&lt;") == "&amp;lt;")
    }

    @Test func everythingElseIsLeftAsItIs() {
        for text in ["", "plain", "org.example.Calc", "a{sv}", "Läuft — ★ 🌸", "tab\tand\nnewline", "#;=/?"] {
            #expect(XMLText.escaped(text) == text)
        }
    }

    @Test func mixedTextAsTheCallSitesSeeIt() {
        #expect(XMLText.escaped(#"a<b>&"c'd"#) == "a&lt;b&gt;&amp;&quot;c&apos;d")
        #expect(XMLText.escaped("Rock & <Roll>") == "Rock &amp; &lt;Roll&gt;")
        #expect(XMLText.escaped(#"red" onload="x"#) == "red&quot; onload=&quot;x")
    }

    /// `"` followed by a combining mark is one Character but two scalars; the quote must not slip through.
    @Test func aQuoteWithACombiningMarkIsStillEscaped() {
        #expect(XMLText.escaped("\"\u{301}") == "&quot;\u{301}")
        #expect(XMLText.escaped("<\u{338}") == "&lt;\u{338}")
        #expect(XMLText.escaped("e\u{301}&") == "e\u{301}&amp;")
    }
}
