/// Frees the buffers it made when the last workspace holding it goes.
final class BufferOwner {
    private var frees: [() -> Void] = []

    func make<Element>(_ count: Int, _ value: Element) -> UnsafeMutableBufferPointer<Element> {
        let buffer = UnsafeMutableBufferPointer<Element>.allocate(capacity: max(count, 1))
        buffer.initialize(repeating: value)
        frees.append { buffer.deallocate() }
        return buffer
    }

    deinit { for free in frees { free() } }
}
