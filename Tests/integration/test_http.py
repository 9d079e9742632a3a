"""HTTP endpoints (docs/protocol.md section 1) and the folders they must not leave (docs/requirements.md section 9)."""
import http.client
import json
import os
from pathlib import Path

import pytest

from itclient import Client, async_test, is_number

FONT = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def get(server, path, method="GET", headers=None):
    """A raw request: http.client sends the path exactly as given (no ../ normalising)."""
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request(method, path, headers=headers or {})
        resp = conn.getresponse()
        body = resp.read()
        return resp.status, {k.lower(): v for k, v in resp.getheaders()}, body
    finally:
        conn.close()


def get_or_refused(server, path):
    """Like get(), but a connection the server drops without answering (libwebsockets does
    that for some malformed paths) counts as a refusal: (None, {}, b"")."""
    try:
        return get(server, path)
    except (http.client.RemoteDisconnected, ConnectionResetError):
        return None, {}, b""


def get_json(server, path):
    status, headers, body = get(server, path)
    assert status == 200, (path, status, body[:300])
    assert headers["content-type"].startswith("application/json"), headers
    return json.loads(body)


def test_health_fields(server):
    health = get_json(server, "/api/health")
    assert health["status"] == "ok"
    assert isinstance(health["version"], str) and health["version"]
    for key in ("sessions", "connections"):
        assert isinstance(health[key], int) and health[key] >= 0, health


@async_test()
async def test_health_counts_sessions_and_connections(start_server):
    # A server of its own: on the shared one, sessions of earlier tests expire (60 s after their
    # last connection left) while this test runs, and the totals moved by more than its own two.
    server = start_server()
    before = get_json(server, "/api/health")
    async with Client.connect(server.ws_url) as a, Client.connect(server.ws_url) as b:
        await a.call("session.create", clock="manual")
        await b.call("session.create")
        during = get_json(server, "/api/health")
        assert during["connections"] >= before["connections"] + 2, (before, during)
        assert during["sessions"] >= before["sessions"] + 2, (before, during)


def test_static_page_and_csp(server):
    status, headers, body = get(server, "/")
    assert status == 200
    assert headers["content-type"].startswith("text/html")
    assert b"<canvas" in body.lower() or b"<script" in body.lower()
    csp = headers.get("content-security-policy", "")
    directives = {d.strip().split(" ", 1)[0]: d.strip() for d in csp.split(";") if d.strip()}
    assert "script-src" in directives or "default-src" in directives, csp
    script_src = directives.get("script-src", directives.get("default-src"))
    # Only the page's own scripts: no inline, no eval, no other hosts.
    assert "'self'" in script_src or "'none'" in script_src, csp
    for bad in ("'unsafe-inline'", "'unsafe-eval'", "*", "http:", "https:"):
        assert bad not in script_src.split(), f"script-src allows {bad}: {csp}"
    assert headers.get("x-content-type-options") == "nosniff"


def test_index_html_same_as_root(server):
    assert get(server, "/index.html")[2] == get(server, "/")[2]


def test_scripts_are_served_as_javascript(server):
    _, _, body = get(server, "/")
    import re
    srcs = re.findall(rb'<script[^>]+src="([^"]+)"', body)
    assert srcs, "the page loads no script"
    for src in srcs:
        path = "/" + src.decode().lstrip("/")
        status, headers, _ = get(server, path)
        assert status == 200, path
        assert "javascript" in headers["content-type"], (path, headers["content-type"])


@pytest.mark.skipif(not FONT.exists(), reason="fonts-dejavu-core is not installed")
def test_font_served(server):
    status, headers, body = get(server, "/fonts/dejavu/DejaVuSans.ttf")
    assert status == 200
    assert body == FONT.read_bytes()
    assert "font" in headers["content-type"] or "octet-stream" in headers["content-type"], headers


@pytest.mark.skipif(not FONT.exists(), reason="fonts-dejavu-core is not installed")
def test_fonts_are_cached_and_revalidated_and_the_page_is_not(server):
    """The fonts (5.5 MB) were sent again on every load with `no-store`: now a day's max-age and
    an etag, so a revalidation costs a 304; the page's own files change with the server."""
    status, headers, _ = get(server, "/fonts/dejavu/DejaVuSans.ttf")
    assert status == 200 and "max-age=86400" in headers["cache-control"], headers
    assert "no-store" not in headers["cache-control"] and headers.get("etag"), headers
    status, _, body = get(server, "/fonts/dejavu/DejaVuSans.ttf", headers={"If-None-Match": headers["etag"]})
    assert status == 304 and body == b""
    _, page_headers, _ = get(server, "/js/main.js")
    assert page_headers["cache-control"] == "no-store", page_headers


def test_unknown_static_file_404(server):
    status, _, _ = get(server, "/no-such-file.js")
    assert status == 404


@pytest.mark.parametrize("path", ["/api/nope", "/api/", "/api/health/extra", "/api/recordingsx"])
def test_unknown_api_route_404(server, path):
    status, headers, body = get(server, path)
    assert status == 404, (path, status, body)
    assert headers["content-type"].startswith("application/json")
    assert json.loads(body)["error"] == "not_found"


@pytest.mark.parametrize("method", ["DELETE", "POST", "PUT"])
def test_api_only_get(server, method):
    status, headers, body = get(server, "/api/recordings", method=method)
    assert status == 405, status
    assert headers.get("allow") == "GET, HEAD", headers
    # One answer only (http.client sends POST and PUT with content-length: 0; libwebsockets still
    # reports a body completion for them, which must not answer a second time).
    assert json.loads(body)["error"] == "bad_request", body


def test_recordings_list_is_json_array(server):
    listing = get_json(server, "/api/recordings")
    assert isinstance(listing, list)
    for row in listing:
        assert set(row) >= {"name", "title", "created", "duration", "bytes"}, row


def test_an_unreadable_recording_is_listed_with_why(server):
    """A file in the recordings folder that is not a recording is listed (so it can be found and
    removed) with "error" saying why; good recordings have no such field."""
    name = "it-unreadable-listing"
    path = server.recordings / f"{name}.pcast"
    path.write_text("this is not a recording\n")
    try:
        listing = get_json(server, "/api/recordings")
        row = next(r for r in listing if r["name"] == name)
        assert isinstance(row["error"], str) and row["error"], row
        assert row["duration"] == 0 and row["bytes"] == len("this is not a recording\n"), row
        assert all("error" not in r for r in listing if r["name"] != name and r["title"]), listing
    finally:
        path.unlink(missing_ok=True)


@pytest.fixture
def secret_outside(server):
    """A valid-looking recording one folder above the recordings folder, and a plain file."""
    parent = server.recordings.parent
    secret = parent / "secret.pcast"
    secret.write_text('{"format":"progresscast","version":1}\n')
    (parent / "secret").write_text("secret\n")
    yield "secret"
    secret.unlink(missing_ok=True)
    (parent / "secret").unlink(missing_ok=True)


@pytest.mark.parametrize("path", [
    "/api/recordings/..%2f..%2fetc%2fpasswd",
    "/api/recordings/../x",
    "/api/recordings/..%2fsecret",
    "/api/recordings/..%2fsecret.pcast",
    "/api/recordings/%2e%2e%2fsecret",
    "/api/recordings/%2e%2e/secret",
    "/api/recordings/../secret",
    "/api/recordings/..",
    "/api/recordings/%2fetc%2fpasswd",
    "/api/recordings/..%5csecret",
    "/api/recordings/secret%00",
])
def test_recordings_path_traversal_refused(server, secret_outside, path):
    status, _, body = get_or_refused(server, path)
    assert status in (None, 400, 403, 404), (path, status, body[:200])
    assert b"root:" not in body and b'"format"' not in body and b"secret\n" not in body, \
        f"{path} leaked a file outside the recordings folder: {body[:200]}"


@pytest.mark.parametrize("path", ["/../../../../etc/passwd", "/%2e%2e/%2e%2e/%2e%2e/etc/passwd",
                                  "/..%2f..%2f..%2fetc%2fpasswd", "/js/../../../../etc/passwd",
                                  "/fonts/../../../../etc/passwd", "/fonts/%2e%2e/%2e%2e/%2e%2e/%2e%2e/etc/passwd"])
def test_static_path_traversal_refused(server, path):
    status, _, body = get_or_refused(server, path)
    assert b"root:" not in body, f"{path} served /etc/passwd"
    assert status in (None, 400, 403, 404), (path, status)


def test_recording_symlink_not_served(server, secret_outside):
    link = server.recordings / "link.pcast"
    os.symlink(server.recordings.parent / "secret.pcast", link)
    try:
        status, _, body = get(server, "/api/recordings/link")
        assert status == 404, (status, body[:200])
        assert "link" not in [r["name"] for r in get_json(server, "/api/recordings")]
    finally:
        link.unlink()


def test_recording_served_with_ndjson_type(server):
    text = ('{"format":"progresscast","version":1,"title":"hand made","created":"2026-01-01T00:00:00Z",'
            '"canvas":{"width":375,"height":667},"fps":60,"generator":"test"}\n'
            '[0,"c",{"op":"session.create","clock":"manual"}]\n[1500000,"e",{"reason":"stopped"}]\n')
    (server.recordings / "handmade.pcast").write_text(text)
    try:
        for path in ("/api/recordings/handmade", "/api/recordings/handmade.pcast"):
            status, headers, body = get(server, path)
            assert status == 200, path
            assert headers["content-type"].startswith("application/x-ndjson")
            assert body.decode() == text
        row = next(r for r in get_json(server, "/api/recordings") if r["name"] == "handmade")
        assert row["title"] == "hand made"
        assert row["created"] == "2026-01-01T00:00:00Z"
        assert row["bytes"] == len(text.encode())
        assert is_number(row["duration"]) and abs(row["duration"] - 1.5) < 1e-9
        assert get(server, "/api/recordings/nothere")[0] == 404
    finally:
        (server.recordings / "handmade.pcast").unlink()
