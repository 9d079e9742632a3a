import CLibWebSockets

/// The one libwebsockets protocol callback (C convention) for both of the server's
/// protocols. It recovers the ``ServerLoop`` from the context's user pointer (set at
/// creation; the loop outlives the context) and dispatches by reason. Runs only on
/// the service thread, inside `lws_service` or context creation/destruction.
func serviceCallback(
    _ wsi: OpaquePointer?,
    _ reason: lws_callback_reasons,
    _ user: UnsafeMutableRawPointer?,
    _ input: UnsafeMutableRawPointer?,
    _ length: Int
) -> Int32 {
    guard let wsi, let context = lws_get_context(wsi), let owner = lws_context_user(context) else {
        return 0
    }
    let loop = Unmanaged<ServerLoop>.fromOpaque(owner).takeUnretainedValue()
    return loop.dispatch(wsi, reason, user, input, length)
}

extension ServerLoop {
    /// Routes one callback to the method that handles it.
    func dispatch(
        _ wsi: OpaquePointer,
        _ reason: lws_callback_reasons,
        _ user: UnsafeMutableRawPointer?,
        _ input: UnsafeMutableRawPointer?,
        _ length: Int
    ) -> Int32 {
        switch reason {
        case LWS_CALLBACK_FILTER_PROTOCOL_CONNECTION:
            return shouldAcceptUpgrade(wsi) ? 0 : 1
        case LWS_CALLBACK_ESTABLISHED:
            connectionEstablished(wsi, sessionSlot: user)
            return 0
        case LWS_CALLBACK_RECEIVE:
            guard let connection = connection(in: user) else { return -1 }
            return received(connection, bytes: input, count: length)
        case LWS_CALLBACK_SERVER_WRITEABLE:
            guard let connection = connection(in: user) else { return 0 }
            return writable(connection)
        case LWS_CALLBACK_WS_PEER_INITIATED_CLOSE:
            if let connection = connection(in: user) {
                peerInitiatedClose(connection, payload: input, count: length)
            }
            return 0
        case LWS_CALLBACK_CLOSED:
            connectionClosed(sessionSlot: user)
            return 0
        case LWS_CALLBACK_FILTER_NETWORK_CONNECTION:
            // A socket just accepted (`input` holds its descriptor; `wsi` is the listening
            // socket's): watched for input from now on, so its request is read at once.
            socketAccepted(Int32(truncatingIfNeeded: Int(bitPattern: input)), listening: lws_get_socket_fd(wsi))
            return 0
        case LWS_CALLBACK_EVENT_WAIT_CANCELLED:
            if control.takeWake(), !isTearingDown {
                handler.serverWoken(loop: self)
            }
            return 0
        case LWS_CALLBACK_FILTER_HTTP_CONNECTION:
            noteHTTPActivity()
            return filterHTTPRequest(wsi, uri: input, length: length)
        case LWS_CALLBACK_ADD_HEADERS:
            return addHeaders(wsi, arguments: input)
        case LWS_CALLBACK_HTTP:
            return httpRequestArrived(wsi)
        case LWS_CALLBACK_HTTP_BODY:
            return httpBodyReceived(wsi, bytes: input, count: length)
        case LWS_CALLBACK_HTTP_BODY_COMPLETION:
            return httpBodyCompleted(wsi)
        case LWS_CALLBACK_HTTP_WRITEABLE:
            noteHTTPActivity()
            if let result = httpWritable(wsi) {
                return result
            }
        case LWS_CALLBACK_CLOSED_HTTP, LWS_CALLBACK_HTTP_DROP_PROTOCOL:
            httpExchangeEnded(wsi)
        default:
            break
        }
        return lws_callback_http_dummy(wsi, reason, user, input, length)
    }
}
