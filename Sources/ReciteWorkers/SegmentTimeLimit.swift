import Foundation

/// How long one segment's synthesis may take before it is taken as hung: two minutes, or the
/// whole seconds of `RECITE_SEGMENT_TIME_LIMIT`. A segment takes milliseconds; one that takes
/// minutes has hung its engine, and the worker (or the child saying it) is killed, the segment
/// tried once more, and then its document fails. The workers read the variable from the
/// environment they inherit from the build, so the build checks it first (`problem`).
public enum SegmentTimeLimit {
    public static let variable = "RECITE_SEGMENT_TIME_LIMIT"
    public static let defaultSeconds: UInt32 = 120

    /// This process's limit, in seconds (the default when the variable is unset or invalid).
    public static let seconds: UInt32 = parse(ProcessInfo.processInfo.environment[variable]) ?? defaultSeconds

    /// Why the variable's value cannot be used, or nil if it is unset or valid.
    public static var problem: String? {
        guard let value = ProcessInfo.processInfo.environment[variable], parse(value) == nil else { return nil }
        return "\(variable) takes whole seconds from 1 to 86400; got \"\(value)\"."
    }

    /// A whole number of seconds from 1 to a day; nil for anything else (unset included).
    static func parse(_ value: String?) -> UInt32? {
        guard let value, let seconds = UInt32(value.trimmingCharacters(in: .whitespaces)), (1...86_400).contains(seconds) else { return nil }
        return seconds
    }

    /// How the limit reads in messages: "2 s (RECITE_SEGMENT_TIME_LIMIT)" or "120 s".
    static var described: String {
        seconds == defaultSeconds && ProcessInfo.processInfo.environment[variable] == nil ? "\(seconds) s" : "\(seconds) s (\(variable))"
    }
}
