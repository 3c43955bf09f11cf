import PetalCommandLine
import PetalJSON
import Testing

@testable import PetalControl

/// `choose --lines`: each line ↔ one choice, and the chosen line's bytes back.
@Suite struct ChoiceLinesTests {
    func lines(_ text: String) throws -> ChoiceLines { try ChoiceLines(Array(text.utf8)) }

    func items(_ lines: ChoiceLines) throws -> [JSONValue] {
        let menu = try JSONValue.parse(lines.menuJSON)
        guard case .object(let object) = menu, case .array(let items)? = object["items"] else {
            Issue.record("not a menu: \(lines.menuJSON)")
            return []
        }
        return items
    }

    @Test func eachLineIsAChoiceNumberedFromOne() throws {
        let choices = try lines("Lock\nLog out\n")
        #expect(choices.menuJSON == #"{"items":[{"id":"1","title":"Lock"},{"id":"2","title":"Log out"}]}"#)
        #expect(choices.line(chosen: "2")?.bytes == Array("Log out".utf8))
        #expect(choices.line(chosen: "1")?.bytes == Array("Lock".utf8))
        #expect(choices.line(chosen: "3") == nil)
        #expect(choices.line(chosen: "+1") == nil, "only the ids given map back")
        #expect(choices.line(chosen: "01") == nil)
    }

    @Test func aTabGivesTheIconAndTheWholeLineComesBack() throws {
        let choices = try lines("Lock\tsystem-lock-screen\nFiles\tfolder\textra field\n")
        let items = try items(choices)
        #expect(items[0] == ["id": "1", "title": "Lock", "icon": "system-lock-screen"])
        #expect(items[1] == ["id": "2", "title": "Files", "icon": "folder"])
        #expect(choices.line(chosen: "1")?.bytes == Array("Lock\tsystem-lock-screen".utf8))
        #expect(choices.line(chosen: "2")?.bytes == Array("Files\tfolder\textra field".utf8))
        let iconOnly = try lines("\tcamera-photo\n")
        #expect(try self.items(iconOnly)[0] == ["id": "1", "title": "", "icon": "camera-photo"])
    }

    @Test func emptyLinesAreSkippedAndNumbersKeepTheirPlace() throws {
        let choices = try lines("\nfirst\n\n\r\nsecond")
        #expect(choices.lines.map(\.number) == [2, 5], "ids are input line numbers; a last line needs no newline")
        #expect(choices.line(chosen: "5")?.bytes == Array("second".utf8))
    }

    @Test func duplicatesStayApart() throws {
        let choices = try lines("same\nsame\n")
        #expect(choices.lines.map(\.number) == [1, 2])
        #expect(choices.line(chosen: "1")?.bytes == choices.line(chosen: "2")?.bytes)
    }

    @Test func utf8AndOddBytesComeBackExactly() throws {
        let text = "Café ☕\temoji-icon\n🔒 Lock\r\n"
        let choices = try lines(text)
        let items = try items(choices)
        #expect(items[0] == ["id": "1", "title": "Café ☕", "icon": "emoji-icon"])
        #expect(items[1] == ["id": "2", "title": "🔒 Lock"], "a \\r before the newline is not shown")
        #expect(choices.line(chosen: "2")?.bytes == Array("🔒 Lock\r".utf8), "but it comes back")

        let invalid: [UInt8] = [0x66, 0xFF, 0x6F, 0x0A, 0x62, 0x61, 0x72]
        let raw = try ChoiceLines(invalid)
        #expect(try self.items(raw)[0] == ["id": "1", "title": "f\u{FFFD}o"], "shown with U+FFFD")
        #expect(raw.line(chosen: "1")?.bytes == [0x66, 0xFF, 0x6F], "given back as it came")
        #expect(raw.line(chosen: "2")?.bytes == Array("bar".utf8))
    }

    @Test func quotesAndBackslashesAreValidJSON() throws {
        let choices = try lines("say \"hi\" \\ there\n")
        #expect(try items(choices)[0] == ["id": "1", "title": "say \"hi\" \\ there"])
    }

    @Test func emptyInputIsAUsageError() {
        for input in ["", "\n", "\n\n\r\n"] {
            #expect {
                try lines(input)
            } throws: { error in
                (error as? UsageError)?.description.contains("choose --lines read no line from standard input") == true
            }
        }
    }

    @Test func theAdHocLimitsAreCheckedFirst() throws {
        let sixtyFour = (1...64).map { "item \($0)\n" }.joined()
        #expect(try lines(sixtyFour).lines.count == 64)
        #expect {
            try lines(sixtyFour + "one more\n")
        } throws: { error in
            (error as? UsageError)?.description.contains(
                "offers at most 64 choices (an ad-hoc menu's limit), but standard input has 65 lines") == true
        }
        // 64 titles of 1,024 bytes are over 64 KiB of JSON.
        let long = (1...64).map { _ in String(repeating: "x", count: 1024) + "\n" }.joined()
        #expect {
            try lines(long)
        } throws: { error in
            (error as? UsageError)?.description.contains("over the 65536 an ad-hoc menu may have") == true
        }
        #expect {
            try lines("ok\n" + String(repeating: "y", count: 4097) + "\n")
        } throws: { error in
            (error as? UsageError)?.description.contains("line 2's title is 4097 bytes, over the 4096") == true
        }
        #expect {
            try lines("ok\t" + String(repeating: "i", count: 4097))
        } throws: { error in
            (error as? UsageError)?.description.contains("line 1's icon is 4097 bytes, over the 4096") == true
        }
    }
}
