/// An immutable Swift copy of a libxml2 tree; no C pointer outlives the parse.
struct XMLElement: Sendable {
    var name: String
    /// Namespace prefix as written (`amazon` in `amazon:effect`), or nil.
    var prefix: String?
    /// Attributes by qualified name (`xml:lang`, `rate`).
    var attributes: [String: String]
    var line: Int
    var children: [XMLContent]
}

enum XMLContent: Sendable {
    case element(XMLElement)
    case text(String)
    case comment
    case processingInstruction
}

/// A well-formedness error from libxml2.
struct XMLSyntaxError: Error {
    var line: Int
    var column: Int
    var message: String
}
