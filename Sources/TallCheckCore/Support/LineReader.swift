#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads lines from a file descriptor in bounded memory: a line longer than the cap is reported
/// once, as soon as it passes the cap, and its rest is discarded up to its newline.
public struct LineReader {
    public enum Line: Equatable, Sendable {
        case text([UInt8])
        /// A line over the cap; its first bytes are dropped with the rest.
        case tooLong
    }

    private let descriptor: Int32
    private let maxLineBytes: Int
    private var buffer: [UInt8] = []
    private var position = 0
    private var current: [UInt8] = []
    private var discarding = false
    private var finished = false

    public init(descriptor: Int32, maxLineBytes: Int) {
        self.descriptor = descriptor
        self.maxLineBytes = maxLineBytes
    }

    /// The next line without its newline, or nil at the end of the input.
    public mutating func next() -> Line? {
        while true {
            if position == buffer.count {
                guard !finished, refill() else {
                    finished = true
                    defer { current = [] }
                    if discarding {
                        discarding = false
                        return nil
                    }
                    return current.isEmpty ? nil : .text(current)
                }
            }
            let end = buffer[position...].firstIndex(of: UInt8(ascii: "\n"))
            let chunk = buffer[position..<(end ?? buffer.count)]
            position = end.map { $0 + 1 } ?? buffer.count
            if discarding {
                if end != nil { discarding = false }
                continue
            }
            if current.count + chunk.count > maxLineBytes {
                current = []
                discarding = end == nil
                return .tooLong
            }
            current += chunk
            if end != nil {
                defer { current = [] }
                return .text(current)
            }
        }
    }

    private mutating func refill() -> Bool {
        buffer = [UInt8](repeating: 0, count: 65_536)
        position = 0
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress!, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else {
                buffer = []
                return false
            }
            buffer.removeSubrange(count...)
            return true
        }
    }
}
