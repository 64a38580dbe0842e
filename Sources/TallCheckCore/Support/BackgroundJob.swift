import Dispatch

/// Work started on another thread now, whose result is waited for later.
package final class BackgroundJob<Value: Sendable>: @unchecked Sendable {
    private let done = DispatchSemaphore(value: 0)
    // Written once by the job before it signals, read only after the wait: no overlap.
    private var value: Value?

    package init(_ work: @escaping @Sendable () -> Value) {
        DispatchQueue.global().async {
            self.value = work()
            self.done.signal()
        }
    }

    /// Waits for the job, then gives its result (once).
    package func result() -> Value {
        done.wait()
        return value!
    }

    /// The job's result if it is done, without waiting; nil while it runs. Any number of
    /// callers, on any thread.
    package func resultIfDone() -> Value? {
        guard done.wait(timeout: .now()) == .success else { return nil }
        done.signal()
        return value!
    }

    /// Waits for the job, then gives its result: to any number of callers, on any thread.
    package func sharedResult() -> Value {
        done.wait()
        // Passed on to the next caller: the value is written for good once signalled.
        done.signal()
        return value!
    }
}

/// Frees `value` on another thread: for large tables (a string for each file of the app) whose
/// freeing, one allocation at a time, would otherwise hold up the thread that is done with them.
/// Pass the only copy (`consume`): the last reference is what frees.
package func releaseInBackground<Value: Sendable>(_ value: consuming Value) {
    let box = ReleaseBox(value)
    DispatchQueue.global(qos: .utility).async { box.release() }
}

/// A value held until ``release()``, on whichever thread calls it.
private final class ReleaseBox<Value: Sendable>: @unchecked Sendable {
    // Set once here and cleared once by the one job that holds the box.
    private var value: Value?

    init(_ value: consuming Value) { self.value = value }

    func release() { value = nil }
}
