import Foundation

/// How many of this process's descriptors are open on the memfd called
/// `name` (`/proc/self/fd/N` → `/memfd:<name> (deleted)`): what tests of
/// descriptors passed around count, so that one kept too long or closed
/// twice shows.
public func openDescriptors(ofMemoryFile name: String) -> Int {
    let target = "/memfd:\(name) (deleted)"
    let numbers = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd")) ?? []
    return numbers.count {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/\($0)")) == target
    }
}

/// Waits up to five seconds for ``openDescriptors(ofMemoryFile:)`` to be
/// `expected`, and returns the last count: the other end of a connection in
/// this process closes what a message carried just after its answer is sent.
public func settledOpenDescriptors(ofMemoryFile name: String, expecting expected: Int) async -> Int {
    var count = openDescriptors(ofMemoryFile: name)
    for _ in 0..<500 where count != expected {
        try? await Task.sleep(for: .milliseconds(10))
        count = openDescriptors(ofMemoryFile: name)
    }
    return count
}

/// A memfd name no other test uses: `petal-test-<label>-<pid>-<random>`.
public func uniqueMemoryFileName(_ label: String) -> String {
    "petal-test-\(label)-\(getpid())-\(UInt32.random(in: 0 ... .max))"
}
