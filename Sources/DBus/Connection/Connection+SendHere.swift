import CDBus

extension DBusConnection {
    /// libdbus locks its connections only once threads are initialised; it
    /// has done so on its own since 1.7, and this makes sure of it.
    private static let threadsInitialised = dbus_threads_init_default() != 0

    /// Sends `messages`, in order, from the calling thread, whichever it is,
    /// where ``send(_:)`` would hop to the loop thread first: for an answer
    /// made on a worker thread, which then costs no wake-up of the loop.
    ///
    /// libdbus locks the connection and writes the messages at once when no
    /// other thread is writing or reading it; otherwise it queues them, in
    /// order with everything sent before, and wakes the loop to write them
    /// (see `LoopIntegration`). On a closed connection they are dropped.
    public func sendHere(_ messages: Message...) {
        guard Self.threadsInitialised else { outOfMemory() }
        for message in messages {
            guard dbus_connection_send(raw, message.pointer, nil) != 0 else { outOfMemory() }
        }
    }
}
