import Foundation

/// Bytes read from a pipe, cut into complete lines as they arrive; a line
/// without its newline yet waits for the next read.
struct LineBuffer {
    private var pending = Data()

    /// Adds `data` and returns the lines it completed, without their newlines.
    mutating func append(_ data: Data) -> [String] {
        pending.append(data)
        var lines: [String] = []
        while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
            lines.append(String(decoding: pending[pending.startIndex..<newline], as: UTF8.self))
            pending = Data(pending[pending.index(after: newline)...])
        }
        return lines
    }
}
