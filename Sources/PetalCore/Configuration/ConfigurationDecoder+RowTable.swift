import PetalJSON

extension ConfigurationDecoder {
    /// A menu whose rows come from a row table (docs/dbus-api.md, "Row
    /// tables") is a `list`, the layout it takes when it names none, and
    /// has no `items` of its own.
    mutating func checkRowTableMenu(_ object: JSONObject, settings: inout MenuSettings) {
        if object["items"] != nil {
            report(
                .error, "items",
                "the menu's rows come from its row table (the rows option), so it has no items; leave items out")
        }
        if object["layout"] == nil {
            settings.geometry.style = .list
        } else if settings.geometry.style != .list {
            report(
                .error, "layout",
                "a menu made from a row table is a list; found \"\(settings.geometry.style.rawValue)\", expected \"list\" or no layout"
            )
        }
    }
}
