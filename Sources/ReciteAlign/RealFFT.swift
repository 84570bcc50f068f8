import Foundation

/// A forward FFT of real input whose length is a power of two.
///
/// Real input is packed two samples to a complex value (even samples real, odd imaginary), so the
/// work is one complex FFT of half the length plus a linear untangling pass: about half the cost
/// of transforming the samples as complex numbers with zero imaginary parts. MFCC extraction runs
/// one of these per 10 ms of audio, so the halving matters.
struct RealFFT {
    /// Number of real input samples.
    let size: Int
    /// Half the size: the length of the packed complex transform.
    private let half: Int
    /// `exp(-2πi k / half)` for k < half/2: twiddles of the packed complex transform.
    private let twiddleReal: [Float]
    private let twiddleImaginary: [Float]
    /// `exp(-2πi k / size)` for k ≤ half: twiddles of the untangling pass.
    private let splitReal: [Float]
    private let splitImaginary: [Float]
    /// Bit-reversed index of each packed position.
    private let bitReversed: [Int]
    /// Scratch for the packed transform, kept to avoid an allocation per frame.
    private var workReal: [Float]
    private var workImaginary: [Float]

    /// Number of output bins: `size / 2 + 1` (DC to Nyquist).
    var binCount: Int { half + 1 }

    init(size: Int) {
        precondition(size >= 4 && size & (size - 1) == 0, "RealFFT needs a power of two of at least 4")
        self.size = size
        half = size / 2
        let half = size / 2
        twiddleReal = (0..<(half / 2)).map { Float(cos(-2 * Double.pi * Double($0) / Double(half))) }
        twiddleImaginary = (0..<(half / 2)).map { Float(sin(-2 * Double.pi * Double($0) / Double(half))) }
        splitReal = (0...half).map { Float(cos(-2 * Double.pi * Double($0) / Double(size))) }
        splitImaginary = (0...half).map { Float(sin(-2 * Double.pi * Double($0) / Double(size))) }
        let bits = half.trailingZeroBitCount
        bitReversed = (0..<half).map { index in
            var reversed = 0
            for bit in 0..<bits where index & (1 << bit) != 0 { reversed |= 1 << (bits - 1 - bit) }
            return reversed
        }
        workReal = [Float](repeating: 0, count: half)
        workImaginary = [Float](repeating: 0, count: half)
    }

    /// The spectrum of `input` (exactly `size` samples): bins 0...size/2, unnormalized.
    mutating func transform(_ input: [Float]) -> (real: [Float], imaginary: [Float]) {
        var real = [Float](repeating: 0, count: binCount)
        var imaginary = [Float](repeating: 0, count: binCount)
        input.withUnsafeBufferPointer { samples in
            transform(samples) { bin, re, im in
                real[bin] = re
                imaginary[bin] = im
            }
        }
        return (real, imaginary)
    }

    /// Writes `|X[k]|²` for k in 0...size/2 into `power` (which must hold `binCount` values).
    mutating func powerSpectrum(_ input: UnsafeBufferPointer<Float>, into power: UnsafeMutableBufferPointer<Float>) {
        transform(input) { bin, re, im in power[bin] = re * re + im * im }
    }

    // MARK: - The transform

    /// Transforms `input` and hands each bin to `emit` (bin, real, imaginary).
    private mutating func transform(_ input: UnsafeBufferPointer<Float>, emit: (Int, Float, Float) -> Void) {
        precondition(input.count == size, "RealFFT input must have exactly \(size) samples")
        let half = self.half
        // The scratch is moved out for the duration, so the passes below may read `self` freely.
        var real: [Float] = [], imaginary: [Float] = []
        swap(&real, &workReal)
        swap(&imaginary, &workImaginary)
        defer {
            swap(&real, &workReal)
            swap(&imaginary, &workImaginary)
        }
        real.withUnsafeMutableBufferPointer { re in
            imaginary.withUnsafeMutableBufferPointer { im in
                bitReversed.withUnsafeBufferPointer { order in
                    for index in 0..<half {
                        let source = order[index]
                        re[index] = input[2 * source]
                        im[index] = input[2 * source + 1]
                    }
                }
                butterflies(re, im)
                untangle(re, im, emit: emit)
            }
        }
    }

    /// In-place iterative radix-2 decimation-in-time passes over bit-reversed data.
    private func butterflies(_ re: UnsafeMutableBufferPointer<Float>, _ im: UnsafeMutableBufferPointer<Float>) {
        twiddleReal.withUnsafeBufferPointer { wr in
            twiddleImaginary.withUnsafeBufferPointer { wi in
                var span = 1
                while span < half {
                    let stride = half / (2 * span)
                    var start = 0
                    while start < half {
                        for offset in 0..<span {
                            let top = start + offset
                            let bottom = top + span
                            let cr = wr[offset * stride], ci = wi[offset * stride]
                            let tr = re[bottom] * cr - im[bottom] * ci
                            let ti = re[bottom] * ci + im[bottom] * cr
                            re[bottom] = re[top] - tr
                            im[bottom] = im[top] - ti
                            re[top] += tr
                            im[top] += ti
                        }
                        start += 2 * span
                    }
                    span *= 2
                }
            }
        }
    }

    /// Recovers the real signal's spectrum from the packed one: with Z the packed transform,
    /// E[k] = (Z[k] + conj Z[h-k]) / 2 is the even samples' spectrum, O[k] = (Z[k] - conj Z[h-k]) / 2i
    /// the odd samples', and X[k] = E[k] + exp(-2πik/n) O[k].
    private func untangle(_ re: UnsafeMutableBufferPointer<Float>, _ im: UnsafeMutableBufferPointer<Float>,
                          emit: (Int, Float, Float) -> Void) {
        for bin in 0...half {
            let k = bin % half
            let mirror = (half - bin) % half
            let evenRe = (re[k] + re[mirror]) / 2
            let evenIm = (im[k] - im[mirror]) / 2
            // (a - conj b) / 2i where a = Z[k], b = Z[h-k]: real part (aIm + bIm)/2, imaginary -(aRe - bRe)/2.
            let oddRe = (im[k] + im[mirror]) / 2
            let oddIm = -(re[k] - re[mirror]) / 2
            let wr = splitReal[bin], wi = splitImaginary[bin]
            emit(bin, evenRe + wr * oddRe - wi * oddIm, evenIm + wr * oddIm + wi * oddRe)
        }
    }
}
