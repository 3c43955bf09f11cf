import DBus

extension PetalBus {
    /// `org.petal.Petal1.Menus`, served at ``PetalBus/path`` beside the main
    /// menu's interface: every menu, ad-hoc menus, and the desktop's context
    /// (docs/dbus-api.md).
    public enum Menus {
        /// The interface's name.
        public static let interface: InterfaceName = "org.petal.Petal1.Menus"

        // MARK: Methods

        /// `ShowMenu(s name, a{sv} options) → o path`: opens a menu where the
        /// options say; "" is the menu the context asks for.
        public static let showMenu = DBusMethodDeclaration(
            interface, "ShowMenu", in: DBusIn("name", String.self), DBusIn("options", DBusVariantDictionary.self),
            out: DBusOut("path", ObjectPath.self))
        /// `CreateMenu(s menu, a{sv} options) → o path`: makes an ad-hoc menu from JSON.
        public static let createMenu = DBusMethodDeclaration(
            interface, "CreateMenu", in: DBusIn("menu", String.self), DBusIn("options", DBusVariantDictionary.self),
            out: DBusOut("path", ObjectPath.self))
        /// `RemoveMenu(o path)`: removes an ad-hoc menu the caller made.
        public static let removeMenu = DBusMethodDeclaration(
            interface, "RemoveMenu", in: DBusIn("path", ObjectPath.self))
        /// `ChooseFrom(s menu, a{sv} options) → s id`: shows a menu made for
        /// this call and answers the item chosen.
        public static let chooseFrom = DBusMethodDeclaration(
            interface, "ChooseFrom", in: DBusIn("menu", String.self), DBusIn("options", DBusVariantDictionary.self),
            out: DBusOut("id", String.self))
        /// `PickFrom(s menu, a{sv} options) → a{sv} answer`: shows a menu made
        /// for this call and answers what is picked, as `Pick` does.
        public static let pickFrom = DBusMethodDeclaration(
            interface, "PickFrom", in: DBusIn("menu", String.self), DBusIn("options", DBusVariantDictionary.self),
            out: DBusOut("answer", DBusVariantDictionary.self))
        /// `SetContext(a{sv} context)`: replaces the context, owned by the caller's connection.
        public static let setContext = DBusMethodDeclaration(
            interface, "SetContext", in: DBusIn("context", DBusVariantDictionary.self))

        // MARK: Properties

        /// `Menus a(sos)`: every menu, configured ones first.
        public static let menus = DBusPropertyDeclaration(interface, "Menus", [MenuRow].self)
        /// `ActiveMenu o`: the innermost open menu; `/` when every menu is collapsed.
        public static let activeMenu = DBusPropertyDeclaration(interface, "ActiveMenu", ObjectPath.self)
        /// `Context a{sv}`: `app`, `title`, `output` and `source`, as its setter gave them.
        public static let context = DBusPropertyDeclaration(interface, "Context", DBusVariantDictionary.self)
        /// `ConfigWarnings as`: the warnings of the configuration in force, one
        /// `FILE:LINE:COL: PATH: message` each; announced with every configuration put in force.
        public static let configWarnings = DBusPropertyDeclaration(interface, "ConfigWarnings", [String].self)
    }
}
