/// What petalctl accepts as a menu's name (`--menu NAME`, `show NAME`)
/// before asking petald (docs/dbus-api.md): 1 to 64 bytes of
/// `[A-Za-z0-9_-]`, and for a submenu written in place, its parent's name
/// and `/ITEM` for each item on the way (`main/apps`).
enum MenuNameOption {
    /// The longest name of a configured menu, in bytes.
    static let maximumBytes = 64

    /// `name`, when it can be a menu's name.
    ///
    /// - Throws: ``UsageError`` saying what a name is.
    static func checked(_ name: String) throws(UsageError) -> String {
        let parts = name.split(separator: "/", omittingEmptySubsequences: false)
        guard let first = parts.first, isName(first), parts.dropFirst().allSatisfy({ !$0.isEmpty }) else {
            throw UsageError(
                "\"\(name)\" is not a menu's name: a name is 1 to \(maximumBytes) of A-Z a-z 0-9 _ - (and /ITEM for a submenu written in place, e.g. main/apps); petalctl menus lists them"
            )
        }
        return name
    }

    private static func isName(_ text: Substring) -> Bool {
        !text.isEmpty && text.utf8.count <= maximumBytes
            && text.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: "-"):
                    true
                default:
                    false
                }
            }
    }
}
