"""Binary frames (docs/protocol.md section 9) on the page, against the real server.

- By default the page asks for binary frames: its WebSocket receives binary messages, the
  window.progresscast.frames hook and the status bar say "binary", and the frame it decoded is,
  as JSON.stringify writes it, byte for byte the JSON frame a side client gets for the same seq.
- frames=json in the query string or the fragment gets JSON frames (and the fragment keeps it).
- The canvas drawn from binary frames equals, pixel for pixel, the canvas drawn from JSON frames.
- decodeBinaryFrame on hand-built bytes (a Python encoder of section 9 below): every shape kind with
  every optional field present and absent decodes to the JSON object written out here; truncated,
  bad magic, unknown kind/enum/flag, over-long varints, lengths past the end, bad UTF-8 and trailing
  bytes are refused; the page's connection drops such a message, counts it and warns once.

The scene is a manual-clock session, so its frame stays put while the page is compared with it.
"""
import json
import time
from decimal import Decimal

import numpy as np
import pytest

from pcbrowser import SCREENSHOTS, canvas_png, wait_js
from pcpage import canvas_rgba, open_page, snap, wait_drawn
from pcws import WsClient

# Shapes of most kinds, a group mid-animation (alpha and m), text in two scripts.
SCENE = [
    ("bar.create", {"target": "b1", "frame": {"x": 20, "y": 620, "width": 335, "height": 20}}),
    ("bar.set", {"target": "b1", "value": 0.4}),
    ("bar.buffer", {"target": "b1", "value": 0.7}),
    ("hud.show", {"target": "h1", "mode": "annular", "progress": 0.3, "label": "Loading 加载中",
                  "details": "2 of 5", "background": "gradient", "animated": False}),
    ("hud.show", {"target": "h3", "mode": "indeterminate", "offset": {"x": -100, "y": -220}, "animated": False}),
    ("hud.show", {"target": "h4", "mode": "determinate", "progress": 0.6, "offset": {"x": 100, "y": -220},
                  "animation": "zoom"}),
    ("hud.status", {"target": "h2", "kind": "success", "text": "Done", "offset": {"x": 0, "y": 200}}),
    ("clock.advance", {"by": 0.1}),
]

# Records the type and size of every message the page's WebSocket receives from now on.
CAPTURE_MESSAGES = """
window.__received = [];
window.progresscast.app.conn.ws.addEventListener('message', (e) => window.__received.push(
  e.data instanceof ArrayBuffer ? { binary: e.data.byteLength } : { text: typeof e.data === 'string' ? e.data.length : -1 }));
"""


@pytest.fixture
def scene(server_url):
    """A manual-clock session holding SCENE; yields (session id, token, the controlling client)."""
    with WsClient(server_url) as client:
        ack = client.request("session.create", clock="manual")
        assert ack["type"] == "ack", ack
        for op, fields in SCENE:
            reply = client.request(op, **fields)
            assert reply["type"] == "ack", reply
        yield ack["session"], ack["token"], client


def json_frame_text(server_url, session, timeout=10.0):
    """The session's current frame exactly as the server writes it for a JSON connection: a side
    client joins with frames json and returns the frame message's text."""
    with WsClient(server_url) as side:
        side.ws.send(json.dumps({"op": "session.join", "id": 1, "session": session, "frames": "json"}))
        deadline = time.monotonic() + timeout
        while True:
            msg = side.ws.recv(timeout=max(0.01, deadline - time.monotonic()))
            assert isinstance(msg, str), f"a JSON connection was sent a binary message ({len(msg)} bytes)"
            parsed = json.loads(msg)
            if parsed.get("type") == "error":
                raise AssertionError(parsed)
            if parsed.get("type") == "frame":
                return msg


def frames_hook(driver):
    return driver.execute_script("return window.progresscast.frames;")


def page_frame_as_json(driver, seq):
    """Waits until the page's newest frame has `seq`; returns JSON.stringify of it."""
    wait_js(driver, f"window.progresscast.lastFrame && window.progresscast.lastFrame.seq === {seq}")
    return driver.execute_script("return JSON.stringify(window.progresscast.lastFrame);")


def kinds(shapes):
    found = set()
    for s in shapes:
        found.add(s["kind"])
        if s["kind"] == "group":
            found |= kinds(s["items"])
    return found


def assert_same_as_server(driver, server_url, session):
    """The page's newest frame, written as JSON, is byte for byte the server's JSON frame for its seq."""
    expected = json_frame_text(server_url, session)
    seq = json.loads(expected)["seq"]
    got = page_frame_as_json(driver, seq)
    assert json.loads(got) == json.loads(expected)  # a readable diff first
    assert got == expected, "same values, different JSON text (key order or number form)"
    return json.loads(expected), expected


def test_page_receives_binary_frames_by_default(browser, server_url, scene):
    driver = browser
    session, token, client = scene
    open_page(driver, f"{server_url}/#session={session}&token={token}")
    hook = frames_hook(driver)
    assert hook["wanted"] == "binary" and hook["acked"] == "binary", hook
    assert hook["last"] == "binary" and hook["binary"] >= 1 and hook["json"] == 0 and hook["decodeErrors"] == 0, hook
    wait_js(driver, "document.getElementById('status-frames').textContent === 'binary'")

    frame, text = assert_same_as_server(driver, server_url, session)
    assert len(kinds(frame["shapes"])) >= 6, kinds(frame["shapes"])  # a meaningful comparison
    # The page's own connection: frame.get's reply (JSON) holds the same frame.
    via_get = driver.execute_async_script("""
const done = arguments[0];
window.progresscast.app.send({ op: 'frame.get' }).then((r) => done(r.type === 'ack' && r.frame.seq === window.progresscast.lastFrame.seq
  ? JSON.stringify(r.frame) === JSON.stringify(window.progresscast.lastFrame) : r));""")
    assert via_get is True, via_get

    # A change: the next frame comes as a binary message too, smaller than its JSON, and decodes right.
    driver.execute_script(CAPTURE_MESSAGES)
    before = frames_hook(driver)["binary"]
    assert client.request("clock.advance", by=0.05)["type"] == "ack"
    wait_js(driver, f"window.progresscast.frames.binary > {before}")
    frame2, text2 = assert_same_as_server(driver, server_url, session)
    assert frame2["seq"] > frame["seq"]
    received = driver.execute_script("return window.__received;")
    binary = [m["binary"] for m in received if "binary" in m]
    assert binary, received
    assert binary[-1] * 2 < len(text2.encode()), (binary[-1], len(text2.encode()))
    hook = frames_hook(driver)
    assert hook["json"] == 0 and hook["decodeErrors"] == 0, hook


@pytest.mark.parametrize("where", ["query", "fragment"])
def test_frames_json_in_the_url_gets_json_frames(browser, server_url, scene, where):
    driver = browser
    session, token, client = scene
    url = (f"{server_url}/?frames=json#session={session}&token={token}" if where == "query"
           else f"{server_url}/#session={session}&token={token}&frames=json")
    open_page(driver, url)
    driver.execute_script(CAPTURE_MESSAGES)
    hook = frames_hook(driver)
    assert hook["wanted"] == "json" and hook["acked"] == "json", hook
    assert hook["last"] == "json" and hook["json"] >= 1 and hook["binary"] == 0, hook
    wait_js(driver, "document.getElementById('status-frames').textContent === 'json'")
    # The page rewrote the fragment after joining and kept the choice (a reload keeps JSON).
    fragment = driver.execute_script("return location.hash;")
    assert f"session={session}" in fragment
    assert ("frames=json" in fragment) == (where == "fragment"), fragment
    assert "frames=json" in driver.execute_script("return location.href;")

    before = hook["json"]
    assert client.request("clock.advance", by=0.05)["type"] == "ack"
    wait_js(driver, f"window.progresscast.frames.json > {before}")
    assert_same_as_server(driver, server_url, session)
    received = driver.execute_script("return window.__received;")
    assert received and all("text" in m for m in received), received
    assert frames_hook(driver)["binary"] == 0


def draw_and_read(driver, url, name, seq):
    """Opens the page at `url`, waits until frame `seq` is on the canvas; returns (frame, pixels)."""
    open_page(driver, url)
    frame = wait_drawn(driver, f"f.seq === {seq}")
    pixels, _ = canvas_rgba(driver)
    canvas_png(driver, SCREENSHOTS / f"{name}-canvas.png")
    snap(driver, name)
    return frame, pixels


def test_binary_and_json_frames_draw_the_same_pixels(browser, server_url, scene):
    driver = browser
    session, token, _ = scene
    seq = json.loads(json_frame_text(server_url, session))["seq"]
    base = f"{server_url}/#session={session}&token={token}"
    binary_frame, binary_pixels = draw_and_read(driver, base, "binary-frames-binary", seq)
    assert frames_hook(driver)["last"] == "binary"
    json_frame, json_pixels = draw_and_read(driver, f"{base}&frames=json", "binary-frames-json", seq)
    assert frames_hook(driver)["last"] == "json"
    assert binary_frame == json_frame
    assert binary_pixels.shape == json_pixels.shape
    painted = int((binary_pixels[..., 3] > 0).sum())
    assert painted > 0.2 * binary_pixels.shape[0] * binary_pixels.shape[1], painted  # the scene is drawn
    differ = int((binary_pixels != json_pixels).any(axis=2).sum())
    assert differ == 0, f"{differ} pixels differ between the binary and the JSON page"


# ---- decodeBinaryFrame on hand-built bytes --------------------------------------------------------

def uvarint(n):
    out = bytearray()
    while True:
        low, n = n & 0x7F, n >> 7
        out.append(low | (0x80 if n else 0))
        if not n:
            return bytes(out)


def svarint(n):
    return uvarint(2 * n if n >= 0 else -2 * n - 1)


def num(value):
    """A number: svarint of value * 10,000 (exact: the test only uses values with <= 4 decimals)."""
    scaled = Decimal(repr(value)) * 10000
    assert scaled == scaled.to_integral_value(), value
    return svarint(int(scaled))


def nums(*values):
    return b"".join(num(v) for v in values)


def string(text):
    data = text.encode()
    return uvarint(len(data)) + data


def shape(kind, flags, *parts):
    return bytes([kind, flags]) + b"".join(parts)


def frame_bytes(seq, t_us, w, h, shapes, magic=b"PCF1"):
    return magic + uvarint(seq) + svarint(t_us) + nums(w, h) + uvarint(len(shapes)) + b"".join(shapes)


RED = bytes([0xFF, 0, 0, 0xFF])
CLEAR_GREEN = bytes([0, 0xFF, 0, 0])
INK = bytes([0xAB, 0xCD, 0xEF, 0xFF])
HALF_BLACK = bytes([0, 0, 0, 0x80])

# Every kind with every optional field present (and id), and again with none; every enumeration value.
EVERY_SHAPE = [
    shape(0, 1 | 2 | 4 | 8 | 16, string("bg"), nums(-10.5, 0.0001, 1000000000, -1000000000, 12.3456), INK, HALF_BLACK, num(2)),
    shape(0, 0, nums(1, 2, 3, 4)),
    shape(1, 1 | 2, string("arc"), nums(10, 20, 5, -1.5708, 3.1416, 2), RED, bytes([1])),
    shape(1, 0, nums(0, 0, 1, 0, 6.2832, 0.5), CLEAR_GREEN),
    shape(2, 1, string("pie"), nums(30, 40, 14.5, -1.5708, 2.2), HALF_BLACK),
    shape(2, 0, nums(1, 1, 1, 0, 1), RED),
    shape(3, 1 | 2, string("spoke"), nums(1, 2, 3, 4, 3), INK, bytes([2])),
    shape(3, 0, nums(-1, -2, -3, -4, 1), RED),
    shape(4, 1 | 2 | 4 | 8 | 16 | 32, string("check"), string("M 0 0 L 10 10 Z"), RED, INK, num(1.5), bytes([0]), bytes([2])),
    shape(4, 0, string("M1 1")),
    shape(4, 32, string("M2 2"), bytes([1])),
    shape(4, 16 | 32, string("M3 3"), bytes([2]), bytes([0])),
    shape(5, 1 | 2 | 4 | 8, string("label"), nums(187.5, 605), string("加载中… ✓ 🚀 \"q\"\n"), num(16), HALF_BLACK, bytes([1]), bytes([2])),
    shape(5, 0, nums(0, 0), string(""), num(12), INK),
    shape(5, 2 | 4, nums(1, 2), string("a"), num(10), RED, bytes([0]), bytes([0])),
    shape(5, 2 | 4 | 8, nums(3, 4), string("b"), num(11), RED, bytes([2]), bytes([1])),
    shape(5, 2 | 16, nums(5, 6), string("שלום"), num(12), RED, bytes([0])),
    shape(6, 1, string("glow"), nums(0, 0, 375, 667, 187.5, 333.5, 400), uvarint(2),
          num(0), bytes([0xFF, 0xFF, 0xFF, 0]), num(1), bytes([0, 0, 0, 0xBF])),
    shape(6, 0, nums(1, 2, 3, 4, 5, 6, 7), uvarint(0)),
    shape(7, 1 | 2 | 4, string("h1"), num(0.8122), nums(0.9061, 0, 0, 0.9061, 26.9998, -10.6591), uvarint(2),
          shape(0, 0, nums(0, 0, 8, 8)), shape(7, 0, uvarint(0))),
    shape(7, 2, num(0.5), uvarint(0)),
    shape(7, 4, nums(1, 0, 0, 1, 5, 6), uvarint(1), shape(2, 0, nums(1, 1, 1, 0, 1), RED)),
]
EVERY_SHAPE_FRAME = frame_bytes(2 ** 40 + 7, 1234567891, 375, 667.5, EVERY_SHAPE)

EXPECTED = {
    "type": "frame", "seq": 2 ** 40 + 7, "t": 1234.567891, "w": 375, "h": 667.5, "shapes": [
        {"kind": "rect", "id": "bg", "x": -10.5, "y": 0.0001, "w": 1000000000, "h": -1000000000, "r": 12.3456,
         "fill": "#abcdef", "stroke": "#00000080", "lw": 2},
        {"kind": "rect", "x": 1, "y": 2, "w": 3, "h": 4},
        {"kind": "arc", "id": "arc", "cx": 10, "cy": 20, "r": 5, "a0": -1.5708, "a1": 3.1416, "lw": 2,
         "stroke": "#ff0000", "cap": "round"},
        {"kind": "arc", "cx": 0, "cy": 0, "r": 1, "a0": 0, "a1": 6.2832, "lw": 0.5, "stroke": "#00ff0000"},
        {"kind": "pie", "id": "pie", "cx": 30, "cy": 40, "r": 14.5, "a0": -1.5708, "a1": 2.2, "fill": "#00000080"},
        {"kind": "pie", "cx": 1, "cy": 1, "r": 1, "a0": 0, "a1": 1, "fill": "#ff0000"},
        {"kind": "line", "id": "spoke", "x1": 1, "y1": 2, "x2": 3, "y2": 4, "lw": 3, "stroke": "#abcdef", "cap": "square"},
        {"kind": "line", "x1": -1, "y1": -2, "x2": -3, "y2": -4, "lw": 1, "stroke": "#ff0000"},
        {"kind": "path", "id": "check", "d": "M 0 0 L 10 10 Z", "fill": "#ff0000", "stroke": "#abcdef", "lw": 1.5,
         "cap": "butt", "join": "bevel"},
        {"kind": "path", "d": "M1 1"},
        {"kind": "path", "d": "M2 2", "join": "round"},
        {"kind": "path", "d": "M3 3", "cap": "square", "join": "miter"},
        {"kind": "text", "id": "label", "x": 187.5, "y": 605, "text": "加载中… ✓ 🚀 \"q\"\n", "size": 16, "weight": 700,
         "fill": "#00000080", "align": "center", "baseline": "middle"},
        {"kind": "text", "x": 0, "y": 0, "text": "", "size": 12, "weight": 400, "fill": "#abcdef"},
        {"kind": "text", "x": 1, "y": 2, "text": "a", "size": 10, "weight": 400, "fill": "#ff0000", "align": "left",
         "baseline": "alphabetic"},
        {"kind": "text", "x": 3, "y": 4, "text": "b", "size": 11, "weight": 700, "fill": "#ff0000", "align": "right",
         "baseline": "top"},
        {"kind": "text", "x": 5, "y": 6, "text": "שלום", "size": 12, "weight": 400, "fill": "#ff0000",
         "align": "left", "dir": "rtl"},
        {"kind": "radial", "id": "glow", "x": 0, "y": 0, "w": 375, "h": 667, "cx": 187.5, "cy": 333.5, "r": 400,
         "stops": [[0, "#ffffff00"], [1, "#000000bf"]]},
        {"kind": "radial", "x": 1, "y": 2, "w": 3, "h": 4, "cx": 5, "cy": 6, "r": 7, "stops": []},
        {"kind": "group", "id": "h1", "alpha": 0.8122, "m": [0.9061, 0, 0, 0.9061, 26.9998, -10.6591], "items": [
            {"kind": "rect", "x": 0, "y": 0, "w": 8, "h": 8},
            {"kind": "group", "items": []},
        ]},
        {"kind": "group", "alpha": 0.5, "items": []},
        {"kind": "group", "m": [1, 0, 0, 1, 5, 6], "items": [
            {"kind": "pie", "cx": 1, "cy": 1, "r": 1, "a0": 0, "a1": 1, "fill": "#ff0000"},
        ]},
    ],
}

# Decodes each byte list with the page's module: {frame, json} or {error, isError}.
DECODE_JS = """
const [inputs, done] = arguments;
import('/js/binary-frame.js').then(({ decodeBinaryFrame }) => done(inputs.map((bytes) => {
  try {
    const frame = decodeBinaryFrame(new Uint8Array(bytes).buffer);
    return { frame, json: JSON.stringify(frame) };
  } catch (e) {
    return { error: String(e && e.message), isError: e instanceof Error };
  }
}))).catch((e) => done([{ importError: String(e) }]));
"""


def decode_all(driver, inputs):
    results = driver.execute_async_script(DECODE_JS, [list(b) for b in inputs])
    assert "importError" not in results[0], results[0]
    return results


def refused(driver, data):
    (result,) = decode_all(driver, [data])
    assert "error" in result, f"decoded instead of refusing: {result}"
    assert result["isError"] and result["error"].startswith("binary frame:"), result
    return result["error"]


@pytest.fixture
def page(browser, server_url):
    open_page(browser, f"{server_url}/")
    return browser


def test_decoder_gives_the_json_object_for_every_shape_kind(page):
    driver = page
    (result,) = decode_all(driver, [EVERY_SHAPE_FRAME])
    assert "frame" in result, result
    assert result["frame"] == EXPECTED
    # Same keys in the same order, numbers as JSON.parse has them (the text goes in as text: the
    # driver sorts the keys of objects passed as arguments).
    expected_json = driver.execute_script("return JSON.stringify(JSON.parse(arguments[0]));",
                                          json.dumps(EXPECTED, ensure_ascii=False))
    assert result["json"] == expected_json
    # A frame with no shapes; time before 0 and large values beyond 2^32.
    (empty,) = decode_all(driver, [frame_bytes(0, -1500000, -1000000000, 1000000000, [])])
    assert empty["frame"] == {"type": "frame", "seq": 0, "t": -1.5, "w": -1000000000, "h": 1000000000, "shapes": []}


def test_decoder_refuses_malformed_input(page):
    driver = page
    valid = EVERY_SHAPE_FRAME
    # Truncated anywhere: every proper prefix.
    for length, result in enumerate(decode_all(driver, [valid[:n] for n in range(len(valid))])):
        assert "error" in result and "past the end" in result["error"], (length, result)
    assert "magic" in refused(driver, b"PCF2" + valid[4:])
    assert "unknown shape kind byte 8" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(8, 0)]))
    assert "unknown cap byte 3" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(3, 2, nums(1, 2, 3, 4, 1), RED, bytes([3]))]))
    assert "unknown join byte 3" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(4, 32, string("M"), bytes([3]))]))
    assert "unknown align byte 7" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(5, 2, nums(1, 2), string("a"), num(1), RED, bytes([7]))]))
    assert "unknown baseline byte 3" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(5, 4, nums(1, 2), string("a"), num(1), RED, bytes([3]))]))
    assert "flag bits" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(2, 2, nums(1, 1, 1, 0, 1), RED)]))
    assert "too large" in refused(driver, b"PCF1" + b"\xff" * 9 + b"\x01" + svarint(0) + nums(1, 1) + uvarint(0))
    assert "longer than 10 bytes" in refused(driver, b"PCF1" + b"\x80" * 10 + b"\x01" + svarint(0) + nums(1, 1) + uvarint(0))
    assert "past the end" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(4, 0, uvarint(100), b"M 0 0")]))
    assert "not UTF-8" in refused(driver, frame_bytes(1, 0, 1, 1, [shape(4, 0, uvarint(2), b"\xc3\x28")]))
    assert "left over" in refused(driver, valid + b"\x00")


def test_connection_drops_bad_binary_messages_and_warns_once(page):
    driver = page
    driver.get_log("browser")  # start from an empty console log
    small = frame_bytes(9, 2000000, 375, 667, [shape(0, 4, nums(10, 10, 20, 20), RED)])
    result = driver.execute_script("""
const [bad1, bad2, good] = [...arguments].map((b) => new Uint8Array(b).buffer);
const pc = window.progresscast, conn = pc.app.conn;
const before = pc.frames, frameBefore = pc.lastFrame;
let threw = null;
try { conn.receive(bad1); conn.receive(bad2); } catch (e) { threw = String(e); }
const afterBad = pc.frames, sameFrame = pc.lastFrame === frameBefore;
conn.receive(good);
return { before, afterBad, sameFrame, threw, after: pc.frames, last: pc.lastFrame };""",
                                   list(b"PCF2" + small[4:]), list(small + b"\x00"), list(small))
    assert result["threw"] is None and result["sameFrame"], result
    before, after_bad, after = result["before"], result["afterBad"], result["after"]
    assert after_bad["decodeErrors"] == before["decodeErrors"] + 2 and after_bad["binary"] == before["binary"], result
    assert after["binary"] == before["binary"] + 1 and after["last"] == "binary", result
    assert result["last"] == {"type": "frame", "seq": 9, "t": 2, "w": 375, "h": 667,
                              "shapes": [{"kind": "rect", "x": 10, "y": 10, "w": 20, "h": 20, "fill": "#ff0000"}]}
    warnings = [e["message"] for e in driver.get_log("browser") if "ignored a binary message" in e["message"]]
    assert len(warnings) == 1 and "bad magic" in warnings[0], warnings
    wait_js(driver, "document.getElementById('status-frames').textContent === 'binary'")
