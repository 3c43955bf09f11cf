import PetalJSON

/// The arguments of `launch` and `run`: the argv, and what the options object says.
package struct ProgramRequest: Sendable {
    package var argv: [String] = []
    package var environment: [String: String] = [:]
    package var directory: String?
    package var timeout: Double?
    package var outputLimit: Int?

    package init(argv raw: UnsafePointer<UnsafePointer<CChar>?>?, options: UnsafePointer<CChar>?) {
        var argv: [String] = []
        var cursor = raw
        while let pointer = cursor, let entry = pointer.pointee {
            argv.append(String(cString: entry))
            cursor = pointer + 1
        }
        self.init(argv: argv, options: options.map { String(cString: $0) })
    }

    /// `argv`, with `options` the JSON text of the options object (nil or anything else: none).
    package init(argv: [String], options: String?) {
        self.argv = argv
        guard let options, case .object(let object)? = try? JSONValue.parse(options) else { return }
        if case .object(let variables)? = object["env"] {
            for (name, value) in variables { if let text = value.stringValue { environment[name] = text } }
        }
        directory = object["cwd"]?.stringValue
        timeout = object["timeout"]?.doubleValue
        outputLimit = object["output_limit"]?.int64Value.map { Int($0) }
    }
}

/// A program that could not be started, said for a person.
package struct ProgramFailure: Error, CustomStringConvertible {
    package let description: String

    package init(description: String) {
        self.description = description
    }
}
