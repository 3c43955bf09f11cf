import CGtk
import Linux
import PetalAPI
import PetalCore
import PetalScene

/// A list window whose menu's rows are a row table (docs/overlay.md, "The
/// list layout"): drawn from the table in place, a `String` made only for
/// each row on screen; folded for the filter on a worker thread once the
/// first frame is drawn, keys that filter waiting for it meanwhile.
extension ListWindow {
    /// Whether the window waits for its menu's row table: `RowCount` rows, and no table of them yet.
    var awaitsTable: Bool { tableRowCount > 0 && table?.count != tableRowCount }

    /// Row `index` of the menu, from `Items` or from the table: what drawing a row reads.
    func row(_ index: Int) -> ItemRow {
        guard let table else { return rows[index] }
        return ItemRow(
            id: table.id(index), title: table.title(index), icon: table.icon(index), action: "",
            enabled: table.isSelectable(index), selected: false)
    }

    /// Whether the window was shown (it is kept off screen while its table comes).
    var isShown: Bool { gtk_widget_get_visible(widget) != PETAL_FALSE }

    /// The menu's rows are `table`'s: shown at once, unfolded; the keys typed
    /// meanwhile are applied (any that filter fold the rows here, before the first frame).
    func setTable(_ table: RowTable) {
        self.table = table
        rowsSet += 1
        rows = []
        keyHints = [:]
        let action = picker.setRows(table)
        redraw()
        if let action { act(action) }
    }

    /// Folds the rows for the filter on ``RowWorker``, unless they are folded
    /// already; keys that filter wait for it, queued (ListPicker.awaitFold),
    /// and the fold is taken if the rows are still the same when it is done.
    func foldInBackground() {
        guard let matcher = picker.matcherToFold else { return }
        let generation = rowsSet
        let submitted = RowWorker.shared?.submit {
            var folded = matcher
            folded.fold()
            MainQueue.post { [weak self] in
                // New rows ended the wait (ListPicker.setRows).
                guard let self, rowsSet == generation else { return }
                let action = picker.adoptFolded(folded)
                redraw()
                accessibilityChanged()
                if let action { act(action) }
            }
        }
        if submitted == true {
            picker.awaitFold()
        } else {
            log.debug("no worker thread: the rows of \(path) are folded at the first key")
        }
    }
}

/// The overlay's one worker thread for row tables: reading one as `GetRows`
/// brings it, and folding its rows for the filter, off the GTK main loop. It
/// sleeps until given work, and is started only when a table first comes.
enum RowWorker {
    /// The thread; nil if it could not be started (the work is then done where it is needed).
    static let shared: WorkerThread? = try? WorkerThread(name: "petal-rows")

    /// Maps the sealed memory file `descriptor` and reads the row table in it,
    /// on the worker thread; `completion` gets it on the GTK main loop.
    static func readTable(
        _ descriptor: FileDescriptor,
        then completion: @escaping @Sendable @MainActor (Result<RowTable, any Error>) -> Void
    ) {
        let read: @Sendable () -> Void = {
            let table = Result { () throws -> RowTable in
                let mapping = try SealedMapping(
                    descriptor, maximumSize: Limits.listMenuBytes, subject: "the rows' file descriptor")
                // Never empty: SealedMapping refuses an empty file. It lives as long as the table's bytes.
                return try RowTable(
                    RowBytes(
                        base: mapping.bytes.baseAddress!, count: mapping.bytes.count,
                        release: { withExtendedLifetime(mapping) {} }))
            }
            MainQueue.post { completion(table) }
        }
        if shared?.submit(read) != true { read() }
    }
}
