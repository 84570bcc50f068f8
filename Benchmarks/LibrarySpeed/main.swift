import Foundation
import ReciteAudio
import ReciteSynth

// Hashing and resampling, the two jobs Recite hands to C libraries (libcrypto, libswresample):
// speed, and for resampling the quality of a stepped sine sweep. `make bench` runs it.
//   library-speed           every figure
//   library-speed --quick   shorter inputs (a smoke run)

let quick = CommandLine.arguments.contains("--quick")

func seconds(_ body: () -> Void) -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
}

/// The best of `rounds` timings: the least disturbed by the other processes on the machine.
func best(_ rounds: Int, _ body: () -> Void) -> Double {
    (0..<rounds).map { _ in seconds(body) }.min() ?? 0
}

// MARK: - Hashing

func hashing() {
    let megabytes = quick ? 8 : 64
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<megabytes << 20).map { _ in UInt8.random(in: 0...255, using: &generator) }
    var digest = ""
    let elapsed = best(3) { digest = SHA256.hex(bytes) }
    print(String(format: "sha-256: %d MB in memory: %.0f MB/s (%@…)", megabytes, Double(megabytes) / elapsed, String(digest.prefix(8))))
}

// MARK: - Resampling

func sine(_ frequency: Double, rate: Int, count: Int) -> [Float] {
    (0..<count).map { Float(0.5 * sin(2 * .pi * frequency * Double($0) / Double(rate))) }
}

/// The level of `x` (middle half) that is not a sine at `frequency`, in dB relative to a
/// full-amplitude 0.5 sine: the least-squares fit of the tone is taken out, the rest is error
/// (aliases, images, filter ripple and noise).
func residual(_ x: [Float], frequency: Double, rate: Int) -> (tone: Double, rest: Double) {
    let slice = Array(x[x.count / 4 ..< 3 * x.count / 4])
    let start = x.count / 4
    var cc = 0.0, ss = 0.0, cs = 0.0, xc = 0.0, xs = 0.0
    for (i, v) in slice.enumerated() {
        let phase = 2 * .pi * frequency * Double(start + i) / Double(rate)
        let c = cos(phase), s = sin(phase)
        cc += c * c; ss += s * s; cs += c * s; xc += Double(v) * c; xs += Double(v) * s
    }
    let det = cc * ss - cs * cs
    let a = (xc * ss - xs * cs) / det, b = (xs * cc - xc * cs) / det
    var rest = 0.0
    for (i, v) in slice.enumerated() {
        let phase = 2 * .pi * frequency * Double(start + i) / Double(rate)
        let e = Double(v) - a * cos(phase) - b * sin(phase)
        rest += e * e
    }
    let reference = 0.5 * 0.5 / 2 * Double(slice.count)  // a 0.5 sine's energy
    return (10 * log10(max(1e-30, (a * a + b * b) / 2 * Double(slice.count) / reference)),
            10 * log10(max(1e-30, rest / reference)))
}

/// A stepped sweep through `Resampler` from `from` to `to` Hz: in the passband (up to 80% of the
/// lower Nyquist frequency) the worst error left beside the tone and the worst change of the
/// tone's level; above the new Nyquist frequency (downsampling) the loudest tone that came
/// through, folded back as an alias.
func sweep(from: Int, to: Int) {
    let count = quick ? from / 4 : from / 2
    let nyquist = Double(min(from, to)) / 2
    var worstRest = -300.0, worstRipple = 0.0
    for frequency in stride(from: 100.0, through: 0.8 * nyquist, by: quick ? 1000 : 250) {
        let output = Resampler(from: from, to: to).resample(sine(frequency, rate: from, count: count))
        let (tone, rest) = residual(output, frequency: frequency, rate: to)
        worstRest = max(worstRest, rest)
        worstRipple = max(worstRipple, abs(tone))
    }
    var line = String(format: "resampling %d -> %d Hz: passband (100 … %.0f Hz) error %.1f dB, level within %.3f dB",
                      from, to, 0.8 * nyquist, worstRest, worstRipple)
    if to < from {
        var loudestAlias = -300.0
        for frequency in stride(from: 1.05 * Double(to) / 2, through: 0.95 * Double(from) / 2, by: quick ? 500 : 100) {
            let output = Resampler(from: from, to: to).resample(sine(frequency, rate: from, count: count))
            loudestAlias = max(loudestAlias, 10 * log10(max(1e-30, output[output.count / 4 ..< 3 * output.count / 4]
                .reduce(0.0) { $0 + Double($1) * Double($1) } / (0.125 * Double(output.count / 2)))))
        }
        line += String(format: "; aliases of %.0f … %.0f Hz at %.1f dB", 1.05 * Double(to) / 2, 0.95 * Double(from) / 2, loudestAlias)
    }
    print(line)
}

/// Seconds of audio resampled per wall-clock second, in one go and streamed in 4,096-sample chunks.
func resamplingSpeed(from: Int, to: Int) {
    let audioSeconds = quick ? 10 : 60
    let input = sine(440, rate: from, count: from * audioSeconds)
    let oneGo = best(3) { _ = Resampler(from: from, to: to).resample(input) }
    let streamed = best(3) {
        let resampler = StreamingResampler(from: from, to: to)
        var start = 0
        while start < input.count {
            _ = resampler.process(Array(input[start ..< min(start + 4096, input.count)]))
            start += 4096
        }
        _ = resampler.finish()
    }
    print(String(format: "resampling %d -> %d Hz, %d s of audio: %.0f× real time in one go, %.0f× streamed",
                 from, to, audioSeconds, Double(audioSeconds) / oneGo, Double(audioSeconds) / streamed))
}

hashing()
resamplingSpeed(from: 22050, to: 24000)   // every Opus file
resamplingSpeed(from: 22050, to: 16000)   // eSpeak NG's audio into a 16 kHz neural voice's file
sweep(from: 22050, to: 24000)
sweep(from: 22050, to: 16000)
sweep(from: 44100, to: 22050)             // an SSML <audio> clip
