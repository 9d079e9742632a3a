"""Cross-origin WebSocket upgrades and the server-wide token (docs/requirements.md section 9)."""
import http.client

import pytest
from websockets.exceptions import ConnectionClosed, InvalidHandshake, InvalidStatus

from itclient import Client, async_test

EVIL = "http://evil.example"


async def refused(url, **kwargs):
    try:
        c = await Client.open(url, **kwargs)
    except InvalidStatus as e:
        assert e.response.status_code in (400, 401, 403), e.response.status_code
        return True
    except (InvalidHandshake, ConnectionClosed, OSError):
        return True
    try:
        # Some servers accept then close at once: that counts as refused too.
        await c.call("session.create", clock="manual")
        return False
    except ConnectionClosed:
        return True
    finally:
        await c.close()


async def works(url, **kwargs):
    async with Client.connect(url, **kwargs) as c:
        ack = await c.call("session.create", clock="manual")
        return ack["type"] == "ack"


@async_test()
async def test_cross_origin_refused(server):
    assert await refused(server.ws_url, origin=EVIL)
    assert await refused(server.ws_url, origin="http://127.0.0.1.evil.example")
    assert await refused(server.ws_url, origin=f"http://127.0.0.1:{server.port + 1 if server.port < 65535 else 1}")
    assert await refused(server.ws_url, origin="null")


@async_test()
async def test_same_origin_and_no_origin_work(server):
    assert await works(server.ws_url, origin=server.url)
    assert await works(server.ws_url, origin=server.url.upper().replace("HTTP://", "http://"))
    assert await works(server.ws_url)


@async_test()
async def test_refused_upgrade_leaves_server_healthy(server):
    for _ in range(5):
        assert await refused(server.ws_url, origin=EVIL)
    assert await works(server.ws_url)


@async_test()
async def test_allow_origin_flag(start_server):
    s = start_server("--allow-origin", EVIL)
    assert await works(s.ws_url, origin=EVIL)
    assert await works(s.ws_url, origin=EVIL + "/")
    assert await works(s.ws_url, origin=s.url)
    assert await works(s.ws_url)
    assert await refused(s.ws_url, origin="http://other.example")


@async_test()
async def test_allow_origin_star(start_server):
    s = start_server("--allow-origin", "*")
    assert await works(s.ws_url, origin="http://anything.example")


def http_status(s, path, headers=None):
    conn = http.client.HTTPConnection("127.0.0.1", s.port, timeout=10)
    try:
        conn.request("GET", path, headers=headers or {})
        resp = conn.getresponse()
        resp.read()
        return resp.status
    finally:
        conn.close()


@async_test()
async def test_server_token(start_server):
    s = start_server("--token", "s3cret-token")
    assert http_status(s, "/api/health") == 401
    assert http_status(s, "/api/health?token=wrong") == 401
    assert http_status(s, "/api/health?token=s3cret-token") == 200
    assert http_status(s, "/api/health", {"Authorization": "Bearer s3cret-token"}) == 200
    assert http_status(s, "/api/recordings", {"Authorization": "Bearer nope"}) == 401
    assert await refused(s.ws_url)
    assert await refused(s.ws_url + "?token=wrong")
    assert await works(s.ws_url + "?token=s3cret-token")
    assert await works(s.ws_url, additional_headers={"Authorization": "Bearer s3cret-token"})
