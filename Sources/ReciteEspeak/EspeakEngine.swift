import CEspeakNG
import Foundation
import ReciteScript
import ReciteSynth

/// The only file that talks to libespeak-ng.
///
/// eSpeak NG keeps all its state in process globals: two syntheses at once in one process corrupt
/// each other silently. So there is one engine per process, reached only through
/// `EspeakEngine.withShared`, which serializes callers; parallel synthesis uses worker processes.
/// The type is deliberately not `Sendable`.
public final class EspeakEngine {
    public let sampleRate: Int
    /// Names and identifiers of the installed voices that have a language (variants excluded).
    private var languageVoiceNames: Set<String>?
    /// The voice selected last. A request for the same voice does not select it again: selecting
    /// reloads the voice and its dictionary, and a worker keeps its warmed-up voice loaded.
    private var loadedVoice: VoiceChoice?

    nonisolated(unsafe) private static var shared: EspeakEngine?
    private static let lock = NSLock()
    /// Report phoneme events (in IPA) for `--phonemes`. They leave the samples unchanged (checked)
    /// but cost about an eighth of the synthesis time, so they are asked for only when wanted.
    /// Set before the engine's first use (`reportPhonemes`).
    nonisolated(unsafe) private static var reportsPhonemes = true

    /// Whether this process's engine will report phoneme events: it counts when the engine
    /// starts (a worker decides it first thing), and changes nothing once it has started.
    public static func reportPhonemes(_ reports: Bool) {
        lock.withLock { reportsPhonemes = reports }
    }

    private init() throws(SynthesisError) {
        let options = Self.reportsPhonemes ? Int32(espeakINITIALIZE_PHONEME_EVENTS) | Int32(espeakINITIALIZE_PHONEME_IPA) : 0
        let rate = espeak_Initialize(AUDIO_OUTPUT_SYNCHRONOUS, 0, nil, options)
        guard rate > 0 else {
            throw SynthesisError("eSpeak NG could not start (is espeak-ng-data installed? apt-get install libespeak-ng-dev)")
        }
        sampleRate = Int(rate)
        espeak_SetSynthCallback(espeakCallback)
    }

    /// Runs `body` with this process's engine, started on first use; one caller at a time.
    public static func withShared<T>(_ body: (EspeakEngine) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        if shared == nil { shared = try EspeakEngine() }
        return try body(shared!)
    }

    /// The eSpeak NG library's version ("1.51"); part of every cache key, since a new version
    /// may say the same text differently. Needs no started engine.
    public static var version: String {
        var path: UnsafePointer<CChar>?
        return espeak_Info(&path).map { String(cString: $0) } ?? "unknown"
    }

    /// The folder eSpeak NG reads its voices and dictionaries from, for `recite --version`.
    public static var dataFolder: String {
        var path: UnsafePointer<CChar>?
        _ = espeak_Info(&path)
        return path.map { String(cString: $0) } ?? "unknown"
    }

    /// Loads a voice (and its dictionary) ahead of the requests that will use it: a worker does
    /// this once before it forks a child per segment, so no child loads it again.
    public func warmUp(language: String, voiceName: String?) {
        try? load(VoiceChoice(language: language, name: voiceName, traits: nil))
    }

    /// Whether `request` is for the voice loaded now.
    public func usesLoadedVoice(_ request: SynthesisRequest) -> Bool {
        loadedVoice == VoiceChoice(request)
    }

    private func load(_ voice: VoiceChoice) throws(SynthesisError) {
        guard voice != loadedVoice else { return }
        loadedVoice = nil
        try selectVoice(language: voice.language, name: voice.name, traits: voice.traits)
        loadedVoice = voice
    }

    /// Synthesizes one segment to samples and events, synchronously, from its SSML
    /// (`EspeakMarkup`, built here from the typed words); the events come back by token.
    public func synthesize(_ request: SynthesisRequest) throws(SynthesisError) -> SynthesizedAudio {
        let markup = EspeakMarkup(request.speech)
        let audio = try synthesize(markup: markup.text, as: request)
        let events = audio.events.compactMap { event -> SynthesisEvent? in
            markup.locate(event.kind, at: event.position).map { SynthesisEvent(kind: event.kind, token: $0.token, offset: $0.offset, sample: event.sample) }
        }
        return SynthesizedAudio(sampleRate: sampleRate, samples: audio.samples, events: events)
    }

    /// Synthesizes SSML written for eSpeak NG, with the voice and prosody of `settings` (its
    /// words are not read): the engine's own probes and tests speak markup directly.
    func synthesize(markup: String, as settings: SynthesisRequest) throws(SynthesisError) -> EspeakAudio {
        let request = settings
        try load(VoiceChoice(request))
        espeak_SetParameter(espeakRATE, Int32(request.rate), 0)
        espeak_SetParameter(espeakPITCH, Int32(request.pitch), 0)
        espeak_SetParameter(espeakVOLUME, Int32(request.volume), 0)

        let sink = SampleSink()
        // Room for the likely length up front (about a tenth of a second per character is
        // generous): growing the buffer would copy it, page by page, several times over.
        sink.samples.reserveCapacity(markup.utf8.count * sampleRate / 10)
        currentSink = sink
        defer { currentSink = nil }
        let flags = UInt32(espeakCHARS_UTF8) | UInt32(espeakSSML) | UInt32(espeakPHONEMES)
        let status = markup.withCString { text in
            espeak_Synth(text, strlen(text) + 1, 0, POS_CHARACTER, 0, flags, nil, nil)
        }
        guard status == EE_OK else {
            throw SynthesisError("eSpeak NG could not synthesize the segment (error \(status.rawValue))")
        }
        return EspeakAudio(samples: sink.samples, events: sink.events)
    }

    /// The IPA of plain `text` in the voice `request` names, as Piper's voices were trained on:
    /// eSpeak NG's phonemes with stress marks, a clause's punctuation kept after it, clauses
    /// joined by a space ("həlˈoʊ, wˈɜːld."). The text has no markup.
    /// With `ties`, the letters of one phoneme are joined by `^` ("e^ɪ"), as Kokoro's phoneme
    /// mapping needs to tell a diphthong from two vowels.
    public func ipa(of text: String, voiceOf request: SynthesisRequest, ties: Bool = false) throws(SynthesisError) -> String {
        try load(VoiceChoice(request))
        var clauses: [String] = []
        text.withCString { start in
            var pointer: UnsafeRawPointer? = UnsafeRawPointer(start)
            while let before = pointer {
                guard let phonemes = espeak_TextToPhonemes(&pointer, Int32(espeakCHARS_UTF8), ties ? 0x02 | 0x80 | (0x5E << 8) : 0x02) else { break }
                var clause = String(cString: phonemes).trimmingCharacters(in: .whitespaces)
                // The clause's own punctuation: the last character it consumed that is not a
                // space. eSpeak NG reads one character ahead: the next clause's first, not this one's.
                var end = pointer ?? UnsafeRawPointer(start + strlen(start))
                if pointer != nil {
                    repeat { end -= 1 } while end > before && end.load(as: UInt8.self) & 0xC0 == 0x80
                }
                let consumed = UnsafeRawBufferPointer(start: before, count: max(0, end - before))
                if let last = consumed.lastIndex(where: { $0 != 0x20 && $0 != 0x0A && $0 != 0 }),
                   let mark = Self.clausePunctuation[consumed[last]], !clause.isEmpty {
                    clause += mark
                }
                if !clause.isEmpty { clauses.append(clause) }
            }
        }
        return clauses.joined(separator: " ")
    }

    /// The punctuation a Piper voice knows, by its ASCII byte.
    private static let clausePunctuation: [UInt8: String] = [
        0x2E: ".", 0x2C: ",", 0x3B: ";", 0x3A: ":", 0x21: "!", 0x3F: "?",
    ]

    /// The installed voices: (name, languages).
    public func voices() -> [(name: String, languages: [String])] {
        guard let list = espeak_ListVoices(nil) else { return [] }
        var result: [(String, [String])] = []
        var i = 0
        while let voice = list[i] {
            let name = voice.pointee.name.map { String(cString: $0) } ?? ""
            var languages: [String] = []
            if var p = voice.pointee.languages {
                // A list of (priority byte, NUL-terminated name), ended by a zero byte.
                while p.pointee != 0 {
                    p += 1
                    let lang = String(cString: p)
                    languages.append(lang)
                    p += lang.utf8.count + 1
                }
            }
            result.append((name, languages))
            i += 1
        }
        return result
    }

    /// Picks the voice: the name the markup gave if eSpeak NG has it, else the best voice for the
    /// language with the asked gender, age and variant (eSpeak NG scores its voices and gives a
    /// female or male variant, such as `+f2`, when the language's voice is of the other gender).
    /// The choice depends on the request and the installed data only, so it is deterministic and
    /// the request, which the cache key hashes, decides it.
    private func selectVoice(language: String, name: String?, traits: VoiceTraits?) throws(SynthesisError) {
        if let name, isLanguageVoice(name), espeak_SetVoiceByName(name) == EE_OK { return }
        let tag = language.lowercased()
        var candidates = [tag]
        if let base = tag.split(separator: "-").first, String(base) != tag { candidates.append(String(base)) }
        for candidate in candidates {
            let ok = candidate.withCString { lang -> Bool in
                var spec = espeak_VOICE()
                spec.languages = lang
                if let traits {
                    spec.gender = switch traits.gender { case .male: 1; case .female: 2; default: 0 }
                    spec.age = UInt8(clamping: traits.age ?? 0)
                    spec.variant = UInt8(clamping: max(0, (traits.variant ?? 1) - 1))
                }
                return espeak_SetVoiceByProperties(&spec) == EE_OK
            }
            if ok { return }
        }
        throw SynthesisError("eSpeak NG has no voice for language \"\(language)\"; see `recite voices` for the installed ones")
    }

    /// Whether `name` (optionally with a variant, `English (America)+f3`) names a voice with a
    /// language. eSpeak NG also finds its variants by name ("Mike", "Alicia"), and a variant set
    /// alone has no phoneme table: synthesis then crashes. Cloud voice names meet these often.
    private func isLanguageVoice(_ name: String) -> Bool {
        let base = (name.split(separator: "+", maxSplits: 1).first.map(String.init) ?? name).lowercased()
        if languageVoiceNames == nil {
            var names = Set<String>()
            if let list = espeak_ListVoices(nil) {
                var i = 0
                while let voice = list[i] {
                    if let n = voice.pointee.name { names.insert(String(cString: n).lowercased()) }
                    if let id = voice.pointee.identifier {
                        let identifier = String(cString: id).lowercased()
                        names.insert(identifier)
                        names.insert(String(identifier.split(separator: "/").last ?? ""))
                    }
                    i += 1
                }
            }
            languageVoiceNames = names
        }
        return languageVoiceNames!.contains(base)
    }

    /// Whether `name` names one of eSpeak NG's voices or languages, with a variant it has if it
    /// gives one (`en-gb`, `English (America)+f3`, `gmw/en-US+Alex`): what `--voice` may name.
    public func knowsVoice(_ name: String) -> Bool {
        let parts = name.split(separator: "+", maxSplits: 1)
        let base = parts.first.map { $0.lowercased() } ?? ""
        guard isLanguageVoice(name) || voices().contains(where: { $0.languages.contains(base) }) else { return false }
        guard parts.count == 2 else { return true }
        return variantNames().contains(parts[1].lowercased())
    }

    /// The names of eSpeak NG's variants (`f3`, `klatt`, `Alex`), lowercased.
    public func variantNames() -> Set<String> {
        var names = Set<String>()
        var spec = espeak_VOICE()
        "variant".withCString { variant in
            spec.languages = variant
            guard let list = espeak_ListVoices(&spec) else { return }
            var i = 0
            while let voice = list[i] {
                if let n = voice.pointee.name { names.insert(String(cString: n).lowercased()) }
                if let id = voice.pointee.identifier {
                    names.insert(String(String(cString: id).split(separator: "/").last ?? "").lowercased())
                }
                i += 1
            }
        }
        return names
    }

    /// The voice the engine would use for `request`: its identifier (with any variant, `gmw/en-US+f2`)
    /// and name, for tests and diagnostics.
    public func voiceIdentifier(for request: SynthesisRequest) throws(SynthesisError) -> String {
        try load(VoiceChoice(request))
        guard let voice = espeak_GetCurrentVoice() else { return "" }
        let identifier = voice.pointee.identifier.map { String(cString: $0) } ?? ""
        let name = voice.pointee.name.map { String(cString: $0) } ?? ""
        return "\(identifier) \(name)"
    }
}

/// What decides which voice eSpeak NG loads for a request.
struct VoiceChoice: Equatable {
    var language: String
    var name: String?
    var traits: VoiceTraits?

    init(language: String, name: String?, traits: VoiceTraits?) {
        self.language = language.lowercased()
        self.name = name
        self.traits = traits
    }

    init(_ request: SynthesisRequest) {
        self.init(language: request.language, name: request.voiceName, traits: request.voiceTraits)
    }
}

/// eSpeak NG's audio of some markup, with its events where it reported them: at code points of
/// that markup (0-based), before they are placed on tokens.
struct EspeakAudio: Equatable {
    struct Event: Equatable {
        var kind: SynthesisEvent.Kind
        var position: Int
        var sample: Int
    }

    var samples: [Int16]
    var events: [Event]
}

/// Collects what the callback delivers during one `espeak_Synth` call.
private final class SampleSink {
    var samples: [Int16] = []
    var events: [EspeakAudio.Event] = []
}

/// The sink of the synthesis in progress. eSpeak NG's callback has no context of its own that is
/// reliable on every event, and the engine's lock already makes synthesis one-at-a-time.
nonisolated(unsafe) private var currentSink: SampleSink?

/// eSpeak NG's synthesis callback: appends samples and events to `currentSink`; 0 means go on.
private func espeakCallback(_ wav: UnsafeMutablePointer<Int16>?, _ count: Int32,
                            _ events: UnsafeMutablePointer<espeak_EVENT>?) -> Int32 {
    guard let sink = currentSink else { return 0 }
    if let wav, count > 0 {
        sink.samples.append(contentsOf: UnsafeBufferPointer(start: wav, count: Int(count)))
    }
    guard var event = events else { return 0 }
    while event.pointee.type != espeakEVENT_LIST_TERMINATED {
        let e = event.pointee
        let position = Int(e.text_position) - 1
        let kind: SynthesisEvent.Kind?
        switch e.type {
        case espeakEVENT_WORD: kind = e.length > 0 ? .word : nil
        case espeakEVENT_SENTENCE: kind = .sentence
        case espeakEVENT_MARK: kind = .mark(e.id.name.map { String(cString: $0) } ?? "")
        case espeakEVENT_PHONEME:
            let name = phonemeName(e)
            kind = name.isEmpty ? nil : .phoneme(name)
        case espeakEVENT_END: kind = .end
        default: kind = nil
        }
        if let kind {
            sink.events.append(EspeakAudio.Event(kind: kind, position: max(0, position), sample: Int(e.sample)))
        }
        event += 1
    }
    return 0
}

/// The IPA name of a phoneme event: up to 8 bytes of UTF-8 in `id.string`, not always terminated.
private func phonemeName(_ event: espeak_EVENT) -> String {
    var id = event.id
    return withUnsafeBytes(of: &id.string) { raw in
        let bytes = raw.prefix { $0 != 0 }
        return String(decoding: bytes, as: UTF8.self)
    }
}
