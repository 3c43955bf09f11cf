/// Moves a value that is not `Sendable` to the one thread that uses it,
/// where the compiler cannot see that only one does: the event loop, or the
/// thread a plugin's C callback and its context are called on.
///
/// The one such box in Petal; each use says in a comment why the value is
/// used on one thread only.
///
/// Unchecked Sendable: that is what it is for; its uses say why.
public struct UncheckedSendable<Value>: @unchecked Sendable {
    /// The value.
    public let value: Value
    /// A box for `value`.
    public init(_ value: Value) { self.value = value }
}

/// A weak reference, to capture an object without keeping it alive (a
/// completion sent to another thread that comes back to the object, if it is still there).
public struct WeakReference<Object: AnyObject> {
    /// The object, while it lives.
    public weak var object: Object?
    /// A weak reference to `object`.
    public init(_ object: Object) { self.object = object }
}
