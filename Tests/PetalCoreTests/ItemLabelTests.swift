import PetalCore
import Testing

struct ItemLabelTests {
    static let examples: [(String, String)] = [
        ("camera", "camera"),
        ("Camera42", "Camera42"),
        ("", "_"),
        ("_", "_5f"),
        ("a.b", "a_2eb"),
        ("é", "_c3_a9"),
        ("my item", "my_20item"),
        ("a/b/../c", "a_2fb_2f_2e_2e_2fc"),
        ("1st", "1st"),
        ("snake_case", "snake_5fcase"),
        ("-", "_2d"),
        ("😀", "_f0_9f_98_80"),
        ("\u{0}", "_00"),
    ]

    @Test(arguments: examples)
    func escapes(_ id: String, _ label: String) {
        #expect(ItemLabel.escape(id) == label)
        #expect(ItemLabel.unescape(label) == id)
    }

    @Test(arguments: [
        "", "_", "__", "a b", "a.b", "名前", "x/y", "0", "9lives", "_5f", "tab\there", "ÆØÅ", "🇳🇴", "a\u{0}b",
    ])
    func roundTrips(_ id: String) {
        let label = ItemLabel.escape(id)
        #expect(!label.isEmpty)
        #expect(
            label.utf8.allSatisfy {
                $0 == UInt8(ascii: "_") || ($0 < 0x80 && Character(Unicode.Scalar($0)).isLetter)
                    || ($0 >= 0x30 && $0 <= 0x39)
            })
        #expect(ItemLabel.unescape(label) == id)
    }

    @Test(arguments: [
        "",  // not a label
        "a.b",  // a character outside [A-Za-z0-9_]
        "a-b",
        "é",
        "_",  // fine on its own (empty id), see escapes; but "__" is not
        "__",
        "_5",  // truncated escape
        "_zz",  // not hex
        "_2E",  // uppercase hex is not what escape writes
        "_61",  // an escaped alphanumeric is not canonical
        "_ff",  // not UTF-8
        "_c3",  // truncated UTF-8
    ])
    func rejectsNonCanonicalLabels(_ label: String) {
        if label == "_" {
            #expect(ItemLabel.unescape(label) == "")
        } else {
            #expect(ItemLabel.unescape(label) == nil)
        }
    }

    @Test func distinctIdsGetDistinctLabels() {
        let ids = ["a_b", "a.b", "a b", "a_2eb", "a__b", "A_B", "a", "_a", "a_"]
        #expect(Set(ids.map(ItemLabel.escape)).count == ids.count)
    }
}
