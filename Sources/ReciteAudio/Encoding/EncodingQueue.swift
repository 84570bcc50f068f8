import Foundation

/// The next item for threads that encode side by side (chapters, or a chapter's pieces), and the
/// first error, which stops them.
public final class EncodingQueue: @unchecked Sendable {
    private let lock = NSLock()
    private let count: Int
    private var next = 0
    private var firstFailure: (any Error)?

    public init(count: Int) { self.count = count }

    /// The next item's index, or nil when all are taken or one has failed.
    public func take() -> Int? {
        lock.withLock {
            guard firstFailure == nil, next < count else { return nil }
            next += 1
            return next - 1
        }
    }

    public func fail(_ error: any Error) { lock.withLock { firstFailure = firstFailure ?? error } }

    public var failure: (any Error)? { lock.withLock { firstFailure } }
}
