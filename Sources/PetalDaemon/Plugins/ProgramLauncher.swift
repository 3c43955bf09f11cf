import CLinux
import DBus
import Glibc
import Linux
import PetalCore
import PetalJSON
import PetalPluginRuntime

/// Starts the programs actions ask for: never through a shell, with the
/// user's environment minus the daemon's own variables.
///
/// `launch` detaches the program (it outlives the action and is not our
/// child); `run` waits for it and keeps the tails of its output. Both run the
/// program inside petald's own sandbox: plugins' launches come here when
/// ``SystemdLauncher`` finds no systemd to hand them to, or systemd refuses one.
enum ProgramLauncher {
    /// Variables that describe petald's own service and must not leak into programs it starts.
    static let daemonVariables: Set<String> = [
        "NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID", "LISTEN_FDNAMES",
        "INVOCATION_ID", "JOURNAL_STREAM", "MANAGERPID", "SYSTEMD_EXEC_PID", "MAINPID",
        "PETAL_PLUGIN_PATH", "MEMORY_PRESSURE_WATCH", "MEMORY_PRESSURE_WRITE",
    ]

    /// A program that could not be started, said for a person.
    typealias Failure = ProgramFailure

    /// The environment for a started program: ours, less the daemon's variables, plus `extra`.
    static func environment(adding extra: [String: String]) -> [String] {
        var variables: [String: String] = [:]
        var cursor = environ
        while let entry = cursor.pointee {
            let text = String(cString: entry)
            if let equals = text.firstIndex(of: "=") {
                let name = String(text[..<equals])
                if !daemonVariables.contains(name) { variables[name] = String(text[text.index(after: equals)...]) }
            }
            cursor += 1
        }
        variables.merge(extra) { _, new in new }
        return variables.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }
    }

    /// Finds `program` on PATH (or takes it as is when it holds a slash).
    static func resolve(_ program: String, environment: [String]) -> String? {
        if program.contains("/") { return isExecutable(program) ? program : nil }
        let path =
            environment.first { $0.hasPrefix("PATH=") }.map { String($0.dropFirst(5)) }
            ?? "/usr/local/bin:/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(program)"
            if isExecutable(candidate) { return candidate }
        }
        return nil
    }

    /// Whether `access(path, X_OK)` allows running `path`.
    private static func isExecutable(_ path: String) -> Bool {
        (try? systemCall("access", path: path) { access(path, X_OK) }) != nil
    }

    /// Starts `argv` detached, in a session of its own so it outlives petald, and returns `{"pid": N}`.
    ///
    /// A thread of its own waits for the program, so it never lingers as a zombie.
    static func launch(_ argv: [String], extraEnvironment: [String: String], directory: String?) throws(Failure)
        -> JSONObject
    {
        let environment = environment(adding: extraEnvironment)
        guard let program = argv.first, !program.isEmpty else {
            throw Failure(description: "no program was given (argv is empty)")
        }
        guard let executable = resolve(program, environment: environment) else {
            throw Failure(description: "the program \"\(program)\" was not found on PATH")
        }
        let spawned = try spawn(
            [executable] + argv.dropFirst(), environment: environment, directory: directory,
            output: nil, grouping: CLINUX_SPAWN_NEW_SESSION)
        let pid = spawned.pid
        do {
            try startThread(name: "petal-reap") {
                var status: Int32 = 0
                _ = try? systemCall("waitpid") { waitpid(pid, &status, 0) }
            }
        } catch {
            // Without a reaper the program still runs; it is reaped when petald exits.
        }
        return ["pid": .int(Int64(pid))]
    }

    /// A running child and the read ends of its output pipes.
    struct Spawned {
        let pid: pid_t
        let stdout: Int32
        let stderr: Int32
    }

    /// posix_spawn with stdin from /dev/null and, when `output` is true, stdout and stderr into pipes;
    /// otherwise to /dev/null, but for stderr when `sharingStandardError` (petald's, the journal).
    static func spawn(
        _ argv: [String], environment: [String], directory: String?, output: Bool?,
        grouping: clinux_spawn_grouping = CLINUX_SPAWN_SAME_GROUP, sharingStandardError: Bool = false
    ) throws(Failure) -> Spawned {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        // Read and write ends of stdout's pipe, then stderr's.
        var pipes: [Int32] = [-1, -1, -1, -1]
        if output == true {
            var failure: SystemCallError?
            pipes.withUnsafeMutableBufferPointer { ends in
                do throws(SystemCallError) {
                    try systemCall("pipe2") { clinux_pipe_cloexec(ends.baseAddress!) }
                    do throws(SystemCallError) {
                        try systemCall("pipe2") { clinux_pipe_cloexec(ends.baseAddress! + 2) }
                    } catch {
                        // The first pipe is ours alone still: nothing else will close it.
                        close(ends[0])
                        close(ends[1])
                        failure = error
                    }
                } catch {
                    failure = error
                }
            }
            if let failure {
                throw Failure(description: "cannot create pipes: \(failure.reason)")
            }
            posix_spawn_file_actions_adddup2(&actions, pipes[1], 1)
            posix_spawn_file_actions_adddup2(&actions, pipes[3], 2)
        } else {
            posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
            if !sharingStandardError { posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0) }
        }
        if let directory { clinux_spawn_add_chdir(&actions, directory) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        posix_spawnattr_setsigmask(&attributes, &defaults)
        clinux_spawnattr_set_flags(&attributes, grouping)
        var pid: pid_t = 0
        let result = withCStringArray(argv) { arguments in
            withCStringArray(environment) { variables in
                posix_spawn(&pid, argv[0], &actions, &attributes, arguments, variables)
            }
        }
        if output == true {
            close(pipes[1])
            close(pipes[3])
        }
        guard result == 0 else {
            if output == true {
                close(pipes[0])
                close(pipes[2])
            }
            let reason =
                result == ENOENT && directory != nil
                ? "the working folder \(directory!) or the program does not exist"
                : errorText(result)
            throw Failure(description: "cannot start \(argv[0]): \(reason)")
        }
        return Spawned(pid: pid, stdout: pipes[0], stderr: pipes[2])
    }
}

/// Calls `body` with a NULL-terminated array of C strings.
func withCStringArray<R>(_ strings: [String], _ body: ([UnsafeMutablePointer<CChar>?]) -> R) -> R {
    let copies = strings.map { strdup($0) }
    defer { for copy in copies { free(copy) } }
    return body(copies + [nil])
}
