/// An immutable Swift copy of a libxml2 tree; no C pointer outlives the parse.
public struct XMLElement: Sendable {
    public var name: String
    /// Namespace prefix as written (`amazon` in `amazon:effect`), or nil.
    public var prefix: String?
    /// Attributes by qualified name (`xml:lang`, `rate`).
    public var attributes: [String: String]
    public var line: Int
    public var children: [XMLContent]
}

public enum XMLContent: Sendable {
    case element(XMLElement)
    case text(String)
    case comment
    case processingInstruction
}

/// A well-formedness error from libxml2.
public struct XMLSyntaxError: Error, Sendable {
    public var line: Int
    public var column: Int
    public var message: String
}

extension XMLElement {
    /// The child elements, in order.
    public var childElements: [XMLElement] {
        children.compactMap { if case .element(let e) = $0 { e } else { nil } }
    }

    /// Whether any child is an element.
    public var hasElementChildren: Bool { !childElements.isEmpty }

    /// All the text inside, markup removed.
    public var textContent: String {
        children.map {
            switch $0 {
            case .text(let t): t
            case .element(let e): e.textContent
            default: ""
            }
        }.joined()
    }
}
