"""Security (docs/requirements.md section 9, SECURITY.md): static files and recordings stay inside their
folders (traversal, encoded, double-encoded, symbolic links), cross-origin upgrades are refused
unless allowed, and with --token every HTTP request (static files and fonts too) and every
WebSocket needs the token."""
import asyncio
import http.client
import json
import os
import socket

import pytest

from itclient import Client, async_test

SECRET = b"TOP-SECRET-OUTSIDE-THE-FOLDER"


def request(port, path, headers=None, method="GET"):
    """(status, headers, body), or (None, {}, b"") when the server closed without answering."""
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    try:
        conn.putrequest(method, path, skip_accept_encoding=True)  # path sent as is, unnormalised
        for k, v in (headers or {}).items():
            conn.putheader(k, v)
        conn.endheaders()
        resp = conn.getresponse()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, resp.read()
    except (ConnectionError, http.client.RemoteDisconnected, http.client.BadStatusLine):
        return None, {}, b""
    finally:
        conn.close()


def raw_request(port, target):
    """Sends a request line byte for byte (for paths http.client would refuse)."""
    with socket.create_connection(("127.0.0.1", port), timeout=10) as s:
        s.sendall(b"GET " + target + b" HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        data = b""
        try:
            while chunk := s.recv(65536):
                data += chunk
        except (ConnectionResetError, socket.timeout):
            pass
    return data


@pytest.fixture
def jail(tmp_path):
    """A public folder with a page, a script, and links inside it pointing outside; a secret
    file and folder beside it; a recordings folder with links pointing out."""
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "secret.txt").write_bytes(SECRET)
    (outside / "secret.js").write_bytes(SECRET)
    (outside / "leak.pcast").write_bytes(b'{"format":"progresscast","version":1,"title":"' + SECRET + b'",'
                                         b'"canvas":{"width":375,"height":667},"fps":60}\n[0,"c",{"op":"session.create","clock":"manual"}]\n')
    public = tmp_path / "public"
    (public / "js").mkdir(parents=True)
    (public / "index.html").write_text("<!doctype html><title>jail</title>")
    (public / "js" / "app.js").write_text("console.log('inside');")
    os.symlink(outside / "secret.js", public / "link.js")               # a file link pointing out
    os.symlink(outside, public / "linkdir")                             # a folder link pointing out
    os.symlink(outside / "secret.txt", public / "js" / "deep.txt")
    os.symlink(public / "js" / "app.js", public / "inside-link.js")     # a link that stays inside
    recordings = tmp_path / "recordings"
    recordings.mkdir()
    os.symlink(outside / "leak.pcast", recordings / "leak.pcast")
    return {"public": public, "outside": outside, "recordings": recordings}


TRAVERSALS = [
    "/../outside/secret.txt", "/../../../../etc/passwd", "/%2e%2e/outside/secret.txt", "/%2E%2E/%2E%2E/etc/passwd",
    "/..%2foutside%2fsecret.txt", "/js/../../outside/secret.txt", "/js/%2e%2e/%2e%2e/outside/secret.txt",
    "/%252e%252e/outside/secret.txt", "/%252e%252e%252foutside%252fsecret.txt", "/js/%252e%252e/%252e%252e/etc/passwd",
    "/.%2e/outside/secret.txt", "/%2e./outside/secret.txt", "/..\\outside\\secret.txt", "/..%5coutside%5csecret.txt",
    "/link.js", "/linkdir/secret.txt", "/linkdir/secret.js", "/js/deep.txt", "/linkdir/", "/linkdir",
    "/fonts/../../../../etc/passwd", "/fonts/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd", "/fonts/..%2f..%2f..%2fetc%2fpasswd",
    "/index.html/../../outside/secret.txt", "//../outside/secret.txt", "/./../outside/secret.txt",
    "/js/app.js%00/../../../outside/secret.txt", "/%00/../outside/secret.txt",
]


@pytest.mark.parametrize("path", TRAVERSALS, ids=[f"traversal{i}" for i in range(len(TRAVERSALS))])
def test_static_files_stay_inside_public(start_server, jail, path):
    s = start_server("--public", str(jail["public"]), recordings=jail["recordings"])
    status, _, body = request(s.port, path)
    assert SECRET not in body and b"root:" not in body, f"{path} leaked a file outside the folder"
    # A NUL ends the path for libwebsockets: what is left ("/") may be served, nothing else.
    assert status in (None, 400, 403, 404) or body == (jail["public"] / "index.html").read_bytes(), (path, status, body[:80])
    raw = raw_request(s.port, path.encode())
    assert SECRET not in raw and b"root:" not in raw, f"{path} (raw) leaked a file outside the folder"


def test_inside_files_and_inside_links_still_served(start_server, jail):
    s = start_server("--public", str(jail["public"]), recordings=jail["recordings"])
    assert request(s.port, "/")[0] == 200
    assert request(s.port, "/js/app.js")[2] == b"console.log('inside');"
    assert request(s.port, "/inside-link.js")[2] == b"console.log('inside');"


RECORDING_PATHS = ["/api/recordings/leak", "/api/recordings/leak.pcast", "/api/recordings/..%2foutside%2fleak",
                   "/api/recordings/%2e%2e%2foutside%2fleak", "/api/recordings/%252e%252e%252foutside%252fleak"]


@pytest.mark.parametrize("path", RECORDING_PATHS, ids=[f"recording{i}" for i in range(len(RECORDING_PATHS))])
def test_recording_links_not_served(start_server, jail, path):
    s = start_server("--public", str(jail["public"]), recordings=jail["recordings"])
    status, _, body = request(s.port, path)
    assert status in (400, 404), (path, status)
    assert SECRET not in body
    _, _, listing = request(s.port, "/api/recordings")
    assert b"leak" not in listing and SECRET not in listing


@async_test()
async def test_recording_links_not_replayed_or_overwritten(start_server, jail):
    """replay.open does not follow a link out of the folder; record.start refuses to write
    through one (it would overwrite the file it points to): the name is taken, and even told to
    overwrite it the server does not open the link."""
    s = start_server("--public", str(jail["public"]), recordings=jail["recordings"])
    before = (jail["outside"] / "leak.pcast").read_bytes()
    async with Client.connect(s.ws_url) as c:
        await c.expect_error("replay.open", "not_found", recording="leak")
        await c.call("session.create", clock="manual")
        await c.expect_error("record.start", "conflict", name="leak")
        await c.expect_error("record.start", "io", name="leak", overwrite=True)
        await c.call("frame.get")
    assert (jail["outside"] / "leak.pcast").read_bytes() == before


# --- origins ---------------------------------------------------------------------------------

async def upgrade_refused(url, **kwargs):
    try:
        c = await Client.open(url, **kwargs)
    except Exception:
        return True
    await c.close()
    return False


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1.evil.example", "https://127.0.0.1",
                                    "http://localhost", "file://", "http://127.0.0.1:1", "chrome-extension://abc"])
@async_test()
async def test_cross_origin_upgrade_refused(server, origin):
    assert await upgrade_refused(server.ws_url, origin=origin), f"Origin {origin} was accepted"
    async with Client.connect(server.ws_url, origin=f"http://127.0.0.1:{server.port}") as same:
        await same.call("session.create", clock="manual")


@async_test()
async def test_allow_origin_names_exactly_one(start_server):
    s = start_server("--allow-origin", "http://tool.example:5173")
    async with Client.connect(s.ws_url, origin="http://tool.example:5173") as c:
        await c.call("session.create", clock="manual")
    assert await upgrade_refused(s.ws_url, origin="http://tool.example:5174")
    assert await upgrade_refused(s.ws_url, origin="http://other.example")


# --- the server token ------------------------------------------------------------------------

TOKEN = "Tk-8f3a1c0e9b7d4e21.secret"
PROTECTED = ["/", "/index.html", "/js/main.js", "/js/connection.js", "/css/style.css", "/fonts/", "/api/health",
             "/api/recordings", "/api/ops", "/api/scenarios", "/nothere.js", "/api/nothere"]


@pytest.fixture
def token_server(start_server):
    return start_server("--token", TOKEN)


def font_path():
    for root, _, files in os.walk("/usr/share/fonts/truetype"):
        for f in sorted(files):
            if f.endswith(".ttf"):
                return "/fonts" + os.path.join(root, f)[len("/usr/share/fonts/truetype"):]
    return None


@pytest.mark.parametrize("path", PROTECTED + ["FONT"], ids=[f"path{i}" for i in range(len(PROTECTED) + 1)])
def test_token_required_on_every_http_request(token_server, path):
    if path == "FONT":
        path = font_path() or pytest.skip("no system font to request")
    port = token_server.port
    for headers in ({}, {"Authorization": f"Bearer {TOKEN}x"}, {"Authorization": "Basic " + TOKEN},
                    {"Cookie": f"progresscast_token={TOKEN[:-1]}"}):
        status, _, body = request(port, path, headers)
        assert status == 401, (path, headers, status)
        assert b"<script" not in body and b'"status"' not in body
    for wrong in ("", "wrong", TOKEN.upper(), TOKEN + "x"):
        assert request(port, f"{path}{'&' if '?' in path else '?'}token={wrong}")[0] == 401, (path, wrong)
    # The right token, three ways: the response is whatever the path gives without a token.
    for p, headers in ((f"{path}?token={TOKEN}", {}), (path, {"Authorization": f"Bearer {TOKEN}"}),
                       (path, {"Cookie": f"other=1; progresscast_token={TOKEN}"})):
        status, _, _ = request(port, p, headers)
        assert status != 401, (p, headers, status)


@pytest.mark.parametrize("path", ["/api/health", "/api/recordings", "/api/nothere", "/api"],
                         ids=["health", "recordings", "nothere", "api"])
def test_a_refused_api_request_gets_a_json_error(token_server, path):
    """The API's refusal without the token is JSON like its other errors (a script reads it); the
    page's paths keep libwebsockets' HTML answer for a person."""
    status, headers, body = request(token_server.port, path)
    assert status == 401, (path, status)
    assert headers.get("content-type", "").startswith("application/json"), headers
    assert json.loads(body) == {"error": "unauthorized", "message": "access token required"}, body
    assert int(headers["content-length"]) == len(body), headers
    status, headers, body = request(token_server.port, "/index.html")
    assert status == 401 and headers.get("content-type", "").startswith("text/html"), headers
    # A path that only starts like the API is not the API.
    assert request(token_server.port, "/apix")[1].get("content-type", "").startswith("text/html")


def test_token_in_query_sets_a_cookie_for_the_page(token_server):
    """The page opened as /?token=... gets an HttpOnly SameSite=Strict cookie, so its scripts,
    fonts and WebSocket (same origin) carry the token."""
    status, headers, body = request(token_server.port, f"/?token={TOKEN}")
    assert status == 200 and b"<" in body
    cookie = headers.get("set-cookie", "")
    assert cookie.startswith(f"progresscast_token={TOKEN}"), headers
    assert "HttpOnly" in cookie and "SameSite=Strict" in cookie and "Path=/" in cookie
    status, _, script = request(token_server.port, "/js/main.js", {"Cookie": cookie.split(";")[0]})
    assert status == 200 and script
    # Without the query (bearer, cookie) no cookie is set.
    assert "set-cookie" not in request(token_server.port, "/", {"Authorization": f"Bearer {TOKEN}"})[1]


def test_page_passes_the_token_on():
    """Public/js forwards ?token= from the page's URL to the WebSocket URL and the API fetches."""
    root = os.path.join(os.path.dirname(__file__), "..", "..", "Public", "js")
    connection = open(os.path.join(root, "connection.js")).read()
    assert "withServerToken" in connection and "token" in connection
    for name in os.listdir(root):
        text = open(os.path.join(root, name)).read()
        for needle in ("fetch('/api", 'fetch("/api', "fetch(`/api"):
            assert needle not in text, f"{name} fetches the API without withServerToken"


@async_test()
async def test_token_required_on_every_websocket(token_server):
    url = token_server.ws_url
    for kwargs in ({}, {"additional_headers": {"Authorization": "Bearer nope"}},
                   {"additional_headers": {"Cookie": "progresscast_token=nope"}}):
        assert await upgrade_refused(url, **kwargs), kwargs
    assert await upgrade_refused(url + "?token=nope")
    assert await upgrade_refused(url + "?token=")
    for u, kwargs in ((url + f"?token={TOKEN}", {}), (url, {"additional_headers": {"Authorization": f"Bearer {TOKEN}"}}),
                      (url, {"additional_headers": {"Cookie": f"progresscast_token={TOKEN}"}})):
        async with Client.connect(u, **kwargs) as c:
            await c.call("session.create", clock="manual")


def test_bad_token_flag_refused(tmp_path):
    from itserver import ServerProcess
    for bad in ("has space", "semi;colon", "x" * 300, "caf\u00e9"):
        proc = ServerProcess(tmp_path / "rec", extra_args=["--token", bad], name="bad-token").spawn()
        assert proc.wait_exit(15) not in (None, 0)
        assert "--token" in proc.output, proc.output


@async_test(timeout=30)
async def test_session_ids_and_tokens_are_128_bit_random(server):
    seen = set()
    for _ in range(20):
        async with Client.connect(server.ws_url) as c:
            ack = await c.call("session.create", clock="manual")
        for value in (ack["session"], ack["token"]):
            assert len(value) == 32 and int(value, 16) >= 0 and value not in seen, value
            seen.add(value)
    await asyncio.sleep(0)
