import Foundation

/// A recorded sound to splice into a document's audio (SSML `<audio>`): read with libsndfile,
/// mixed down to mono, resampled to the output rate and converted to 16-bit samples.
public enum AudioClip {
    /// The longest clip accepted, in seconds: a document is speech with sounds in it, and a clip
    /// is held in memory whole while it is converted.
    public static let longestClip = 3600.0

    /// The samples of the file at `path`, ready to append to output at `sampleRate`.
    public static func load(_ path: String, sampleRate: Int) throws(SoundFile.Failure) -> [Int16] {
        let info = try SoundFile.info(of: path)
        guard info.sampleRate > 0, info.channels > 0 else {
            throw SoundFile.Failure(message: "\(path) has no samples Recite can read")
        }
        guard info.duration <= longestClip else {
            throw SoundFile.Failure(message: "\(path) lasts \(Int(info.duration)) s; clips of at most \(Int(longestClip)) s are spliced in")
        }
        let (interleaved, channels, rate) = try SoundFile.readFloats(path)
        let mono = mixDown(interleaved, channels: channels)
        return toInt16(Resampler(from: rate, to: sampleRate).resample(mono))
    }

    /// The average of the channels of interleaved frames.
    public static func mixDown(_ interleaved: [Float], channels: Int) -> [Float] {
        guard channels > 1 else { return interleaved }
        let frames = interleaved.count / channels
        var mono = [Float](repeating: 0, count: frames)
        let scale = 1 / Float(channels)
        for f in 0..<frames {
            var sum: Float = 0
            for c in 0..<channels { sum += interleaved[f * channels + c] }
            mono[f] = sum * scale
        }
        return mono
    }

    /// Samples in -1…1 as 16-bit integers, rounded, clipped at full scale.
    public static func toInt16(_ samples: [Float]) -> [Int16] {
        samples.map { Int16(max(-32768, min(32767, ($0 * 32767).rounded()))) }
    }
}
