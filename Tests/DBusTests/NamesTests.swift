import DBus
import Testing

/// A dotted name `a.bbb…` (after `prefix`) of exactly `length` bytes.
private func dottedName(length: Int, prefix: String = "") -> String {
    prefix + "a." + String(repeating: "b", count: length - prefix.utf8.count - 2)
}

/// Checks that `text` is rejected as a `N` with the given kind and a reason containing `fragment`.
private func expectInvalid<N: DBusName>(
    _: N.Type, _ text: String, kind: String, _ fragment: String,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(!N.isValid(text), sourceLocation: sourceLocation)
    let error = #expect(throws: DBusNameError.self, sourceLocation: sourceLocation) { try N(text) }
    guard let error else { return }
    #expect(error.kind == kind, sourceLocation: sourceLocation)
    #expect(error.value == text, sourceLocation: sourceLocation)
    #expect(error.reason.contains(fragment), "reason was: \(error.reason)", sourceLocation: sourceLocation)
    #expect(
        error.description.hasPrefix("\(text.debugDescription) is not a valid \(kind): "), sourceLocation: sourceLocation
    )
}

/// Checks that `text` is accepted as a `N` and kept verbatim.
private func expectValid<N: DBusName>(_: N.Type, _ text: String, sourceLocation: SourceLocation = #_sourceLocation)
    throws
{
    #expect(N.isValid(text), sourceLocation: sourceLocation)
    #expect(try N(text).rawValue == text, sourceLocation: sourceLocation)
}

/// Parses `text` through the throwing initializer. (Writing `ObjectPath("/a")` with a
/// literal argument would use the trapping literal initializer instead, per SE-0213.)
private func name<N: DBusName>(_ text: String) throws(DBusNameError) -> N { try N(text) }

@Suite struct ObjectPathTests {
    @Test(arguments: [
        "/", "/a", "/org/freedesktop/DBus", "/a_b/C9/_", "/0/1",
        "/com/canonical/menu/4A" + String(repeating: "x", count: 300),
    ])
    func valid(_ text: String) throws { try expectValid(ObjectPath.self, text) }

    @Test(arguments: [
        ("", "it is empty"),
        ("a", #"it does not start with "/""#),
        ("a/b", #"it does not start with "/""#),
        ("//", "empty element at byte 0"),
        ("/a//b", "empty element at byte 2"),
        ("/a/", #"it ends with "/" at byte 2"#),
        ("/a/b/", #"it ends with "/" at byte 4"#),
        ("/a-b", #"invalid character "-" at byte 2"#),
        ("/a.b", #"invalid character "." at byte 2"#),
        ("/a b", #"invalid character " " at byte 2"#),
        ("/é", "invalid byte 0xC3 at byte 1"),
        ("/a\u{0}", "invalid byte 0x00 at byte 2"),
    ])
    func invalid(_ text: String, _ fragment: String) {
        expectInvalid(ObjectPath.self, text, kind: "object path", fragment)
    }

    @Test func errorMessageSaysWhatIsWrongAndWhatIsRight() throws {
        let error = #expect(throws: DBusNameError.self) { let _: ObjectPath = try name("/a//b") }
        #expect(
            error?.description
                == #""/a//b" is not a valid object path: empty element at byte 2 (elements are [A-Za-z0-9_], separated by single "/"; a path starts with "/" and only "/" itself ends with "/")"#
        )
    }

    @Test func rootParentAndElements() throws {
        #expect(ObjectPath.root.rawValue == "/")
        #expect(ObjectPath.root.parent == nil)
        #expect(ObjectPath.root.elements.isEmpty)
        let path: ObjectPath = try name("/org/example/Menu")
        #expect(path.elements == ["org", "example", "Menu"])
        #expect(path.parent?.rawValue == "/org/example")
        #expect(path.parent?.parent?.rawValue == "/org")
        #expect(path.parent?.parent?.parent == .root)
    }

    @Test func appending() throws {
        #expect(try ObjectPath.root.appending("org").rawValue == "/org")
        #expect(try (name("/org") as ObjectPath).appending("example_1").rawValue == "/org/example_1")
        for bad in ["", "a/b", "a-b", "/"] {
            let error = #expect(throws: DBusNameError.self) { try ObjectPath.root.appending(bad) }
            #expect(error?.kind == "object path element")
            #expect(error?.value == bad)
        }
    }

    @Test func literalsOrderingAndHashing() {
        let a: ObjectPath = "/a"
        let b: ObjectPath = "/b"
        let root: ObjectPath = "/"
        #expect([b, a, root].sorted() == [root, a, b])
        #expect(Set([a, a, b]).count == 2)
        #expect("\(a)" == "/a")
        #expect(DBusValue.objectPath(a).stringValue == "/a")
    }
}

@Suite struct BusNameTests {
    @Test(arguments: [
        ":1.42", ":1.0", ":a.b", ":1-2.3_4.5", "org.example.Petal", "org.freedesktop.DBus", "a-b.c_d", "_a._b",
        "com.example.x9", dottedName(length: 255), dottedName(length: 255, prefix: ":"),
    ])
    func valid(_ text: String) throws { try expectValid(BusName.self, text) }

    @Test(arguments: [
        ("", "it is empty"),
        ("org", "it has only one element"),
        (":1", "it has only one element"),
        (".org.example", #"it starts with ".""#),
        ("org..example", "empty element at byte 3"),
        ("org.example.", #"it ends with "." at byte 11"#),
        (":", #"it ends with ":" at byte 0"#),
        (":.1", "empty element at byte 0"),
        (":1.", #"it ends with "." at byte 2"#),
        ("org.1example", #"an element starts with the digit "1" at byte 4"#),
        ("1org.example", #"it starts with the digit "1""#),
        ("org.exa mple", #"invalid character " " at byte 7"#),
        ("org/example", #"invalid character "/" at byte 3"#),
        (":1.2:3", #"invalid character ":" at byte 4"#),
        ("org.ex\u{e9}mple", "invalid byte 0xC3 at byte 6"),
        (dottedName(length: 256), "it is 256 bytes long"),
        (dottedName(length: 256, prefix: ":"), "it is 256 bytes long"),
    ])
    func invalid(_ text: String, _ fragment: String) {
        expectInvalid(BusName.self, text, kind: "bus name", fragment)
    }

    @Test func isUniqueAndRulesInMessages() throws {
        #expect(try (name(":1.42") as BusName).isUnique)
        #expect(try !(name("org.example.Petal") as BusName).isUnique)
        #expect(
            #expect(throws: DBusNameError.self) { let _: BusName = try name(":1") }?.reason.contains("a unique name is")
                == true)
        #expect(
            #expect(throws: DBusNameError.self) { let _: BusName = try name("org") }?.reason.contains(
                "a well-known name is") == true)
    }
}

@Suite struct InterfaceAndErrorNameTests {
    static let valid = [
        "org.freedesktop.DBus", "a.b", "_a.b_9", "com.example.Foo_Bar", "A.B.C.D", dottedName(length: 255),
    ]
    static let invalid = [
        ("", "it is empty"),
        ("org", "it has only one element"),
        ("org.", #"it ends with "." at byte 3"#),
        (".org.a", #"it starts with ".""#),
        ("org..a", "empty element at byte 3"),
        ("org.9a", #"an element starts with the digit "9" at byte 4"#),
        ("org.a-b", #"invalid character "-" at byte 5"#),
        (":org.a", #"invalid character ":" at byte 0"#),
        ("org.exam$ple", #"invalid character "$" at byte 8"#),
        (dottedName(length: 256), "it is 256 bytes long"),
    ]

    @Test(arguments: valid) func validInterface(_ text: String) throws { try expectValid(InterfaceName.self, text) }
    @Test(arguments: valid) func validError(_ text: String) throws { try expectValid(ErrorName.self, text) }

    @Test(arguments: invalid) func invalidInterface(_ text: String, _ fragment: String) {
        expectInvalid(InterfaceName.self, text, kind: "interface name", fragment)
    }

    @Test(arguments: invalid) func invalidError(_ text: String, _ fragment: String) {
        expectInvalid(ErrorName.self, text, kind: "error name", fragment)
    }

    @Test func literalsAndOrdering() {
        let a: InterfaceName = "org.a.B"
        let b: InterfaceName = "org.a.C"
        #expect(a < b && !(b < a))
        let e: ErrorName = "org.freedesktop.DBus.Error.Failed"
        #expect(e.description == "org.freedesktop.DBus.Error.Failed")
    }
}

@Suite struct MemberNameTests {
    @Test(arguments: ["a", "GetLayout", "_", "a9", "AboutToShow_2", String(repeating: "m", count: 255)])
    func valid(_ text: String) throws { try expectValid(MemberName.self, text) }

    @Test(arguments: [
        ("", "it is empty"),
        ("9a", #"it starts with the digit "9""#),
        ("a.b", #"invalid character "." at byte 1"#),
        ("a-b", #"invalid character "-" at byte 1"#),
        ("Get Layout", #"invalid character " " at byte 3"#),
        (String(repeating: "m", count: 256), "it is 256 bytes long"),
    ])
    func invalid(_ text: String, _ fragment: String) {
        expectInvalid(MemberName.self, text, kind: "member name", fragment)
    }

    @Test func literal() {
        let m: MemberName = "Event"
        #expect(m.rawValue == "Event")
    }
}
