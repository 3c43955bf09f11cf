import DBus
import PetalCore

// Petal's enums that cross the bus, each as its raw value (`s`).

extension MenuState: DBusStringEnum {}
extension LayoutStyle: DBusStringEnum {}
extension MenuItem.Kind: DBusStringEnum {}
extension Anchor: DBusStringEnum {}
extension LabelMode: DBusStringEnum {}
extension InteractionMode: DBusStringEnum {}
extension PluginStatus: DBusStringEnum {}
