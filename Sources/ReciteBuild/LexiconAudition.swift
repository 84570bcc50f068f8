import Foundation
import ReciteAudio
import RecitePronounce
import ReciteScript
import ReciteTiming
import ReciteWorkers

/// `recite lexicon audition`: every entry of a lexicon spoken in carrier phrases, one file, so an
/// author hears them all at once. The phrases are written as an SSML document beside the audio
/// (`OUT.audition.ssml`) with a `<mark>` naming each entry, so the timing sidecar says where each
/// entry's phrases start.
public struct LexiconAudition {
    /// Phrase templates: `<word>` is the entry; `<name>` is a member of the class `name`.
    public var carriers: [String] = ["Say <word> again.", "<word>."]
    public var classes: [String: [String]] = [:]
    /// At most this many phrases per entry.
    public var maximumPhrases = 3

    public init() {}

    /// The phrases of one entry: the templates that name `<word>` or a class holding the entry,
    /// with the other slots filled by class members in turn (deterministic, bounded).
    public func phrases(for word: String) -> [String] {
        var result: [String] = []
        let ownClasses = classes.filter { $0.value.contains { $0.lowercased() == word.lowercased() } }.map(\.key)
        for (t, template) in carriers.enumerated() {
            let slots = Self.slots(in: template)
            guard let target = slots.firstIndex(where: { $0 == "word" || ownClasses.contains($0) }) else { continue }
            var variant = 0
            while result.count < maximumPhrases, variant < maximumPhrases {
                var phrase = template
                var unknown = false
                for (s, slot) in slots.enumerated() {
                    let value: String
                    if s == target {
                        value = word
                    } else if let members = classes[slot], !members.isEmpty {
                        value = members[(variant + s + t) % members.count]
                    } else {
                        unknown = true
                        value = slot
                    }
                    if let range = phrase.range(of: "<\(slot)>") { phrase.replaceSubrange(range, with: value) }
                }
                if !unknown && !result.contains(phrase) { result.append(phrase) }
                // A template with no class to vary gives one phrase.
                if slots.count == 1 || unknown { break }
                variant += 1
            }
        }
        return result.isEmpty ? ["Say \(word) again."] : result
    }

    /// The audition document for a lexicon, as SSML.
    public func document(for lexicon: Lexicon, language: String) -> String {
        var ssml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<speak version=\"1.1\" xml:lang=\"\(Self.escape(language))\">\n"
        for (n, entry) in lexicon.entries.enumerated() {
            ssml += "<p><mark name=\"\(n + 1): \(Self.escape(entry.name))\"/>"
            ssml += phrases(for: entry.name).map(Self.escape).joined(separator: " <break time=\"400ms\"/> ")
            ssml += "</p>\n"
        }
        return ssml + "</speak>\n"
    }

    /// Writes `OUT.audition.ssml`, then renders it with the lexicon to `OUT` (WAV) and
    /// `OUT.timing.json`; returns the number of entries.
    public func run(lexiconPath: String, output: String, pipeline base: Pipeline, workers: Int) throws -> Int {
        let lexicon: Lexicon
        do { lexicon = try LexiconFile.load(path: lexiconPath) } catch { throw ConfigurationError("\(error)") }
        var pipeline = base
        pipeline.lexicons.append(URL(fileURLWithPath: lexiconPath).standardizedFileURL.path)
        pipeline.phonemes = true
        let language = lexicon.language ?? pipeline.language
        let stem = output.hasSuffix(".wav") ? String(output.dropLast(4)) : output
        let documentPath = stem + ".audition.ssml"
        try AtomicOutput.write(Data(document(for: lexicon, language: language).utf8), to: documentPath)
        let renderer = try DocumentRenderer(pipeline: pipeline)
        let prepared = try renderer.prepare(Job(source: documentPath, format: .ssml, outputStem: stem))
        let pool = try WorkerPool(size: workers, configuration: WorkerConfiguration(warmLanguage: pipeline.language, warmVoice: pipeline.voice, phonemes: true))
        var sidecar: TimingSidecar?
        try AtomicOutput.write(to: stem + ".wav") { temporary in
            sidecar = try renderer.render(prepared, with: pool, to: temporary,
                                                           audioName: URL(fileURLWithPath: stem + ".wav").lastPathComponent)
        }
        try AtomicOutput.write(to: stem + ".timing.json") { try TimingSidecarWriter.write(sidecar!, to: $0) }
        return lexicon.entries.count
    }

    static func slots(in template: String) -> [String] {
        var slots: [String] = []
        var rest = Substring(template)
        while let open = rest.firstIndex(of: "<"), let close = rest[open...].firstIndex(of: ">") {
            slots.append(String(rest[rest.index(after: open)..<close]))
            rest = rest[rest.index(after: close)...]
        }
        return slots
    }

    static func escape(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }
}
