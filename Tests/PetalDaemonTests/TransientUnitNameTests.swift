import DBus
import Testing

@testable import PetalDaemon

/// The transient unit a launch asks systemd for: a name `systemctl --user`
/// accepts and shows (`app-petal-<program>-<random>.service`), and the
/// properties' D-Bus types as `StartTransientUnit` takes them.
struct TransientUnitNameTests {
    static let escapes: [(String, String)] = [
        ("snapshot", "snapshot"),
        ("xdg-open", "xdg\\x2dopen"),
        ("org.gnome.Snapshot", "org.gnome.Snapshot"),
        (".hidden", "\\x2ehidden"),
        ("a b/c", "a\\x20b\\x2fc"),
        ("café", "caf\\xc3\\xa9"),
        ("", "program"),
    ]

    @Test(arguments: escapes)
    func programNamesAreEscapedAsSystemdEscapeDoes(text: String, escaped: String) {
        #expect(TransientUnit.escape(text) == escaped)
    }

    @Test func nameIsAppPetalProgramRandomDotService() {
        let unit = TransientUnit(
            plugin: "open", argv: ["/usr/bin/xdg-open", "https://example.org/"],
            environment: ["A=1"], directory: nil, random: 0xbeef)
        #expect(unit.name == "app-petal-xdg\\x2dopen-000000000000beef.service")
        #expect(unit.description == "Petal (open plugin): /usr/bin/xdg-open https://example.org/")
        let long = TransientUnit(
            plugin: "command", argv: ["/bin/echo", String(repeating: "x", count: 500)],
            environment: [], directory: "/tmp")
        #expect(long.description.count == "Petal (command plugin): ".count + 200)
        #expect(
            String(repeating: "y", count: 300).utf8.count
                > TransientUnit.escape(String(repeating: "y", count: 300)).utf8.count)
    }

    @Test func startArgumentsHaveTheRealSignature() throws {
        let unit = TransientUnit(
            plugin: "camera", argv: ["/usr/bin/snapshot"], environment: ["HOME=/home/u"],
            directory: "/tmp")
        let message = try SystemdInterface.startTransientUnit.message(
            to: "org.freedesktop.systemd1", at: "/org/freedesktop/systemd1", unit.name, "fail", unit.unitProperties, [])
        // systemd.dbus(5) gives StartTransientUnit this signature.
        #expect(message.signature == "ssa(sv)a(sa(sv))")
        #expect(message.member == "StartTransientUnit" && message.interface == "org.freedesktop.systemd1.Manager")
        let types = Dictionary(uniqueKeysWithValues: unit.properties.map { ($0.0, $0.1.type) })
        #expect(types["ExecStart"] == .array(.structure([.string, .array(.string), .boolean])))
        #expect(types["Environment"] == .array(.string))
        #expect(unit.properties.first { $0.0 == "WorkingDirectory" }?.1 == .string("/tmp"))

        var older = unit
        older.waitsForAllProcesses = false
        #expect(older.properties.contains { $0.0 == "ExitType" } == false)
        #expect(unit.properties.contains { $0.0 == "ExitType" })
    }

    /// A plugin host's unit: named for the plugin, kept while failed so petald can read how it
    /// ended, hardened without namespaces, and bound to petald's unit when petald has one.
    @Test func aPluginHostsUnitIsBoundToPetaldsAndHardened() throws {
        let name = TransientUnit.hostName(plugin: "my-weather", random: 0xab)
        #expect(name == "petal-plugin-host-my\\x2dweather-00000000000000ab.service")
        let unit = TransientUnit.host(
            plugin: "my-weather", executable: "/usr/libexec/petal/petal-plugin-host",
            environment: ["PETAL_HOST_UNIT=\(name)"], boundTo: "petald.service", named: name)
        let properties = Dictionary(unit.properties, uniquingKeysWith: { first, _ in first })
        #expect(unit.name == name)
        #expect(properties["CollectMode"] == .string("inactive"))
        #expect(properties["ExitType"] == nil)
        #expect(properties["BindsTo"] == .strings(["petald.service"]))
        // Not After=: a host ordered after petald would be stopped (and killed) before petald could close it.
        #expect(properties["After"] == nil)
        #expect(properties["TimeoutStopUSec"] == .uint64(5_000_000))
        for flag in ["NoNewPrivileges", "RestrictSUIDSGID", "LockPersonality", "RestrictRealtime"] {
            #expect(properties[flag] == .boolean(true), "\(flag)")
        }
        #expect(properties["Environment"] == .strings(["PETAL_HOST_UNIT=\(name)"]))
        let unbound = TransientUnit.host(
            plugin: "w", executable: "/x", environment: [], boundTo: nil, named: "n.service")
        #expect(!unbound.properties.contains { $0.0 == "BindsTo" || $0.0 == "After" })
    }
}
