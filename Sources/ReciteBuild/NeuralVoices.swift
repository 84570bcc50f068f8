import Foundation
import ReciteNeural
import ReciteSynth

/// The neural voices a run uses, by the name a pipeline or a document gives them, each checked
/// and prepared once per process (`PreparedVoice`): hashing and checking a model costs a fraction
/// of a second the first time, nothing after.
public final class NeuralVoices: @unchecked Sendable {
    public static let shared = NeuralVoices()

    private let lock = NSLock()
    private var known: [String: Result<PreparedVoice?, VoiceError>] = [:]
    private let lookup: VoiceLookup
    private let folder: String

    public init(lookup: VoiceLookup = VoiceLookup(), folder: String = PreparedVoice.defaultFolder()) {
        self.lookup = lookup
        self.folder = folder
    }

    /// The neural voice `name` names (with `speaker` unless the name has `#SPEAKER`), prepared;
    /// nil when it names none (it is then an eSpeak NG voice). A voice file that is missing,
    /// damaged or not a Piper voice is an error naming the file. Piper voices are looked for first, then
    /// Kokoro voices (`af_heart`).
    public func resolve(_ name: String?, speaker: String? = nil) throws(VoiceError) -> PreparedVoice? {
        guard let name, !name.isEmpty else { return nil }
        let spec = speaker.map { name.contains("#") ? name : "\(name)#\($0)" } ?? name
        let result = lock.withLock { () -> Result<PreparedVoice?, VoiceError> in
            if let known = known[spec] { return known }
            let result = Result { () throws(VoiceError) -> PreparedVoice? in
                if let blend = try KokoroBlend.parse(spec) { return try prepare(blend) }
                if let choice = try lookup.resolve(spec) { return try PreparedVoice.prepare(choice, in: folder) }
                // A Kokoro voice has one speaker: `af_heart`, or `af_heart#0`.
                let bare = spec.hasSuffix("#0") ? String(spec.dropLast(2)) : spec
                guard let kokoro = lookup.findKokoro(bare) else { return nil }
                try Self.checkAvailable(kokoro)
                return try PreparedVoice.prepare(kokoro: kokoro, in: folder)
            }
            known[spec] = result
            return result
        }
        return try result.get()
    }

    /// A blend of installed Kokoro voices of one language, prepared.
    private func prepare(_ blend: KokoroBlend) throws(VoiceError) -> PreparedVoice {
        var voices: [KokoroVoice] = []
        for part in blend.parts {
            guard let voice = lookup.findKokoro(part.name) else {
                throw VoiceError("\(blend.name): \(part.name) is not an installed Kokoro voice; `recite voices` lists them")
            }
            try Self.checkAvailable(voice)
            voices.append(voice)
        }
        if let other = voices.first(where: { $0.kokoroLanguage != voices[0].kokoroLanguage }) {
            throw VoiceError("\(blend.name) mixes \(voices[0].name) (\(voices[0].kokoroLanguage.displayName)) with \(other.name) (\(other.kokoroLanguage.displayName)); blend voices of one language")
        }
        return try PreparedVoice.prepare(blend: blend, voices: voices, in: folder)
    }

    /// Refuses a voice of a language Recite cannot read (Japanese, Mandarin), saying why.
    private static func checkAvailable(_ voice: KokoroVoice) throws(VoiceError) {
        if let reason = voice.unavailableReason {
            throw VoiceError("\(voice.name) is a \(voice.kokoroLanguage.displayName) voice, which Recite cannot read with: \(reason); `recite voices` lists the voices it reads with")
        }
    }

    /// The prepared voice requests with `settings` name, if this run prepared it.
    public func prepared(for settings: NeuralSettings) -> PreparedVoice? {
        lock.withLock {
            known.values.lazy.compactMap { try? $0.get() }.first { NeuralSettings($0) == settings }
        }
    }
}
