/// FFmpeg's AAC encoder at a constant quality instead of an average bit rate: the same speech
/// for far less CPU at about the same size, because the average-rate mode encodes a frame again
/// (up to five times) whenever it strays from the target, which speech, with its pauses, does
/// all the time. On 1,040 s of eSpeak NG speech (22.05 kHz mono, `ffmpeg -threads 1`, "fast"
/// coder, no PNS or TNS): 64 kb/s average 5.3–6.7 CPU-s at 70.2 kb/s, SNR 30.5 dB, log-spectral
/// distance 4.56 dB; quality 1.2 3.2–4.5 CPU-s at 66.9 kb/s, 32.2 dB, 4.53 dB. In a 2-hour
/// book's chapters (encoded in pieces) AAC took 20.7 CPU-s instead of 48.4; it was most of a
/// 10-hour M4B's CPU time.
///
/// `--bitrate` keeps its meaning: it picks the quality that averaged that rate on speech.
enum AACQuality {
    /// (quality, kilobits per second it averaged) on the speech above, measured with `-q:a`.
    /// 24 kHz audio (Kokoro's rate) came within 1 kb/s of these. Above the last point the
    /// quality stops raising the rate (about 98 kb/s), so higher rates stay average-rate.
    static let measured: [(quality: Double, kbps: Double)] = [
        (0.1, 5.3), (0.2, 12.7), (0.3, 19.2), (0.4, 25.4), (0.5, 31.3), (0.6, 36.7), (0.7, 42.2),
        (0.8, 47.5), (0.9, 52.6), (1.0, 57.5), (1.1, 62.0), (1.2, 66.9), (1.3, 71.8), (1.4, 76.6),
        (1.5, 81.4), (1.6, 85.9), (1.8, 95.6),
    ]

    /// FFmpeg's `global_quality` (quality × `FF_QP2LAMBDA`, 118) that averages `bitRate` bits
    /// per second on speech, or nil when constant quality does not reach it.
    static func lambda(averaging bitRate: Int) -> Int? {
        let kbps = Double(bitRate) / 1000
        guard let first = measured.first, let last = measured.last, kbps <= last.kbps else { return nil }
        let quality: Double
        if kbps <= first.kbps {
            quality = first.quality * kbps / first.kbps
        } else {
            let upper = measured.firstIndex { $0.kbps >= kbps }!
            let (a, b) = (measured[upper - 1], measured[upper])
            quality = a.quality + (b.quality - a.quality) * (kbps - a.kbps) / (b.kbps - a.kbps)
        }
        return max(1, Int((quality * 118).rounded()))
    }
}
