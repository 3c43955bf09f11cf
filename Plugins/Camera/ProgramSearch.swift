import Glibc

/// Finds programs on a PATH, as the host will when it starts them, so the
/// camera plugin can pick the first installed of several candidates.
struct ProgramSearch: Equatable {
    /// The folders searched, in order.
    let folders: [String]

    /// Searches `path` (a colon-separated PATH; the usual default when nil).
    init(path: String?) {
        folders = (path ?? "/usr/local/bin:/usr/bin:/bin").split(separator: ":").map(String.init)
    }

    /// The daemon's own PATH.
    static var current: ProgramSearch {
        ProgramSearch(path: getenv("PATH").map { String(cString: $0) })
    }

    /// The executable path of `program`, or nil when it is not found
    /// (a name with a slash is taken as a path).
    func find(_ program: String) -> String? {
        if program.contains("/") { return access(program, X_OK) == 0 ? program : nil }
        return folders.lazy.map { "\($0)/\(program)" }.first { access($0, X_OK) == 0 }
    }

    /// The first of `programs` that is found.
    func first(of programs: [String]) -> String? {
        programs.first { find($0) != nil }
    }
}
