/// Text and attribute values made safe for the XML files of a read-along EPUB.
///
/// Everything written into XHTML, SMIL, OPF and nav documents comes from documents and tags the
/// user does not control, so every value passes through here: markup characters are escaped and
/// characters XML 1.0 forbids (most C0 controls, unpaired surrogates cannot occur in Swift) are
/// dropped, since one of them makes the whole book unreadable to a reading system.
enum XMLText {
    static func escape(_ text: String) -> String {
        var out = ""
        out.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                let v = scalar.value
                if v < 0x20 || v == 0xFFFE || v == 0xFFFF || (0x7F...0x84).contains(v) || (0x86...0x9F).contains(v) { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }

    /// The start of an EPUB 3 XHTML content document, up to and including `<body>`: one prologue
    /// for chapters and the navigation document, so both declare the same namespaces and language.
    static func xhtmlOpening(language: String, title: String, stylesheet: String? = nil) -> String {
        let lang = escape(language)
        let link = stylesheet.map { "<link rel=\"stylesheet\" type=\"text/css\" href=\"\(escape($0))\"/>\n" } ?? ""
        return """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE html>
        <html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="\(lang)" xml:lang="\(lang)">
        <head>
        <meta charset="utf-8"/>
        <title>\(escape(title))</title>
        \(link)</head>
        <body>

        """
    }
}

/// SMIL clock values for `clipBegin`/`clipEnd` and `media:duration`.
///
/// Durations are counted in whole milliseconds so that the book's `media:duration` is exactly the
/// sum of its overlays' (EPUBCheck compares them).
enum ClockValue {
    static func milliseconds(_ seconds: Double) -> Int { Int((max(0, seconds) * 1000).rounded()) }

    /// `H:MM:SS.mmm`, the full clock value.
    static func full(milliseconds ms: Int) -> String {
        let hours = ms / 3_600_000, minutes = (ms / 60_000) % 60, seconds = (ms / 1000) % 60, rest = ms % 1000
        return "\(hours):\(pad(minutes, 2)):\(pad(seconds, 2)).\(pad(rest, 3))"
    }

    /// `S.mmms`, a timecount in seconds.
    static func seconds(milliseconds ms: Int) -> String { "\(ms / 1000).\(pad(ms % 1000, 3))s" }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let text = String(value)
        return String(repeating: "0", count: max(0, width - text.count)) + text
    }
}
