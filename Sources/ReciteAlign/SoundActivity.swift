/// Which frames of a signal carry sound, judged by their energy against the signal's loudest frame.
///
/// Relative to the loudest frame, not to a fixed level, because the two renderings of an alignment
/// may differ in loudness by several dB; with an absolute floor too, so a signal of faint noise
/// alone counts as silent.
struct SoundActivity {
    /// One flag per frame.
    let isSound: [Bool]

    init(energyDecibels: [Float], belowLoudest: Float = 40, absoluteFloor: Float = -70) {
        let loudest = energyDecibels.max() ?? -.infinity
        let threshold = max(loudest - belowLoudest, absoluteFloor)
        isSound = energyDecibels.map { $0 >= threshold }
    }

    /// First to last sounding frame; nil when nothing sounds.
    var soundingFrames: ClosedRange<Int>? {
        guard let first = isSound.firstIndex(of: true), let last = isSound.lastIndex(of: true) else { return nil }
        return first...last
    }

}
