/// Feature vectors of equal length, one per analysis frame, stored row after row.
///
/// One flat array rather than an array of arrays: the warping loop reads two rows per cell, and
/// contiguous rows keep that a pointer walk.
struct FeatureMatrix {
    let frameCount: Int
    let dimension: Int
    var values: [Float]

    init(frameCount: Int, dimension: Int, values: [Float]) {
        precondition(values.count == frameCount * dimension, "FeatureMatrix values do not fill its frames")
        self.frameCount = frameCount
        self.dimension = dimension
        self.values = values
    }

    init(frameCount: Int, dimension: Int) {
        self.init(frameCount: frameCount, dimension: dimension,
                  values: [Float](repeating: 0, count: frameCount * dimension))
    }

    subscript(frame: Int, coefficient: Int) -> Float {
        get { values[frame * dimension + coefficient] }
        set { values[frame * dimension + coefficient] = newValue }
    }

    /// The frames in `range`, as a matrix of their own.
    func frames(_ range: Range<Int>) -> FeatureMatrix {
        FeatureMatrix(frameCount: range.count, dimension: dimension,
                      values: Array(values[(range.lowerBound * dimension)..<(range.upperBound * dimension)]))
    }
}
