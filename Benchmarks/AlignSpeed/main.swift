import Foundation
import ReciteAlign
import ReciteSynth

// Measures ReciteAlign on pairs of eSpeak NG renderings (EspeakRenderings.swift is the test's own).
//   align-speed          speed: audio seconds aligned per wall-clock second, one thread
//   align-speed sweep    accuracy of tuning variants (median, p95, max error in ms)
//   align-speed worst    the largest errors, with their words

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

func align(_ pair: EspeakRenderings.Pair, tuning: AlignmentTuning = .standard) -> [Int] {
    SpeechAligner.map(pair.reference.wordStarts, reference: pair.reference.samples, referenceRate: pair.reference.rate,
                      target: pair.target.samples, targetRate: pair.target.rate, tuning: tuning)
}

func report(_ name: String, _ errors: [Double]) {
    let median = EspeakRenderings.percentile(errors, 0.5), p95 = EspeakRenderings.percentile(errors, 0.95)
    let padded = name.padding(toLength: 34, withPad: " ", startingAt: 0)
    print(padded + String(format: " median %5.1f ms  p95 %6.1f ms  p99 %6.1f ms  max %6.1f ms  (%d words)",
                 median, p95, EspeakRenderings.percentile(errors, 0.99), errors.max() ?? 0, errors.count))
}

func speed() throws {
    let pairs = EspeakRenderings.pairs
    let audio = pairs.reduce(0.0) { $0 + Double($1.target.samples.count) / Double($1.target.rate) }
    _ = align(pairs[0])
    var rounds = 0
    var elapsed = 0.0
    while elapsed < 3 {
        elapsed += seconds { for pair in pairs { _ = align(pair) } }
        rounds += 1
    }
    print(String(format: "%d passages (%.1f s of target audio, %.1f s average): %.0f× real time (target seconds per wall second)",
                 pairs.count, audio, audio / Double(pairs.count), audio * Double(rounds) / elapsed))
    // One long input: every passage in one rendering per voice.
    let text = EspeakRenderings.passages.joined(separator: " ")
    for (reference, target) in EspeakRenderings.voicePairs.prefix(1) {
        let long = EspeakRenderings.Pair(passage: -1, voices: "long", reference: try EspeakRenderings.render(text, reference),
                                         target: try EspeakRenderings.render(text, target))
        let length = Double(long.target.samples.count) / Double(long.target.rate)
        let referenceLength = Double(long.reference.samples.count) / Double(long.reference.rate)
        var mapped: [Int] = []
        let time = seconds { mapped = align(long) }
        let errors = zip(mapped, long.target.wordStarts).map { Double(abs($0 - $1)) * 1000 / Double(long.target.rate) }
        print(String(format: "one long pair (%.1f s onto %.1f s): %.3f s, %.0f× real time", referenceLength, length, time, length / time))
        report("  its accuracy", errors)
    }
}

func sweep() {
    let pairs = EspeakRenderings.pairs
    for (voices, group) in Dictionary(grouping: pairs, by: \.voices).sorted(by: { $0.key < $1.key }) {
        report(voices, group.flatMap { pair in
            zip(align(pair), pair.target.wordStarts).map { Double(abs($0 - $1)) * 1000 / Double(pair.target.rate) }
        })
    }
    var variants: [(String, AlignmentTuning)] = [("standard", .standard)]
    func variant(_ name: String, _ change: (inout AlignmentTuning) -> Void) {
        var tuning = AlignmentTuning.standard
        change(&tuning)
        variants.append((name, tuning))
    }
    let arguments = Set(CommandLine.arguments.dropFirst(2))
    variant("no level (c0)") { $0.features.keepsLevel = false }
    variant("variance normalization") { $0.features.normalizesVariance = true }
    variant("no deltas") { $0.features.deltaReach = 0 }
    variant("delta weight 1") { $0.features.deltaWeight = 1 }
    variant("delta weight 3") { $0.features.deltaWeight = 3 }
    variant("delta reach 2") { $0.features.deltaReach = 2 }
    for weight: Float in [0.75, 1.25, 1.5, 2] {
        variant("diagonal weight \(weight)") { $0.warping.diagonalWeight = weight }
    }
    variant("40 filters") { $0.cepstra.filterCount = 40 }
    variant("20 coefficients") { $0.cepstra.coefficientCount = 20 }
    variant("10 coefficients") { $0.cepstra.coefficientCount = 10 }
    variant("dynamic range 40 dB") { $0.cepstra.dynamicRangeDecibels = 40 }
    variant("dynamic range 80 dB") { $0.cepstra.dynamicRangeDecibels = 80 }
    variant("window 20 ms") { $0.cepstra.windowSeconds = 0.020 }
    variant("window 32 ms") { $0.cepstra.windowSeconds = 0.032 }
    variant("hop 5 ms") { $0.cepstra.hopSeconds = 0.005 }
    variant("hop 5 ms, window 20 ms") { $0.cepstra.hopSeconds = 0.005; $0.cepstra.windowSeconds = 0.020 }
    variant("sound 30 dB below loudest") { $0.soundBelowLoudest = 30 }
    variant("sound 50 dB below loudest") { $0.soundBelowLoudest = 50 }
    variant("coarse factor 2") { $0.coarseFactor = 2 }
    variant("coarse factor 8") { $0.coarseFactor = 8 }
    variant("fine radius 6") { $0.fineRadius = 6 }
    variant("fine radius 24") { $0.fineRadius = 24 }
    for (name, tuning) in variants where arguments.isEmpty || arguments.contains(name) || name == "standard" {
        report(name, pairs.flatMap { pair in
            zip(align(pair, tuning: tuning), pair.target.wordStarts).map { Double(abs($0 - $1)) * 1000 / Double(pair.target.rate) }
        })
    }
}

/// The 25 largest errors with their words, to see what kind of word start goes wrong.
func worst() {
    var rows: [(error: Double, line: String)] = []
    for pair in EspeakRenderings.pairs {
        let words = EspeakRenderings.passages[pair.passage].split(separator: " ")
        for (index, (mapped, truth)) in zip(align(pair), pair.target.wordStarts).enumerated() {
            let error = Double(mapped - truth) * 1000 / Double(pair.target.rate)
            let word = index < words.count ? words[index] : "?"
            rows.append((abs(error), String(format: "%+6.0f ms  passage %2d word %2d ", error, pair.passage, index) + "'\(word)'  \(pair.voices)"))
        }
    }
    for row in rows.sorted(by: { $0.error > $1.error }).prefix(25) { print(row.line) }
}

switch CommandLine.arguments.dropFirst().first {
case "sweep": sweep()
case "worst": worst()
default: try speed()
}
