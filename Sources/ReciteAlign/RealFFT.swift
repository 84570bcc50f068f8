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
    /// Twiddles of the packed complex transform, pass by pass.
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
        // Pass by pass (span 2, 4, …, half/2), `exp(-2πi k / 2span)` for k < span.
        let passes = sequence(first: 2) { $0 * 2 }.prefix { $0 < half }
        twiddleReal = passes.flatMap { span in (0..<span).map { Float(cos(-Double.pi * Double($0) / Double(span))) } }
        twiddleImaginary = passes.flatMap { span in (0..<span).map { Float(sin(-Double.pi * Double($0) / Double(span))) } }
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

    /// In-place iterative radix-2 decimation-in-time passes over bit-reversed data. The first
    /// pass (all twiddles 1) is done apart; later passes read their twiddles from a table laid out
    /// pass by pass, so the inner loop walks three arrays in step and the compiler can vectorize it.
    private func butterflies(_ re: UnsafeMutableBufferPointer<Float>, _ im: UnsafeMutableBufferPointer<Float>) {
        for top in stride(from: 0, to: half, by: 2) {
            let br = re[top + 1], bi = im[top + 1]
            re[top + 1] = re[top] - br
            im[top + 1] = im[top] - bi
            re[top] += br
            im[top] += bi
        }
        twiddleReal.withUnsafeBufferPointer { wr in
            twiddleImaginary.withUnsafeBufferPointer { wi in
                // The pass with half-width `span` finds its `span` twiddles from index span - 2 on.
                var span = 2
                while span < half {
                    let cr = wr.baseAddress! + (span - 2), ci = wi.baseAddress! + (span - 2)
                    var block = 0
                    while block < half {
                        let topRe = re.baseAddress! + block, topIm = im.baseAddress! + block
                        let bottomRe = topRe + span, bottomIm = topIm + span
                        for offset in 0..<span {
                            let tr = bottomRe[offset] * cr[offset] - bottomIm[offset] * ci[offset]
                            let ti = bottomRe[offset] * ci[offset] + bottomIm[offset] * cr[offset]
                            bottomRe[offset] = topRe[offset] - tr
                            bottomIm[offset] = topIm[offset] - ti
                            topRe[offset] += tr
                            topIm[offset] += ti
                        }
                        block += 2 * span
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
        // Bins 0 and half both come from Z[0]: X[0] = Re + Im, X[half] = Re - Im.
        emit(0, re[0] + im[0], 0)
        emit(half, re[0] - im[0], 0)
        splitReal.withUnsafeBufferPointer { splitReal in
            splitImaginary.withUnsafeBufferPointer { splitImaginary in
                for bin in 1..<half {
                    let mirror = half - bin
                    let evenRe = (re[bin] + re[mirror]) / 2
                    let evenIm = (im[bin] - im[mirror]) / 2
                    // (a - conj b) / 2i with a = Z[k], b = Z[h-k]: real (aIm + bIm) / 2, imaginary -(aRe - bRe) / 2.
                    let oddRe = (im[bin] + im[mirror]) / 2
                    let oddIm = -(re[bin] - re[mirror]) / 2
                    let wr = splitReal[bin], wi = splitImaginary[bin]
                    emit(bin, evenRe + wr * oddRe - wi * oddIm, evenIm + wr * oddIm + wi * oddRe)
                }
            }
        }
    }
}
