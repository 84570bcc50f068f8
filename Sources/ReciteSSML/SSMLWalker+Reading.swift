import Foundation
import ReciteScript
import ReciteXML

/// The elements that change how text is read: pauses, prosody, `say-as`, `phoneme` and `voice`.
extension SSMLWalker {
    /// Longest `<break>` accepted: a typo such as `time="5000s"` would otherwise write hours of silence.
    static let longestBreak = 600.0

    /// The seconds of a `<break>`: its `time`, else its `strength`, else a medium pause.
    func breakSeconds(_ element: XMLElement, at location: SourceLocation) throws(DocumentError) -> Double {
        if let time = element.attributes["time"] {
            guard let value = SSMLValues.duration(time) else {
                throw invalid("time", time, in: element, at: location, expected: "a duration such as 500ms or 1.5s")
            }
            guard value <= Self.longestBreak else {
                throw invalid("time", time, in: element, at: location, expected: "a pause of at most \(Int(Self.longestBreak)) seconds")
            }
            return value
        }
        if let strength = element.attributes["strength"] {
            guard let value = SSMLValues.breakStrength(strength) else {
                throw invalid("strength", strength, in: element, at: location, expected: "none, x-weak, weak, medium, strong or x-strong")
            }
            return value
        }
        return SSMLValues.breakStrength("medium")!
    }

    /// The prosody an element asks for, relative to its parent's.
    mutating func prosody(_ element: XMLElement, at location: SourceLocation) throws(DocumentError) -> Prosody {
        var prosody = Prosody()
        if let v = element.attributes["rate"] {
            guard let r = SSMLValues.rate(v) else {
                throw invalid("rate", v, in: element, at: location, expected: "x-slow, slow, medium, fast, x-fast, a percentage such as 80% or +10%, or a multiplier such as 1.5")
            }
            prosody.rate = r
        }
        if let v = element.attributes["pitch"] {
            guard let p = SSMLValues.pitch(v) else {
                throw invalid("pitch", v, in: element, at: location, expected: "x-low, low, medium, high, x-high, a percentage (+10%), semitones (-2st) or Hz (+5Hz, 200Hz)")
            }
            prosody.pitch = p
        }
        if let v = element.attributes["volume"] {
            guard let p = SSMLValues.volume(v) else {
                throw invalid("volume", v, in: element, at: location, expected: "silent, x-soft, soft, medium, loud, x-loud, decibels (+6dB) or a percentage")
            }
            prosody.volume = p
        }
        for ignored in ["duration", "contour", "range"] where element.attributes[ignored] != nil {
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<prosody \(ignored)> is not supported; the attribute is ignored."))
        }
        return prosody
    }

    /// `<say-as>`: spelled types keep eSpeak NG's own spelling; the others become one run that
    /// the normalization stage verbalizes as the type says.
    mutating func sayAs(_ element: XMLElement, style parent: RunStyle, at location: SourceLocation,
                        selfClosing: Bool) throws(DocumentError) -> Reading {
        var style = parent
        let kind = (element.attributes["interpret-as"] ?? "").trimmingCharacters(in: .whitespaces).lowercased()
        guard SayAs.knownTypes.contains(kind) else {
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<say-as interpret-as=\"\(kind)\"> is not a type Recite reads; its text is read as written."))
            return .children(style)
        }
        let format = element.attributes["format"].map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
        if let format, !SSMLValues.isValidFormat(format, for: kind) {
            let expected = kind == "date" ? "a field order such as mdy, dmy, ymd, md, dm, ym, my, y, m or d"
                : kind == "time" ? "hms12 or hms24" : "no format, or one of its own"
            throw invalid("format", format, in: element, at: location, expected: expected)
        }
        let request = SayAs(interpretAs: kind, format: format, detail: element.attributes["detail"])
        style.sayAs = request
        if request.isSpelled {
            style.spellOut = true
            return .children(style)
        }
        return readAsOneUnit(element, style: style, selfClosing: selfClosing)
    }

    /// `<phoneme alphabet ph>`: its text becomes one run carrying the pronunciation as written;
    /// the pronunciation stage converts it.
    mutating func phoneme(_ element: XMLElement, style parent: RunStyle, at location: SourceLocation,
                          selfClosing: Bool) throws(DocumentError) -> Reading {
        var style = parent
        let name = (element.attributes["alphabet"] ?? "ipa").trimmingCharacters(in: .whitespaces).lowercased()
        guard let alphabet = SSMLValues.alphabet(name) else {
            // Vendor alphabets (Polly's x-amazon-pinyin, Azure's sapi and ups) are common in files
            // written for cloud services: the text is read as written rather than the document refused.
            warnings.append(Warning(path: source.path, location: location,
                                    message: "<phoneme alphabet=\"\(name)\"> is not ipa or x-sampa; its text is read as written."))
            return .children(parent)
        }
        guard let ph = element.attributes["ph"], !ph.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw DocumentError(path: source.path, location: location,
                                message: "<phoneme> has no ph attribute; write the pronunciation in ph=\"…\".")
        }
        style.written = WrittenPronunciation(alphabet: alphabet, text: ph.trimmingCharacters(in: .whitespaces))
        return readAsOneUnit(element, style: style, selfClosing: selfClosing)
    }

    /// An element whose text is said as one unit (a say-as value, a phoneme's word): one run
    /// covering its content's bytes, to its end tag. With child elements, they are walked
    /// instead, each word carrying the style.
    private mutating func readAsOneUnit(_ element: XMLElement, style: RunStyle, selfClosing: Bool) -> Reading {
        guard !selfClosing, !element.hasElementChildren else { return .children(style) }
        let contentStart = cursor.position
        let contentEnd = skipContent(of: element)
        builder.appendUnit(element.textContent, origin: trimmed(contentStart..<contentEnd), style: style)
        return .consumed
    }

    /// `<voice>` and `<lang>`: the language, and what is asked of the voice.
    mutating func voice(_ element: XMLElement, style: inout RunStyle, at location: SourceLocation) throws(DocumentError) {
        let a = element.attributes
        var language = a["xml:lang"] ?? a["language"]
        if language == nil, let first = a["languages"]?.split(separator: " ").first { language = String(first) }
        if let name = a["name"]?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
            style.voiceName = name
            // Cloud voice names start with their language ("en-US-JennyNeural", "de-DE-Wavenet-A").
            if language == nil, let tag = SSMLValues.languagePrefix(ofVoiceName: name) { language = tag }
        }
        if let language { style.language = language }
        guard element.name == "voice" else { return }
        if let v = a["gender"] {
            guard let gender = VoiceTraits.Gender(rawValue: v.trimmingCharacters(in: .whitespaces).lowercased()) else {
                throw invalid("gender", v, in: element, at: location, expected: "male, female or neutral")
            }
            style.voiceTraits.gender = gender
        }
        if let v = a["age"] {
            guard let age = Int(v.trimmingCharacters(in: .whitespaces)), age >= 0, age < 200 else {
                throw invalid("age", v, in: element, at: location, expected: "an age in years, such as 30")
            }
            style.voiceTraits.age = age
        }
        if let v = a["variant"] {
            guard let variant = Int(v.trimmingCharacters(in: .whitespaces)), variant >= 1, variant < 100 else {
                throw invalid("variant", v, in: element, at: location, expected: "a whole number from 1")
            }
            style.voiceTraits.variant = variant
        }
    }
}

