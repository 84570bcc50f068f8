import ReciteEspeak
import ReciteSynth
import ReciteAlign
import ReciteSegment

/// Pairs of eSpeak NG renderings of the same English passages, with each rendering's own word
/// starts: the ground truth for alignment. The passages are prose from the shared test corpus
/// (release notes, a recipe, a blog post), one to three sentences each, lightly cleaned of markup.
enum EspeakRenderings {
    static let passages = [
        "The Rust team is happy to announce a new version of Rust. Rust is a programming language empowering everyone to build reliable and efficient software.",
        "If you have a previous version of Rust installed via rustup, you can get the new version with a single command.",
        "Side note: fillet beef is preferred. It gives the beef wellington a soft, tender and juicy flavour. Trust me, using fillet is worth it.",
        "Swift is widely known as the modern language for app development on Apple devices.",
        "However, over the course of its first decade, it has grown into a versatile, multi-platform language targeting use cases where you would otherwise find C or C++.",
        "Personally, I have come to appreciate the emphasis on memory safety and great ergonomics, and want these traits for embedded systems where reliability and security are critically important.",
        "But embedded systems are not only found in mission-critical applications. Some are actually all fun and games.",
        "We believe that a healthy open source ecosystem relies heavily on the quality of its packages.",
        "While we want code quality high, we are also cognizant of keeping the barrier to entry as low as possible.",
        "Accepted packages will undergo regular review to ensure they still meet qualifying standards.",
        "Once a package has completed the incubation process and been accepted by the group, it will be listed on the package index.",
        "Please report any bugs you might come across!",
        "Preheat the oven. Season the beef with salt and pepper, then sear it in a hot pan until browned on all sides.",
        "These packages are being adopted rapidly by upcoming versions of popular server-side frameworks.",
    ]

    /// How a rendering is made: the settings that change timing and timbre.
    struct Voice: Sendable, CustomStringConvertible {
        var name: String
        var rate: Int
        var pitch: Int
        var description: String { "\(name) rate \(rate) pitch \(pitch)" }
    }

    /// Reference and target voices of each compared pair.
    static let voicePairs: [(reference: Voice, target: Voice)] = [
        (Voice(name: "en-us", rate: 175, pitch: 50), Voice(name: "en-us", rate: 130, pitch: 70)),
        (Voice(name: "en-us", rate: 175, pitch: 50), Voice(name: "en-us+f3", rate: 230, pitch: 40)),
        (Voice(name: "en-us", rate: 175, pitch: 50), Voice(name: "en-gb", rate: 150, pitch: 60)),
        // A different synthesis method (Klatt's formant synthesizer): the largest change of timbre
        // eSpeak NG offers, closest to a second, unrelated voice.
        (Voice(name: "en-us", rate: 175, pitch: 50), Voice(name: "en-us+klatt4", rate: 200, pitch: 30)),
        (Voice(name: "en-us+f2", rate: 160, pitch: 60), Voice(name: "en-gb-x-rp+klatt2", rate: 140, pitch: 45)),
    ]

    struct Rendering: Sendable {
        var samples: [Int16]
        var rate: Int
        var wordStarts: [Int]
    }

    /// One passage said by a pair of voices.
    struct Pair: Sendable {
        var passage: Int
        var voices: String
        var reference: Rendering
        var target: Rendering
    }

    static func render(_ passage: String, _ voice: Voice) throws -> Rendering {
        let audio = try EspeakEngine.withShared {
            try $0.synthesize(SynthesisRequest(speech: SpeechInput(plain: passage), language: "en-us", voiceName: voice.name,
                                               rate: voice.rate, pitch: voice.pitch, volume: 100))
        }
        return Rendering(samples: audio.samples, rate: audio.sampleRate,
                         wordStarts: audio.events.filter { $0.kind == .word }.map(\.sample))
    }

    /// Every passage by every voice pair, rendered once per test process.
    static let pairs: [Pair] = {
        var pairs: [Pair] = []
        for (reference, target) in voicePairs {
            for (index, passage) in passages.enumerated() {
                guard let first = try? render(passage, reference), let second = try? render(passage, target) else { continue }
                pairs.append(Pair(passage: index, voices: "\(reference) → \(target)", reference: first, target: second))
            }
        }
        return pairs
    }()

    /// Absolute errors (ms) of mapping each pair's reference word starts onto its target.
    static func errors(_ pairs: [Pair], tuning: AlignmentTuning = .standard) -> [Double] {
        pairs.flatMap { pair -> [Double] in
            let mapped = SpeechAligner.map(pair.reference.wordStarts, reference: pair.reference.samples,
                                           referenceRate: pair.reference.rate, target: pair.target.samples,
                                           targetRate: pair.target.rate, tuning: tuning)
            return zip(mapped, pair.target.wordStarts).map { Double(abs($0 - $1)) * 1000 / Double(pair.target.rate) }
        }
    }

    /// The value below which `fraction` of `values` lie (nearest rank).
    static func percentile(_ values: [Double], _ fraction: Double) -> Double {
        let sorted = values.sorted()
        guard !sorted.isEmpty else { return .nan }
        return sorted[min(sorted.count - 1, Int((fraction * Double(sorted.count)).rounded(.up)) - 1)]
    }
}
