import Foundation
import ReciteSynth

/// One cached segment: `checksum ‖ length ‖ header ‖ length ‖ samples`, the two frames of a
/// worker response (`ResponseHeader`, then 16-bit samples) with a checksum of both. A torn or
/// damaged entry fails the checksum and is synthesized again. The checksum is a fast 64-bit one,
/// as it guards against damage, not attack.
enum CacheEntry {
    /// The entry's parts, in order, without copying the samples; `body` gets them to write.
    static func withParts<T>(of audio: SynthesizedAudio, _ body: ([UnsafeRawBufferPointer]) -> T) -> T {
        let header = [UInt8](ResponseHeader.encode(audio))
        return audio.samples.withUnsafeBytes { samples in
            var sum = checksum(header: header, samples: samples).littleEndian
            var headerLength = UInt32(header.count).littleEndian
            var samplesLength = UInt32(samples.count).littleEndian
            return withUnsafeBytes(of: &sum) { sum in
                withUnsafeBytes(of: &headerLength) { headerLength in
                    withUnsafeBytes(of: &samplesLength) { samplesLength in
                        header.withUnsafeBytes { header in
                            body([sum, headerLength, header, samplesLength, samples])
                        }
                    }
                }
            }
        }
    }

    /// An entry's audio, or nil if it is torn, damaged or malformed.
    static func decode(_ raw: UnsafeRawBufferPointer) -> SynthesizedAudio? {
        guard raw.count >= 16 else { return nil }
        let sum = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: 0, as: UInt64.self))
        let headerLength = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 8, as: UInt32.self)))
        guard 12 + headerLength + 4 <= raw.count else { return nil }
        let header = UnsafeRawBufferPointer(rebasing: raw[12..<12 + headerLength])
        let samplesLength = Int(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: 12 + headerLength, as: UInt32.self)))
        let samplesStart = 16 + headerLength
        guard samplesStart + samplesLength == raw.count, samplesLength % 2 == 0 else { return nil }
        let samples = UnsafeRawBufferPointer(rebasing: raw[samplesStart...])
        guard checksum(header: Array(header), samples: samples) == sum else { return nil }
        let values = [Int16](unsafeUninitializedCapacity: samplesLength / 2) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(from: samples)
            initialized = samplesLength / 2
        }
        return try? ResponseHeader.decode(header: Data(header), samples: values)
    }

    /// The checksum of an entry: of its header and of its samples, combined.
    static func checksum(header: [UInt8], samples: UnsafeRawBufferPointer) -> UInt64 {
        let h = header.withUnsafeBytes { checksum($0) }
        return (h &* 0x9E37_79B9_7F4A_7C15) ^ checksum(samples)
    }

    /// A Fletcher-style checksum over 8-byte words: per lane, the sum of the words and the sum of
    /// those sums (so that words swapped or shifted change it too), in four independent lanes,
    /// mixed together at the end. Additions only in the loop: it runs at memory speed, where a
    /// multiplication per word cost the build 5% of its time (an entry is about a megabyte).
    /// It catches what damages a cache file (a torn or zeroed tail, flipped bits, a record cut
    /// short), not a forger.
    static func checksum(_ raw: UnsafeRawBufferPointer) -> UInt64 {
        var a: (UInt64, UInt64, UInt64, UInt64) = (UInt64(raw.count), 1, 2, 3)
        var b: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        let blocks = raw.count / 32
        for i in 0..<blocks {
            let base = i * 32
            a.0 &+= raw.loadUnaligned(fromByteOffset: base, as: UInt64.self); b.0 &+= a.0
            a.1 &+= raw.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self); b.1 &+= a.1
            a.2 &+= raw.loadUnaligned(fromByteOffset: base + 16, as: UInt64.self); b.2 &+= a.2
            a.3 &+= raw.loadUnaligned(fromByteOffset: base + 24, as: UInt64.self); b.3 &+= a.3
        }
        for i in (blocks * 32)..<raw.count {
            a.0 &+= UInt64(raw[i]) &+ 0x100; b.0 &+= a.0
        }
        // Each sum goes in on its own, after the ones before were mixed: a change at the very
        // end moves a lane's two sums by the same amount, which combining them first (a ^ b)
        // could cancel.
        func mix(_ h: UInt64, _ w: UInt64) -> UInt64 {
            let m = (h ^ w) &* 0x0000_0100_0000_01B3
            return ((m << 31) | (m >> 33)) &* 0x9E37_79B9_7F4A_7C15
        }
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for sum in [a.0, b.0, a.1, b.1, a.2, b.2, a.3, b.3] { h = mix(h, sum) }
        return h
    }
}
