/// A configuration as petald put it in force: the menus and settings, the
/// file they came from, the decoder's warnings, where each item names its
/// action (for ``ActionCheck``) and where each menu writes its items (for
/// ``LayoutFitCheck``).
public struct LoadedConfiguration: Sendable {
    /// The configuration.
    public var configuration: MenuConfiguration
    /// The file it was read from; nil for the embedded default or one made in code.
    public var file: String?
    /// The decoder's warnings, each naming ``file``.
    public var warnings: [ConfigurationProblem]
    /// Where each item names its action.
    public var actionSites: [ActionSite]
    /// Where each menu writes its items.
    public var menuSites: [MenuSite]

    /// `configuration` from `file`, with its `warnings`, `actionSites` and `menuSites`.
    public init(
        _ configuration: MenuConfiguration, file: String? = nil, warnings: [ConfigurationProblem] = [],
        actionSites: [ActionSite] = [], menuSites: [MenuSite] = []
    ) {
        self.configuration = configuration
        self.file = file
        self.warnings = warnings
        self.actionSites = actionSites
        self.menuSites = menuSites
    }

    /// Every warning: the decoder's, one for each action `known` does not
    /// name and one for each menu too large for a 1280×720 output, in the
    /// order of their place in the text.
    public func warnings(knowing known: KnownActions) -> [ConfigurationProblem] {
        let all =
            warnings + ActionCheck.warnings(for: configuration, sites: actionSites, known: known, file: file)
            + LayoutFitCheck.warnings(for: configuration, sites: menuSites, file: file)
        return all.enumerated().sorted { a, b in
            let (left, right) = (a.element.position?.offset ?? .max, b.element.position?.offset ?? .max)
            return left != right ? left < right : a.offset < b.offset
        }.map(\.element)
    }
}
