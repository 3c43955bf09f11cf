import Dispatch
// dispatch-idle.swift — why petal-overlay wakes once a second while idle (docs/benchmarks-overlay.md,
// "Idle wake-ups"): one task on Swift's global executor starts libdispatch's worker pool,
// whose monitor timer then fires every second for the life of the process.
//
//   swiftc -O bench/dispatch-idle.swift -o /tmp/dispatch-idle
//   /tmp/dispatch-idle none        # no task: 0 context switches over 10 s
//   /tmp/dispatch-idle detached    # Task.detached {} as OverlayController does: several
//   /tmp/dispatch-idle preference  # a task on an executor of its own: 0
import Glibc

let mode = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "detached"
final class LoopExecutor: TaskExecutor, @unchecked Sendable {
    // Runs each job at once on the calling thread: enough to show that no libdispatch worker starts.
    func enqueue(_ job: consuming ExecutorJob) { job.runSynchronously(on: asUnownedTaskExecutor()) }
}
if mode == "detached" {
    Task.detached { print("task ran") }
} else if mode == "preference" {
    Task(executorPreference: LoopExecutor()) { print("task ran on the preferred executor") }
}
sleep(1)
func switches() -> Int {
    var total = 0
    let dir = opendir("/proc/self/task")!
    while let entry = readdir(dir) {
        let name = withUnsafePointer(to: entry.pointee.d_name) {
            String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
        }
        if name.hasPrefix(".") { continue }
        let f = fopen("/proc/self/task/\(name)/status", "r")!
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, 256, f) != nil {
            let s = String(cString: line)
            if s.contains("ctxt_switches") { total += Int(String(s.split(separator: ":")[1].filter { $0.isNumber }))! }
        }
        fclose(f)
    }
    closedir(dir)
    return total
}
let before = switches()
sleep(10)
print("\(mode): \(switches() - before - 1) context switches in 10 s idle (excluding the sleeping main thread's own)")
