/// The desktops petal-context reads, and which one the environment says it is on.
public enum ContextBackend: String, CaseIterable, Sendable {
    case sway
    case i3
    case hyprland
    case x11

    /// What `SetContext`'s `source` says: `petal-context/sway`, ….
    public var source: String { "petal-context/\(rawValue)" }

    /// The desktop's name as people write it.
    public var displayName: String {
        switch self {
        case .sway: "sway"
        case .i3: "i3"
        case .hyprland: "Hyprland"
        case .x11: "X11"
        }
    }
}

/// Where the chosen backend reads the desktop.
public enum BackendChoice: Equatable, Sendable {
    /// sway's IPC socket (`SWAYSOCK`).
    case sway(socket: String)
    /// i3's IPC socket (`I3SOCK`).
    case i3(socket: String)
    /// Hyprland's sockets, in its instance's folder: the first of
    /// `folders` that exists (`$XDG_RUNTIME_DIR/hypr/SIGNATURE`, then `/tmp/hypr/SIGNATURE`).
    case hyprland(folders: [String])
    /// The X server at `display` (`DISPLAY`).
    case x11(display: String)

    /// The backend this choice runs.
    public var backend: ContextBackend {
        switch self {
        case .sway: .sway
        case .i3: .i3
        case .hyprland: .hyprland
        case .x11: .x11
        }
    }

    /// The variables petal-context looks at, in the order it tries them.
    public static let variables = ["SWAYSOCK", "I3SOCK", "HYPRLAND_INSTANCE_SIGNATURE", "DISPLAY"]

    /// No backend can read this desktop: ``description`` says what was
    /// looked for and found, ``advice`` what to do instead.
    public struct Unreadable: Error, Equatable, Sendable, CustomStringConvertible {
        public let description: String
        public let advice: String
    }

    /// The backend for `environment`: sway, then i3, then Hyprland, then X11
    /// (only outside a Wayland session: an X server inside one is Xwayland,
    /// which sees X11 windows alone); or `forced`, when given, if its variable is set.
    public static func choose(environment: [String: String], forced: ContextBackend? = nil) -> Result<
        BackendChoice, Unreadable
    > {
        func value(_ name: String) -> String? {
            guard let value = environment[name], !value.isEmpty else { return nil }
            return value
        }
        let wayland = value("WAYLAND_DISPLAY")
        let candidates: [(ContextBackend, BackendChoice?)] = [
            (.sway, value("SWAYSOCK").map { .sway(socket: $0) }),
            (.i3, value("I3SOCK").map { .i3(socket: $0) }),
            (
                .hyprland,
                value("HYPRLAND_INSTANCE_SIGNATURE").map { signature in
                    .hyprland(
                        folders: hyprlandFolders(signature: signature, runtimeDirectory: value("XDG_RUNTIME_DIR")))
                }
            ),
            (.x11, value("DISPLAY").map { .x11(display: $0) }),
        ]
        if let forced {
            if let choice = candidates.first(where: { $0.0 == forced })?.1 { return .success(choice) }
            return .failure(
                Unreadable(
                    description: "--backend \(forced.rawValue) reads \(variable(of: forced)), which is not set",
                    advice:
                        "run petal-context inside the \(forced.displayName) session, or import the variable into the user manager (systemctl --user import-environment \(variable(of: forced)))"
                ))
        }
        for (backend, choice) in candidates {
            guard let choice else { continue }
            if backend == .x11, wayland != nil { continue }
            return .success(choice)
        }
        return .failure(unreadable(environment: environment, wayland: wayland, display: value("DISPLAY")))
    }

    /// The folders Hyprland may keep its sockets in, newest layout first.
    public static func hyprlandFolders(signature: String, runtimeDirectory: String?) -> [String] {
        (runtimeDirectory.map { ["\($0)/hypr/\(signature)"] } ?? []) + ["/tmp/hypr/\(signature)"]
    }

    private static func variable(of backend: ContextBackend) -> String {
        switch backend {
        case .sway: "SWAYSOCK"
        case .i3: "I3SOCK"
        case .hyprland: "HYPRLAND_INSTANCE_SIGNATURE"
        case .x11: "DISPLAY"
        }
    }

    private static func unreadable(environment: [String: String], wayland: String?, display: String?) -> Unreadable {
        let looked =
            "it looked for SWAYSOCK or I3SOCK (sway, i3), HYPRLAND_INSTANCE_SIGNATURE (Hyprland) and DISPLAY (X11)"
        let found: String
        if let wayland {
            let desktop =
                environment["XDG_CURRENT_DESKTOP"].flatMap { $0.isEmpty ? nil : " (XDG_CURRENT_DESKTOP=\($0))" } ?? ""
            found =
                "found only the Wayland display \(wayland)\(desktop), a compositor whose focus no program may read"
                + (display.map {
                    "; DISPLAY=\($0) is its Xwayland, which sees X11 windows alone (--backend x11 reads it anyway)"
                } ?? "")
        } else {
            found =
                "found none of them set: is petal-context running outside the graphical session, or does the user manager lack the session's environment (systemctl --user import-environment)?"
        }
        return Unreadable(
            description: "cannot read which window has focus on this desktop: \(looked), and \(found)",
            advice:
                "instead, bind keys to open a menu by name (petalctl show NAME), or set the context from a script or a compositor extension (petalctl context app=… title=…); see petal-context(1)"
        )
    }
}
