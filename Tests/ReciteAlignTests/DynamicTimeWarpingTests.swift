import ReciteTestSupport
import Testing
@testable import ReciteAlign

@Suite struct DynamicTimeWarpingTests {
    /// Random distinct frames, and a copy where frame i is repeated `repeats[i]` times.
    func stretched(_ repeats: [Int]) -> (original: FeatureMatrix, stretched: FeatureMatrix, firstCopy: [Int]) {
        var generator = SeededGenerator(seed: 7)
        let dimension = 6
        let original = (0..<repeats.count).map { _ in (0..<dimension).map { _ in Float.random(in: -3...3, using: &generator) } }
        var copies: [[Float]] = [], firstCopy: [Int] = []
        for (frame, count) in zip(original, repeats) {
            firstCopy.append(copies.count)
            copies += Array(repeating: frame, count: count)
        }
        return (FeatureMatrix(frameCount: original.count, dimension: dimension, values: original.flatMap { $0 }),
                FeatureMatrix(frameCount: copies.count, dimension: dimension, values: copies.flatMap { $0 }), firstCopy)
    }

    @Test(arguments: [Float(1), 2])
    func findsAKnownStretch(diagonalWeight: Float) {
        // Slow in the middle, fast (1 copy) and slow again: a non-uniform stretch.
        let repeats = (0..<60).map { [1, 2, 3, 1, 1, 2][$0 % 6] + ($0 > 30 && $0 < 40 ? 2 : 0) }
        let (original, copy, firstCopy) = stretched(repeats)
        var warping = DynamicTimeWarping()
        warping.diagonalWeight = diagonalWeight
        let window = WarpingWindow.diagonal(rows: original.frameCount, columns: copy.frameCount, radius: 30)
        let path = warping.path(reference: original, target: copy, window: window)
        #expect(path.first! == (0, 0) && path.last! == (original.frameCount - 1, copy.frameCount - 1))
        var first = [Int](repeating: -1, count: original.frameCount)
        for cell in path where first[cell.row] < 0 { first[cell.row] = cell.column }
        #expect(first == firstCopy)
    }

    @Test func pathStepsByOneFrameAtMostAndStaysInTheWindow() {
        let (original, copy, _) = stretched((0..<40).map { 1 + $0 % 3 })
        let window = WarpingWindow.diagonal(rows: original.frameCount, columns: copy.frameCount, radius: 5)
        let path = DynamicTimeWarping().path(reference: original, target: copy, window: window)
        for (before, after) in zip(path, path.dropFirst()) {
            let rowStep = after.row - before.row, columnStep = after.column - before.column
            #expect((0...1).contains(rowStep) && (0...1).contains(columnStep) && rowStep + columnStep > 0)
        }
        for cell in path { #expect(window.lower[cell.row] <= cell.column && cell.column <= window.upper[cell.row]) }
    }

    @Test func windowsAroundACoarsePathAreConnected() {
        let coarse: [(row: Int, column: Int)] = [(0, 0), (1, 0), (1, 1), (1, 2), (2, 3), (3, 3)]
        let window = WarpingWindow.around(coarsePath: coarse, factor: 4, rows: 15, columns: 14, radius: 2)
        #expect(window.lower[0] == 0 && window.upper[14] == 13)
        for row in 1..<15 {
            #expect(window.lower[row] >= window.lower[row - 1] && window.lower[row] <= window.upper[row - 1] + 1)
        }
        // A narrow diagonal band still reaches the far corner when the sides differ in length.
        let band = WarpingWindow.diagonal(rows: 10, columns: 50, radius: 1)
        #expect(band.upper[9] == 49 && (1..<10).allSatisfy { band.lower[$0] <= band.upper[$0 - 1] + 1 })
        #expect(band.cellCount < 10 * 50 / 2)
    }

    @Test func emptySidesGiveNoPath() {
        let empty = FeatureMatrix(frameCount: 0, dimension: 3), one = FeatureMatrix(frameCount: 1, dimension: 3)
        #expect(DynamicTimeWarping().path(reference: empty, target: one,
                                          window: .diagonal(rows: 0, columns: 1, radius: 1)).isEmpty)
    }
}
