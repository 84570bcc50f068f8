/// Writes cues as a WebVTT file: the `WEBVTT` header, then each cue as a timing line and its text
/// lines, cues separated by a blank line.
public enum WebVTTWriter {
    public static func document(_ cues: [Cue]) -> String {
        var out = "WEBVTT\n"
        for cue in cues {
            out += "\n" + Timestamp.webVTT(cue.start) + " --> " + Timestamp.webVTT(cue.end) + "\n"
            for line in cue.lines { out += escape(line) + "\n" }
        }
        return out
    }

    /// Cue text is markup in WebVTT (`<i>`, `<v Name>`, `&amp;`): the source's own `&`, `<` and `>`
    /// are escaped so they show as written. Escaping `>` also keeps `-->` out of cue text.
    public static func escape(_ text: String) -> String {
        HTMLEscaping.escape(text, quotes: false)
    }
}
