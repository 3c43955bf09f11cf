import DBus
import PetalAPI
import PetalCore

/// The menus of an ad-hoc menu's JSON (`CreateMenu`, `ChooseFrom`): the menu
/// and the submenus written in it, read as a configuration's menu sections
/// are (``AdHocMenuDecoder``), over the configuration's top level.
enum AdHocMenuDefinitions {
    /// The most problems one refusal lists; the rest are counted.
    static let problemsShown = 8

    /// The menus `json` describes, the top one first. The menu is named by
    /// its `name` when that is free, else by `nextName()`.
    ///
    /// - Throws: `LimitExceeded` for a menu over a limit, whatever else is
    ///   wrong; `InvalidMenu` with the JSON path of each fault, and for a
    ///   `name` another menu has.
    static func decode(
        _ json: String, defaults: MenuDefaults, rowsFromTable: Bool = false, isTaken: (String) -> Bool,
        nextName: () -> String
    ) throws(DBusError) -> (sections: [MenuSection], warnings: [ConfigurationProblem]) {
        var taken: String?
        let decoded: (menu: AdHocMenu, warnings: [ConfigurationProblem])
        do {
            decoded = try AdHocMenuDecoder.decode(json, defaults: defaults, rowsFromTable: rowsFromTable) { given in
                guard let given else { return nextName() }
                if isTaken(given) { taken = given }
                return given
            }
        } catch {
            switch error {
            case .limitExceeded(let problems): throw PetalError.make(.limitExceeded, message(problems))
            case .invalid(let problems): throw PetalError.make(.invalidMenu, message(problems))
            }
        }
        if let taken {
            throw PetalError.make(
                .invalidMenu, "name: a menu named \"\(taken)\" exists; give another name, or none for adhoc-<n>")
        }
        return (decoded.menu.sections, decoded.warnings)
    }

    /// One problem a line, `PATH: MESSAGE`, at most ``problemsShown`` of them.
    static func message(_ problems: [ConfigurationProblem]) -> String {
        var lines = problems.prefix(problemsShown).map(\.description)
        if problems.count > problemsShown { lines.append("… and \(problems.count - problemsShown) more") }
        return lines.joined(separator: "\n")
    }
}
