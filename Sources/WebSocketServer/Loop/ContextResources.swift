import CLibWebSockets

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C structures and strings a libwebsockets context points into: protocols,
/// extensions, mounts, the keepalive policy. libwebsockets keeps these pointers for
/// the context's whole life, so they are allocated here at stable addresses and freed
/// only after `lws_context_destroy`.
final class ContextResources {
    /// `lws_protocols.id` of the WebSocket protocol (protocols[0]).
    static let webSocketProtocolID: UInt32 = 1
    /// `lws_protocols.id` of the HTTP-only protocol that dynamic-route mounts bind.
    static let httpProtocolID: UInt32 = 2
    /// The vhost every server creates.
    static let vhostName = "default"
    private static let httpProtocolName = "http-only"

    private var strings: [UnsafeMutablePointer<CChar>] = []
    private var optionNodes: [UnsafeMutablePointer<lws_protocol_vhost_options>] = []
    private let protocols: UnsafeMutablePointer<lws_protocols>
    private let extensions: UnsafeMutablePointer<lws_extension>?
    private let mounts: UnsafeMutablePointer<lws_http_mount>?
    private let mountCount: Int
    private let retryTable: UnsafeMutablePointer<UInt32>
    private let retryPolicy: UnsafeMutablePointer<lws_retry_bo_t>
    private var iface: UnsafeMutablePointer<CChar>?
    private var vhostName: UnsafeMutablePointer<CChar>?

    init(configuration: WebSocketServer.Configuration) {
        let pointerSize = MemoryLayout<UnsafeMutableRawPointer?>.size
        protocols = .allocate(capacity: 3)
        protocols.initialize(repeating: lws_protocols(), count: 3)
        retryTable = .allocate(capacity: 1)
        retryTable.initialize(to: 1000)
        retryPolicy = .allocate(capacity: 1)
        retryPolicy.initialize(to: lws_retry_bo_t())

        let dynamicPrefixes = configuration.dynamicRoutePrefixes
        mountCount = configuration.staticMounts.count + dynamicPrefixes.count
        mounts = mountCount > 0 ? .allocate(capacity: mountCount) : nil
        mounts?.initialize(repeating: lws_http_mount(), count: mountCount)
        extensions = configuration.permessageDeflate ? .allocate(capacity: 2) : nil
        extensions?.initialize(repeating: lws_extension(), count: 2)

        protocols[0].name = UnsafePointer(cString(configuration.subprotocol))
        protocols[0].callback = serviceCallback
        protocols[0].per_session_data_size = pointerSize
        protocols[0].rx_buffer_size = configuration.receiveBufferSize
        protocols[0].tx_packet_size = configuration.sendPacketSize
        protocols[0].id = Self.webSocketProtocolID
        protocols[1].name = UnsafePointer(cString(Self.httpProtocolName))
        protocols[1].callback = serviceCallback
        protocols[1].per_session_data_size = pointerSize
        protocols[1].id = Self.httpProtocolID

        if let extensions {
            extensions[0].name = UnsafePointer(cString("permessage-deflate"))
            extensions[0].callback = lws_extension_callback_pm_deflate
            extensions[0].client_offer = UnsafePointer(
                cString("permessage-deflate; client_no_context_takeover; client_max_window_bits"))
        }

        retryPolicy.pointee.retry_ms_table = UnsafePointer(retryTable)
        retryPolicy.pointee.retry_ms_table_count = 1
        retryPolicy.pointee.conceal_count = 1
        retryPolicy.pointee.secs_since_valid_ping = UInt16(clamping: configuration.idlePingSeconds)
        retryPolicy.pointee.secs_since_valid_hangup = UInt16(clamping: configuration.idleHangUpSeconds)

        if let mounts {
            var index = 0
            for mount in configuration.staticMounts {
                fillMount(&mounts[index], prefix: mount.urlPrefix)
                mounts[index].origin = UnsafePointer(cString(mount.directory))
                mounts[index].def = mount.defaultFile.map { UnsafePointer(cString($0)) }
                mounts[index].origin_protocol = pc_lwsmpro_file
                if configuration.accessToken != nil {
                    // Bound to a protocol, a file mount asks it for extra headers (ADD_HEADERS):
                    // the access cookie. A missing file then reaches the HTTP callback (404).
                    mounts[index].protocol = UnsafePointer(cString(Self.httpProtocolName))
                }
                mounts[index].extra_mimetypes = UnsafePointer(contentTypeOptions(mount.extraContentTypes))
                if let maxAge = mount.cacheMaxAge {
                    mounts[index].cache_max_age = Int32(clamping: maxAge)
                    mounts[index].cache_reusable = 1
                    mounts[index].cache_revalidate = 1
                }
                index += 1
            }
            for prefix in dynamicPrefixes {
                fillMount(&mounts[index], prefix: prefix)
                mounts[index].origin = UnsafePointer(cString(Self.httpProtocolName))
                mounts[index].protocol = UnsafePointer(cString(Self.httpProtocolName))
                mounts[index].origin_protocol = pc_lwsmpro_callback
                index += 1
            }
            for link in 0..<(mountCount - 1) {
                mounts[link].mount_next = UnsafePointer(mounts + link + 1)
            }
        }
        iface = cString(configuration.host)
        vhostName = cString(Self.vhostName)
    }

    deinit {
        protocols.deinitialize(count: 3)
        protocols.deallocate()
        extensions?.deinitialize(count: 2)
        extensions?.deallocate()
        mounts?.deinitialize(count: mountCount)
        mounts?.deallocate()
        retryPolicy.deinitialize(count: 1)
        retryPolicy.deallocate()
        retryTable.deinitialize(count: 1)
        retryTable.deallocate()
        for node in optionNodes {
            node.deinitialize(count: 1)
            node.deallocate()
        }
        for string in strings {
            string.deallocate()
        }
    }

    /// Creation info for one context with one vhost, pointing into these resources.
    func creationInfo(
        configuration: WebSocketServer.Configuration, user: UnsafeMutableRawPointer
    ) -> lws_context_creation_info {
        var info = lws_context_creation_info()
        info.iface = UnsafePointer(iface)
        info.port = Int32(configuration.port)
        info.protocols = UnsafePointer(protocols)
        info.extensions = extensions.map { UnsafePointer($0) }
        info.mounts = mounts.map { UnsafePointer($0) }
        info.vhost_name = UnsafePointer(vhostName)
        info.retry_and_idle_policy = UnsafePointer(retryPolicy)
        info.pt_serv_buf_size = UInt32(max(4096, configuration.receiveBufferSize))
        info.user = user
        var options = pc_lws_option_fail_upon_unable_to_bind
        if configuration.securityHeaders { options |= pc_lws_option_security_headers }
        if configuration.validateUTF8 { options |= pc_lws_option_validate_utf8 }
        if Self.isIPv4Literal(configuration.host) { options |= pc_lws_option_disable_ipv6 }
        info.options = options
        return info
    }

    private func fillMount(_ mount: inout lws_http_mount, prefix: String) {
        mount.mountpoint = UnsafePointer(cString(prefix))
        mount.mountpoint_len = UInt8(clamping: prefix.utf8.count)
    }

    /// A linked list of `.ext -> content type` options for a file mount.
    private func contentTypeOptions(_ types: [String: String]) -> UnsafeMutablePointer<lws_protocol_vhost_options>? {
        var next: UnsafeMutablePointer<lws_protocol_vhost_options>?
        for (suffix, type) in types.sorted(by: { $0.key < $1.key }) {
            let node = UnsafeMutablePointer<lws_protocol_vhost_options>.allocate(capacity: 1)
            node.initialize(to: lws_protocol_vhost_options())
            node.pointee.next = next.map { UnsafePointer($0) }
            node.pointee.name = UnsafePointer(cString(suffix))
            node.pointee.value = UnsafePointer(cString(type))
            optionNodes.append(node)
            next = node
        }
        return next
    }

    /// A C copy of `text`, freed in deinit.
    private func cString(_ text: String) -> UnsafeMutablePointer<CChar> {
        let characters = text.utf8CString
        let copy = UnsafeMutablePointer<CChar>.allocate(capacity: characters.count)
        characters.withUnsafeBufferPointer { source in
            if let base = source.baseAddress {
                copy.initialize(from: base, count: source.count)
            }
        }
        strings.append(copy)
        return copy
    }

    private static func isIPv4Literal(_ host: String) -> Bool {
        var address = in_addr()
        return inet_pton(AF_INET, host, &address) == 1
    }
}
