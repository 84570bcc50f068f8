import Foundation
import ReciteTestSupport
import Testing
@testable import ReciteAlign

@Suite struct RealFFTTests {
    /// The textbook O(n²) transform, in Double.
    func directDFT(_ input: [Float]) -> (real: [Double], imaginary: [Double]) {
        let n = input.count
        var real = [Double](repeating: 0, count: n / 2 + 1), imaginary = real
        for k in 0...(n / 2) {
            for (t, x) in input.enumerated() {
                let angle = -2 * Double.pi * Double(k * t) / Double(n)
                real[k] += Double(x) * cos(angle)
                imaginary[k] += Double(x) * sin(angle)
            }
        }
        return (real, imaginary)
    }

    @Test(arguments: [4, 8, 16, 64, 512, 1024])
    func matchesTheDirectTransform(size: Int) {
        var generator = SeededGenerator(seed: UInt64(size))
        let input = (0..<size).map { _ in Float.random(in: -1...1, using: &generator) }
        var fft = RealFFT(size: size)
        let fast = fft.transform(input)
        let direct = directDFT(input)
        let scale = Double(size).squareRoot()
        for k in 0...(size / 2) {
            #expect(abs(Double(fast.real[k]) - direct.real[k]) < 1e-4 * scale, "bin \(k) real")
            #expect(abs(Double(fast.imaginary[k]) - direct.imaginary[k]) < 1e-4 * scale, "bin \(k) imaginary")
        }
    }

    @Test func powerSpectrumOfACosinePeaksAtItsBin() {
        let size = 256, bin = 19
        let input = (0..<size).map { Float(cos(2 * Double.pi * Double(bin * $0) / Double(size))) }
        var fft = RealFFT(size: size)
        var power = [Float](repeating: 0, count: fft.binCount)
        input.withUnsafeBufferPointer { samples in power.withUnsafeMutableBufferPointer { fft.powerSpectrum(samples, into: $0) } }
        #expect(power.indices.max(by: { power[$0] < power[$1] }) == bin)
        // A cosine of amplitude 1 over n samples: |X[k]| = n/2 at its bin, nothing elsewhere.
        #expect(abs(power[bin] - Float(size * size / 4)) < 1)
        #expect(power.enumerated().filter { $0.offset != bin }.allSatisfy { $0.element < 1e-3 })
    }

    @Test func reusingOneTransformGivesTheSameResult() {
        var fft = RealFFT(size: 64)
        let first = (0..<64).map { Float($0 % 7) }, second = (0..<64).map { Float(($0 * 3) % 11) }
        let before = fft.transform(first)
        _ = fft.transform(second)
        #expect(fft.transform(first) == before)
    }
}
