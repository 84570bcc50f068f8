import Foundation
import Testing
@testable import ReciteTiming

/// Times as the sidecar and the read-along page write them: the hand-written formatter agrees
/// with printf's `%.5f` with its trailing zeros removed, and a sidecar time (rounded to five
/// decimals) reads back as the same double.
@Suite struct SecondsTextTests {
    static func reference(_ value: Double) -> String {
        var text = String(format: "%.5f", value)
        while text.hasSuffix("0") { text.removeLast() }
        if text.hasSuffix(".") { text.removeLast() }
        return text
    }

    @Test func agreesWithPrintfOnMillisecondTimes() {
        for ms in stride(from: 0, through: 40_000_000, by: 7_919) {
            let value = Double(ms) / 1000
            #expect(SecondsText.string(value) == Self.reference(value))
        }
    }

    @Test func agreesWithPrintfOnOtherValues() {
        for value in [0, 0.5, 1.25, 3, 0.00001, 0.000004, 12.345678, 59.999999, 3600.1, 0.1 + 0.2, -2.5, 1234567.00001] {
            #expect(SecondsText.string(value) == Self.reference(value))
        }
    }

    @Test func sidecarTimesReadBackExactlyAndAsSwiftWritesThem() {
        var random = SystemRandomNumberGenerator()
        for _ in 0..<20_000 {
            let value = TimingSidecar.rounded(Double.random(in: 0..<40_000, using: &random))
            let text = TimingSidecarWriter.number(value)
            #expect(Double(text) == value)
            // The shortest text that reads back, as `Double.description` gives it (which only
            // switches to an exponent below 0.0001).
            if value >= 0.0001 { #expect(text == value.description || text + ".0" == value.description) }
        }
        #expect(TimingSidecarWriter.number(0.00005) == "0.00005")
        #expect(TimingSidecarWriter.number(-3) == "-3")
        #expect(TimingSidecarWriter.number(.nan) == "0")
    }
}
