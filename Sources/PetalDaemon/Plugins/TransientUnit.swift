import DBus

/// A transient systemd service that runs one program a plugin launches, as
/// `org.freedesktop.systemd1.Manager.StartTransientUnit` takes it.
///
/// A service, not a scope: a scope adopts a process we already forked, which
/// would keep petald's sandbox (namespaces, seccomp, no-new-privileges); a
/// service's process is forked by the user manager, outside it.
///
/// The name follows the desktop convention `app-<launcher>-<ApplicationID>-<RANDOM>.service`
/// (systemd.io/DESKTOP_ENVIRONMENTS) with `petal` as the launcher and the
/// program's file name as the application, so `systemctl --user status`
/// lists e.g. `app-petal-snapshot-3f9c0a1be2d47e65.service`.
struct TransientUnit {
    /// The unit's name, ending in `.service`.
    private(set) var name: String
    /// `Description=`: who started it and what runs.
    private(set) var description: String
    /// The program's path and its arguments (`argv[0]` is the path).
    let argv: [String]
    /// Variables the action adds, `NAME=value`; the manager supplies the rest.
    let environment: [String]
    /// The working folder; nil for the user's home.
    let directory: String?
    /// Whether to ask for `ExitType=cgroup` (systemd 250 and later).
    var waitsForAllProcesses = true
    /// `CollectMode=`: a launched program's unit goes as soon as it ends; a plugin host's stays
    /// while it has failed, so that petald can read how it ended.
    var collectMode = "inactive-or-failed"
    /// Further properties, after the others.
    var extra: [(String, DBusValue)] = []

    /// A unit for `argv` (already resolved: `argv[0]` is the program's path) that `plugin` asked for.
    init(
        plugin: String, argv: [String], environment: [String], directory: String?,
        random: UInt64 = .random(in: .min ... .max)
    ) {
        let program = argv.first.map { $0.split(separator: "/").last.map(String.init) ?? $0 } ?? "program"
        let suffix = String(random, radix: 16)
        name = "app-petal-\(Self.escape(program))-\(String(repeating: "0", count: 16 - suffix.count) + suffix).service"
        let command = argv.joined(separator: " ")
        description =
            "Petal (\(plugin) plugin): \(command.count > 200 ? command.prefix(199) + "…" : Substring(command))"
        self.argv = argv
        self.environment = environment
        self.directory = directory
    }

    /// The unit of an isolated plugin's `petal-plugin-host` (docs/plugins.md), outside petald's
    /// sandbox: `petal-plugin-host-<plugin>-<RANDOM>.service`, bound to petald's own
    /// unit when it has one (`BindsTo=`, without ordering), so that it stops with petald.
    ///
    /// Its own hardening is what a user manager can give without namespaces:
    /// `NoNewPrivileges=`, `RestrictSUIDSGID=`, `LockPersonality=`,
    /// `RestrictRealtime=`. The network stays open, so a plugin that needs it
    /// has it while petald has none; a drop-in for the name's prefix
    /// (`petal-plugin-host-<plugin>-.service.d/`) tightens or widens it.
    static func host(
        plugin: String, executable: String, environment: [String], boundTo owner: String?, named name: String
    ) -> TransientUnit {
        var unit = TransientUnit(plugin: plugin, argv: [executable], environment: environment, directory: nil)
        unit.name = name
        unit.description = "Petal: the isolated plugin \(plugin) (petal-plugin-host)"
        unit.waitsForAllProcesses = false
        unit.collectMode = "inactive"
        unit.extra = [
            ("TimeoutStopUSec", .uint64(5_000_000)),
            ("NoNewPrivileges", .boolean(true)),
            ("RestrictSUIDSGID", .boolean(true)),
            ("LockPersonality", .boolean(true)),
            ("RestrictRealtime", .boolean(true)),
        ]
        // No After=: a unit ordered after petald's would be stopped before it, and
        // killed at its TimeoutStopSec while petald still ran, its deinit never called.
        // Stopped together, petald closes the host's connection and the host ends on its own.
        if let owner { unit.extra.append(("BindsTo", .strings([owner]))) }
        return unit
    }

    /// A fresh name for a host's unit: `petal-plugin-host-<plugin>-<RANDOM>.service`.
    static func hostName(plugin: String, random: UInt64 = .random(in: .min ... .max)) -> String {
        let suffix = String(random, radix: 16)
        return
            "petal-plugin-host-\(escape(plugin))-\(String(repeating: "0", count: 16 - suffix.count) + suffix).service"
    }

    /// Escapes `text` for a unit name, as `systemd-escape` does: ASCII letters,
    /// digits, `_` and `.` (not leading) stay; everything else, `-` included, becomes `\xNN`.
    static func escape(_ text: String) -> String {
        var escaped = ""
        for (index, byte) in text.utf8.enumerated() {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"):
                escaped.append(Character(Unicode.Scalar(byte)))
            case UInt8(ascii: ".") where index > 0:
                escaped.append(".")
            default:
                escaped += "\\x" + (byte < 16 ? "0" : "") + String(byte, radix: 16)
            }
        }
        // Unit names are at most 255 bytes; keep room for the rest of the name.
        return escaped.isEmpty ? "program" : String(escaped.prefix(160))
    }

    /// The properties `a(sv)`: what systemd-run sends for a service, plus
    /// `ExitType=cgroup` so an app whose first process forks and exits
    /// (`xdg-open`, single-instance apps) is not stopped with it.
    var properties: [(String, DBusValue)] {
        var properties: [(String, DBusValue)] = [
            ("Description", .string(description)),
            ("Type", .string("exec")),
            ("CollectMode", .string(collectMode)),
            ("Slice", .string("app.slice")),
            ("WorkingDirectory", .string(directory ?? "~")),
            ("Environment", .strings(environment)),
        ]
        if waitsForAllProcesses { properties.append(("ExitType", .string("cgroup"))) }
        let path = argv.first ?? ""
        if argv.contains(where: { $0.contains("$") }) {
            // Plain ExecStart expands $VARIABLES in arguments; ExecStartEx (systemd 243) can say not to.
            let command = DBusValue.structure([.string(path), .strings(argv), .strings(["no-env-expand"])])
            properties.append(("ExecStartEx", .array(command.type, [command])))
        } else {
            let command = DBusValue.structure([.string(path), .strings(argv), .boolean(false)])
            properties.append(("ExecStart", .array(command.type, [command])))
        }
        return properties + extra
    }

    /// The properties as `StartTransientUnit` takes them.
    var unitProperties: [SystemdInterface.UnitProperty] {
        properties.map { SystemdInterface.UnitProperty($0.0, $0.1) }
    }
}
