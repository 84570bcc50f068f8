import Foundation
import Testing
@testable import ReciteCaptions

/// The page's `data-start`/`data-end` values: the hand-written formatter agrees with printf's
/// `%.5f` with its trailing zeros removed, on sidecar-like times (milliseconds) and others.
@Suite struct SecondsFormatTests {
    static func reference(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    @Test func agreesWithPrintfOnMillisecondTimes() {
        for ms in stride(from: 0, through: 40_000_000, by: 7_919) {
            let value = Double(ms) / 1000
            #expect(ReadAlongPage.seconds(value) == Self.reference(value))
        }
    }

    @Test func agreesWithPrintfOnOtherValues() {
        for value in [0, 0.5, 1.25, 3, 0.00001, 0.000004, 12.345678, 59.999999, 3600.1, 0.1 + 0.2] {
            #expect(ReadAlongPage.seconds(value) == Self.reference(value))
        }
    }
}
