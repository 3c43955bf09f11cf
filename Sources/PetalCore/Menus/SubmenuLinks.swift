/// The chains of submenus between menus: the cycles, and the chains longer
/// than a limit, each with the `submenu` where it closes or grows too long.
///
/// Every menu is looked at, not only those main leads to. The work is linear in
/// the menus and submenus, and a long cycle is named with its middle left out,
/// so that no configuration makes it slow or its messages huge.
struct SubmenuLinks {
    /// A chain of menus, and the submenu that ends it.
    struct Chain {
        /// The names along the chain, first to last; a long cycle's middle is "…".
        var names: [String]
        /// The submenu from the last menu but one to the last.
        var link: SubmenuLink
    }

    /// How many names a cycle is shown with before its middle is left out.
    static let shownNames = 12

    private let names: [String]
    private let links: [SubmenuLink]
    private let sources: [Int]
    private let targets: [Int]
    /// Each menu's links, by index into `links`, in order.
    private let outgoing: [[Int]]
    /// The links that close a cycle; the others make a directed acyclic graph.
    private var closing: Set<Int> = []
    /// Each menu's longest chain of menus ending at it, and the menu before it on one.
    private var depth: [Int]
    private var previous: [Int?]

    /// Every cycle: one for each submenu that leads back into the chain it is on.
    private(set) var cycles: [Chain] = []

    /// The chains among `menus` (names; repeated ones count once) that `links` make.
    init(menus: [String], links: [SubmenuLink]) {
        var index: [String: Int] = [:]
        var names: [String] = []
        func node(_ name: String) -> Int {
            if let known = index[name] { return known }
            index[name] = names.count
            names.append(name)
            return names.count - 1
        }
        for menu in menus { _ = node(menu) }
        let ends = links.map { (node($0.from), node($0.to)) }
        var outgoing = [[Int]](repeating: [], count: names.count)
        for (link, (from, _)) in ends.enumerated() { outgoing[from].append(link) }
        self.names = names
        self.links = links
        self.sources = ends.map(\.0)
        self.targets = ends.map(\.1)
        self.outgoing = outgoing
        self.depth = [Int](repeating: 1, count: names.count)
        self.previous = [Int?](repeating: nil, count: names.count)
        let order = search()
        measure(inTopologicalOrder: order.reversed())
    }

    /// A depth-first search from every menu, without recursion: records the
    /// cycles and returns the menus in postorder.
    private mutating func search() -> [Int] {
        enum Mark { case new, open, done }
        var marks = [Mark](repeating: .new, count: names.count)
        var positionOnPath = [Int](repeating: -1, count: names.count)
        var postorder: [Int] = []
        for root in names.indices where marks[root] == .new {
            var path: [(node: Int, next: Int)] = [(root, 0)]
            marks[root] = .open
            positionOnPath[root] = 0
            while let (node, next) = path.last {
                guard next < outgoing[node].count else {
                    marks[node] = .done
                    positionOnPath[node] = -1
                    postorder.append(node)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let link = outgoing[node][next]
                let target = targets[link]
                switch marks[target] {
                case .new:
                    marks[target] = .open
                    positionOnPath[target] = path.count
                    path.append((target, 0))
                case .open:
                    closing.insert(link)
                    let loop = path[positionOnPath[target]...]
                    cycles.append(Chain(names: abridgedCycle(loop.lazy.map(\.node), back: target), link: links[link]))
                case .done:
                    break
                }
            }
        }
        return postorder
    }

    /// The longest chain ending at each menu, over the links that close no cycle.
    private mutating func measure(inTopologicalOrder order: ReversedCollection<[Int]>) {
        for node in order {
            for link in outgoing[node] where !closing.contains(link) {
                let target = targets[link]
                if depth[node] + 1 > depth[target] {
                    depth[target] = depth[node] + 1
                    previous[target] = node
                }
            }
        }
    }

    /// Each chain of `maximum + 1` menus that a submenu makes from a menu that
    /// ends a chain of exactly `maximum`; longer chains go through one of them.
    func tooLong(maximum: Int) -> [Chain] {
        links.indices.compactMap { link -> Chain? in
            let from = sources[link]
            guard !closing.contains(link), depth[from] == maximum else { return nil }
            var chain = [targets[link], from]
            while let before = previous[chain[chain.count - 1]] { chain.append(before) }
            return Chain(names: chain.reversed().map { names[$0] }, link: links[link])
        }
    }

    /// The names of the cycle along `loop` and back to `back`, its middle left
    /// out when it has more than ``shownNames``.
    private func abridgedCycle(_ loop: some RandomAccessCollection<Int>, back: Int) -> [String] {
        let half = Self.shownNames / 2
        guard loop.count >= Self.shownNames else { return (loop + [back]).map { names[$0] } }
        return loop.prefix(half).map { names[$0] } + ["…"] + (loop.suffix(half - 1) + [back]).map { names[$0] }
    }

    /// `main → apps → main`.
    static func shown(_ names: [String]) -> String {
        names.joined(separator: " → ")
    }
}
