/// A problem in one document, reported as `path:line:column: error: message`.
///
/// Stages throw it; the build reports it, marks that document failed and goes on with the others.
public struct DocumentError: Error, Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var location: SourceLocation?
    /// What is wrong, and what to do about it, as whole sentences.
    public var message: String

    public init(path: String, location: SourceLocation? = nil, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String { diagnosticLine(path, location, "error", message) }
}

/// A note that does not stop the document (an ignored element, a skipped file).
public struct Warning: Sendable, Equatable, CustomStringConvertible {
    public var path: String
    public var location: SourceLocation?
    public var message: String

    public init(path: String, location: SourceLocation? = nil, message: String) {
        self.path = path
        self.location = location
        self.message = message
    }

    public var description: String { diagnosticLine(path, location, "warning", message) }
}

/// `path:line:column: severity: message`, the form compilers use, which editors can jump to.
func diagnosticLine(_ path: String, _ location: SourceLocation?, _ severity: String, _ message: String) -> String {
    guard let location else { return "\(path): \(severity): \(message)" }
    return "\(path):\(location.line):\(location.column): \(severity): \(message)"
}
