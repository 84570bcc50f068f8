import Testing
@testable import ReciteAlign

@Suite struct MFCCExtractorTests {
    @Test func aToneLightsTheFilterAroundItsFrequency() {
        let rate = 22050, fftSize = 1024
        let filterbank = MelFilterbank(filterCount: 26, fftSize: fftSize, sampleRate: rate, lowHertz: 80, highHertz: 7600)
        let tone = TestSignals.tone(hertz: 1000, seconds: Double(fftSize) / Double(rate), rate: rate).map { Float($0) / 32768 }
        var fft = RealFFT(size: fftSize)
        var power = [Float](repeating: 0, count: fft.binCount), energies = [Float](repeating: 0, count: 26)
        tone.withUnsafeBufferPointer { samples in power.withUnsafeMutableBufferPointer { fft.powerSpectrum(samples, into: $0) } }
        power.withUnsafeBufferPointer { spectrum in energies.withUnsafeMutableBufferPointer { filterbank.apply(spectrum, into: $0) } }
        let loudest = energies.indices.max(by: { energies[$0] < energies[$1] })!
        // Filter i peaks at edge i + 1 of 28 evenly spaced mel edges.
        let lowMel = MelFilterbank.mel(80), highMel = MelFilterbank.mel(7600)
        let centres = (0..<26).map { MelFilterbank.hertz(lowMel + (highMel - lowMel) * Double($0 + 1) / 27) }
        let nearest = centres.indices.min(by: { abs(centres[$0] - 1000) < abs(centres[$1] - 1000) })!
        #expect(loudest == nearest)
        #expect(energies[loudest] > 10 * energies[(loudest + 4) % 26])
    }

    @Test func framesSitOnMultiplesOfTheHop() {
        let output = MFCCExtractor().extract(TestSignals.tone(hertz: 440, seconds: 1, rate: 16000), sampleRate: 16000)
        #expect(output.hop == 160)
        #expect(output.cepstra.frameCount == 16000 / 160 + 1)
        #expect(output.cepstra.dimension == 13)
        #expect(output.energyDecibels.count == output.cepstra.frameCount)
    }

    /// The same sound at two sample rates gives nearly the same coefficients: what lets an
    /// eSpeak NG rendering be compared with a voice at another rate.
    @Test func coefficientsDoNotDependOnTheSampleRate() {
        var settings = MFCCExtractor.Settings()
        settings.highHertz = 7600
        let extractor = MFCCExtractor(settings: settings)
        func middleFrame(_ rate: Int) -> [Float] {
            let samples = zip(TestSignals.tone(hertz: 700, seconds: 0.5, rate: rate),
                              TestSignals.tone(hertz: 2300, seconds: 0.5, rate: rate, amplitude: 3000)).map { $0 &+ $1 }
            let output = extractor.extract(samples, sampleRate: rate)
            return (1..<13).map { output.cepstra[output.cepstra.frameCount / 2, $0] }
        }
        let atHigh = middleFrame(22050), atLow = middleFrame(16000)
        let other = extractor.extract(TestSignals.tone(hertz: 1500, seconds: 0.5, rate: 22050), sampleRate: 22050)
        let otherFrame = (1..<13).map { other.cepstra[other.cepstra.frameCount / 2, $0] }
        func distance(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).map { ($0 - $1) * ($0 - $1) }.reduce(0, +).squareRoot() }
        #expect(distance(atHigh, atLow) < 0.2 * distance(atHigh, otherFrame))
    }

    @Test func silenceIsQuietAndSoundIsFound() {
        let samples = TestSignals.silence(seconds: 0.3, rate: 16000) + TestSignals.tone(hertz: 440, seconds: 0.5, rate: 16000)
            + TestSignals.silence(seconds: 0.3, rate: 16000)
        let output = MFCCExtractor().extract(samples, sampleRate: 16000)
        let span = SoundActivity(energyDecibels: output.energyDecibels).soundingFrames
        // The tone runs from 0.3 s to 0.8 s: frames 30…80, give or take half a window.
        #expect(span.map { abs($0.lowerBound - 30) <= 2 && abs($0.upperBound - 80) <= 2 } == true)
        #expect(SoundActivity(energyDecibels: MFCCExtractor().extract(TestSignals.silence(seconds: 1, rate: 16000),
                                                                      sampleRate: 16000).energyDecibels).soundingFrames == nil)
    }
}
