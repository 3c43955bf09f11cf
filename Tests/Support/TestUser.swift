import Foundation
import Synchronization

/// An unprivileged system user that the tests make when they run as root,
/// to run what refuses root (sway).
///
/// The suite owns a user whose comment (the passwd GECOS field) is the one
/// given here: only such a user is ever removed (``removeIfOwned()``), so a
/// person's account that happens to have the name is never touched.
/// `.ci/run` removes the same users before every run, so that CI creates
/// them as a new machine does.
public struct TestUser: Sendable {
    /// A user's passwd entry.
    public struct Account: Sendable, Equatable {
        public let name: String
        public let uid: uid_t
        public let gid: gid_t
        public let home: String
        public let comment: String
        public let shell: String
    }

    /// The user headless sway runs as.
    public static let sway = TestUser(name: "petal-sway-test", comment: "Petal tests, runs headless sway")

    /// The login name.
    public let name: String
    /// The GECOS comment that marks the user as the suite's. useradd refuses
    /// `:` (passwd's field separator) and a newline in it.
    public let comment: String

    /// A user called `name`, marked as the suite's by `comment`.
    public init(name: String, comment: String) {
        self.name = name
        self.comment = comment
    }

    /// Serialises creation and removal within this test process.
    private static let changing = Mutex(())

    /// The user's entry, made first (`useradd --system --create-home`, no
    /// login shell) when there is none.
    ///
    /// - Throws: ``TestSetupError`` naming the user and useradd's answer.
    public func account() throws -> Account {
        try Self.changing.withLock { _ in
            if let existing = lookUp() { return existing }
            let useradd = try ExternalCommand.run(
                [
                    "/usr/sbin/useradd", "--system", "--create-home", "--shell", "/usr/sbin/nologin",
                    "--comment", comment, name,
                ])
            // Another test process may have made it meanwhile (useradd's status 9): asking again settles it.
            guard let made = lookUp() else {
                throw TestSetupError("cannot create the user \(name): \(useradd.summary)")
            }
            return made
        }
    }

    /// Whether the user exists and is the suite's (its comment is ``comment``).
    public var isOwnedBySuite: Bool { lookUp()?.comment == comment }

    /// Removes the user and its home (`userdel --remove`) when it is the
    /// suite's; leaves any other user of that name alone.
    ///
    /// - Returns: whether there is no such user now.
    /// - Throws: ``TestSetupError`` when userdel fails (a process still runs as the user after 5 s, say).
    @discardableResult
    public func removeIfOwned() throws -> Bool {
        try Self.changing.withLock { _ in
            guard let existing = lookUp() else { return true }
            guard existing.comment == comment else { return false }
            // A process of the user's that is ending (swaybg after its sway) holds it for a moment: userdel's status 8.
            let deadline = ContinuousClock.now + .seconds(5)
            while true {
                let userdel = try ExternalCommand.run(["/usr/sbin/userdel", "--remove", name])
                if lookUp() == nil { return true }
                guard userdel.status == 8, ContinuousClock.now < deadline else {
                    throw TestSetupError("cannot remove the user \(name): \(userdel.summary)")
                }
                Thread.sleep(forTimeInterval: 0.1)
            }
        }
    }

    /// The user's passwd entry, if there is one.
    public func lookUp() -> Account? {
        guard let entry = getpwnam(name) else { return nil }
        return Account(entry.pointee, name: name)
    }

    /// The account the tests' own user has.
    public static func current() throws -> Account {
        guard let entry = getpwuid(getuid()) else { throw TestSetupError("who am I? getpwuid failed") }
        return Account(entry.pointee, name: String(cString: entry.pointee.pw_name))
    }
}

extension TestUser.Account {
    fileprivate init(_ entry: passwd, name: String) {
        self.init(
            name: name, uid: entry.pw_uid, gid: entry.pw_gid, home: String(cString: entry.pw_dir),
            comment: String(cString: entry.pw_gecos), shell: String(cString: entry.pw_shell))
    }
}
