import Glibc

// Text to and from a plugin's C strings, for both ends of the `petal_host` table.

/// Copies `text` into a plugin's buffer of `size` bytes, as `launch` fills
/// `out_json`: cut to fit, always NUL-terminated; nothing when there is none.
package func copyCString(_ text: String, into out: UnsafeMutablePointer<CChar>?, size: Int) {
    guard let out, size > 0 else { return }
    let bytes = Array(text.utf8.prefix(size - 1))
    for (index, byte) in bytes.enumerated() { out[index] = CChar(bitPattern: byte) }
    out[bytes.count] = 0
}

extension String {
    /// The UTF-8 text at `pointer`, up to its NUL or `limit` bytes, whichever comes first.
    package init(cString pointer: UnsafePointer<CChar>, limit: Int) {
        let length = strnlen(pointer, limit)
        self = pointer.withMemoryRebound(to: UInt8.self, capacity: length) {
            String(decoding: UnsafeBufferPointer(start: $0, count: length), as: UTF8.self)
        }
    }
}
