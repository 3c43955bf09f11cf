import DBus
import Foundation
import PetalAPI
import PetalCore
import Synchronization
import TestSupport
import Testing

/// ``MenuMirror``: every menu from one read, kept current from petald's
/// signals alone; checked value by value, and against the real petald, where
/// the mirror kept from signals must equal a fresh read after each change.
@Suite struct MenuMirrorTests {
    static func menuProperties(name: String, parent: ObjectPath = .root) -> DBusVariantDictionary {
        var properties = MenuAppearanceTests.version1
        properties["Name"] = .string(name)
        properties["Parent"] = .objectPath(parent)
        return DBusVariantDictionary(properties.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
    }

    static func item(_ id: String, _ title: String) -> DBusVariantDictionary {
        DBusVariantDictionary([("Id", .string(id)), ("Title", .string(title))])
    }

    static func interfaces(_ pairs: [(InterfaceName, DBusVariantDictionary)])
        -> ObjectManagerInterface.InterfacesAndProperties
    {
        ObjectManagerInterface.InterfacesAndProperties(pairs.map { ($0.0.rawValue, $0.1) })
    }

    static let apps = PetalBus.menuPath("apps")

    static func mirror() -> MenuMirror {
        var mirror = MenuMirror()
        mirror.reset(
            main: menuProperties(name: "main"),
            objects: ObjectManagerInterface.ManagedObjects([
                (PetalBus.itemPath("web"), interfaces([(PetalBus.Item.interface, item("web", "Main's web"))])),
                (apps, interfaces([(PetalBus.Menu.interface, menuProperties(name: "apps"))])),
                (
                    PetalBus.itemPath("web", inMenuAt: apps),
                    interfaces([(PetalBus.Item.interface, item("web", "Apps' web"))])
                ),
            ]))
        return mirror
    }

    @Test func aReadListsEveryMenuWithItsOwnItems() throws {
        let mirror = Self.mirror()
        #expect(mirror.paths == [PetalBus.path, Self.apps])
        #expect(mirror.menu(at: PetalBus.path)?.snapshot.name == "main")
        #expect(mirror.menu(at: PetalBus.path)?.details.mapValues(\.title) == ["web": "Main's web"])
        #expect(mirror.menu(at: Self.apps)?.details.mapValues(\.title) == ["web": "Apps' web"])
        #expect(mirror.menu(at: PetalBus.menuPath("nothing")) == nil)
        // The menu's own properties alone, as the whole menu has them.
        #expect(mirror.snapshot(at: Self.apps) == mirror.menu(at: Self.apps)?.snapshot)
        #expect(mirror.snapshot(at: PetalBus.menuPath("nothing")) == nil)
    }

    @Test func anAddedMenuArrivesWholeAndGoesWithItsItems() throws {
        var mirror = Self.mirror()
        let adHoc = PetalBus.menuPath("adhoc-1")
        #expect(
            mirror.interfacesAdded(
                adHoc, Self.interfaces([(PetalBus.Menu.interface, Self.menuProperties(name: "adhoc-1"))])) == adHoc)
        #expect(
            mirror.interfacesAdded(
                PetalBus.itemPath("yes", inMenuAt: adHoc),
                Self.interfaces([(PetalBus.Item.interface, Self.item("yes", "Yes"))])) == adHoc)
        #expect(mirror.menu(at: adHoc)?.details["yes"]?.title == "Yes")
        #expect(mirror.paths.contains(adHoc))

        // An item going changes its menu; the menu going takes its items.
        #expect(
            mirror.interfacesRemoved(PetalBus.itemPath("yes", inMenuAt: adHoc), [PetalBus.Item.interface.rawValue])
                == adHoc)
        #expect(mirror.menu(at: adHoc)?.details.isEmpty == true)
        #expect(mirror.interfacesRemoved(adHoc, [PetalBus.Menu.interface.rawValue]) == adHoc)
        #expect(mirror.menu(at: adHoc) == nil && !mirror.paths.contains(adHoc))
        #expect(mirror.interfacesRemoved(adHoc, [PetalBus.Menu.interface.rawValue]) == nil, "gone already")
        // Another interface is none of the mirror's business.
        #expect(
            mirror.interfacesAdded(
                PetalBus.menuPath("x"), Self.interfaces([("org.example.Other", DBusVariantDictionary([]))])) == nil)
        #expect(mirror.menu(at: PetalBus.menuPath("x")) == nil)
    }

    @Test func changesCarryTheirValuesAndAnInvalidatedOneAsksForARead() throws {
        var mirror = Self.mirror()
        let changed = mirror.propertiesChanged(
            Self.apps, interface: PetalBus.Menu.interface.rawValue,
            changed: DBusVariantDictionary([("Highlighted", .variant(.string("web")))]), invalidated: [])
        #expect(changed?.menu == Self.apps && changed?.mustRead == false)
        #expect(mirror.menu(at: Self.apps)?.snapshot.highlighted == "web")
        #expect(mirror.menu(at: PetalBus.path)?.snapshot.highlighted == "", "another menu is untouched")

        let invalidated = mirror.propertiesChanged(
            Self.apps, interface: PetalBus.Menu.interface.rawValue, changed: DBusVariantDictionary([]),
            invalidated: ["Items"])
        #expect(invalidated?.mustRead == true)

        let item = mirror.propertiesChanged(
            PetalBus.itemPath("web", inMenuAt: Self.apps), interface: PetalBus.Item.interface.rawValue,
            changed: DBusVariantDictionary([("Title", .variant(.string("Browser")))]), invalidated: [])
        #expect(item?.menu == Self.apps)
        #expect(mirror.menu(at: Self.apps)?.details["web"]?.title == "Browser")
        #expect(mirror.menu(at: PetalBus.path)?.details["web"]?.title == "Main's web")

        let known = mirror.stateChanged(Self.apps, to: .expanding)
        #expect(known)
        #expect(mirror.menu(at: Self.apps)?.snapshot.state == .expanding)
        #expect(mirror.state(at: Self.apps) == .expanding && mirror.state(at: PetalBus.menuPath("nothing")) == nil)
        let unknown = mirror.stateChanged(PetalBus.menuPath("nothing"), to: .expanding)
        #expect(!unknown)
        #expect(
            mirror.propertiesChanged(
                PetalBus.menuPath("nothing"), interface: PetalBus.Menu.interface.rawValue,
                changed: DBusVariantDictionary([]), invalidated: []) == nil)
        // A read that answers after its menu went does not bring it back.
        mirror.interfacesRemoved(Self.apps, [PetalBus.Menu.interface.rawValue])
        mirror.menuRead(Self.apps, Self.menuProperties(name: "apps"))
        #expect(mirror.menu(at: Self.apps) == nil)
        mirror.clear()
        #expect(mirror.paths.isEmpty)
    }

    /// A menu's revision changes with anything but its state, so that a
    /// client reads a large menu again only when it must; its layout style
    /// reads alone.
    @Test func theRevisionChangesWithAnythingButTheState() throws {
        var mirror = Self.mirror()
        let first = try #require(mirror.revision(at: Self.apps))
        #expect(mirror.revision(at: PetalBus.menuPath("nothing")) == nil)
        #expect(mirror.layoutStyle(at: Self.apps) == mirror.menu(at: Self.apps)?.snapshot.layoutStyle)

        mirror.stateChanged(Self.apps, to: .expanding)
        mirror.propertiesChanged(
            Self.apps, interface: PetalBus.Menu.interface.rawValue,
            changed: DBusVariantDictionary([("State", .variant(.string("expanded")))]), invalidated: [])
        #expect(mirror.revision(at: Self.apps) == first, "the state alone")
        #expect(mirror.state(at: Self.apps) == .expanded)

        var seen: Set<Int> = [first]
        func expectNew(_ what: String) {
            let revision = mirror.revision(at: Self.apps)
            #expect(revision.map { !seen.contains($0) } == true, "\(what) gives a new revision")
            if let revision { seen.insert(revision) }
        }
        mirror.propertiesChanged(
            Self.apps, interface: PetalBus.Menu.interface.rawValue,
            changed: DBusVariantDictionary([("LayoutStyle", .variant(.string("list")))]), invalidated: [])
        expectNew("a property")
        #expect(mirror.layoutStyle(at: Self.apps) == .list)
        mirror.propertiesChanged(
            PetalBus.itemPath("web", inMenuAt: Self.apps), interface: PetalBus.Item.interface.rawValue,
            changed: DBusVariantDictionary([("Title", .variant(.string("Browser")))]), invalidated: [])
        expectNew("an item's property")
        mirror.menuRead(Self.apps, Self.menuProperties(name: "apps"))
        expectNew("a read")
        let main = mirror.revision(at: PetalBus.path)
        mirror.interfacesRemoved(Self.apps, [PetalBus.Menu.interface.rawValue])
        #expect(mirror.revision(at: Self.apps) == nil)
        mirror.interfacesAdded(
            Self.apps, Self.interfaces([(PetalBus.Menu.interface, Self.menuProperties(name: "apps"))]))
        expectNew("the menu made again")
        #expect(mirror.revision(at: PetalBus.path) == main, "another menu's is untouched")
    }

    // MARK: - Against petald

    /// Everything petald serves, read afresh, by path.
    static func fresh(_ client: PetalClient) async throws -> MenuMirror {
        try await withCheckedThrowingContinuation { continuation in
            client.readEveryMenu { continuation.resume(with: $0.mapError { $0 as any Error }) }
        }
    }

    static func expectSame(_ kept: MenuMirror, _ read: MenuMirror, _ step: String) {
        #expect(kept.paths == read.paths, "\(step): the menus")
        for path in read.paths {
            #expect(kept.menu(at: path)?.snapshot == read.menu(at: path)?.snapshot, "\(step): \(path)'s properties")
            #expect(kept.menu(at: path)?.details == read.menu(at: path)?.details, "\(step): \(path)'s items")
        }
    }

    @Test func theSignalsAloneKeepTheMirrorEqualToAFreshRead() async throws {
        let daemon = try await MenusClientTests.petald()
        defer { daemon.stop() }
        let follower = try DBusConnection.connect(to: .address(daemon.bus.address))
        defer { follower.close() }
        let client = PetalClient(connection: follower)
        let kept = Mutex(MenuMirror())
        let heard = Mutex(0)
        client.followEveryMenu { event in
            heard.withLock { $0 += 1 }
            kept.withLock { mirror in
                switch event {
                case .stateChanged(let path, let state): mirror.stateChanged(path, to: state)
                case .propertiesChanged(let path, let interface, let changed, let invalidated):
                    mirror.propertiesChanged(path, interface: interface, changed: changed, invalidated: invalidated)
                case .interfacesAdded(let path, let interfaces): mirror.interfacesAdded(path, interfaces)
                case .interfacesRemoved(let path, let interfaces): mirror.interfacesRemoved(path, interfaces)
                case .appeared, .vanished: break
                }
            }
        }
        let start = try await Self.fresh(client)
        kept.withLock { $0 = start }
        #expect(start.paths == [PetalBus.path, PetalBus.menuPath("power")])

        // Each step's signals reach the follower before the answer to a read sent after them.
        let driver = PetalClient(connection: daemon.client)
        // Menus move on by themselves while they open and close, so each
        // comparison waits for every menu to be at rest.
        func settle(_ step: String) async throws {
            let deadline = ContinuousClock.now + .seconds(10)
            while true {
                let read = try await Self.fresh(client)
                let moving = read.paths.contains { path in
                    read.menu(at: path)?.snapshot.state.isTransitioning ?? false
                }
                if !moving || ContinuousClock.now > deadline {
                    return Self.expectSame(kept.withLock { $0 }, read, step)
                }
                try await Task.sleep(for: .milliseconds(20))
            }
        }
        _ = try await driver.showMenu("power")
        try await settle("power shown")
        let first = try #require(start.menu(at: PetalBus.path)?.snapshot.items.first?.id)
        try await driver.setHighlighted(first)
        try await settle("main highlighted")
        let adHoc = try await driver.createMenu(#"{"title": "Pick", "items": [{"id": "a", "title": "A"}]}"#)
        try await settle("an ad-hoc menu made")
        #expect(kept.withLock { $0.menu(at: adHoc)?.details["a"]?.title } == "A")
        _ = try await driver.menu(at: adHoc).change(PetalBus.Menu.open)
        try await settle("the ad-hoc menu opened, power closed")
        try await driver.removeMenu(adHoc)
        try await settle("the ad-hoc menu removed")
        #expect(kept.withLock { $0.menu(at: adHoc) } == nil)
        _ = try await driver.change(PetalBus.Menu.toggle)
        try await settle("main toggled")
        #expect(heard.withLock { $0 } > 0)
    }
}
