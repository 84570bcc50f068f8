/// Text and attribute values for HTML: `&`, `<`, `>` and (unless told not to) quotes escaped.
enum HTMLEscaping {
    static func escape(_ text: String, quotes: Bool = true) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for c in text {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"" where quotes: out += "&quot;"
            default: out.append(c)
            }
        }
        return out
    }
}
