/// Read-only bytes that stay where they are while anything refers to them:
/// an array's, or memory mapped from a file that `release` unmaps.
///
/// A ``RowTable`` reads its rows straight from here, so a table received as
/// a sealed memory file is never copied.
///
/// Unchecked Sendable: the bytes are never written after init, and
/// `release` runs once, in deinit.
public final class RowBytes: @unchecked Sendable {
    /// The bytes.
    public let buffer: UnsafeRawBufferPointer
    private let release: (@Sendable () -> Void)?
    private let owned: UnsafeMutableRawBufferPointer?

    /// A copy of `bytes`.
    public init(_ bytes: [UInt8]) {
        let copy = UnsafeMutableRawBufferPointer.allocate(byteCount: max(bytes.count, 1), alignment: 8)
        bytes.withUnsafeBytes { copy.copyMemory(from: $0) }
        owned = copy
        buffer = UnsafeRawBufferPointer(rebasing: UnsafeRawBufferPointer(copy)[0..<bytes.count])
        release = nil
    }

    /// `count` bytes at `base`, which stay valid until `release` is called
    /// (when the last reference goes), e.g. a mapping that `release` unmaps.
    public init(base: UnsafeRawPointer, count: Int, release: @escaping @Sendable () -> Void) {
        buffer = UnsafeRawBufferPointer(start: base, count: count)
        self.release = release
        owned = nil
    }

    deinit {
        owned?.deallocate()
        release?()
    }

    /// How many bytes there are.
    public var count: Int { buffer.count }
}
