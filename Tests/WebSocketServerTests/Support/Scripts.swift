/// Small Python clients. Each takes the server port as argv[1] and prints one JSON
/// object as its last line.
enum Scripts {
    /// Shared helpers: `uri`, `out(**fields)`, `closed_code(exc)`, `run(coro)` with a
    /// 15 s cap, and websockets' asyncio `connect`.
    static let prelude = """
        import asyncio, json, sys, time
        from websockets.asyncio.client import connect
        from websockets.exceptions import ConnectionClosed, InvalidStatus, InvalidHandshake
        port = int(sys.argv[1])
        uri = f"ws://127.0.0.1:{port}/ws"
        def out(**fields):
            print(json.dumps(fields), flush=True)
        def closed_code(exc):
            return exc.rcvd.code if exc.rcvd is not None else None
        def run(coro):
            asyncio.run(asyncio.wait_for(coro, 15))

        """

    /// HTTP requests with the standard library: `fetch(path, method, headers, body)`.
    static let httpPrelude = """
        import http.client, json, sys
        port = int(sys.argv[1])
        def fetch(path, method="GET", headers=None, body=None):
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            c.request(method, path, body=body, headers=headers or {})
            r = c.getresponse()
            data = r.read()
            c.close()
            return r.status, {k.lower(): v for k, v in r.getheaders()}, data

        """

    static let echo =
        prelude + """
            async def main():
                async with connect(uri + "?name=alice", subprotocols=["progresscast.v1"]) as ws:
                    await ws.send("hello")
                    reply = await ws.recv()
                    await ws.send("héllo ünïcode")
                    reply2 = await ws.recv()
                    out(reply=reply, reply2=reply2, subprotocol=ws.subprotocol,
                        extensions=ws.response.headers.get("Sec-WebSocket-Extensions"))
            run(main())
            """

    /// Asks for a large message and times its arrival, from the request to the last byte.
    static let largeReply =
        prelude + """
            import time
            async def main():
                async with connect(uri, compression=None, max_size=None) as ws:
                    started = time.monotonic()
                    await ws.send("large")
                    reply = await ws.recv()
                    out(length=len(reply), seconds=time.monotonic() - started)
            run(main())
            """

    static let noSubprotocol =
        prelude + """
            async def main():
                async with connect(uri, compression=None) as ws:
                    await ws.send("plain")
                    out(reply=await ws.recv(), subprotocol=ws.subprotocol,
                        extensions=ws.response.headers.get("Sec-WebSocket-Extensions"))
            run(main())
            """

    static let fragmented =
        prelude + """
            async def main():
                async with connect(uri, compression=None) as ws:
                    await ws.send(["frag-", "ment", "ed"])
                    big = ["y" * 20000, "z" * 20000, "w" * 20000]
                    await ws.send(big)
                    first = await ws.recv()
                    second = await ws.recv()
                    out(reply=first, bigLength=len(second), bigOk=(second == "".join(big)))
            run(main())
            """

    /// argv[2]: payload size in bytes; argv[3]: "deflate" or "none".
    static let oversized =
        prelude + """
            async def main():
                size = int(sys.argv[2])
                compression = "deflate" if sys.argv[3] == "deflate" else None
                async with connect(uri, compression=compression, max_size=None) as ws:
                    try:
                        await ws.send("x" * size)
                        reply = await ws.recv()
                        out(code=None, reply=len(reply))
                    except ConnectionClosed as e:
                        out(code=closed_code(e))
            run(main())
            """

    static let binary =
        prelude + """
            async def main():
                async with connect(uri) as ws:
                    try:
                        await ws.send(b"\\x00\\x01\\x02")
                        await ws.recv()
                        out(code=None)
                    except ConnectionClosed as e:
                        out(code=closed_code(e), reason=e.rcvd.reason if e.rcvd else None)
            run(main())
            """

    /// Asks for messages of both kinds and reports each one's type and payload (hex for bytes).
    /// argv[2]: "deflate" or "none".
    static let kinds =
        prelude + """
            async def main():
                compression = "deflate" if sys.argv[2] == "deflate" else None
                async with connect(uri, compression=compression) as ws:
                    await ws.send("kinds")
                    got = []
                    for _ in range(4):
                        m = await ws.recv()
                        got.append(["bytes", m.hex()] if isinstance(m, bytes) else ["text", m])
                    out(messages=got)
            run(main())
            """

    /// Asks for messages of many sizes and reports each one's kind, length and whether every byte
    /// is the one expected, given the order they are expected in (argument 3: the index each
    /// one was sent under, in arrival order; byte i of message n is (n + i) % 251 % 95 + 32).
    static let sizes =
        prelude + """
            async def main():
                compression = "deflate" if sys.argv[2] == "deflate" else None
                async with connect(uri, compression=compression, max_size=None) as ws:
                    await ws.send("sizes")
                    got = []
                    for n in map(int, sys.argv[3].split(",")):
                        m = await ws.recv()
                        data = m if isinstance(m, bytes) else m.encode()
                        intact = all(b == (n + i) % 251 % 95 + 32 for i, b in enumerate(data))
                        got.append(["bytes" if isinstance(m, bytes) else "text", len(data), intact])
                    out(messages=got)
            run(main())
            """

    /// Asks for a repeat (ordered A, latest B, latest A again), then for more (latest C), and
    /// reports everything received, waiting 0.3 s for anything extra.
    static let repeats =
        prelude + """
            async def main():
                async with connect(uri, compression=None) as ws:
                    await ws.send("repeat")
                    got = [await ws.recv()]
                    await ws.send("more")
                    got.append(await ws.recv())
                    try:
                        got.append(await asyncio.wait_for(ws.recv(), 0.3))
                    except asyncio.TimeoutError:
                        pass
                    out(messages=got)
            run(main())
            """

    /// argv[2]: JSON `[[step, count], ...]`: sends each step's text and reads `count` messages
    /// after it; prints them all, in order. argv[3]: "none" or "deflate".
    static let steps =
        prelude + """
            async def main():
                steps = json.loads(sys.argv[2])
                async with connect(uri, compression=None if sys.argv[3] == "none" else "deflate") as ws:
                    got = []
                    for step, count in steps:
                        await ws.send(step)
                        for _ in range(count):
                            got.append(await asyncio.wait_for(ws.recv(), 5))
                    out(messages=got)
            run(main())
            """

    /// argv[2]: the Origin to send, or "-" for none; argv[3]: the path.
    static let origin =
        prelude + """
            async def main():
                origin = None if sys.argv[2] == "-" else sys.argv[2]
                try:
                    async with connect(f"ws://127.0.0.1:{port}{sys.argv[3]}", origin=origin, open_timeout=5) as ws:
                        await ws.send("ping")
                        out(result="accepted", reply=await ws.recv())
                except InvalidStatus as e:
                    out(result="refused", status=e.response.status_code)
                except (InvalidHandshake, ConnectionClosed, OSError, EOFError) as e:
                    out(result="refused", status=None, error=type(e).__name__)
            run(main())
            """

    /// Asks for a burst of latest-slot frames, does not read for 2.5 s, then reads.
    /// argv[2]: "deflate" or "none".
    static let latest =
        prelude + """
            async def main():
                compression = "deflate" if sys.argv[2] == "deflate" else None
                async with connect(uri, compression=compression, max_size=None, max_queue=1) as ws:
                    await ws.send("burst")
                    await asyncio.sleep(2.5)
                    seqs = []
                    paddings = set()
                    while True:
                        frame = await asyncio.wait_for(ws.recv(), 5)
                        head, padding = frame.split("|", 1)
                        seqs.append(int(head))
                        paddings.add(padding)
                        if seqs[-1] == 999:
                            break
                    out(count=len(seqs), last=seqs[-1], increasing=all(a < b for a, b in zip(seqs, seqs[1:])),
                        intact=len(paddings) == 1)
            run(main())
            """

    static let overflow =
        prelude + """
            async def main():
                async with connect(uri, compression=None) as ws:
                    await ws.send("flood")
                    received = 0
                    try:
                        while True:
                            await asyncio.wait_for(ws.recv(), 5)
                            received += 1
                    except ConnectionClosed as e:
                        out(code=closed_code(e), received=received)
            run(main())
            """

    /// Connects, says "ready", and waits for the server to close the connection.
    static let waitForClose =
        prelude + """
            async def main():
                async with connect(uri) as ws:
                    await ws.send("ready")
                    try:
                        while True:
                            await ws.recv()
                    except ConnectionClosed as e:
                        out(code=closed_code(e))
            run(main())
            """

    static let http =
        httpPrelude + """
            s1, h1, b1 = fetch("/")
            s2, h2, b2 = fetch("/app.js")
            s3, h3, b3 = fetch("/api/echo?name=bob&x=1", headers={"Authorization": "Bearer t0k", "Origin": "http://o.example"})
            s4, h4, b4 = fetch("/api/echo", method="POST", body=b'{"k":1}', headers={"Content-Type": "application/json"})
            s5, h5, b5 = fetch("/api/big")
            s6, h6, b6 = fetch("/nope.txt")
            s7, h7, b7 = fetch("/api/missing")
            s8, h8, b8 = fetch("/../../../../etc/passwd")
            s9, h9, b9 = fetch("/%2e%2e/%2e%2e/%2e%2e/etc/passwd")
            s10, h10, b10 = fetch("/api/echo", method="POST", body=b"x" * 70000)
            print(json.dumps({
                "indexStatus": s1, "indexType": h1.get("content-type"), "indexBody": b1.decode(),
                "csp": h1.get("content-security-policy"), "xfo": h1.get("x-frame-options"),
                "jsStatus": s2, "jsType": h2.get("content-type"),
                "echoStatus": s3, "echoType": h3.get("content-type"), "echo": json.loads(b3), "echoCustom": h3.get("x-custom"),
                "echoCsp": h3.get("content-security-policy"),
                "postStatus": s4, "post": json.loads(b4),
                "bigStatus": s5, "bigLength": len(b5), "bigOk": b5 == bytes(i % 251 for i in range(len(b5))),
                "missingStatus": s6, "apiMissingStatus": s7,
                "traversal": [s8, b"root:" in b8, s9, b"root:" in b9],
                "tooLargeStatus": s10,
            }))
            """

    /// A client that completes the handshake by hand and then never reads or answers
    /// pings: the server must hang up after its idle timeout. Prints seconds to EOF.
    static let silentClient = """
        import base64, json, os, socket, sys, time
        port = int(sys.argv[1])
        s = socket.create_connection(("127.0.0.1", port), timeout=10)
        key = base64.b64encode(os.urandom(16)).decode()
        s.sendall((f"GET /ws HTTP/1.1\\r\\nHost: 127.0.0.1:{port}\\r\\nUpgrade: websocket\\r\\n"
                   f"Connection: Upgrade\\r\\nSec-WebSocket-Key: {key}\\r\\nSec-WebSocket-Version: 13\\r\\n\\r\\n").encode())
        start = time.monotonic()
        data = b""
        while b"\\r\\n\\r\\n" not in data:
            data += s.recv(4096)
        status = data.split(b"\\r\\n", 1)[0].decode()
        frames = data.split(b"\\r\\n\\r\\n", 1)[1]
        s.settimeout(8)
        try:
            while True:
                chunk = s.recv(4096)
                if not chunk:
                    break
                frames += chunk
        except (socket.timeout, ConnectionResetError):
            pass
        print(json.dumps({"status": status, "seconds": time.monotonic() - start, "sawPing": b"\\x89" in frames}))
        """

    /// A normal client idle for 3.5 s (it answers pings): still connected afterwards.
    static let idleClient =
        prelude + """
            async def main():
                async with connect(uri, ping_interval=None) as ws:
                    await asyncio.sleep(3.5)
                    await ws.send("still here")
                    out(reply=await ws.recv())
            run(main())
            """

    /// Echo throughput: argv[2] clients each send argv[3] messages of argv[4] bytes,
    /// pipelined in windows of 100. Prints messages per second.
    static let echoBenchmark =
        prelude + """
            async def client(n, size):
                async with connect(uri, compression=None, max_queue=None) as ws:
                    payload = "m" * size
                    sent = 0
                    while sent < n:
                        window = min(100, n - sent)
                        for _ in range(window):
                            await ws.send(payload)
                        for _ in range(window):
                            await ws.recv()
                        sent += window
            async def main():
                clients, n, size = int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4])
                start = time.monotonic()
                await asyncio.gather(*(client(n, size) for _ in range(clients)))
                elapsed = time.monotonic() - start
                out(messages=clients * n, seconds=elapsed, perSecond=clients * n / elapsed)
            asyncio.run(asyncio.wait_for(main(), 120))
            """

    /// Sends "bye": expects two ordered messages, then the server's close 4000.
    static let closeAfterMessages =
        prelude + """
            async def main():
                async with connect(uri) as ws:
                    await ws.send("bye")
                    got = []
                    try:
                        while True:
                            got.append(await ws.recv())
                    except ConnectionClosed as e:
                        out(got=got, code=closed_code(e), reason=e.rcvd.reason if e.rcvd else None)
            run(main())
            """

    /// Opens one connection, then tries a second while the first stays open.
    static let twoClients =
        prelude + """
            async def main():
                async with connect(uri) as first:
                    await first.send("one")
                    await first.recv()
                    try:
                        async with connect(uri, open_timeout=5) as second:
                            await second.send("two")
                            await second.recv()
                            out(second="accepted")
                    except (InvalidHandshake, ConnectionClosed, OSError, EOFError) as e:
                        out(second="refused", error=type(e).__name__)
            run(main())
            """

    /// A HEAD request to a dynamic route.
    static let head =
        httpPrelude + """
            s, h, b = fetch("/api/echo", method="HEAD")
            s2, h2, b2 = fetch("/api/echo")
            print(json.dumps({"status": s, "length": h.get("content-length"), "body": len(b), "status2": s2, "body2": b2.decode()}))
            """
}
