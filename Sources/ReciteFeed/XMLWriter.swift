/// Writes an XML document element by element, escaping every text and attribute value, so no
/// string from a document can change the document's structure. Text is cleaned of what XML 1.0
/// forbids (`FeedText.isAllowed`), so the result always parses.
///
/// Names are the caller's constants, not data, and are written as given.
struct XMLWriter {
    private(set) var text = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
    private var open: [String] = []
    /// Whether the element last opened has children yet (then its end tag goes on a line of its own).
    private var hasChildren: [Bool] = []

    /// Opens `name` with `attributes` in order.
    mutating func start(_ name: String, _ attributes: [(String, String)] = []) {
        markChild()
        text += indent + "<" + name + Self.attributes(attributes) + ">"
        open.append(name)
        hasChildren.append(false)
    }

    /// Closes the element opened last.
    mutating func end() {
        let name = open.removeLast()
        if hasChildren.removeLast() { text += "\n" + indent }
        text += "</" + name + ">"
    }

    /// `<name attributes>value</name>`, or an empty element when `value` is nil.
    mutating func element(_ name: String, _ value: String? = nil, _ attributes: [(String, String)] = []) {
        markChild()
        text += indent + "<" + name + Self.attributes(attributes)
        if let value {
            text += ">" + Self.escape(value, quotes: false) + "</" + name + ">"
        } else {
            text += "/>"
        }
    }

    /// The finished document (every element closed).
    mutating func finish() -> String {
        while !open.isEmpty { end() }
        return text + "\n"
    }

    private mutating func markChild() {
        if !hasChildren.isEmpty { hasChildren[hasChildren.count - 1] = true }
        if !text.hasSuffix("\n") { text += "\n" }
    }

    private var indent: String { String(repeating: "  ", count: open.count) }

    private static func attributes(_ list: [(String, String)]) -> String {
        list.map { " \($0.0)=\"\(escape($0.1, quotes: true))\"" }.joined()
    }

    /// `&`, `<`, `>` (and in attributes `"`, `'` and the whitespace a parser would normalize)
    /// as references; characters XML forbids dropped.
    static func escape(_ value: String, quotes: Bool) -> String {
        var out = ""
        out.reserveCapacity(value.utf8.count)
        for scalar in value.unicodeScalars where FeedText.isAllowed(scalar) {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            case "'" where quotes: out += "&apos;"
            case "\t" where quotes: out += "&#9;"
            case "\n" where quotes: out += "&#10;"
            case "\r": out += "&#13;"
            default: out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
