#if canImport(Glibc)
    import CEpoll
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Starts a detached POSIX thread running `body`.
enum ServiceThread {
    /// The service thread's name (`pthread_setname_np`: at most 15 bytes), under which tools
    /// such as `top -H`, `perf` and `bench` show its CPU.
    static let name = "pc-service"

    /// Carries the body through `pthread_create`'s context pointer.
    private final class Start {
        let body: @Sendable () -> Void

        init(body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }

    /// Returns 0, or the `pthread_create` error code.
    static func spawn(_ body: @escaping @Sendable () -> Void) -> Int32 {
        let start = Unmanaged.passRetained(Start(body: body)).toOpaque()
        #if canImport(Glibc)
            var thread = pthread_t()
        #else
            var thread: pthread_t?
        #endif
        let result = pthread_create(
            &thread, nil,
            { context in
                guard let context else { return nil }
                let start = Unmanaged<Start>.fromOpaque(context).takeRetainedValue()
                #if canImport(Glibc)
                    _ = pc_set_thread_name(ServiceThread.name)
                #endif
                start.body()
                return nil
            }, start)
        guard result == 0 else {
            Unmanaged<Start>.fromOpaque(start).release()
            return result
        }
        #if canImport(Glibc)
            pthread_detach(thread)
        #else
            if let thread { pthread_detach(thread) }
        #endif
        return 0
    }
}
