import Glibc

/// `$XDG_STATE_HOME/petal` (by default `~/.local/state/petal`), where petald
/// keeps what must survive a restart.
enum StateDirectory {
    /// The folder, created with mode 0700 if missing; nil (with a warning) when it cannot be.
    static func path(log: Logger) -> String? {
        let base: String
        if let state = getenv("XDG_STATE_HOME").map({ String(cString: $0) }), state.hasPrefix("/") {
            base = state
        } else if let home = getenv("HOME").map({ String(cString: $0) }), !home.isEmpty {
            base = home + "/.local/state"
        } else {
            log.warning("neither XDG_STATE_HOME nor HOME is set; petald keeps no state on disk")
            return nil
        }
        let folder = base + "/petal"
        for path in [base, folder] where mkdir(path, 0o700) != 0 && errno != EEXIST {
            log.warning("cannot create \(path): \(String(cString: strerror(errno))); petald keeps no state on disk")
            return nil
        }
        return folder
    }
}
