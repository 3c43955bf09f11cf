import DBus
import Testing

/// `value` inside `depth` arrays, each holding one element.
private func nestedArrays(_ depth: Int, around value: DBusValue = .byte(7)) -> DBusValue {
    (0..<depth).reduce(value) { inner, _ in .array(inner.type, [inner]) }
}

/// `value` inside `depth` one-field structs.
private func nestedStructs(_ depth: Int, around value: DBusValue = .byte(7)) -> DBusValue {
    (0..<depth).reduce(value) { inner, _ in .structure([inner]) }
}

/// `value` inside `depth` variants.
private func nestedVariants(_ depth: Int, around value: DBusValue = .byte(7)) -> DBusValue {
    (0..<depth).reduce(value) { inner, _ in .variant(inner) }
}

/// A fresh method call to append to.
private func emptyCall() -> Message {
    Message.methodCall(destination: nil, path: .example, interface: nil, member: "Test")
}

/// Values at the specification's limits, by name: the deepest nesting libdbus and the bus accept.
private let valuesAtTheLimits: [(String, DBusValue)] = [
    ("32 nested arrays", nestedArrays(32)),
    ("32 nested structs", nestedStructs(32)),
    ("64 nested variants", nestedVariants(64)),
    ("32 structs around 32 arrays", nestedStructs(32, around: nestedArrays(32))),
    ("32 variants around 32 arrays", nestedVariants(31, around: .variant(nestedArrays(32)))),
    ("an empty array of 32 nested array types", .array(nestedArrays(31).type, [])),
]

/// Values one step past a limit, with a fragment of the reason they are refused.
private let valuesPastTheLimits: [(String, DBusValue, String)] = [
    ("33 nested arrays", nestedArrays(33), "nest"),
    ("33 nested structs", nestedStructs(33), "nest"),
    ("65 nested variants", nestedVariants(65), "nest"),
    ("a variant around 32 structs around 32 arrays", .variant(nestedStructs(32, around: nestedArrays(32))), "nest"),
    ("an empty array of 33 nested array types", .array(nestedArrays(32).type, []), "nest"),
]

@Suite struct MessageLimitsTests {
    @Test(arguments: valuesAtTheLimits)
    func nestingAtTheLimitRoundTrips(_ label: String, _ value: DBusValue) throws {
        let message = emptyCall()
        try message.append(value)
        #expect(try message.arguments() == [value], "\(label)")
    }

    /// The bus validates every message; one it refused would cost the sender its connection.
    @Test(arguments: valuesAtTheLimits)
    func nestingAtTheLimitCrossesTheBus(_ label: String, _ value: DBusValue) async throws {
        try await withTestService { service in
            try service.register([
                DBusInterface(
                    "org.example.Echo",
                    methods: [
                        DBusMethod(
                            "Echo", dynamic: [DBusArgument("value", value.type)],
                            out: [DBusArgument("value", value.type)]
                        ) {
                            _, values in .values(values)
                        }
                    ])
            ])
            #expect(try await service.call("org.example.Echo", "Echo", [value]) == [value], "\(label)")
        }
    }

    @Test(arguments: valuesPastTheLimits)
    func nestingPastTheLimitIsRefused(_ label: String, _ value: DBusValue, _ reason: String) {
        let message = emptyCall()
        expectValueError(containing: reason) { try message.append(value) }
        #expect(message.signature == "", "\(label) left something in the body")
    }

    @Test(arguments: [
        DBusValue.string("a\u{0}b"),
        .strings(["fine", "not\u{0}fine"]),
        .variant(.string("\u{0}")),
        .vardict([("key", .variant(.string("nul\u{0}")))]),
        .dictionary(.string, .string, [(.string("k\u{0}"), .string("v"))]),
    ])
    func stringWithNULIsRefused(_ value: DBusValue) {
        expectValueError(containing: "NUL") { try emptyCall().append(value) }
    }

    @Test func arrayHoldingAnotherTypeIsRefused() {
        expectValueError(containing: "an array of s holds a value of type i") {
            try emptyCall().append(.array(.string, [.string("a"), .int32(1)]))
        }
        expectValueError(containing: "holds a value of type") {
            try emptyCall().append(.dictionary(.string, .variant, [(.string("k"), .string("not a variant"))]))
        }
        // Each kind of container, told apart without building the element's type.
        expectValueError(containing: "an array of (si) holds a value of type (ss)") {
            try emptyCall().append(.array(.structure([.string, .int32]), [.structure([.string("a"), .string("b")])]))
        }
        expectValueError(containing: "an array of (si) holds a value of type (sii)") {
            try emptyCall().append(
                .array(.structure([.string, .int32]), [.structure([.string("a"), .int32(1), .int32(2)])]))
        }
        expectValueError(containing: "an array of as holds a value of type ai") {
            try emptyCall().append(.array(.array(.string), [.array(.int32, [])]))
        }
        expectValueError(containing: "an array of s holds a value of type as") {
            try emptyCall().append(.array(.string, [.strings(["a"])]))
        }
    }

    @Test func arraysOfContainersOfTheirElementTypeAreAccepted() throws {
        let call = emptyCall()
        try call.append(
            .array(.structure([.string, .int32]), [.structure([.string("a"), .int32(1)])]),
            .array(.array(.string), [.strings(["a"]), .strings([])]),
            .array(.variant, [.variant(.int32(1)), .variant(.strings(["x"]))]),
            .vardict([("k", .variant(.string("v")))]))
        #expect(call.signature == "a(si)aasava{sv}")
    }

    @Test func dictionaryKeyThatIsNotBasicIsRefused() {
        expectValueError(containing: "basic") {
            try emptyCall().append(.dictionary(.variant, .string, [(.variant(.int32(1)), .string("x"))]))
        }
        expectValueError(containing: "basic") {
            try emptyCall().append(
                .dictionary(.structure([.int32]), .string, [(.structure([.int32(1)]), .string("x"))]))
        }
        // An empty dictionary has only its type to be wrong.
        expectValueError(containing: "basic") {
            try emptyCall().append(.array(.dictEntry(key: .array(.string), value: .string), []))
        }
    }

    @Test func misplacedContainersAreRefused() {
        expectValueError(containing: "struct") { try emptyCall().append(.structure([])) }
        expectValueError(containing: "dictionary entry") {
            try emptyCall().append(.dictEntry(.string("k"), .string("v")))
        }
        expectValueError(containing: "dictionary entry") {
            try emptyCall().append(.variant(.dictEntry(.string("k"), .string("v"))))
        }
    }

    @Test func signatureOver255BytesIsRefused() {
        let values = Array(repeating: DBusValue.int32(1), count: 256)
        let message = emptyCall()
        expectValueError(containing: "255") { try message.append(values) }
        #expect(message.signature == "")
        #expect(throws: Never.self) { try emptyCall().append(Array(values.prefix(255))) }
    }

    @Test func refusedValuesLeaveTheBodyAsItWas() throws {
        let message = emptyCall()
        try message.append(.string("kept"))
        expectValueError(containing: "NUL") { try message.append(.int32(1), .string("\u{0}")) }
        #expect(message.signature == "s")
        #expect(try message.arguments() == [.string("kept")])
    }
}

@Suite struct MessageSignatureLengthTests {
    /// The 255-byte limit is on the whole body, however many appends built it.
    @Test func appendingInStepsCannotPassTheSignatureLimit() throws {
        let message = emptyCall()
        try message.append(Array(repeating: DBusValue.int32(1), count: 200))
        expectValueError(containing: "255") { try message.append(Array(repeating: DBusValue.int32(1), count: 56)) }
        #expect(message.signature.utf8.count == 200)
        try message.append(Array(repeating: DBusValue.int32(1), count: 55))
        #expect(message.signature.utf8.count == 255)
    }
}
