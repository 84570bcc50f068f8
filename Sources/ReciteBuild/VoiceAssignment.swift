import Foundation
import ReciteEspeak
import ReciteNeural

/// Which voice reads each language of a run, nearest choice first:
///
/// 1. `voice: espeak` (or `--voice espeak`): eSpeak NG in every language;
/// 2. the pipeline's `voice` (or `--voice`), for documents in the pipeline's language: a neural
///    voice in any region of it, an eSpeak NG voice in its own region (eSpeak NG's voice of the
///    language in the others);
/// 3. the pipeline's `voices` map, by the exact tag (`en-GB`), then by the language alone (`es`);
/// 4. the language's natural voice, when it is installed (`KokoroLanguage.defaultVoice`);
/// 5. eSpeak NG's voice for the language.
///
/// A voice a document names itself (SSML `<voice name>`) comes before all of these.
public struct VoiceAssignment: Sendable {
    public var language: String
    public var voice: String?
    public var voices: [String: String]
    private let neural: NeuralVoices

    /// What reads a stretch of text.
    public enum Choice: Sendable, Equatable {
        case neural(PreparedVoice)
        /// eSpeak NG with this voice name, or its voice for the text's language when nil.
        case espeak(String?)

        /// How the choice is named in sidecars and manifests (`af_heart`, `espeak-ng:en-us`).
        public func label(language: String) -> String {
            switch self {
            case .neural(let voice): voice.name
            case .espeak(let name): "espeak-ng:" + (name ?? language.lowercased())
            }
        }
    }

    /// The word that asks for eSpeak NG in every language.
    public static let espeakKeyword = "espeak"

    public init(pipeline: Pipeline, neural: NeuralVoices = .shared) {
        language = pipeline.language
        voice = pipeline.voice
        voices = pipeline.voices
        self.neural = neural
    }

    /// The voice for text in `tag`.
    public func choice(for tag: String) -> Choice {
        if voice?.lowercased() == Self.espeakKeyword { return .espeak(nil) }
        if let voice, Self.base(tag) == Self.base(language) {
            // A natural voice reads its language in every region; an eSpeak NG voice names one
            // region's, and eSpeak NG has a voice for each other region (`<s xml:lang="en-GB">`).
            let named = Self.choice(named: voice, neural: neural)
            if case .neural = named { return named }
            return tag.lowercased() == language.lowercased() ? named : .espeak(nil)
        }
        if let named = voices.first(where: { $0.key.lowercased() == tag.lowercased() })?.value
            ?? voices.first(where: { $0.key.lowercased() == Self.base(tag) })?.value {
            return Self.choice(named: named, neural: neural)
        }
        // Only where the neural runtime is there too: without it eSpeak NG reads, as it would
        // without the voice.
        if let natural = KokoroLanguage.forDocument(tag)?.defaultVoice, Self.neuralRuntimeWorks,
           let prepared = try? neural.resolve(natural) {
            return .neural(prepared)
        }
        return .espeak(nil)
    }

    /// Whether ONNX Runtime is installed here (checked once per process, without loading it).
    static let neuralRuntimeWorks = NeuralRuntimeVersion.isInstalled

    /// A name as a choice: a neural voice if it names one, else eSpeak NG's voice of that name.
    static func choice(named name: String, neural: NeuralVoices) -> Choice {
        if name.lowercased() == espeakKeyword { return .espeak(nil) }
        if let prepared = try? neural.resolve(name) { return .neural(prepared) }
        return .espeak(name)
    }

    /// What the natural defaults are on this machine, for the run's fingerprint: installing a
    /// voice changes what reads a document that names none.
    public var naturalDefaults: String {
        KokoroLanguage.allCases.compactMap { language in
            language.defaultVoice.flatMap { name in Self.neuralRuntimeWorks && (try? neural.resolve(name)) != nil ? "\(language.tag)=\(name)" : nil }
        }.joined(separator: ",")
    }

    /// The language of a BCP 47 tag without its region, lowercased (`en-GB` → `en`).
    public static func base(_ tag: String) -> String {
        String(tag.lowercased().split(whereSeparator: { $0 == "-" || $0 == "_" }).first ?? "")
    }

    /// Every voice the pipeline names that cannot read, as a message naming the closest
    /// installed voices; nil when all can.
    public func problem() -> String? {
        var named: [(String, String)] = []
        if let voice { named.append((voice, "voice")) }
        named += voices.sorted { $0.key < $1.key }.map { ($0.value, "voices: \($0.key)") }
        for (name, place) in named {
            if let problem = Self.problem(with: name, neural: neural) { return "\(place): \(problem)" }
        }
        return nil
    }

    /// Why `name` cannot read, or nil when it can: an installed neural voice, a path to one, a
    /// blend, `espeak`, or one of eSpeak NG's voices (with a variant it has).
    public static func problem(with name: String, neural: NeuralVoices = .shared) -> String? {
        let name = name.trimmingCharacters(in: .whitespaces)
        if name.isEmpty || name.lowercased() == espeakKeyword { return nil }
        do {
            if try neural.resolve(name) != nil { return nil }
        } catch {
            return error.message
        }
        if name.contains("/") || name.hasSuffix(".onnx") {
            return "\(name): no Piper voice there (a voice is X.onnx with X.onnx.json beside it)"
        }
        let known = (try? EspeakEngine.withShared { $0.knowsVoice(name) }) ?? false
        if known { return nil }
        let parts = name.split(separator: "+", maxSplits: 1).map(String.init)
        if parts.count == 2, (try? EspeakEngine.withShared { $0.knowsVoice(parts[0]) }) == true {
            let variants = ((try? EspeakEngine.withShared { $0.variantNames() }) ?? []).sorted()
            let near = closest(to: parts[1], among: variants).map { "\(parts[0])+\($0)" }
            let hint = near.isEmpty ? "" : " Did you mean \(near.joined(separator: " or "))?"
            return "\"\(name)\": eSpeak NG has no variant \"\(parts[1])\".\(hint) Its variants are files in espeak-ng-data/voices/!v."
        }
        let suggestions = closest(to: name, among: installedNames())
        let hint = suggestions.isEmpty ? "" : " Did you mean \(suggestions.joined(separator: " or "))?"
        return "\"\(name)\" is not an installed voice.\(hint) `recite voices` lists them all."
    }

    /// The names a user may give: installed neural voices first, then eSpeak NG's voices.
    static func installedNames() -> [String] {
        let lookup = VoiceLookup()
        var names = lookup.installed().voices.map(\.name)
        names += lookup.installedKokoro().filter { $0.unavailableReason == nil }.map(\.name)
        let espeak = (try? EspeakEngine.withShared { $0.voices() }) ?? []
        for voice in espeak {
            names.append(voice.name)
            names += voice.languages
        }
        return names
    }

    /// Up to three of `names` nearest to `name` in edits (case aside), if near enough to be a slip.
    public static func closest(to name: String, among names: [String]) -> [String] {
        let target = Array(name.lowercased())
        let limit = max(2, target.count / 3)
        var seen = Set<String>()
        let scored = names.compactMap { candidate -> (String, Int)? in
            guard seen.insert(candidate.lowercased()).inserted else { return nil }
            let distance = editDistance(target, Array(candidate.lowercased()))
            return distance <= limit ? (candidate, distance) : nil
        }
        return scored.sorted { $0.1 != $1.1 ? $0.1 < $1.1 : $0.0 < $1.0 }.prefix(3).map(\.0)
    }

    /// Levenshtein distance, with a swap of two neighbours counting as one edit ("haert").
    static func editDistance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previous2 = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + [Int](repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    current[j] = min(current[j], previous2[j - 2] + 1)
                }
            }
            previous2 = previous
            previous = current
        }
        return previous[b.count]
    }
}
