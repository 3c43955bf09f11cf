import DBus
import PetalAPI
import PetalCore

/// Who made which ad-hoc menu, and the limits on them: checked before
/// anything is made, the size first (docs/dbus-api.md, "Ad-hoc menus").
/// A menu with the submenus written in place counts once.
struct AdHocMenus {
    /// A menu of JSON larger than this is refused unread: a `list` menu's
    /// limit, since the layout is inside.
    static let maximumBytes = Limits.listMenuBytes
    /// A menu of any other layout holds at most this much JSON.
    static let maximumBytesUnlessList = Limits.adHocMenuBytes
    /// One connection may keep this many ad-hoc menus at once.
    static let maximumPerConnection = Limits.adHocMenusPerConnection
    /// All connections together may keep this many.
    static let maximumInAll = Limits.adHocMenusInAll

    /// The top menus made, by owner, with the in-place submenus each brought
    /// and the size of the JSON they were made of.
    private var made: [String: [(top: String, all: [String], bytes: Int)]] = [:]
    private var count = 0
    private var bytesInAll = 0
    private var lastNumber = 0

    /// The refusal of a menu of `bytes` bytes of JSON, over ``maximumBytes``:
    /// given before the call is decoded.
    @Sendable static func tooLarge(_ bytes: Int) -> DBusError {
        PetalError.make(
            .limitExceeded,
            "the menu is \(bytes) bytes of JSON; the limit is \(maximumBytes) bytes for a list menu, \(maximumBytesUnlessList) for any other"
        )
    }

    /// Throws `LimitExceeded`, saying which, when `owner` may make no other
    /// menu of `json` bytes of JSON and `rows` bytes of row table now.
    func admit(_ json: Int, rows: Int = 0, from owner: String) throws(DBusError) {
        guard json <= Self.maximumBytes else { throw Self.tooLarge(json) }
        try admit(owner)
        let bytes = json + rows
        let own = made[owner]?.reduce(0) { $0 + $1.bytes } ?? 0
        guard own + bytes <= Limits.adHocBytesPerConnection else {
            throw PetalError.make(
                .limitExceeded,
                "\(owner)'s ad-hoc menus hold \(own) bytes of JSON and row tables; with \(bytes) more they would pass the \(Limits.adHocBytesPerConnection) bytes one connection may keep; remove one (RemoveMenu) first"
            )
        }
        guard bytesInAll + bytes <= Limits.adHocBytesInAll else {
            throw PetalError.make(
                .limitExceeded,
                "the ad-hoc menus hold \(bytesInAll) bytes of JSON and row tables; with \(bytes) more they would pass the \(Limits.adHocBytesInAll) bytes petald keeps; try again when one is removed"
            )
        }
    }

    /// Throws `LimitExceeded` when `owner` may make no other menu now: it
    /// has made as many as a connection may keep, or petald keeps as many as
    /// it will. Checked before the menu's JSON is read, and again once it is.
    func admit(_ owner: String) throws(DBusError) {
        let own = made[owner]?.count ?? 0
        guard own < Self.maximumPerConnection else {
            throw PetalError.make(
                .limitExceeded,
                "\(owner) has made \(own) ad-hoc menus, the most one connection may keep; remove one (RemoveMenu) first"
            )
        }
        guard count < Self.maximumInAll else {
            throw PetalError.make(
                .limitExceeded, "\(count) ad-hoc menus exist, the most petald keeps; try again when one is removed")
        }
    }

    /// A name for an ad-hoc menu made without one, `adhoc-<n>`, that `isTaken`
    /// does not refuse. Its number is spent once a menu of that name is
    /// recorded: a refused menu spends none.
    func nextName(isTaken: (String) -> Bool) -> String {
        var number = lastNumber
        repeat { number += 1 } while isTaken("adhoc-\(number)")
        return "adhoc-\(number)"
    }

    /// Records that `owner` made the menu `top` of `bytes` bytes of JSON,
    /// with the menus `all` (itself and its in-place submenus).
    mutating func record(_ top: String, with all: [String], bytes: Int, by owner: String) {
        made[owner, default: []].append((top, all, bytes))
        if top.hasPrefix("adhoc-"), let number = Int(top.dropFirst("adhoc-".count)), number > lastNumber {
            lastNumber = number
        }
        count += 1
        bytesInAll += bytes
    }

    /// Whether `owner` made the top menu `name`.
    func owns(_ owner: String, _ name: String) -> Bool {
        made[owner]?.contains { $0.top == name } == true
    }

    /// The menus (top ones first, each followed by its submenus) `owner` made.
    func menus(ownedBy owner: String) -> [String] {
        (made[owner] ?? []).flatMap(\.all)
    }

    /// The menus that go with the top menu `name`: itself and its in-place submenus.
    func family(of name: String) -> [String] {
        for entries in made.values { if let entry = entries.first(where: { $0.top == name }) { return entry.all } }
        return [name]
    }

    /// Forgets the menu `name`, once it is gone; returns the bytes of JSON it was made of (0 for a submenu).
    @discardableResult
    mutating func forget(_ name: String) -> Int {
        for (owner, entries) in made {
            guard let index = entries.firstIndex(where: { $0.top == name }) else { continue }
            let bytes = entries[index].bytes
            bytesInAll -= bytes
            made[owner]?.remove(at: index)
            if made[owner]?.isEmpty == true { made[owner] = nil }
            count -= 1
            return bytes
        }
        return 0
    }
}
