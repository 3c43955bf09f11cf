import DBus
import PetalAPI
import PetalContextCore
import PetalCore
import Testing

/// The context's values: capped at 4 KiB each, cut only between characters.
@Suite struct DesktopContextTests {
    @Test func shortValuesAreKeptAsTheyAre() {
        let context = DesktopContext(
            app: "org.gnome.Nautilus", instance: "org.gnome.Nautilus", title: "Home — Files 📁", output: "eDP-1")
        #expect(context.app == "org.gnome.Nautilus")
        #expect(context.title == "Home — Files 📁")
        #expect(context.output == "eDP-1")
    }

    @Test func aValueOfExactlyTheLimitIsKept() {
        let text = String(repeating: "a", count: DesktopContext.maximumValueBytes)
        #expect(ContextText.capped(text) == text)
    }

    @Test func everyValueIsCutToTheLimit() {
        let long = String(repeating: "x", count: 10_000)
        let context = DesktopContext(app: long, instance: long, title: long, output: long).capped()
        for value in [context.app, context.instance, context.title, context.output] {
            #expect(value.utf8.count == DesktopContext.maximumValueBytes)
        }
    }

    @Test func aCutNeverSplitsAMultiByteCharacter() {
        // 4,095 bytes of ASCII, then a 3-byte character that would end at 4,098.
        let text = String(repeating: "a", count: 4095) + "日本"
        let capped = ContextText.capped(text)
        #expect(capped == String(repeating: "a", count: 4095))
        #expect(capped.utf8.count == 4095)
    }

    @Test func aCutNeverSplitsAGraphemeCluster() {
        // A family emoji is one character of 25 bytes (four people joined by ZWJs).
        let family = "👨‍👩‍👧‍👦"
        #expect(family.count == 1)
        let text = String(repeating: "a", count: 4080) + family + "tail"
        #expect(ContextText.capped(text) == String(repeating: "a", count: 4080))
        #expect(ContextText.capped(family + family, maximumBytes: 30) == family)
    }

    @Test func whatIsSentIsTheFiveKeysSetContextTakes() {
        let context = DesktopContext(app: "firefox", instance: "Navigator", title: "~", output: "DP-1")
        let sent = context.said(by: "petal-context/sway").dictionary.entries
        #expect(sent.map(\.key) == ["app", "instance", "title", "output", "source"])
        #expect(sent.map(\.value) == ["firefox", "Navigator", "~", "DP-1", "petal-context/sway"].map(DBusValue.string))
    }

    @Test func theLogLineEscapesWhatATitleHolds() {
        let context = DesktopContext(app: "evil", instance: "", title: "line\nbreak\u{1B}[31m", output: "")
        #expect(!context.logLine.contains("\n"))
        #expect(!context.logLine.contains("\u{1B}"))
    }
}
