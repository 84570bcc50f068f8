import ReciteTestSupport
import Foundation
import Testing
@testable import ReciteAudio

/// The resampler and clip loading, checked by what a listener would notice: a tone keeps its
/// pitch and loudness, a tone the new rate cannot hold is removed rather than folded back.
@Suite struct ResamplerTests {
    static func sine(_ frequency: Double, rate: Int, seconds: Double, amplitude: Double = 0.5) -> [Float] {
        (0..<Int(Double(rate) * seconds)).map { Float(amplitude * sin(2 * .pi * frequency * Double($0) / Double(rate))) }
    }

    /// The amplitude of `frequency` in `x` (a single-bin DFT), in the middle of the signal.
    static func amplitude(of frequency: Double, in x: [Float], rate: Int) -> Double {
        let slice = x[x.count / 4..<(3 * x.count / 4)]
        var re = 0.0, im = 0.0
        for (i, v) in zip(slice.indices, slice) {
            let phase = 2 * .pi * frequency * Double(i) / Double(rate)
            re += Double(v) * cos(phase)
            im -= Double(v) * sin(phase)
        }
        return 2 * sqrt(re * re + im * im) / Double(slice.count)
    }

    @Test(arguments: [(44100, 22050, 440.0), (48000, 22050, 1000.0), (8000, 22050, 1000.0), (16000, 22050, 3000.0)])
    func aToneKeepsItsFrequencyAndLevel(from: Int, to: Int, frequency: Double) {
        let input = Self.sine(frequency, rate: from, seconds: 0.5)
        let output = Resampler(from: from, to: to).resample(input)
        #expect(abs(output.count - Int(0.5 * Double(to))) <= 1)
        let kept = Self.amplitude(of: frequency, in: output, rate: to)
        #expect(abs(kept - 0.5) < 0.01, "amplitude \(kept)")
        // Nothing much anywhere else: a neighbouring frequency is near silent.
        #expect(Self.amplitude(of: frequency * 1.5, in: output, rate: to) < 0.01)
    }

    @Test func toneAboveTheNewNyquistIsRemovedNotAliased() {
        // 15 kHz at 44.1 kHz would fold to 7.05 kHz at 22.05 kHz without the low-pass.
        let input = Self.sine(15000, rate: 44100, seconds: 0.5)
        let output = Resampler(from: 44100, to: 22050).resample(input)
        #expect(Self.amplitude(of: 7050, in: output, rate: 22050) < 0.005)
    }

    /// A tone just above the new Nyquist frequency (8.4 kHz into 16 kHz would fold to 7.6 kHz):
    /// libswresample's default filter lets it through at -22 dB; Recite's keeps it out.
    @Test func toneJustAboveTheNewNyquistIsRemovedNotAliased() {
        let input = Self.sine(8400, rate: 22050, seconds: 0.5)
        let output = Resampler(from: 22050, to: 16000).resample(input)
        #expect(Self.amplitude(of: 7600, in: output, rate: 16000) < 0.0005)
    }

    /// The output starts where the input does: a click keeps its time (no filter delay), so the
    /// sidecar's word times need no shift.
    @Test(arguments: [(22050, 24000), (22050, 16000), (44100, 22050)])
    func aClickKeepsItsTime(from: Int, to: Int) {
        var input = [Float](repeating: 0, count: from / 2)
        input[from / 10] = 1  // at 100 ms
        let output = Resampler(from: from, to: to).resample(input)
        let peak = output.indices.max { abs(output[$0]) < abs(output[$1]) } ?? 0
        #expect(abs(peak - to / 10) <= 1, "peak at sample \(peak), expected \(to / 10)")
    }

    @Test func aStereoFLACClipIsMixedDownResampledAndConverted() throws {
        let folder = Fixtures.scratch("recite-clip-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        // Left: a 440 Hz tone; right: silence. Mono is the tone at half level.
        let tone = Self.sine(440, rate: 44100, seconds: 1, amplitude: 0.8)
        var frames: [Float] = []
        for v in tone { frames += [v, 0] }
        for ext in ["flac", "wav"] {
            let path = folder.appendingPathComponent("clip.\(ext)").path
            try SoundFile.writeClip(frames, channels: 2, sampleRate: 44100, to: path)
            let samples = try AudioClip.load(path, sampleRate: 22050)
            #expect(abs(samples.count - 22050) <= 1)
            let level = Self.amplitude(of: 440, in: samples.map { Float($0) / 32767 }, rate: 22050)
            #expect(abs(level - 0.4) < 0.01, "\(ext): \(level)")
        }
    }

    @Test func conversionClipsAtFullScale() {
        #expect(AudioClip.toInt16([0, 0.5, 1, 2, -2]) == [0, 16384, 32767, 32767, -32768])
    }
}
