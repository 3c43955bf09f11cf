import DBus
import Testing

private func times(_ text: String, _ count: Int) -> String { String(repeating: text, count: count) }

/// `depth` structs around a `y`: `((…(y)…))`.
private func structs(_ depth: Int, around inner: String = "y") -> String {
    times("(", depth) + inner + times(")", depth)
}

/// Parses `text` through the throwing initializer. (Writing `DBusSignature("as")` with a
/// literal argument would use the trapping literal initializer instead, per SE-0213.)
private func parse(_ text: String) throws(DBusSignatureError) -> DBusSignature { try DBusSignature(text) }

/// Checks that `text` is rejected at `offset` with a reason containing `fragment`.
private func expectInvalid(
    _ text: String, _ fragment: String, at offset: Int, sourceLocation: SourceLocation = #_sourceLocation
) {
    let error = #expect(throws: DBusSignatureError.self, sourceLocation: sourceLocation) { try DBusSignature(text) }
    guard let error else { return }
    #expect(error.value == text, sourceLocation: sourceLocation)
    #expect(error.offset == offset, "reason was: \(error.reason)", sourceLocation: sourceLocation)
    #expect(error.reason.contains(fragment), "reason was: \(error.reason)", sourceLocation: sourceLocation)
    #expect(
        error.description.hasPrefix("\(text.debugDescription) is not a valid signature: "),
        sourceLocation: sourceLocation)
}

/// A deterministic generator of valid nested types, for round-trip tests.
private struct TypeGenerator {
    var state: UInt64
    static let basics: [DBusType] = [
        .byte, .boolean, .int16, .uint16, .int32, .uint32, .int64, .uint64, .double, .string, .objectPath, .signature,
        .unixFD,
    ]

    mutating func next(_ bound: Int) -> Int {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return Int((state >> 33) % UInt64(bound))
    }

    mutating func type(depth: Int) -> DBusType {
        let pick = depth == 0 ? next(2) : next(6)
        switch pick {
        case 0: return Self.basics[next(Self.basics.count)]
        case 1: return .variant
        case 2: return .array(type(depth: depth - 1))
        case 3: return .dictionary(Self.basics[next(Self.basics.count)], type(depth: depth - 1))
        default: return .structure((0...next(3)).map { _ in type(depth: depth - 1) })
        }
    }
}

@Suite struct SignatureTests {
    @Test(arguments: [
        "", "y", "b", "n", "q", "i", "u", "x", "t", "d", "s", "o", "g", "h", "v",
        "as", "ay", "a{sv}", "a{s(ii)}", "(ssssbb)", "aa{sv}", "a(ia{sv}av)", "sa{sv}as", "a{ias}", "a{ha{sv}}",
        "(i(i(i)))", "a{oa{sa{sv}}}", "(yv)", "ia(ia{sv}av)", "a{ta{ys}}", "(a{sv})(v)",
    ])
    func valid(_ text: String) throws {
        let signature = try DBusSignature(text)
        #expect(signature.rawValue == text)
        #expect(signature.types.map(\.signature).joined() == text)
        #expect(try DBusSignature(signature.types) == signature)
    }

    @Test func parsesIntoTypes() throws {
        #expect(try parse("sa{sv}").types == [.string, .dictionary(.string, .variant)])
        #expect(try parse("(ssssbb)").types == [.structure([.string, .string, .string, .string, .boolean, .boolean])])
        #expect(
            try parse("ia(ia{sv}av)").types == [
                .int32, .array(.structure([.int32, .dictionary(.string, .variant), .array(.variant)])),
            ])
        #expect(try parse("hg").types == [.unixFD, .signature])
    }

    @Test(arguments: [
        ("a", #"the array "a" at byte 0 has no element type"#, 0),
        ("aa", #"the array "a" at byte 1 has no element type"#, 1),
        ("(a)", #"the array "a" at byte 1 has no element type"#, 1),
        ("(", #"the struct opened at byte 0 is never closed with ")""#, 0),
        ("(s(i)", #"the struct opened at byte 0 is never closed"#, 0),
        ("()", #"empty struct "()" at byte 0"#, 0),
        ("a()", #"empty struct "()" at byte 1"#, 1),
        (")", #"")" at byte 0 closes no struct"#, 0),
        ("as)", #"")" at byte 2 closes no struct"#, 2),
        ("}", #""}" at byte 0 closes no dictionary entry"#, 0),
        ("a{sv}}", #""}" at byte 5 closes no dictionary entry"#, 5),
        ("{sv}", #"a dictionary entry "{" at byte 0 is only allowed right after "a""#, 0),
        ("(s{sv})", #"a dictionary entry "{" at byte 2 is only allowed right after "a""#, 2),
        ("a{vs}", #"a dictionary key must be a basic type, found "v" at byte 2"#, 2),
        ("a{as}", #"a dictionary key must be a basic type, found "a" at byte 2"#, 2),
        ("a{(i)s}", #"a dictionary key must be a basic type, found "(" at byte 2"#, 2),
        ("a{{ss}s}", #"a dictionary key must be a basic type, found "{" at byte 2"#, 2),
        ("a{zs}", #"unknown type code "z" at byte 2"#, 2),
        ("a{}", #"empty dictionary entry "{}" at byte 1"#, 1),
        ("a{s}", "the dictionary entry at byte 1 has a key but no value", 1),
        ("a{sss}", #"holds more than 2 types: found "s" at byte 4 where "}" belongs"#, 4),
        ("a{sv)", #"holds more than 2 types: found ")" at byte 4"#, 4),
        ("a{", #"the dictionary entry opened at byte 1 is never closed with "}""#, 1),
        ("a{s", "the dictionary entry opened at byte 1 is never closed", 1),
        ("a{sv", "the dictionary entry opened at byte 1 is never closed", 1),
        ("z", #"unknown type code "z" at byte 0"#, 0),
        ("sS", #"unknown type code "S" at byte 1"#, 1),
        ("r", #"type code "r" at byte 0 is reserved for bindings"#, 0),
        ("(ie)", #"type code "e" at byte 2 is reserved for bindings"#, 2),
        ("am", #"type code "m" at byte 1 is reserved"#, 1),
        ("\u{e9}", "unknown type code 0xC3 at byte 0", 0),
        ("s\u{0}", "unknown type code 0x00 at byte 1", 1),
        (" ", #"unknown type code " " at byte 0"#, 0),
    ])
    func invalid(_ text: String, _ fragment: String, _ offset: Int) {
        expectInvalid(text, fragment, at: offset)
    }

    @Test func errorDescriptionQuotesTheSignature() {
        let error = #expect(throws: DBusSignatureError.self) { try parse("a{vs}") }
        #expect(
            error?.description
                == #""a{vs}" is not a valid signature: a dictionary key must be a basic type, found "v" at byte 2"#)
    }

    @Test func lengthLimit() throws {
        #expect(try DBusSignature(times("y", 255)).types.count == 255)
        expectInvalid(times("y", 256), "it is 256 bytes long; the maximum is 255", at: 255)
        #expect(try DBusSignature(times("a", 32) + times("y", 223)).rawValue.utf8.count == 255)
        #expect(try DBusSignature.parseSingle(structs(32, around: times("y", 191))) != .byte)
        expectInvalid(structs(32, around: times("y", 192)), "it is 256 bytes long", at: 255)
    }

    @Test func arrayDepthLimit() throws {
        #expect(
            try DBusSignature.parseSingle(times("a", 32) + "y") == (0..<32).reduce(DBusType.byte) { t, _ in .array(t) })
        expectInvalid(times("a", 33) + "y", "arrays nest more than 32 deep at byte 32", at: 32)
        // Structs do not reset the array count.
        #expect(throws: Never.self) { try DBusSignature(times("a", 16) + "(" + times("a", 16) + "y)") }
        expectInvalid(times("a", 16) + "(" + times("a", 17) + "y)", "arrays nest more than 32 deep at byte 33", at: 33)
        // Each dictionary entry needs an array, so 32 nested dictionaries is the most.
        #expect(throws: Never.self) { try DBusSignature(times("a{s", 32) + "y" + times("}", 32)) }
        expectInvalid(times("a{s", 33) + "y" + times("}", 33), "arrays nest more than 32 deep at byte 96", at: 96)
    }

    @Test func structDepthLimit() throws {
        #expect(try DBusSignature(structs(32)).types.count == 1)
        expectInvalid(structs(33), "structs nest more than 32 deep at byte 32", at: 32)
        // Arrays do not reset the struct count.
        expectInvalid(structs(16, around: "a" + structs(17)), "structs nest more than 32 deep at byte 33", at: 33)
        // The full 64 levels: 32 arrays around 32 structs, and the other way round.
        #expect(throws: Never.self) { try DBusSignature(times("a", 32) + structs(32)) }
        #expect(throws: Never.self) { try DBusSignature(structs(32, around: times("a", 32) + "y")) }
        // Dictionary entries count separately from structs, as in libdbus.
        #expect(throws: Never.self) { try DBusSignature(structs(32, around: "a{sy}")) }
        #expect(throws: Never.self) { try DBusSignature("a{s" + structs(32) + "}") }
    }

    @Test func initFromTypesValidates() throws {
        #expect(try DBusSignature([.string, .dictionary(.string, .variant)]).rawValue == "sa{sv}")
        #expect(try DBusSignature([]) == .empty)
        expectInvalidTypes([.dictEntry(key: .string, value: .variant)], "is only allowed right after")
        expectInvalidTypes([.structure([])], "empty struct")
        expectInvalidTypes([.dictionary(.variant, .string)], "a dictionary key must be a basic type")
        expectInvalidTypes(
            [.array(.structure([.dictEntry(key: .string, value: .string)]))], "is only allowed right after")
        expectInvalidTypes([(0..<33).reduce(DBusType.byte) { t, _ in .array(t) }], "arrays nest more than 32")
        expectInvalidTypes([(0..<33).reduce(DBusType.byte) { t, _ in .structure([t]) }], "structs nest more than 32")
        expectInvalidTypes(Array(repeating: .string, count: 256), "256 bytes")
        #expect(try DBusSignature(Array(repeating: .string, count: 255)).types.count == 255)
    }

    private func expectInvalidTypes(
        _ types: [DBusType], _ fragment: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let error = #expect(throws: DBusSignatureError.self, sourceLocation: sourceLocation) {
            try DBusSignature(types)
        }
        #expect(
            error?.reason.contains(fragment) == true, "reason was: \(error?.reason ?? "none")",
            sourceLocation: sourceLocation)
        #expect(error?.value == types.map(\.signature).joined(), sourceLocation: sourceLocation)
    }

    @Test func parseSingle() throws {
        #expect(try DBusSignature.parseSingle("a{sv}") == .dictionary(.string, .variant))
        #expect(try DBusSignature.parseSingle("(ss)") == .structure([.string, .string]))
        #expect(try DBusSignature.parseSingle("h") == .unixFD)
        let empty = #expect(throws: DBusSignatureError.self) { try DBusSignature.parseSingle("") }
        #expect(empty?.reason.contains("expected exactly one complete type") == true)
        let two = #expect(throws: DBusSignatureError.self) { try DBusSignature.parseSingle("sa{sv}") }
        #expect(two?.offset == 1)
        #expect(two?.reason.contains("another begins at byte 1") == true)
        let bad = #expect(throws: DBusSignatureError.self) { try DBusSignature.parseSingle("a{vs}") }
        #expect(bad?.offset == 2)
        #expect(throws: DBusSignatureError.self) { try DBusSignature.parseSingle(times("y", 256)) }
    }

    @Test(arguments: 0..<200)
    func roundTripsGeneratedTypes(seed: Int) throws {
        var generator = TypeGenerator(state: UInt64(seed) &* 0x9E37_79B9_7F4A_7C15)
        let types = (0...generator.next(3)).map { _ in generator.type(depth: 4) }
        let text = types.map(\.signature).joined()
        guard text.utf8.count <= 255 else {
            let error = #expect(throws: DBusSignatureError.self) { try DBusSignature(types) }
            #expect(error?.offset == 255)
            return
        }
        let signature = try DBusSignature(types)
        #expect(signature.rawValue == text)
        #expect(signature.types == types)
        #expect(try DBusSignature(text).types == types)
        for type in types { #expect(try DBusSignature.parseSingle(type.signature) == type) }
    }

    @Test func roundTripsDeepTypes() throws {
        let deep: [DBusType] = [
            (0..<32).reduce(DBusType.variant) { t, i in i.isMultiple(of: 2) ? .array(t) : .dictionary(.string, t) },
            (0..<32).reduce(DBusType.string) { t, i in .structure(i.isMultiple(of: 3) ? [t] : [.int32, t]) },
            .array(
                .structure([
                    .int32, .dictionary(.string, .variant),
                    .array(.structure([.int32, .dictionary(.string, .variant), .array(.variant)])),
                ])),
        ]
        for type in deep {
            #expect(try DBusSignature.parseSingle(type.signature) == type)
            #expect(try DBusSignature([type]).types == [type])
        }
    }

    @Test func literalsEqualityAndEmpty() {
        let literal: DBusSignature = "a{sv}"
        #expect(literal.types == [.dictionary(.string, .variant)])
        #expect(literal == (try? parse("a{sv}")))
        #expect(literal != "as")
        #expect(Set<DBusSignature>(["as", "as", "s"]).count == 2)
        #expect("\(literal)" == "a{sv}")
        #expect(DBusSignature.empty.rawValue.isEmpty && DBusSignature.empty.types.isEmpty)
        #expect(DBusValue.signature(literal).stringValue == "a{sv}")
    }
}
