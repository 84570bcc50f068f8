/// Character references (`&amp;`, `&#233;`, `&#xE9;`) as the reader sees them.
///
/// Both SSML (XML) and Markdown (CommonMark) decode them when they render, so a caption shows
/// "AT&T" where the file says `AT&amp;T`.
enum EntityDecoding {
    static let named: [String: Character] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ",
        "mdash": "—", "ndash": "–", "hellip": "…", "lsquo": "‘", "rsquo": "’", "ldquo": "“", "rdquo": "”",
        "laquo": "«", "raquo": "»", "copy": "©", "reg": "®", "trade": "™", "euro": "€", "deg": "°",
    ]

    /// The character of the reference `body` (what stands between `&` and `;`), if it is one.
    static func character(_ body: Substring) -> Character? {
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            return UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
        }
        if body.hasPrefix("#") {
            return UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init).map(Character.init)
        }
        return named[String(body)]
    }

    /// `text` with every reference it knows decoded; unknown ones stay as written.
    static func decode(_ text: String) -> String {
        guard text.contains("&" as Character) else { return text }
        var out = ""
        var rest = text[...]
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            if let semicolon = after.prefix(10).firstIndex(of: ";"), let c = character(after[..<semicolon]) {
                out.append(c)
                rest = after[after.index(after: semicolon)...]
            } else {
                out.append("&")
                rest = after
            }
        }
        return out + rest
    }
}
