import Foundation

/// The places in the workers' queues, handed out most urgent first: a freed place goes to the
/// waiting request of the lowest priority number (the document that started first), and among
/// equals to the one that came first.
///
/// Documents render side by side, largest first. Served in turn, the largest (a 2.6-hour list
/// of short lines whose own pace is bound by the build's stitching and writing) got a third of
/// the places and finished alone, four seconds after the others, while the workers idled. Served
/// first, it keeps what it can use and the others fill the rest.
final class PriorityGate: @unchecked Sendable {
    private let lock = NSLock()
    /// Guarded by `lock`: places free, and the callers waiting for one, in the order served.
    private var free: Int
    private var waiting: [Waiter] = []
    private var arrivals = 0

    private struct Waiter {
        let priority: Int
        let arrival: Int
        let wakeUp: DispatchSemaphore
    }

    init(places: Int) {
        free = places
    }

    /// Callers waiting for a place now (for the tests).
    var waitingCount: Int { lock.withLock { waiting.count } }

    /// Waits for a place.
    func enter(priority: Int) {
        let waiter: Waiter? = lock.withLock {
            if free > 0 && waiting.isEmpty {
                free -= 1
                return nil
            }
            arrivals += 1
            let waiter = Waiter(priority: priority, arrival: arrivals, wakeUp: DispatchSemaphore(value: 0))
            let at = waiting.firstIndex { ($0.priority, $0.arrival) > (priority, waiter.arrival) } ?? waiting.count
            waiting.insert(waiter, at: at)
            return waiter
        }
        // The place is handed over by `leave`, already taken.
        waiter?.wakeUp.wait()
    }

    /// Gives a place back: to the most urgent waiter, if any.
    func leave() {
        let next: Waiter? = lock.withLock {
            guard !waiting.isEmpty else {
                free += 1
                return nil
            }
            return waiting.removeFirst()
        }
        next?.wakeUp.signal()
    }
}
