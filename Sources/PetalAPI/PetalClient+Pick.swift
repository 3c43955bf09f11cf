import DBus
import Linux

/// Picking (docs/dbus-api.md, "Picking"): `Pick` on this client's menu,
/// `PickFrom` on the root, and `Submit`, a frontend's answer.
extension PetalClient {
    /// Calls `Pick`: shows this client's menu where `options` say and waits
    /// for what is picked in its chain.
    ///
    /// - Throws: `Cancelled` when it closes without a choice, `Timeout`
    ///   when `timeout` seconds pass first.
    public func pick(
        _ options: ShowOptions = ShowOptions(), timeout: Double? = nil, dispatch: Bool = true
    ) async throws -> PickAnswer {
        var proxy = menu
        proxy.timeout = Self.choiceCallTimeout(timeout)
        let answer = try await proxy.call(
            PetalBus.Menu.pick, Self.pickOptions(options, timeout: timeout, dispatch: dispatch))
        return PickAnswer(lenient: answer)
    }

    /// Calls `PickFrom`: shows a menu made of `json` for this call and waits
    /// for what is picked in it, as ``pick(_:timeout:dispatch:)``. With
    /// `rows`, a sealed memfd holding a row table, the menu's rows are its
    /// rows, and `json` has no `items`.
    public func pickFrom(
        _ json: String, options: ShowOptions = ShowOptions(), timeout: Double? = nil, dispatch: Bool = true,
        rows: FileDescriptor? = nil
    ) async throws -> PickAnswer {
        var proxy = root
        proxy.timeout = Self.choiceCallTimeout(timeout)
        let options = Self.pickOptions(options, timeout: timeout, dispatch: dispatch, rows: rows)
        let answer = try await proxy.call(PetalBus.Menus.pickFrom, json, options)
        return PickAnswer(lenient: answer)
    }

    /// Calls `PickFrom`, from any thread; `completion` runs on the
    /// connection's loop thread, as ``pickFrom(_:options:timeout:dispatch:rows:)``.
    public func pickFrom(
        _ json: String, options: ShowOptions = ShowOptions(), timeout: Double?, dispatch: Bool = true,
        rows: FileDescriptor? = nil, then completion: @escaping @Sendable (Result<PickAnswer, DBusError>) -> Void
    ) {
        var proxy = root
        proxy.timeout = Self.choiceCallTimeout(timeout)
        let options = Self.pickOptions(options, timeout: timeout, dispatch: dispatch, rows: rows)
        // The options borrow `rows`' descriptor: the message, built before `call` returns, holds its own copy.
        proxy.call(PetalBus.Menus.pickFrom, json, options) { completion($0.map { PickAnswer(lenient: $0) }) }
    }

    /// Calls `Submit` on this client's menu: `ids` are chosen, with `details`.
    ///
    /// - Throws: `UnknownItem`, `NotExpanded`, `ItemDisabled`, `InvalidArgs`, `Busy`.
    public func submit(_ ids: [String], _ details: SubmitDetails = SubmitDetails()) async throws {
        try await menu.call(PetalBus.Menu.submit, ids, details.dictionary)
    }

    /// Calls `Submit`, from any thread; `completion` runs on the connection's loop thread.
    public func submit(
        _ ids: [String], _ details: SubmitDetails = SubmitDetails(),
        then completion: @escaping @Sendable (Result<Void, DBusError>) -> Void
    ) {
        menu.call(PetalBus.Menu.submit, ids, details.dictionary, then: completion)
    }

    private static func pickOptions(
        _ options: ShowOptions, timeout: Double?, dispatch: Bool, rows: FileDescriptor? = nil
    ) -> DBusVariantDictionary {
        PickOptions(show: options, choose: ChooseOptions(timeout: timeout, dispatch: dispatch), rows: rows).dictionary
    }
}
