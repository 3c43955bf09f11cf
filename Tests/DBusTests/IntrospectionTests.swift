import DBus
import TestSupport
import Testing

/// The standard interfaces every served object lists after its own.
private let standardInterfaces = [
    "org.freedesktop.DBus.Properties", "org.freedesktop.DBus.Introspectable", "org.freedesktop.DBus.Peer",
]

/// An interface whose argument names need escaping in XML.
private let oddInterface = DBusInterface(
    "org.example.Odd",
    methods: [
        DBusMethod("Quote", in: DBusIn(#"a<b>&"c'd"#, String.self), out: [DBusArgument("x&y", .string)]) { _, _ in
            .values([.string("")])
        }
    ], signals: [DBusSignal("Said", [DBusArgument("<tag>", .string)])])

/// Runs `body` with ``ExampleObject`` at `/org/example` and a child object at `/org/example/child`.
private func withExampleAndChild(_ body: (TestService, ExampleObject) async throws -> Void) async throws {
    try await withTestService { service in
        let object = ExampleObject()
        try service.register([object.interface])
        try service.register([oddInterface], at: "/org/example/child")
        try await body(service, object)
    }
}

/// The parsed `Introspect` of the object at `path`.
private func introspect(_ service: TestService, at path: ObjectPath = .example) async throws -> (
    xml: String, node: IntrospectedNode
) {
    let xml = try #require(try await service.call(.introspectable, "Introspect", at: path).first?.stringValue)
    return (xml, try IntrospectedNode(xml: xml))
}

@Suite struct IntrospectionTests {
    @Test func listsExactlyTheServedInterfacesAndChildren() async throws {
        try await withExampleAndChild { service, _ in
            let (xml, node) = try await introspect(service)
            #expect(xml.hasPrefix("<!DOCTYPE node PUBLIC"))
            #expect(node.interfaceOrder == [calc.rawValue] + standardInterfaces)
            #expect(node.children == ["child"])
        }
    }

    @Test func listsMethodsWithTheirArguments() async throws {
        try await withExampleAndChild { service, _ in
            let interface = try #require(try await introspect(service).node.interfaces[calc.rawValue])
            #expect(
                Set(interface.methods.keys) == [
                    "Add", "Describe", "Fail", "Crash", "Later", "LaterFail", "Hang", "Bump", "Bumps",
                ])
            #expect(
                interface.methods["Add"] == [
                    IntrospectedArgument(name: "a", type: "i", direction: "in"),
                    IntrospectedArgument(name: "b", type: "i", direction: "in"),
                    IntrospectedArgument(name: "sum", type: "i", direction: "out"),
                ])
            #expect(
                interface.methods["Describe"] == [
                    IntrospectedArgument(name: "options", type: "a{sv}", direction: "in"),
                    IntrospectedArgument(name: "keys", type: "as", direction: "out"),
                    IntrospectedArgument(name: "count", type: "u", direction: "out"),
                ])
            #expect(interface.methods["Fail"] == [])
        }
    }

    @Test func listsPropertiesWithAccessAndChangeAnnotation() async throws {
        try await withExampleAndChild { service, _ in
            let interface = try #require(try await introspect(service).node.interfaces[calc.rawValue])
            #expect(
                interface.properties == [
                    "Version": IntrospectedProperty(type: "s", access: "read", emitsChangedSignal: "const"),
                    "Name": IntrospectedProperty(type: "s", access: "readwrite", emitsChangedSignal: nil),
                    "Size": IntrospectedProperty(type: "u", access: "read", emitsChangedSignal: "invalidates"),
                    "Hidden": IntrospectedProperty(type: "b", access: "read", emitsChangedSignal: "false"),
                ])
        }
    }

    @Test func listsSignals() async throws {
        try await withExampleAndChild { service, _ in
            let node = try await introspect(service).node
            #expect(
                node.interfaces[calc.rawValue]?.signals == [
                    "Ticked": [
                        IntrospectedArgument(name: "count", type: "i"), IntrospectedArgument(name: "label", type: "s"),
                    ]
                ])
            let properties = try #require(node.interfaces["org.freedesktop.DBus.Properties"])
            #expect(Set(properties.methods.keys) == ["Get", "GetAll", "Set"])
            #expect(properties.signals["PropertiesChanged"]?.map(\.type) == ["s", "a{sv}", "as"])
            #expect(
                node.interfaces["org.freedesktop.DBus.Introspectable"]?.methods["Introspect"]
                    == [IntrospectedArgument(name: "xml_data", type: "s", direction: "out")])
            #expect(node.interfaces["org.freedesktop.DBus.Peer"]?.methods.keys.sorted() == ["GetMachineId", "Ping"])
        }
    }

    @Test func specialCharactersAreEscaped() async throws {
        try await withExampleAndChild { service, _ in
            let (xml, node) = try await introspect(service, at: "/org/example/child")
            #expect(xml.contains("a&lt;b&gt;&amp;&quot;c&apos;d"))
            let odd = try #require(node.interfaces["org.example.Odd"])
            #expect(odd.methods["Quote"]?.map(\.name) == [#"a<b>&"c'd"#, "x&y"])
            #expect(odd.signals["Said"]?.map(\.name) == ["<tag>"])
            #expect(node.children == [])
        }
    }

    @Test func offlineXMLEqualsWhatTheLiveObjectReturns() async throws {
        try await withExampleAndChild { service, object in
            let live = try await introspect(service).xml
            #expect(live == Introspection.xml(serving: [object.interface], at: .example, children: ["child"]))
            let child = try await introspect(service, at: "/org/example/child").xml
            #expect(child == Introspection.xml(serving: [oddInterface], at: "/org/example/child"))
        }
    }

    @Test func busctlAcceptsTheXML() async throws {
        try await withExampleAndChild { service, _ in
            let result = try ExternalCommand.run([
                "busctl", "--address=\(PrivateBus.shared.address)", "introspect", "--no-pager",
                service.server.uniqueName, "/org/example",
            ])
            #expect(result.status == 0, "\(result.summary)")
            for name in [".Add", ".Describe", ".Bumps", ".Name", ".Version", ".Ticked", calc.rawValue] {
                #expect(result.output.contains(name), "busctl did not list \(name):\n\(result.output)")
            }
        }
    }

    @Test func gdbusAcceptsTheXML() async throws {
        try await withExampleAndChild { service, _ in
            let result = try ExternalCommand.run([
                "gdbus", "introspect", "--address", PrivateBus.shared.address,
                "--dest", service.server.uniqueName, "--object-path", "/org/example",
            ])
            #expect(result.status == 0, "\(result.summary)")
            for name in ["Add(", "Describe(", "Bumps(", "Ticked(", "interface org.example.Calc", "node child"] {
                #expect(result.output.contains(name), "gdbus did not list \(name):\n\(result.output)")
            }
        }
    }
}
