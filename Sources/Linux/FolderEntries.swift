import Glibc

/// The names in the folder at `path`, `.` and `..` left out, in the order the
/// file system gives them; nil when it cannot be opened. (opendir and readdir
/// return pointers, not -1, so ``systemCall(_:path:_:)`` cannot wrap them.)
public func folderEntries(_ path: String) -> [String]? {
    guard let stream = opendir(path) else { return nil }
    defer { closedir(stream) }
    var names: [String] = []
    while let entry = readdir(stream) {
        let name = withUnsafeBytes(of: entry.pointee.d_name) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
        if name != "." && name != ".." { names.append(name) }
    }
    return names
}
