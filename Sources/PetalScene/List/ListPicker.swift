import PetalCore

/// A `list` picker as its frontend keeps it (docs/overlay.md, "The list
/// layout"): the filter typed, the rows it shows, the highlighted one, the
/// screenful drawn, and the rows marked; keys in, ``ListAction``s out.
///
/// Keys that come before the rows are known are queued and applied, in
/// order, once they are (``setRows(_:)``): nothing typed while the menu
/// opens is lost. The rows are filtered only when the filter changes, by a
/// ``PickerMatcher`` that narrows as the filter grows; moving the
/// highlight touches only positions.
public struct ListPicker: Sendable {
    /// The menu's `picker` section.
    public let settings: PickerSettings
    /// Whether the filter text itself may be chosen.
    public let acceptsCustom: Bool
    /// How many rows are drawn at once.
    public let lines: Int
    /// The filter text.
    public private(set) var filter: String
    /// The rows that match, as indices into the menu's rows, in the order shown.
    public private(set) var shown: [Int] = []
    /// The highlighted position in ``shown``; nil when nothing matches.
    public private(set) var highlighted: Int?
    /// The first position of ``shown`` drawn.
    public private(set) var top = 0
    /// The marked rows (indices into the menu's rows).
    public private(set) var marked: Set<Int> = []
    /// Whether an action that ends the picker was given: keys after it do nothing.
    public private(set) var isDone = false
    private var matcher: PickerMatcher?
    private var queued: [ListKey] = []
    /// Whether keys that filter wait for ``adoptFolded(_:)`` (``awaitFold()``).
    private var awaitingFold = false

    /// A picker of `settings`, drawing `lines` rows, whose rows are not known yet.
    public init(settings: PickerSettings, acceptsCustom: Bool, lines: Int = ListMetrics.defaultLines) {
        self.settings = settings
        self.acceptsCustom = acceptsCustom
        self.lines = max(lines, 1)
        filter = settings.filter
    }

    /// Whether the rows are known.
    public var hasRows: Bool { matcher != nil }

    /// The row highlighted (an index into the menu's rows), nil for none.
    public var highlightedRow: Int? { highlighted.map { shown[$0] } }

    /// The positions of ``shown`` drawn: at most ``lines`` from ``top``.
    public var visible: Range<Int> { top..<min(top + lines, shown.count) }

    /// Sets the rows (their titles, in menu order, and the words each
    /// matches unshown, `meta`: empty when no row has any) and applies the
    /// keys queued meanwhile; returns the first action they asked for. Rows
    /// given again (the menu changed) keep the filter; marks are dropped.
    public mutating func setRows(_ titles: [String], meta: [String] = []) -> ListAction? {
        if meta.isEmpty {
            return setMatcher(PickerMatcher(titles: titles, caseSensitive: settings.caseSensitive, sort: matcherSort))
        }
        let rows = titles.indices.map {
            PickerMatcher.Row(title: titles[$0], meta: $0 < meta.count ? meta[$0] : "")
        }
        return setMatcher(PickerMatcher(rows: rows, caseSensitive: settings.caseSensitive, sort: matcherSort))
    }

    /// Sets the rows to `table`'s, as ``setRows(_:meta:)`` does, without
    /// folding them (``PickerMatcher/init(table:caseSensitive:sort:)``):
    /// an empty filter shows them at once; the first filter with words
    /// folds them unless ``adoptFolded(_:)`` brought them folded before.
    public mutating func setRows(_ table: RowTable) -> ListAction? {
        setMatcher(PickerMatcher(table: table, caseSensitive: settings.caseSensitive, sort: matcherSort))
    }

    /// The matcher, while its rows are not folded yet: a copy to fold
    /// elsewhere (``PickerMatcher/fold()``) and hand to ``adoptFolded(_:)``.
    public var matcherToFold: PickerMatcher? {
        guard let matcher, !matcher.isFolded else { return nil }
        return matcher
    }

    /// From now on, while the rows are not folded, a key that changes the
    /// filter (and every key after it) is queued until ``adoptFolded(_:)``
    /// brings the fold made elsewhere: the rows are not folded twice, and the
    /// main thread does not wait. New rows end the wait.
    public mutating func awaitFold() {
        awaitingFold = matcherToFold != nil
    }

    /// Takes `folded`, a folded copy of ``matcherToFold`` (the caller makes
    /// sure the rows did not change meanwhile), unless the matcher folded its
    /// rows itself in between; nothing shown changes. Then applies the keys
    /// ``awaitFold()`` queued; returns the first action they asked for.
    public mutating func adoptFolded(_ folded: PickerMatcher) -> ListAction? {
        if let matcher, !matcher.isFolded, folded.isFolded, folded.count == matcher.count {
            // Not folded, the matcher has only seen filters without words: the copy's state is its own.
            self.matcher = folded
        }
        guard awaitingFold else { return nil }
        awaitingFold = false
        return applyQueued()
    }

    private var matcherSort: PickerMatcher.Sort { settings.sort == .score ? .score : .order }

    /// Sets the matcher of new rows and applies the keys queued meanwhile.
    private mutating func setMatcher(_ new: PickerMatcher) -> ListAction? {
        let first = matcher == nil
        matcher = new
        awaitingFold = false
        marked = []
        refilter()
        if first, filter == settings.filter, let position = shown.firstIndex(of: settings.selected) {
            move(to: position)
        }
        return applyQueued()
    }

    /// Applies the keys queued, in order; returns the first action they asked for.
    private mutating func applyQueued() -> ListAction? {
        let keys = queued
        queued = []
        var action: ListAction?
        for key in keys {
            let result = press(key)
            if action == nil { action = result }
        }
        return action
    }

    /// Applies `key`, or queues it while the rows are not known; returns what the frontend must do.
    public mutating func press(_ key: ListKey) -> ListAction? {
        guard !isDone else { return nil }
        guard hasRows, !awaitingFold || (queued.isEmpty && !key.changesFilter) else {
            queued.append(key)
            return nil
        }
        switch key {
        case .character(let character): edit(filter + String(character))
        case .backspace: if !filter.isEmpty { edit(String(filter.dropLast())) }
        case .clearFilter: edit("")
        case .deleteWord: edit(Self.deletingLastWord(filter))
        case .up: step(-1, wrapping: true)
        case .down: step(1, wrapping: true)
        case .scrollUp: step(-1, wrapping: false)
        case .scrollDown: step(1, wrapping: false)
        case .pageUp: step(-lines, wrapping: false)
        case .pageDown: step(lines, wrapping: false)
        case .first: if !shown.isEmpty { move(to: 0) }
        case .last: if !shown.isEmpty { move(to: shown.count - 1) }
        case .enter: return finish(key: 0)
        case .shiftEnter:
            if settings.multi {
                toggleMark()
            } else if acceptsCustom {
                return done(.submitCustom(filter: filter, key: 0))
            } else {
                return finish(key: 0)
            }
        case .mark: if settings.multi { toggleMark() }
        case .escape: return done(.close)
        case .custom(let number): return finish(key: number)
        }
        return nil
    }

    /// A click on the row drawn at `offset` from the top of the list: highlights and chooses it.
    public mutating func click(visibleRow offset: Int) -> ListAction? {
        guard !isDone, hasRows, offset >= 0, top + offset < shown.count else { return nil }
        move(to: top + offset)
        return press(.enter)
    }

    /// Enter, or custom key `key`: the marked rows, else the highlighted
    /// one, else (nothing matching) the filter text when that may be chosen.
    private mutating func finish(key: Int) -> ListAction? {
        if settings.multi, !marked.isEmpty {
            return done(.submit(rows: marked.sorted(), filter: filter, key: key))
        }
        if let row = highlightedRow { return done(.submit(rows: [row], filter: filter, key: key)) }
        if acceptsCustom { return done(.submitCustom(filter: filter, key: key)) }
        return nil
    }

    private mutating func done(_ action: ListAction) -> ListAction {
        isDone = true
        return action
    }

    private mutating func edit(_ text: String) {
        guard text != filter else { return }
        filter = text
        refilter()
    }

    /// Filters the rows again (only when the filter changed) and highlights the first.
    private mutating func refilter() {
        guard var matcher else { return }
        shown = matcher.filter(filter)
        self.matcher = matcher
        top = 0
        highlighted = shown.isEmpty ? nil : 0
    }

    private mutating func step(_ delta: Int, wrapping: Bool) {
        guard let current = highlighted, !shown.isEmpty else { return }
        let next = current + delta
        if wrapping && abs(delta) == 1 {
            move(to: (next + shown.count) % shown.count)
        } else {
            move(to: min(max(next, 0), shown.count - 1))
        }
    }

    /// Highlights position `position`, scrolling just enough to draw it.
    private mutating func move(to position: Int) {
        highlighted = position
        if position < top { top = position }
        if position >= top + lines { top = position - lines + 1 }
    }

    /// Marks or unmarks the highlighted row, then highlights the next one.
    private mutating func toggleMark() {
        guard let row = highlightedRow, let position = highlighted else { return }
        if marked.remove(row) == nil { marked.insert(row) }
        if position + 1 < shown.count { move(to: position + 1) }
    }

    /// `text` less its last word and the whitespace after it (readline's Ctrl+W).
    static func deletingLastWord(_ text: String) -> String {
        var rest = Substring(text)
        while rest.last?.isWhitespace == true { rest.removeLast() }
        while let last = rest.last, !last.isWhitespace { rest.removeLast() }
        return String(rest)
    }
}
