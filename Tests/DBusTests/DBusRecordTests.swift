import DBus
import Testing

/// `a{sv}` records declared as data: written in their keys' order, read
/// strictly with refusals naming the key, or leniently as a client reads.
@Suite struct DBusRecordTests {
    enum Shape: String, DBusStringEnum { case round, square }

    struct Inner: DBusRecord, Equatable {
        var name: String?
        static let keys: [DBusRecordKey<Inner>] = [.value("name", \.name, what: "a name (s)")]
        static var unknownKeys: DBusUnknownKeys { .refused }
        static func subject(_ key: String) -> String { "the inner \"\(key)\"" }
    }

    struct Options: DBusRecord, Equatable {
        var shape: Shape?
        var size: Double?
        var loud = false
        var quiet = true
        var inner: Inner?
        static let keys: [DBusRecordKey<Options>] = [
            .value("shape", \.shape, what: "one of \(Shape.caseList)"),
            .number("size", \.size, what: "a size from 1 to 10", accepts: { (1...10).contains($0) }),
            .flag("loud", \.loud),
            .flag("quiet", \.quiet, default: true),
            .record("inner", \.inner, what: "an inner record"),
        ]
    }

    func dictionary(_ entries: [(String, DBusValue)]) -> DBusVariantDictionary {
        DBusVariantDictionary(entries.map { ($0.0, $0.1) })
    }

    @Test func onlyWhatIsGivenIsWrittenInTheKeysOrder() throws {
        var options = Options()
        #expect(options.dictionary.entries.isEmpty)
        options.inner = Inner(name: "x")
        options.quiet = false
        options.shape = .square
        options.size = 3
        let written = options.dictionary.entries
        #expect(written.map(\.key) == ["shape", "size", "quiet", "inner"])
        #expect(written[0].value == .string("square") && written[1].value == .double(3))
        #expect(written[2].value == .boolean(false))
        #expect(try Options(checking: options.dictionary) == options, "what is written reads back")
    }

    @Test func anyNumberTypeIsANumberAndUnknownKeysAreSkipped() throws {
        let read = try Options(checking: dictionary([("size", .uint32(4)), ("later", .string("?"))]))
        #expect(read.size == 4)
    }

    @Test(arguments: [
        ([("shape", DBusValue.string("oval"))], #"option "shape" must be one of round or square, not "oval""#),
        ([("shape", DBusValue.int32(1))], #"option "shape" must be one of round or square, not 1"#),
        ([("size", DBusValue.double(11))], #"option "size" must be a size from 1 to 10, not 11.0"#),
        ([("loud", DBusValue.string("yes"))], #"option "loud" must be a boolean (b), not s"#),
        ([("loud", DBusValue.boolean(true)), ("loud", DBusValue.boolean(false))], #"option "loud" is given twice"#),
        ([("inner", DBusValue.string("x"))], #"option "inner" must be an inner record (a{sv}), not s"#),
        (
            [("inner", DBusValue.vardict([("nick", .string("x"))]))],
            #"option "inner" is refused: the inner "nick" is not known; the keys are name"#
        ),
    ])
    func aStrictReadingRefusesSayingWhich(entries: [(String, DBusValue)], message: String) {
        #expect {
            try Options(checking: dictionary(entries))
        } throws: { error in
            guard let error = error as? DBusError else { return false }
            return error.name == DBusError.Name.invalidArgs && error.message == message
        }
    }

    @Test func aLenientReadingKeepsWhatItCanRead() {
        let read = Options(
            lenient: dictionary([("shape", .string("oval")), ("size", .double(2)), ("loud", .string("no"))]))
        #expect(read == Options(shape: nil, size: 2, loud: false, quiet: true, inner: nil))
    }

    /// A record made of two others: their keys, in order, each read into its part.
    struct Both: DBusRecord, Equatable {
        var options = Options()
        var inner = Inner()
        static let keys: [DBusRecordKey<Both>] =
            liftedKeys(of: Options.self, at: \.options) + liftedKeys(of: Inner.self, at: \.inner)
    }

    @Test func liftedKeysReadAndWriteTheirPart() throws {
        var both = Both()
        both.options.size = 2
        both.inner.name = "x"
        #expect(both.dictionary.entries.map(\.key) == ["size", "name"])
        let read = try Both(checking: dictionary([("name", .string("y")), ("loud", .boolean(true))]))
        #expect(read.inner.name == "y" && read.options.loud)
        #expect(throws: DBusError.invalidArgs(#"option "size" must be a size from 1 to 10, not 0.0"#)) {
            try Both(checking: dictionary([("size", .double(0))]))
        }
        #expect(Both.keyList == "shape, size, loud, quiet, inner and name")
    }
}
