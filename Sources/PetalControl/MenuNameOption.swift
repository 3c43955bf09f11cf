import PetalCommandLine
import PetalCore

/// What petalctl accepts as a menu's name (`--menu NAME`, `show NAME`)
/// before asking petald: PetalCore's rule (``MenuName/isWellFormed(_:)``,
/// docs/dbus-api.md), 1 to 64 bytes of `[A-Za-z0-9_-]`, and for a submenu
/// written in place, its parent's name and `/ITEM` for each item on the way
/// (`main/apps`).
enum MenuNameOption {
    /// `name`, when it can be a menu's name.
    ///
    /// - Throws: ``UsageError`` saying what a name is.
    static func checked(_ name: String) throws(UsageError) -> String {
        guard MenuName.isWellFormed(name) else {
            throw UsageError(
                "\"\(name)\" is not a menu's name: a name is 1 to \(MenuName.maximumBytes) of A-Z a-z 0-9 _ - (and /ITEM for a submenu written in place, e.g. main/apps); petalctl menus lists them"
            )
        }
        return name
    }
}
