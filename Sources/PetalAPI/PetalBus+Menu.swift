import DBus
import Linux
import PetalCore

extension PetalBus {
    /// `org.petal.Petal1.Menu`, served at ``PetalBus/path`` (docs/dbus-api.md):
    /// every member declared once, with its types, for petald to serve and
    /// for clients to call, read and follow.
    public enum Menu {
        /// The interface's name.
        public static let interface: InterfaceName = "org.petal.Petal1.Menu"

        // MARK: Methods

        /// `Toggle() → s state`: opens a collapsed menu, closes an expanded one.
        public static let toggle = DBusMethodDeclaration(interface, "Toggle", out: DBusOut("state", MenuState.self))
        /// `Open() → s state`.
        public static let open = DBusMethodDeclaration(interface, "Open", out: DBusOut("state", MenuState.self))
        /// `Close() → s state`.
        public static let close = DBusMethodDeclaration(interface, "Close", out: DBusOut("state", MenuState.self))
        /// `Activate(s item) → a{sv} result`: runs an item of the expanded menu.
        public static let activate = DBusMethodDeclaration(
            interface, "Activate", in: DBusIn("item", String.self), out: DBusOut("result", DBusVariantDictionary.self))
        /// `Trigger(s action, a{sv} params) → a{sv} result`: runs any action.
        public static let trigger = DBusMethodDeclaration(
            interface, "Trigger", in: DBusIn("action", String.self), DBusIn("params", DBusVariantDictionary.self),
            out: DBusOut("result", DBusVariantDictionary.self))
        /// `Choose(a{sv} options) → s item`: opens the menu and answers the next item activated.
        public static let choose = DBusMethodDeclaration(
            interface, "Choose", in: DBusIn("options", DBusVariantDictionary.self), out: DBusOut("item", String.self))
        /// `Pick(a{sv} options) → a{sv} answer`: opens the menu as `Show` does
        /// and answers what is picked (``PickAnswer``).
        public static let pick = DBusMethodDeclaration(
            interface, "Pick", in: DBusIn("options", DBusVariantDictionary.self),
            out: DBusOut("answer", DBusVariantDictionary.self))
        /// `Submit(as ids, a{sv} details)`: a frontend's answer for the open
        /// menu: the items chosen, or a custom entry (``SubmitDetails``).
        public static let submit = DBusMethodDeclaration(
            interface, "Submit", in: DBusIn("ids", [String].self), DBusIn("details", DBusVariantDictionary.self))
        /// `Reload()`: reads the configuration file again.
        public static let reload = DBusMethodDeclaration(interface, "Reload")
        /// `RegisterProvider(o path)`: the caller serves actions at `path` (docs/providers.md).
        public static let registerProvider = DBusMethodDeclaration(
            interface, "RegisterProvider", in: DBusIn("path", ObjectPath.self))
        /// `UnregisterProvider(o path)`.
        public static let unregisterProvider = DBusMethodDeclaration(
            interface, "UnregisterProvider", in: DBusIn("path", ObjectPath.self))
        /// `Show(a{sv} options) → s state`: opens this menu where the options say (``ShowOptions``).
        public static let show = DBusMethodDeclaration(
            interface, "Show", in: DBusIn("options", DBusVariantDictionary.self), out: DBusOut("state", MenuState.self))
        /// `Back() → s state`: closes the innermost open submenu of this menu's chain, else this menu.
        public static let back = DBusMethodDeclaration(interface, "Back", out: DBusOut("state", MenuState.self))
        /// `GetRows() → h rows`: the menu's rows as a row table in a sealed memfd
        /// (made from `Items` for a menu that has no table), which the caller owns.
        public static let getRows = DBusMethodDeclaration(
            interface, "GetRows", out: DBusOut("rows", FileDescriptor.self))

        // MARK: Properties

        /// `State s`: `collapsed`, `expanding`, `expanded` or `collapsing`.
        public static let state = DBusPropertyDeclaration(interface, "State", MenuState.self)
        /// `Items a(ssssbb)`, in menu order.
        public static let items = DBusPropertyDeclaration(interface, "Items", [ItemRow].self)
        /// `Actions a(sss)`: every action that can run.
        public static let actions = DBusPropertyDeclaration(interface, "Actions", [ActionRow].self)
        /// `Plugins a(sssss)`: every plugin file found, and every provider.
        public static let plugins = DBusPropertyDeclaration(interface, "Plugins", [PluginRow].self)
        /// `Highlighted s`, read-write: the item a frontend shows as hovered ("" for none).
        public static let highlighted = DBusPropertyDeclaration(
            interface, "Highlighted", String.self, access: .readWrite)
        /// `Layout a(sdd)`: each item's centre in the expanded menu.
        public static let layout = DBusPropertyDeclaration(interface, "Layout", [LayoutPoint].self)
        /// `LayoutStyle s`, read-write: `linear`, `stack` or `radial`.
        public static let layoutStyle = DBusPropertyDeclaration(
            interface, "LayoutStyle", LayoutStyle.self, access: .readWrite)
        /// `Version s`: petald's version; never changes.
        public static let version = DBusPropertyDeclaration(interface, "Version", String.self, emitsChange: .const)
        /// `Appearance a{sv}`: what every client draws (``MenuAppearance``).
        public static let appearance = DBusPropertyDeclaration(interface, "Appearance", DBusVariantDictionary.self)
        /// `Name s`: the menu's name; never changes.
        public static let name = DBusPropertyDeclaration(interface, "Name", String.self, emitsChange: .const)
        /// `Title s`.
        public static let title = DBusPropertyDeclaration(interface, "Title", String.self)
        /// `Placement a{sv}`: where clients draw the menu (``MenuPlacement``).
        public static let placement = DBusPropertyDeclaration(interface, "Placement", DBusVariantDictionary.self)
        /// `Parent o`: while open as a submenu, the menu it was opened from; `/` otherwise.
        public static let parent = DBusPropertyDeclaration(interface, "Parent", ObjectPath.self)
        /// `Submenu o`: the submenu open from this menu; `/` when none.
        public static let submenu = DBusPropertyDeclaration(interface, "Submenu", ObjectPath.self)
        /// `Owner s`: an ad-hoc menu's owner (a unique bus name); "" for configured menus. Never changes.
        public static let owner = DBusPropertyDeclaration(interface, "Owner", String.self, emitsChange: .const)
        /// `Picker a{sv}`: the menu's `picker` section (``PickerSettings``); empty when it has none.
        public static let picker = DBusPropertyDeclaration(interface, "Picker", DBusVariantDictionary.self)
        /// `ItemDetails a{sa{sv}}`: for each item with fields beyond its row of
        /// `Items` (a colour, a submenu, a key…), those fields by their `Item`
        /// property names; the only place an ad-hoc menu's items have them.
        public static let itemDetails = DBusPropertyDeclaration(
            interface, "ItemDetails", DBusDictionary<String, DBusVariantDictionary>.self)
        /// `RowCount u`: how many rows the menu has, its `Items` or its row table
        /// (a menu made from a table serves `Items`, `Layout` and `ItemDetails` empty).
        public static let rowCount = DBusPropertyDeclaration(interface, "RowCount", UInt32.self)

        // MARK: Signals

        /// `StateChanged(s state, s previous)`.
        public static let stateChanged = DBusSignalDeclaration(
            interface, "StateChanged", DBusOut("state", MenuState.self), DBusOut("previous", MenuState.self))
        /// `ActionStarted(u invocation, s action, s item)`; item is "" for `Trigger`.
        public static let actionStarted = DBusSignalDeclaration(
            interface, "ActionStarted", DBusOut("invocation", UInt32.self), DBusOut("action", String.self),
            DBusOut("item", String.self))
        /// `ActionFinished(u invocation, s action, b success, s error, s message)`.
        public static let actionFinished = DBusSignalDeclaration(
            interface, "ActionFinished", DBusOut("invocation", UInt32.self), DBusOut("action", String.self),
            DBusOut("success", Bool.self), DBusOut("error", String.self), DBusOut("message", String.self))

        /// `Chosen(s item)`: an item of this menu was chosen (activated, but
        /// not to open a submenu), by any client; emitted before its action starts.
        public static let chosen = DBusSignalDeclaration(interface, "Chosen", DBusOut("item", String.self))

        /// The signals, in introspection order.
        public static let signals = [
            stateChanged.description, actionStarted.description, actionFinished.description, chosen.description,
        ]
    }

    /// `org.petal.Petal1.Item`, served for each item at ``PetalBus/itemPath(_:)``.
    public enum Item {
        /// The interface's name.
        public static let interface: InterfaceName = "org.petal.Petal1.Item"

        /// `Activate() → a{sv} result`: as the Menu interface's `Activate` of this item.
        public static let activate = DBusMethodDeclaration(
            interface, "Activate", out: DBusOut("result", DBusVariantDictionary.self))

        /// `Id s`: never changes.
        public static let id = DBusPropertyDeclaration(interface, "Id", String.self, emitsChange: .const)
        /// `Title s`.
        public static let title = DBusPropertyDeclaration(interface, "Title", String.self)
        /// `Icon s`.
        public static let icon = DBusPropertyDeclaration(interface, "Icon", String.self)
        /// `SelectedIcon s`: the icon a selected toggle shows.
        public static let selectedIcon = DBusPropertyDeclaration(interface, "SelectedIcon", String.self)
        /// `Color s`: `#rrggbb[aa]`, or "" for the theme's.
        public static let color = DBusPropertyDeclaration(interface, "Color", String.self)
        /// `Action s`: the action it runs.
        public static let action = DBusPropertyDeclaration(interface, "Action", String.self)
        /// `Enabled b`.
        public static let enabled = DBusPropertyDeclaration(interface, "Enabled", Bool.self)
        /// `Selected b`: a toggle's selection.
        public static let selected = DBusPropertyDeclaration(interface, "Selected", Bool.self)
        /// `Toggle b`: whether it is a toggle.
        public static let toggle = DBusPropertyDeclaration(interface, "Toggle", Bool.self)
        /// `Kind s`: `action`, `submenu`, or `choice` (an ad-hoc item with neither).
        public static let kind = DBusPropertyDeclaration(interface, "Kind", MenuItem.Kind.self)
        /// `Submenu o`: the menu the item opens; `/` for others.
        public static let submenu = DBusPropertyDeclaration(interface, "Submenu", ObjectPath.self)
        /// `Key s`: the character that activates it while its menu is open; "" for none.
        public static let key = DBusPropertyDeclaration(interface, "Key", String.self)
        /// `Meta s`: words a picker's filter matches that are not shown (rofi's `meta`); "" for none.
        public static let meta = DBusPropertyDeclaration(interface, "Meta", String.self)
    }

    /// `org.petal.Petal1.ActionProvider`, served by a program that gives
    /// petald actions (docs/providers.md), and by each isolated plugin's host.
    public enum ActionProvider {
        /// The interface's name.
        public static let interface: InterfaceName = "org.petal.Petal1.ActionProvider"

        /// `Invoke(u invocation, s action, a{sv} params) → a{sv} result`.
        public static let invoke = DBusMethodDeclaration(
            interface, "Invoke", in: DBusIn("invocation", UInt32.self), DBusIn("action", String.self),
            DBusIn("params", DBusVariantDictionary.self), out: DBusOut("result", DBusVariantDictionary.self))
        /// `Cancel(u invocation)`: petald gave up on an invocation.
        public static let cancel = DBusMethodDeclaration(interface, "Cancel", in: DBusIn("invocation", UInt32.self))

        /// `Name s`: the provider's name, its actions' namespace.
        public static let name = DBusPropertyDeclaration(interface, "Name", String.self, emitsChange: .const)
        /// `Actions a(sss)`: id, title and icon of each action.
        public static let actions = DBusPropertyDeclaration(
            interface, "Actions", [ProviderActionRow].self, emitsChange: .const)
    }
}
