import PetalCore
import PetalPluginRuntime

/// `ConfigWarnings`: what is odd in the configuration in force, found when it
/// comes into force (start-up and each reload) and said in the log then.
extension MenuService {
    /// What petald knows of actions now: every action listed (by plugins,
    /// providers and drop-ins), and the namespaces of plugin files found but
    /// not loaded, whose notes name them.
    var knownActions: KnownActions {
        var known = KnownActions(ids: Set(actions.registry.all.map(\.action.id)))
        for record in plugins.records where record.status != .loaded {
            known.namespaces[record.name] = "plugin \(record.name) (\(record.status.rawValue): \(record.reason))"
        }
        return known
    }

    /// Finds the warnings of the configuration in force: the decoder's, one
    /// for each item whose action nothing names, and one for each provider
    /// drop-in file skipped; logs each, and an item disabled because its
    /// plugin is not loaded.
    func takeWarnings() {
        let known = knownActions
        let problems = loaded.warnings(knowing: known)
        let dropIns = providers?.dropInRefusals ?? []
        configWarnings = problems.map(\.listed) + dropIns.map(\.listed)
        for problem in problems { log.warning(problem.description) }
        for refusal in dropIns { log.warning("skipped \(refusal)") }
        for menu in configuration.menus {
            for item in menu.items where item.kind == .action && !actions.registry.contains(item.action) {
                guard let owner = known.namespaces[ActionCheck.namespace(of: item.action)] else { continue }
                log.warning("item \"\(item.id)\" of menu \(menu.name) is disabled: its action's \(owner)")
            }
        }
    }
}
