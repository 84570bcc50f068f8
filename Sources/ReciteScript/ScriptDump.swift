/// A deterministic text dump of a script: one line per block and per run, with source spans.
///
/// Golden tests compare it with files under `Tests/*/Golden/`, and `recite build --dry-run
/// --dump` prints it, so a change in what the parsers produce shows as a readable diff.
public enum ScriptDump {
    public static func dump(_ script: Script) -> String {
        var lines = ["script \(script.path) lang=\(script.language)"]
        for block in script.blocks {
            var head = "  \(block.kind.name)"
            if case .heading(let level) = block.kind { head += "(\(level))" }
            lines.append("\(head) @\(block.source)")
            for run in block.runs {
                lines.append("    \(describe(run.content)) @\(run.source)\(describe(run.style))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func describe(_ content: Run.Content) -> String {
        switch content {
        case .speech(let text): "\"\(text)\""
        case .pause(let seconds): "pause \(seconds)s"
        case .mark(let name): "mark \(name)"
        case .audio(let path): "audio \(path)"
        }
    }

    static func describe(_ style: RunStyle) -> String {
        var parts: [String] = []
        if let language = style.language { parts.append("lang=\(language)") }
        if let voice = style.voiceName { parts.append("voice=\(voice)") }
        let traits = style.voiceTraits
        if let gender = traits.gender { parts.append("gender=\(gender.rawValue)") }
        if let age = traits.age { parts.append("age=\(age)") }
        if let variant = traits.variant { parts.append("variant=\(variant)") }
        let p = style.prosody
        if !p.isNeutral { parts.append("prosody=\(p.rate)/\(p.pitch)/\(p.volume)") }
        if let emphasis = style.emphasis { parts.append("emphasis=\(emphasis.rawValue)") }
        if style.spellOut { parts.append("spell") }
        if let sayAs = style.sayAs { parts.append(sayAs.description) }
        if let phonemes = style.phonemes { parts.append("phonemes=\(phonemes)") }
        if let written = style.written { parts.append("\(written.alphabet.rawValue)=\(written.text)") }
        return parts.isEmpty ? "" : " [" + parts.joined(separator: " ") + "]"
    }
}
