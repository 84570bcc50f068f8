/// Writes cues as a SubRip (`.srt`) file: each cue numbered from 1, a timing line with comma
/// decimals, its text lines, and a blank line after every cue.
///
/// SubRip has no escaping rule; text is written as it is (readers show a stray `<` as written).
public enum SubRipWriter {
    public static func document(_ cues: [Cue]) -> String {
        var out = ""
        for (index, cue) in cues.enumerated() {
            out += "\(index + 1)\n" + Timestamp.subRip(cue.start) + " --> " + Timestamp.subRip(cue.end) + "\n"
            for line in cue.lines { out += line + "\n" }
            out += "\n"
        }
        return out
    }
}
