import Dispatch

/// How a program that links a plugin in (petald links Petal's own) marks the
/// threads running the plugin's code, so that a crash there is blamed on the
/// plugin (docs/plugins.md, "Quarantine and --safe-mode"). A plugin library
/// needs none: the program knows its code by the library's address range.
package struct ThreadMark: Sendable {
    /// Marks the calling thread; returns the mark it had.
    package let enter: @Sendable () -> Int32
    /// Gives the calling thread back the mark `enter` returned.
    package let leave: @Sendable (Int32) -> Void

    package init(enter: @escaping @Sendable () -> Int32, leave: @escaping @Sendable (Int32) -> Void) {
        self.enter = enter
        self.leave = leave
    }
}

/// The executor an async plugin's tasks prefer when the program marks its
/// threads: each part of a task after a suspension runs on a Dispatch thread
/// marked for its time, where it would otherwise run unmarked on Swift's
/// shared threads. Child tasks inherit the preference.
final class MarkingExecutor: TaskExecutor, Sendable {
    private let mark: ThreadMark

    init(_ mark: ThreadMark) {
        self.mark = mark
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        let mark = mark
        DispatchQueue.global().async {
            let previous = mark.enter()
            job.runSynchronously(on: self.asUnownedTaskExecutor())
            mark.leave(previous)
        }
    }
}
