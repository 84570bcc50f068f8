/// Caption timestamps: `HH:MM:SS.mmm` in WebVTT, `HH:MM:SS,mmm` in SubRip. Hours always have two
/// digits (more past 99 hours) because SubRip requires them and WebVTT readers accept them.
enum Timestamp {
    static func format(milliseconds: Int, fractionSeparator: Character) -> String {
        let ms = max(0, milliseconds)
        let hours = ms / 3_600_000
        let minutes = ms / 60_000 % 60
        let seconds = ms / 1000 % 60
        let fraction = ms % 1000
        return pad(hours, 2) + ":" + pad(minutes, 2) + ":" + pad(seconds, 2) + String(fractionSeparator) + pad(fraction, 3)
    }

    static func webVTT(_ milliseconds: Int) -> String { format(milliseconds: milliseconds, fractionSeparator: ".") }
    static func subRip(_ milliseconds: Int) -> String { format(milliseconds: milliseconds, fractionSeparator: ",") }

    private static func pad(_ value: Int, _ width: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
