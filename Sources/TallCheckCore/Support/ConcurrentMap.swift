import Dispatch

extension Array where Element: Sendable {
    /// `map` over all cores, keeping the order. For work that takes microseconds an item,
    /// such as probing files, items go to workers in batches to keep the overhead low.
    package func concurrentMap<Result: Sendable>(batchSize: Int = 16, _ transform: @Sendable (Element) -> Result)
        -> [Result]
    {
        concurrentMap(batchSize: batchSize, eachBatch: {}) { _, item in transform(item) }
    }

    /// ``concurrentMap(batchSize:_:)``, with something made for each batch by `eachBatch` and
    /// handed to each of its calls (a folder held open from one file to the next): never shared
    /// between threads, gone when its batch ends.
    package func concurrentMap<Result: Sendable, BatchState>(
        batchSize: Int, eachBatch: @Sendable () -> BatchState, _ transform: @Sendable (BatchState, Element) -> Result
    ) -> [Result] {
        guard count > 1 else {
            let state = eachBatch()
            return map { transform(state, $0) }
        }
        let batches = (count + batchSize - 1) / batchSize
        return [Result](unsafeUninitializedCapacity: count) { buffer, initialized in
            // Each batch writes only its own slots, so the writes never overlap.
            nonisolated(unsafe) let slots = buffer
            self.withUnsafeBufferPointer { items in
                nonisolated(unsafe) let items = items
                DispatchQueue.concurrentPerform(iterations: batches) { batch in
                    let state = eachBatch()
                    let range = batch * batchSize..<Swift.min((batch + 1) * batchSize, items.count)
                    for index in range {
                        (slots.baseAddress! + index).initialize(to: transform(state, items[index]))
                    }
                }
            }
            initialized = count
        }
    }

    /// ``concurrentMap(_:)`` for the benchmark harness, which cannot see internal API.
    public func concurrentMapForBenchmark<Result: Sendable>(_ transform: @Sendable (Element) -> Result) -> [Result] {
        concurrentMap(transform)
    }
}

/// `first()` and `second()` on two cores when one is free, else one after the other on this
/// thread: never waits for a thread of its own, so it is safe anywhere, also inside a job of
/// ``Array/concurrentMap(batchSize:_:)``.
package func inParallel<First: Sendable, Second: Sendable>(
    _ first: @Sendable () -> First, _ second: @Sendable () -> Second
) -> (First, Second) {
    // Each iteration writes only its own slot, and both are read after concurrentPerform returns.
    nonisolated(unsafe) var results: (First?, Second?) = (nil, nil)
    withUnsafeMutablePointer(to: &results) { slots in
        nonisolated(unsafe) let slots = slots
        DispatchQueue.concurrentPerform(iterations: 2) { job in
            if job == 0 { slots.pointee.0 = first() } else { slots.pointee.1 = second() }
        }
    }
    return (results.0!, results.1!)
}
