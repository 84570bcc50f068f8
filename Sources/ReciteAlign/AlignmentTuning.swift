/// Every constant of the alignment in one place, each measured on pairs of eSpeak NG renderings
/// whose true word starts are known (see `AlignmentAccuracyTests`).
package struct AlignmentTuning {
    package var cepstra = MFCCExtractor.Settings()
    package var features = AlignmentFeatures.Settings()
    package var warping = DynamicTimeWarping()
    /// A frame sounds if its energy is within this many dB of the loudest frame.
    package var soundBelowLoudest: Float = 40
    /// ... and above this absolute level (dBFS).
    package var soundAbsoluteFloor: Float = -70
    /// The first, coarse pass compares averages of this many frames.
    package var coarseFactor = 4
    /// Coarse band half-width, as a fraction of the longer signal...
    package var coarseBandFraction = 0.25
    /// ... but at least this many coarse frames.
    package var coarseBandMinimum = 12
    /// The fine pass searches this many frames either side of the coarse path.
    package var fineRadius = 12
    package static let standard = AlignmentTuning()

    package init() {}
}
