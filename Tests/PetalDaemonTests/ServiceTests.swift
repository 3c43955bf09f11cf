import DBus
import Foundation
import TestSupport
import Testing

/// petald(8): petald as a service — started by D-Bus activation from the
/// activation file `make install` writes, and installed by `make install`
/// into a tree it then runs from, which `make uninstall` empties again.
@Suite struct ServiceTests {
    /// The repository, whose Makefile and systemd/ templates are under test.
    static let repository = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    static let pluginNames = ["camera", "command", "message", "open", "phone"]

    /// The bus runs systemd/org.petal.Petal1.service.in's Exec= (it has no
    /// systemd to hand SystemdService= to), and petald finds the bus in the
    /// DBUS_SESSION_BUS_ADDRESS that dbus-daemon sets for what it activates.
    @Test func theFirstCallToThePetalNameStartsPetald() async throws {
        let folder = try temporaryFolder("activation")
        defer { try? FileManager.default.removeItem(at: folder) }
        let services = folder.appendingPathComponent("services")
        try FileManager.default.createDirectory(at: services, withIntermediateDirectories: true)
        let template = try String(
            contentsOf: Self.repository.appendingPathComponent("systemd/org.petal.Petal1.service.in"), encoding: .utf8)
        try template.replacingOccurrences(of: "@BINDIR@", with: RunningDaemon.binDirectory.path)
            .write(to: services.appendingPathComponent("org.petal.Petal1.service"), atomically: true, encoding: .utf8)

        await TestSlots.daemons.acquire()
        // The activated petald inherits the bus's environment: its state, configuration
        // and plugin folders are the test's own, never the user's.
        let bus = try PrivateBus(
            serviceDirectory: services,
            environment: [
                "XDG_STATE_HOME": folder.appendingPathComponent("state").path,
                "XDG_CONFIG_HOME": folder.appendingPathComponent("config").path,
                "XDG_DATA_HOME": folder.appendingPathComponent("data").path,
                "PETAL_PLUGIN_PATH": "",
            ])
        let client = try DBusConnection.connect(to: .address(bus.address))
        var pid: Int32 = 0
        defer {
            if pid > 0 { stopActivated(pid) }
            client.close()
            Thread.detachNewThread { bus.stop() }
            Task { await TestSlots.daemons.release() }
        }

        let ownedBefore = try await client.call(
            destination: .bus, path: .bus, interface: .bus, member: "NameHasOwner",
            [.string(RunningDaemon.name.rawValue)])
        #expect(ownedBefore == [.boolean(false)], "nothing owns org.petal.Petal1 before the first call")

        let reply = try await client.call(
            destination: RunningDaemon.name, path: RunningDaemon.path, interface: RunningDaemon.menu, member: "Toggle",
            timeout: .patience)
        #expect(reply == [.string("expanding")])

        let owner = try await client.call(
            destination: .bus, path: .bus, interface: .bus, member: "GetConnectionUnixProcessID",
            [.string(RunningDaemon.name.rawValue)])
        guard case .uint32(let found)? = owner.first else {
            Issue.record("no process id for org.petal.Petal1: \(owner)")
            return
        }
        pid = Int32(found)
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe")
        #expect(executable == RunningDaemon.binDirectory.appendingPathComponent("petald").path)
    }

    /// `make install DESTDIR=… PREFIX=/usr`, reusing the tests' build: every file
    /// in place with the units' paths filled in; the installed petald finds the
    /// installed plugins and serves; `make uninstall` leaves no file behind.
    @Test func makeInstallGivesAWorkingPetaldAndUninstallRemovesEveryFile() async throws {
        let destdir = try temporaryFolder("install")
        defer { try? FileManager.default.removeItem(at: destdir) }
        let make = [
            "make", "--no-print-directory", "-C", Self.repository.path,
            "DESTDIR=\(destdir.path)", "PREFIX=/usr", "PRODUCTS=\(RunningDaemon.binDirectory.path)",
        ]

        let install = try await ExternalCommand.running(make + ["install"])
        try #require(install.status == 0, "\(install.summary)")
        let root = destdir.appendingPathComponent("usr")
        let plugins = root.appendingPathComponent("lib/petal/plugins")
        var expected = [
            "bin/petald", "bin/petalctl", "bin/petal-overlay", "libexec/petal/petal-plugin-host",
            "include/petal/petal_plugin.h",
            "share/systemd/user/petald.service", "share/systemd/user/petal-overlay.service",
            "share/dbus-1/services/org.petal.Petal1.service", "share/dbus-1/services/org.petal.Frontend1.service",
            "share/man/man8/petald.8", "share/man/man1/petalctl.1", "share/man/man1/petal-overlay.1",
            "share/man/man7/petal-plugins.7",
            "share/bash-completion/completions/petalctl", "share/zsh/site-functions/_petalctl",
            "share/fish/vendor_completions.d/petalctl.fish",
        ]
        expected += Self.pluginNames.map { "lib/petal/plugins/libpetal-\($0).so" }
        for file in expected {
            #expect(
                FileManager.default.fileExists(atPath: root.appendingPathComponent(file).path), "\(file) is installed")
        }

        let unit = try String(
            contentsOf: root.appendingPathComponent("share/systemd/user/petald.service"), encoding: .utf8)
        #expect(unit.contains("\nExecStart=/usr/bin/petald\n"), "\(unit)")
        #expect(unit.contains("file:/usr/share/doc/petal/README.md"), "\(unit)")
        #expect(unit.contains("\nDocumentation=man:petald(8) "), "the unit points at the installed page: \(unit)")
        // The pages are roff that scdoc made, each in its section's folder.
        let page = try String(contentsOf: root.appendingPathComponent("share/man/man8/petald.8"), encoding: .utf8)
        #expect(page.contains(".TH \"petald\" \"8\""), "\(page.prefix(300))")
        #expect(page.contains("SIGHUP") && page.contains("--replace"))
        #expect(!unit.contains("@BINDIR@") && !unit.contains("@DOCDIR@"), "every placeholder is filled in")
        let overlay = try String(
            contentsOf: root.appendingPathComponent("share/systemd/user/petal-overlay.service"), encoding: .utf8)
        #expect(overlay.contains("\nExecStart=/usr/bin/petal-overlay\n"), "\(overlay)")
        #expect(overlay.contains("\nPartOf=graphical-session.target\n"), "\(overlay)")
        #expect(!overlay.contains("@BINDIR@") && !overlay.contains("@DOCDIR@"), "every placeholder is filled in")
        let activation = try String(
            contentsOf: root.appendingPathComponent("share/dbus-1/services/org.petal.Petal1.service"), encoding: .utf8)
        #expect(activation.contains("\nExec=/usr/bin/petald\n"), "\(activation)")
        #expect(activation.contains("\nSystemdService=petald.service\n"), "\(activation)")
        let frontend = try String(
            contentsOf: root.appendingPathComponent("share/dbus-1/services/org.petal.Frontend1.service"),
            encoding: .utf8)
        #expect(frontend.contains("\nName=org.petal.Frontend1\n"), "\(frontend)")
        #expect(frontend.contains("\nExec=/usr/bin/petal-overlay\n"), "\(frontend)")
        #expect(frontend.contains("\nSystemdService=petal-overlay.service\n"), "\(frontend)")

        // The installed petald knows its prefix from where it is: <destdir>/usr. A plugin of the
        // user's own runs isolated, in the installed host.
        let home = destdir.appendingPathComponent("home")
        let own = home.appendingPathComponent("data/petal/plugins")
        try FileManager.default.createDirectory(at: own, withIntermediateDirectories: true)
        for folder in [home, home.appendingPathComponent("data"), home.appendingPathComponent("data/petal"), own] {
            chmod(folder.path, 0o755)
        }
        let good = try await ExternalCommand.running([
            "cc", "-shared", "-fPIC", "-I", Self.repository.appendingPathComponent("Sources/PetalPluginABI").path,
            "-o", own.appendingPathComponent("good.so").path,
            Self.repository.appendingPathComponent("Tests/PluginLoaderTests/Fixtures/good.c").path,
        ])
        try #require(good.status == 0, "\(good.summary)")
        let daemon = try await RunningDaemon(
            executableURL: root.appendingPathComponent("bin/petald"),
            environment: [
                "XDG_CONFIG_HOME": home.appendingPathComponent("config").path,
                "XDG_DATA_HOME": home.appendingPathComponent("data").path,
                "PETAL_PLUGIN_PATH": "",
            ])
        let rows =
            try await daemon.property("Plugins").arrayElements?.compactMap { row -> [String]? in
                guard case .structure(let fields) = row else { return nil }
                return fields.compactMap(\.stringValue)
            } ?? []
        let loaded = rows.filter { $0.count == 5 && $0[3] == "loaded" && $0[0] != "good" }.map { $0[2] }
        #expect(
            loaded.sorted() == Self.pluginNames.map { plugins.appendingPathComponent("libpetal-\($0).so").path },
            "the five installed plugins are loaded from the installed tree: \(rows)")
        let isolated = try #require(rows.first { $0.first == "good" }, "\(rows)")
        #expect(isolated[3] == "loaded" && isolated[4].hasPrefix("isolated, pid "), "\(isolated)")
        if let host = isolated[4].split(separator: " ").dropFirst(2).first.flatMap({ Int32($0) }) {
            #expect(
                try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(host)/exe")
                    == root.appendingPathComponent("libexec/petal/petal-plugin-host").path)
        }
        #expect(try await daemon.menu("Toggle") == [.string("expanding")])
        // The installed petalctl talks to it.
        let status = try await ExternalCommand.running([
            root.appendingPathComponent("bin/petalctl").path, "--bus", daemon.bus.address, "--json", "status",
        ])
        #expect(
            status.status == 0 && status.output.contains("\"total\": 3"),
            "the embedded menu's three items: \(status.summary)")
        #expect(daemon.stop() == 0, "\(daemon.log)")

        let uninstall = try await ExternalCommand.running(make + ["uninstall"])
        #expect(uninstall.status == 0, "\(uninstall.summary)")
        let left =
            FileManager.default.enumerator(at: destdir, includingPropertiesForKeys: [.isDirectoryKey])?
            .compactMap { $0 as? URL }
            .filter { (try? $0.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) != true }
            .filter { !$0.path.hasPrefix(home.path + "/") } ?? []
        #expect(left.isEmpty, "make uninstall left \(left.map(\.path))")
    }

    private func temporaryFolder(_ name: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("petal-\(name)-\(getpid())-\(UUID().uuidString.prefix(8))")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    /// Stops the petald the bus started (it is the bus's child, not ours) and
    /// waits, for up to 10 s, for it to be gone.
    private func stopActivated(_ pid: Int32) {
        kill(pid, SIGTERM)
        for _ in 0..<1000 where kill(pid, 0) == 0 { usleep(10_000) }
        if kill(pid, 0) == 0 {
            Issue.record("the activated petald \(pid) ignored SIGTERM")
            kill(pid, SIGKILL)
        }
    }
}
