import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#endif

/// What a libwebsockets context keeps pointers to for its whole life: the protocol table
/// (one entry plus the zeroed terminator), one `lws_sul` timer, and C strings. Allocated once
/// at stable addresses; freed with the owner.
final class LWSStorage {
    let protocols: UnsafeMutablePointer<lws_protocols>
    let timer: UnsafeMutablePointer<pc_lws_timer>
    private var cStrings: [UnsafeMutablePointer<CChar>] = []

    init() {
        protocols = .allocate(capacity: 2)
        protocols.initialize(repeating: lws_protocols(), count: 2)
        timer = .allocate(capacity: 1)
        timer.initialize(to: pc_lws_timer())
    }

    deinit {
        protocols.deinitialize(count: 2)
        protocols.deallocate()
        timer.deinitialize(count: 1)
        timer.deallocate()
        for string in cStrings { free(string) }
    }

    /// A C copy of `text` that lives as long as this storage.
    func cString(_ text: String) -> UnsafeMutablePointer<CChar>? {
        guard let copy = strdup(text) else { return nil }
        cStrings.append(copy)
        return copy
    }
}

/// The object whose unretained pointer a context was created with (`info.user`), found from
/// one of the context's connections: how a C callback gets back to its owner. Nil while the
/// connection has no context or the context no user pointer.
func contextOwner<Owner: AnyObject>(of wsi: OpaquePointer, as _: Owner.Type) -> Owner? {
    guard let context = lws_get_context(wsi), let owner = lws_context_user(context) else { return nil }
    return Unmanaged<Owner>.fromOpaque(owner).takeUnretainedValue()
}

/// The object whose unretained pointer a timer's `owner` holds, found from the `sul` that
/// libwebsockets hands the timer callback.
func timerOwner<Owner: AnyObject>(of sul: UnsafeMutablePointer<lws_sorted_usec_list_t>?, as _: Owner.Type) -> Owner? {
    guard let sul, let timer = pc_lws_timer_from_sul(sul), let owner = timer.pointee.owner else { return nil }
    return Unmanaged<Owner>.fromOpaque(owner).takeUnretainedValue()
}
