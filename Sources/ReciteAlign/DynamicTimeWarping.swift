/// The cheapest monotonic path from the first frame pair to the last, within a window.
///
/// Steps go one frame forward in the reference, in the target, or in both. A diagonal step costs
/// `diagonalWeight` times the cell's distance and the others once: with a weight of 2 a path's cost
/// no longer depends on how many steps it takes (the symmetric form), so stretching one signal is
/// not cheaper than matching it frame for frame; lower weights favour the diagonal.
package struct DynamicTimeWarping {
    package var diagonalWeight: Float = 1

    package init() {}

    /// Frame pairs (reference row, target column) from (0, 0) to the last frame of each, both
    /// coordinates non-decreasing. Empty when either side has no frames.
    func path(reference: FeatureMatrix, target: FeatureMatrix, window: WarpingWindow) -> [(row: Int, column: Int)] {
        precondition(reference.dimension == target.dimension, "DTW features must have one dimension")
        let rows = reference.frameCount, columns = target.frameCount
        guard rows > 0, columns > 0 else { return [] }
        precondition(window.rowCount == rows && window.columnCount == columns, "DTW window does not fit the features")
        let steps = fillSteps(reference: reference, target: target, window: window)
        return backtrack(steps: steps, window: window)
    }

    /// The step into each window cell on its cheapest path: 0 diagonal, 1 from the row above,
    /// 2 from the column before. Only two rows of accumulated cost are kept, so memory is one byte a
    /// cell.
    private func fillSteps(reference: FeatureMatrix, target: FeatureMatrix, window: WarpingWindow) -> [UInt8] {
        let rows = reference.frameCount, dimension = reference.dimension
        var rowStart = [Int](repeating: 0, count: rows + 1)
        for row in 0..<rows { rowStart[row + 1] = rowStart[row] + window.upper[row] - window.lower[row] + 1 }
        var steps = [UInt8](repeating: 0, count: rowStart[rows])
        let widest = (0..<rows).map { window.upper[$0] - window.lower[$0] + 1 }.max() ?? 0
        var previous = [Float](repeating: .infinity, count: widest)
        var current = [Float](repeating: .infinity, count: widest)
        let diagonalWeight = self.diagonalWeight
        reference.values.withUnsafeBufferPointer { referenceValues in
            target.values.withUnsafeBufferPointer { targetValues in
                steps.withUnsafeMutableBufferPointer { steps in
                    var previousLower = 0, previousUpper = -1
                    for row in 0..<rows {
                        let lower = window.lower[row], upper = window.upper[row]
                        let referenceRow = referenceValues.baseAddress! + row * dimension
                        current.withUnsafeMutableBufferPointer { current in
                            previous.withUnsafeBufferPointer { previous in
                                for column in lower...upper {
                                    let targetRow = targetValues.baseAddress! + column * dimension
                                    var squares: Float = 0
                                    for k in 0..<dimension {
                                        let difference = referenceRow[k] - targetRow[k]
                                        squares += difference * difference
                                    }
                                    let distance = squares.squareRoot()
                                    let here = column - lower
                                    if row == 0 && column == 0 {
                                        current[here] = distance
                                        steps[rowStart[row] + here] = 0
                                        continue
                                    }
                                    var best = Float.infinity, step: UInt8 = 0
                                    if column - 1 >= previousLower && column - 1 <= previousUpper {
                                        best = previous[column - 1 - previousLower] + diagonalWeight * distance
                                    }
                                    if column >= previousLower && column <= previousUpper {
                                        let up = previous[column - previousLower] + distance
                                        if up < best { best = up; step = 1 }
                                    }
                                    if column > lower {
                                        let left = current[here - 1] + distance
                                        if left < best { best = left; step = 2 }
                                    }
                                    current[here] = best
                                    steps[rowStart[row] + here] = step
                                }
                            }
                        }
                        swap(&previous, &current)
                        previousLower = lower
                        previousUpper = upper
                    }
                }
            }
        }
        return steps
    }

    private func backtrack(steps: [UInt8], window: WarpingWindow) -> [(row: Int, column: Int)] {
        var rowStart = [Int](repeating: 0, count: window.rowCount + 1)
        for row in 0..<window.rowCount {
            rowStart[row + 1] = rowStart[row] + window.upper[row] - window.lower[row] + 1
        }
        var row = window.rowCount - 1, column = window.columnCount - 1
        var path = [(row: row, column: column)]
        while row > 0 || column > 0 {
            switch steps[rowStart[row] + column - window.lower[row]] {
            case 0: row -= 1; column -= 1
            case 1: row -= 1
            default: column -= 1
            }
            path.append((row, column))
        }
        return path.reversed()
    }
}
