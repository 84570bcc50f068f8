/// Seconds as text with at most five decimals (the sidecar's precision, `TimingSidecar.rounded`),
/// no trailing zeros and no exponent: "1.25", "3", "0.00005". Written by hand and straight into
/// bytes: `String(format:)` and `Double.description` cost more than the rest of a sidecar or page.
/// For a time already rounded to five decimals this is the shortest text that reads back as it.
public enum SecondsText {
    public static func string(_ value: Double) -> String {
        var bytes: [UInt8] = []
        append(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    public static func append(_ value: Double, to bytes: inout [UInt8]) {
        guard value.isFinite else { bytes.append(UInt8(ascii: "0")); return }
        let scaled = Int((abs(value) * 100_000).rounded())
        if value < 0 && scaled > 0 { bytes.append(UInt8(ascii: "-")) }
        appendDecimal(scaled / 100_000, to: &bytes)
        var fraction = scaled % 100_000
        guard fraction > 0 else { return }
        var digits = 5
        while fraction % 10 == 0 {
            fraction /= 10
            digits -= 1
        }
        bytes.append(UInt8(ascii: "."))
        var divisor = 1
        for _ in 1..<digits { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(fraction / divisor % 10))
            divisor /= 10
        }
    }

    /// A non-negative integer's decimal digits.
    public static func appendDecimal(_ value: Int, to bytes: inout [UInt8]) {
        if value < 10 { bytes.append(UInt8(ascii: "0") + UInt8(value)); return }
        var digits: (UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                     UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8) =
            (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                buffer[count] = UInt8(ascii: "0") + UInt8(rest % 10)
                rest /= 10
                count += 1
            }
            for i in stride(from: count - 1, through: 0, by: -1) { bytes.append(buffer[i]) }
        }
    }
}
