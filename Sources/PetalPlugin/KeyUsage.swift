import PetalJSON

/// Which members of each object a `Decodable` type read while it was decoded,
/// so that ``Parameters/decode(_:unknown:)`` can refuse the ones it never
/// looked at. A member counts as read when the type decoded it, asked whether
/// it is there (as `decodeIfPresent` and optionals do), or listed all keys.
final class KeyUsage {
    /// The objects opened, in the order they were, by their dotted path.
    private var objects: [(path: String, keys: [String])] = []
    private var read: [String: Set<String>] = [:]

    /// Notes that the object at `path` was opened as a keyed container.
    func opened(_ object: JSONObject, at path: [any CodingKey]) {
        let dotted = JSONValueDecoder.dotted(path)
        guard read[dotted] == nil else { return }
        read[dotted] = []
        objects.append((dotted, object.keys))
    }

    /// Notes that member `key` of the object at `path` was read.
    func read(_ key: String, at path: [any CodingKey]) {
        read[JSONValueDecoder.dotted(path), default: []].insert(key)
    }

    /// The first object with members that were never read: its path ("" for
    /// the parameters themselves), those members in document order, and the
    /// members the type did ask for, sorted.
    func firstUnread() -> (path: String, unread: [String], known: [String])? {
        for object in objects {
            let known = read[object.path] ?? []
            let unread = object.keys.filter { !known.contains($0) }
            if !unread.isEmpty { return (object.path, unread, known.sorted()) }
        }
        return nil
    }
}
