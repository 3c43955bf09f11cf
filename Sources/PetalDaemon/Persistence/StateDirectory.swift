import Glibc
import Linux
import PetalConfiguration
import PetalPluginRuntime

/// `$XDG_STATE_HOME/petal` (by default `~/.local/state/petal`), where petald
/// keeps what must survive a restart.
enum StateDirectory {
    /// The folder, created with mode 0700 if missing; nil (with a warning) when it cannot be.
    static func path(log: Logger) -> String? {
        guard let base = StateLocation.base() else {
            log.warning("neither XDG_STATE_HOME nor HOME is set; petald keeps no state on disk")
            return nil
        }
        let folder = base + "/petal"
        for path in [base, folder] {
            do {
                try systemCall("mkdir", path: path) { mkdir(path, 0o700) }
            } catch  where error.errno == EEXIST {
                continue
            } catch {
                log.warning(
                    "cannot create \(path): \(error.reason); petald keeps no state on disk")
                return nil
            }
        }
        return folder
    }
}
