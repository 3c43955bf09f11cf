import PetalAPI
import PetalCore
import PetalJSON

/// `petalctl menus`: every menu petald serves, as a table and as JSON.
extension Reports {
    /// One row of `menus`: a row of petald's `Menus` with its menu's state and owner.
    struct ListedMenu: Equatable {
        let row: MenuRow
        /// `State` of the menu.
        let state: MenuState
        /// `Owner`: an ad-hoc menu's unique bus name, "" for a configured one.
        let owner: String
    }

    /// NAME, TITLE, STATE, OWNER (`-` for a configured menu); JSON objects
    /// with `name`, `title`, `path`, `state` and `owner` ("" for a configured menu).
    static func menus(_ menus: [ListedMenu]) -> (text: String, json: JSONValue) {
        var table = TextTable("NAME", "TITLE", "STATE", "OWNER")
        for menu in menus {
            table.add(menu.row.name, menu.row.title, menu.state.rawValue, menu.owner.isEmpty ? "-" : menu.owner)
        }
        let json = JSONValue.array(
            menus.map {
                [
                    "name": .string($0.row.name), "title": .string($0.row.title), "path": .string($0.row.path.rawValue),
                    "state": .string($0.state.rawValue), "owner": .string($0.owner),
                ]
            })
        return (table.text, json)
    }
}
