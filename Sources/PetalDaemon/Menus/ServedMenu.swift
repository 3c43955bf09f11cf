import DBus
import Linux
import PetalAPI
import PetalCore
import PetalPluginRuntime
import Spelling

/// One menu as petald serves it: its items, the item highlighted, a runtime
/// layout style, its placement, and the `Choose` calls waiting on it. Its
/// state machine is in the service's ``MenuChains``, which knows the menus
/// around it. petald serves it at ``path`` with `org.petal.Petal1.Menu`
/// (``MenuService/makeMenuInterface()``); a configured menu's items have
/// objects of their own (``ItemObjects``), an ad-hoc menu's are only rows of
/// its `Items` and entries of its `ItemDetails`, so that making one costs one
/// object however many items it has.
///
/// Confined to the service's scheduler thread.
final class ServedMenu {
    /// The menu's name, which never changes.
    let name: String
    /// The menu's object.
    let path: ObjectPath
    /// The unique bus name of the connection that made it, for an ad-hoc menu; "" for a configured one.
    let owner: String
    /// Whether it goes away once it has closed (an ad-hoc menu made transient, or `ChooseFrom`'s).
    let transient: Bool
    private(set) var definition: MenuSection
    /// The items as served: disabled when nothing provides their action, toggles with their selection.
    private(set) var items: [MenuItem] = [] {
        didSet { (itemDetailsServed, rowsFileServed) = (nil, nil) }
    }
    /// The row table a menu was made from, read in place; its `items` are then empty.
    let received: ReceivedRows?
    /// ``itemDetails`` as last built, until the items change.
    var itemDetailsServed: DBusDictionary<String, DBusVariantDictionary>?
    /// The sealed memory file `GetRows` hands out for a menu made without a
    /// table: made from the items when first asked for, until they change.
    var rowsFileServed: FileDescriptor?
    private(set) var highlighted = ""
    private(set) var layoutOverride: LayoutStyle?
    /// Where clients draw it: its anchor, or where `Show` put it, or the item it was opened from.
    var placement: MenuPlacement
    var choosers = ChoiceWaiters()
    /// Whether a toggle's selection is being written; another toggle waits its turn (`Busy`).
    var savingSelection = false
    /// The toggles' selections of an ad-hoc menu, which are never written to disk.
    private var selectionsInMemory: [String: Bool] = [:]

    let signals: any SignalSink
    let actions: ActionDispatcher
    let selections: SelectionStore
    let log: Logger
    /// The item objects; nil for an ad-hoc menu, and when there is no bus (in-process tests, `--introspect`).
    private let itemObjects: ItemObjects?

    /// A menu from `definition`, whose items run through `actions`, their
    /// objects served on `server`; ad-hoc when it has an `owner`.
    init(
        _ definition: MenuSection, owner: String = "", transient: Bool = false, rows: ReceivedRows? = nil,
        signals: any SignalSink, server: ObjectServer?, actions: ActionDispatcher, selections: SelectionStore,
        log: Logger
    ) {
        name = definition.name
        path = PetalBus.menuPath(definition.name)
        self.owner = owner
        self.transient = transient
        self.definition = definition
        self.signals = signals
        self.actions = actions
        self.selections = selections
        self.log = log
        placement = MenuPlacement(anchor: definition.appearance.anchor)
        itemObjects =
            owner.isEmpty ? server.map { ItemObjects(server: $0, signals: signals, name: definition.name) } : nil
        received = rows
        items = resolved(definition.items, keeping: [:])
    }

    /// Whether a connection made it over D-Bus.
    var isAdHoc: Bool { !owner.isEmpty }
    var settings: MenuSettings { definition.settings }
    var title: String { definition.title }

    /// Resolves the items again, now that every action is listed.
    func start() {
        items = resolved(definition.items, keeping: [:])
    }

    // MARK: Items

    /// The item with `id` as it is now.
    func item(_ id: String) -> MenuItem? {
        guard let rows else { return items.first { $0.id == id } }
        return rows.row(forID: id).map(rows.item)
    }

    /// The rows of a menu made from a row table.
    var rows: RowTable? { received?.table }

    /// How many items or rows it has.
    var itemCount: Int { rows?.count ?? items.count }

    /// The item of `object`, looked for first where it was.
    func item(at object: ItemObject) -> MenuItem? {
        guard items.indices.contains(object.index), items[object.index].id == object.id else {
            return item(object.id)
        }
        return items[object.index]
    }

    /// The object of the item `id`.
    func itemPath(_ id: String) -> ObjectPath { PetalBus.itemPath(id, inMenuAt: path) }

    /// The selections that are saved: the state file's for a configured menu, memory's for an ad-hoc one.
    private var savedSelections: [String: Bool] {
        isAdHoc ? selectionsInMemory : selections.selections[name] ?? [:]
    }

    /// Action items whose action nothing provides are served disabled (which
    /// ``MenuService/takeWarnings()`` says); toggles keep `kept` selections,
    /// else take their saved one.
    private func resolved(_ configured: [MenuItem], keeping kept: [String: Bool]) -> [MenuItem] {
        let saved = savedSelections
        var items = configured  // changed in place: rows left as configured (a picker's) are not copied one by one
        for index in items.indices {
            if items[index].toggle, let selected = kept[items[index].id] ?? saved[items[index].id] {
                items[index].selected = selected
            }
            if items[index].kind == .action && items[index].enabled && !actions.registry.contains(items[index].action) {
                items[index].enabled = false
            }
        }
        return items
    }

    private var currentSelections: [String: Bool] {
        Dictionary(items.map { ($0.id, $0.selected) }, uniquingKeysWith: { first, _ in first })
    }

    /// After actions came or went (a provider): items are enabled or disabled
    /// to match, keeping their selections. Returns the items as they were,
    /// for ``publishItems(replacing:interfaces:)``.
    func actionsChanged() -> [MenuItem] {
        let previous = items
        items = resolved(definition.items, keeping: currentSelections)
        return previous
    }

    /// Brings the item objects in line with the items after `previous`;
    /// new ones serve `interfaces`, shared by every item.
    func publishItems(replacing previous: [MenuItem], interfaces: [DBusInterface]) {
        itemObjects?.publish(items, replacing: previous, interfaces: interfaces)
    }

    /// Stops serving the item objects.
    func unpublishItems() {
        itemObjects?.publish([], replacing: items, interfaces: [])
    }

    /// The toggles' selections with `id` set to `selected`, as they would be saved.
    func selections(setting selected: Bool, of id: String) -> [String: Bool] {
        var all = Dictionary(
            items.filter(\.toggle).map { ($0.id, $0.selected) }, uniquingKeysWith: { first, _ in first })
        all[id] = selected
        return all
    }

    /// Sets a toggle's selection once it is saved, and announces it.
    func setSelected(_ selected: Bool, of id: String) -> MenuItem? {
        guard let index = items.firstIndex(where: { $0.id == id }) else { return nil }
        items[index].selected = selected
        if isAdHoc { selectionsInMemory[id] = selected }
        signals.emitPropertiesChanged(at: path, [PetalBus.Menu.items, PetalBus.Menu.itemDetails])
        if itemObjects != nil { signals.emitPropertiesChanged(at: itemPath(id), [PetalBus.Item.selected]) }
        return items[index]
    }

    /// Takes a reloaded configuration's `definition`: selections of items
    /// that remain are kept, a highlighted item that is gone is cleared, a
    /// runtime layout style lasts until now, and a placement `Show` gave stays.
    /// Returns the items as they were (for ``publishItems(replacing:interfaces:)``)
    /// and whether the highlight was cleared.
    func reload(_ definition: MenuSection) -> (previous: [MenuItem], highlightCleared: Bool) {
        let previous = items
        let kept = currentSelections
        self.definition = definition
        items = resolved(definition.items, keeping: kept)
        layoutOverride = nil
        if placement.parent == nil && placement.at == nil && placement.output == nil {
            placement.anchor = definition.appearance.anchor
        }
        guard !highlighted.isEmpty && item(highlighted) == nil else { return (previous, false) }
        highlighted = ""
        return (previous, true)
    }

    // MARK: Placement

    /// Where the menu goes when it opens on its own: where `options` say,
    /// else its configured anchor. Announced when it changes.
    func place(_ options: ShowOptions?) {
        var placement = MenuPlacement(anchor: definition.appearance.anchor)
        if let options {
            placement.anchor = options.anchor ?? placement.anchor
            placement.at = options.at
            placement.output = options.output
            placement.turbo = options.turbo
        }
        setPlacement(placement)
    }

    /// Places the menu at `item` of `parent`, opening as its submenu.
    func place(asSubmenuOf parent: ObjectPath, item: String) {
        setPlacement(MenuPlacement(anchor: definition.appearance.anchor, parent: parent, item: item))
    }

    private func setPlacement(_ placement: MenuPlacement) {
        guard placement != self.placement else { return }
        self.placement = placement
        signals.emitPropertiesChanged(at: path, [PetalBus.Menu.placement])
    }

    // MARK: Highlight and layout

    /// The layout in force: the runtime override, else the configuration's.
    var geometry: MenuGeometry {
        var geometry = settings.geometry
        if let layoutOverride { geometry.style = layoutOverride }
        return geometry
    }

    /// The `Layout` rows: each item's centre in the expanded menu.
    var layoutRows: [LayoutPoint] {
        zip(items, geometry.positions(count: items.count, discs: LayoutDiscs(definition.appearance))).map {
            LayoutPoint(id: $0.id, x: $1.x, y: $1.y)
        }
    }

    /// `Picker`: the menu's `picker` section, the keys that differ from their defaults.
    var picker: DBusVariantDictionary { (definition.picker ?? PickerSettings()).dictionary }

    /// `Appearance`: the menu's, with its durations and the labels its layout in force shows.
    var appearance: DBusVariantDictionary {
        MenuAppearance(
            settings: definition.appearance, openDuration: settings.openDuration.configuredSeconds,
            closeDuration: settings.closeDuration.configuredSeconds
        ).resolvingLayoutDefaults(for: geometry.style).dictionary
    }

    func setHighlighted(_ id: String) throws(DBusError) {
        try PetalError.checkLength(id, what: "item id", error: DBusError.Name.invalidArgs)
        guard id.isEmpty || item(id) != nil else {
            throw DBusError.invalidArgs(
                "menu \(name) has no item \"\(id)\"\(Spelling.suggestion(for: id, among: items.map(\.id))); Highlighted takes one of its ids or \"\" for none: \(idsListed)"
            )
        }
        guard id != highlighted else { return }
        highlighted = id
        signals.emitPropertiesChanged(at: path, [PetalBus.Menu.highlighted])
    }

    /// Forgets the highlighted item, as the menu starts opening or closing;
    /// announced when there was one.
    func clearHighlight() {
        guard !highlighted.isEmpty else { return }
        highlighted = ""
        signals.emitPropertiesChanged(at: path, [PetalBus.Menu.highlighted])
    }

    /// Sets `LayoutStyle` until the next reload (a name that is no style is refused where it is decoded).
    func setLayoutStyle(_ style: LayoutStyle) {
        guard style != geometry.style else { return }
        let previousAppearance = appearance
        layoutOverride = style
        var changed: [any DBusPropertyMember] = [PetalBus.Menu.layoutStyle, PetalBus.Menu.layout]
        // Labels follow the layout unless the appearance names them.
        if appearance != previousAppearance { changed.append(PetalBus.Menu.appearance) }
        signals.emitPropertiesChanged(at: path, changed)
    }
}
