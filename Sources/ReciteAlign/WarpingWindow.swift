/// The cells a warping path may visit: for each reference frame (row), a range of target frames.
///
/// Bounding the search is what keeps alignment linear in the audio's length: a minute of speech
/// on both sides is 6000 × 6000 frame pairs, but a path strays only so far from where it should
/// be, so each row looks at a few hundred columns at most.
struct WarpingWindow {
    let rowCount: Int
    let columnCount: Int
    /// Per row, the first and last allowed column (inclusive).
    private(set) var lower: [Int]
    private(set) var upper: [Int]

    /// Cells within `radius` columns of the straight line from the first cell to the last.
    static func diagonal(rows: Int, columns: Int, radius: Int) -> WarpingWindow {
        let slope = rows > 1 ? Double(columns - 1) / Double(rows - 1) : 0
        let lower = (0..<rows).map { max(0, Int((Double($0) * slope).rounded()) - radius) }
        let upper = (0..<rows).map { min(columns - 1, Int((Double($0) * slope).rounded()) + radius) }
        return WarpingWindow(rowCount: rows, columnCount: columns, lower: lower, upper: upper)
    }

    /// Cells near a path found at `factor` times coarser resolution: each coarse cell becomes the
    /// `factor` × `factor` block it covers, widened by `radius` columns either way.
    static func around(coarsePath: [(row: Int, column: Int)], factor: Int, rows: Int, columns: Int,
                       radius: Int) -> WarpingWindow {
        var lower = [Int](repeating: Int.max, count: rows)
        var upper = [Int](repeating: Int.min, count: rows)
        for cell in coarsePath {
            let firstColumn = cell.column * factor - radius
            let lastColumn = cell.column * factor + factor - 1 + radius
            for row in (cell.row * factor)..<min(rows, cell.row * factor + factor) {
                lower[row] = min(lower[row], firstColumn)
                upper[row] = max(upper[row], lastColumn)
            }
        }
        // Rows past the coarse path's end (the fine signal's last frames, when its length is not a
        // multiple of the factor) take the last covered row's range.
        for row in 0..<rows where lower[row] == Int.max {
            lower[row] = row > 0 ? lower[row - 1] : 0
            upper[row] = row > 0 ? upper[row - 1] : 0
        }
        var window = WarpingWindow(rowCount: rows, columnCount: columns, lower: lower, upper: upper)
        window.close()
        return window
    }

    private init(rowCount: Int, columnCount: Int, lower: [Int], upper: [Int]) {
        self.rowCount = rowCount
        self.columnCount = columnCount
        self.lower = lower
        self.upper = upper
        close()
    }

    /// Makes the window hold a complete path: clamped to the grid, the first row starting at column
    /// 0, the last ending at the last column, and no gap between consecutive rows.
    private mutating func close() {
        guard rowCount > 0 else { return }
        for row in 0..<rowCount {
            lower[row] = min(max(0, lower[row]), columnCount - 1)
            upper[row] = max(min(columnCount - 1, upper[row]), lower[row])
        }
        lower[0] = 0
        upper[rowCount - 1] = columnCount - 1
        // Both bounds non-decreasing, and each row starting no later than one past the row above ends.
        for row in 1..<rowCount {
            lower[row] = min(max(lower[row], lower[row - 1]), upper[row - 1] + 1)
            upper[row] = max(upper[row], lower[row])
        }
        for row in stride(from: rowCount - 2, through: 0, by: -1) {
            upper[row] = min(max(upper[row], lower[row + 1] - 1), upper[row + 1])
        }
    }

    /// Number of cells in the window.
    var cellCount: Int { zip(lower, upper).reduce(0) { $0 + $1.1 - $1.0 + 1 } }
}
