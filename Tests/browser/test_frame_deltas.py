"""Frame deltas (docs/protocol.md section 10) on the page, against the real server.

- With `?delta=1` the page asks for deltas: after the frame it joins on, changes come as delta messages
  (binary `PCD1`, or JSON `delta` with frames=json), and the frame the page rebuilds from each is,
  as JSON.stringify writes it, byte for byte the JSON frame a side client gets for the same seq.
- The canvas drawn from deltas equals, pixel for pixel, the canvas of a page asking for none (the
  default), which gets whole frames only.
- A delta that does not apply to the frame shown is dropped, counted and warned about, and the page
  asks for the whole frame and shows it; applyDelta and decodeBinaryDelta refuse malformed input.
"""
import json
import time

import pytest

from pcbrowser import SCREENSHOTS, canvas_png, wait_js
from pcpage import canvas_rgba, open_page, snap, wait_drawn
from pcws import WsClient
from test_binary_frames import CAPTURE_MESSAGES, assert_same_as_server, frames_hook, json_frame_text
from test_binary_frames import scene  # noqa: F401 (a fixture)

CHANGES = [
    ("clock.advance", {"by": 0.05}),
    ("bar.set", {"target": "b1", "value": 0.8}),
    ("hud.update", {"target": "h1", "progress": 0.75, "label": "Almost 快好了"}),
    ("clock.advance", {"by": 0.3}),
    ("hud.hide", {"target": "h3", "animated": False}),
    ("bar.create", {"target": "b2", "frame": {"x": 20, "y": 40, "width": 335, "height": 6}}),
]

# Records the first four bytes (as text) or the type of every message the page receives from now on.
CAPTURE_KINDS = """
window.__kinds = [];
window.progresscast.app.conn.ws.addEventListener('message', (e) => window.__kinds.push(
  e.data instanceof ArrayBuffer ? String.fromCharCode(...new Uint8Array(e.data, 0, 4)) : JSON.parse(e.data).type));
"""


@pytest.mark.parametrize("frames", ["binary", "json"])
def test_changes_come_as_deltas_and_rebuild_the_servers_frames(browser, server_url, scene, frames):  # noqa: F811
    driver = browser
    session, token, client = scene
    suffix = "&frames=json" if frames == "json" else ""
    open_page(driver, f"{server_url}/?delta=1#session={session}&token={token}{suffix}")
    driver.execute_script(CAPTURE_KINDS)
    for op, fields in CHANGES:
        before = frames_hook(driver)["deltas"]
        assert client.request(op, **fields)["type"] == "ack"
        wait_js(driver, f"window.progresscast.frames.deltas > {before}")
        assert_same_as_server(driver, server_url, session)
    hook = frames_hook(driver)
    assert hook["deltas"] >= len(CHANGES) and hook["deltaErrors"] == 0 and hook["decodeErrors"] == 0, hook
    kinds = [k for k in driver.execute_script("return window.__kinds;") if k in ("PCF1", "PCD1", "frame", "delta")]
    expected = "PCD1" if frames == "binary" else "delta"
    assert len(kinds) >= len(CHANGES) and all(kind == expected for kind in kinds), kinds
    snap(driver, f"frame-deltas-{frames}")


def test_deltas_draw_the_same_pixels_as_whole_frames(browser, server_url, scene):  # noqa: F811
    driver = browser
    session, token, client = scene
    open_page(driver, f"{server_url}/?delta=1#session={session}&token={token}")
    for op, fields in CHANGES:
        assert client.request(op, **fields)["type"] == "ack"
    seq = json.loads(json_frame_text(server_url, session))["seq"]
    frame = wait_drawn(driver, f"f.seq === {seq}")
    assert frames_hook(driver)["deltas"] >= 1
    pixels, _ = canvas_rgba(driver)
    canvas_png(driver, SCREENSHOTS / "frame-deltas-canvas.png")

    open_page(driver, f"{server_url}/#session={session}&token={token}")
    whole_frame = wait_drawn(driver, f"f.seq === {seq}")
    assert frames_hook(driver)["deltas"] == 0
    whole_pixels, _ = canvas_rgba(driver)
    assert frame == whole_frame
    painted = int((pixels[..., 3] > 0).sum())
    assert painted > 0.2 * pixels.shape[0] * pixels.shape[1], painted
    differ = int((pixels != whole_pixels).any(axis=2).sum())
    assert differ == 0, f"{differ} pixels differ between the page drawing deltas and the one drawing whole frames"


def test_by_default_the_page_gets_whole_frames(browser, server_url, scene):  # noqa: F811
    driver = browser
    session, token, client = scene
    open_page(driver, f"{server_url}/#session={session}&token={token}")
    driver.execute_script(CAPTURE_KINDS)
    before = frames_hook(driver)["binary"]
    assert client.request("clock.advance", by=0.05)["type"] == "ack"
    wait_js(driver, f"window.progresscast.frames.binary > {before}")
    kinds = [k for k in driver.execute_script("return window.__kinds;") if k in ("PCF1", "PCD1")]
    assert kinds == ["PCF1"], kinds


def test_a_delta_that_does_not_apply_is_dropped_and_the_whole_frame_fetched(browser, server_url, scene):  # noqa: F811
    driver = browser
    session, token, client = scene
    open_page(driver, f"{server_url}/?delta=1#session={session}&token={token}")
    shown = driver.execute_script("return window.progresscast.lastFrame.seq;")
    # A delta over a frame the page does not show: as if the server had sent one over another base.
    driver.execute_script(
        "window.progresscast.app.conn.receive(JSON.stringify(arguments[0]));",
        {"type": "delta", "seq": shown + 5, "base": shown + 4, "t": 0, "n": 0, "edits": []})
    wait_js(driver, "window.progresscast.frames.deltaErrors === 1")
    # The page fetched the whole frame (frame.get) and still shows the server's frame.
    assert_same_as_server(driver, server_url, session)
    assert client.request("clock.advance", by=0.05)["type"] == "ack"
    assert_same_as_server(driver, server_url, session)
    assert frames_hook(driver)["deltaErrors"] == 1


APPLY_JS = """
const [cases, done] = arguments;
import('/js/frame-delta.js').then(({ applyDelta }) => done(cases.map(([frame, delta]) => {
  try {
    return { frame: applyDelta(frame, delta) };
  } catch (e) {
    return { error: String(e && e.message) };
  }
}))).catch((e) => done([{ importError: String(e) }]));
"""


def test_apply_delta_edits_and_refuses_what_does_not_fit(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    a, b, c = ({"kind": "rect", "x": i, "y": 0, "w": 1, "h": 1} for i in range(3))
    frame = {"type": "frame", "seq": 4, "t": 1, "w": 10, "h": 20, "shapes": [a, b]}

    def delta(edits, n, base=4):
        return {"type": "delta", "seq": 5, "base": base, "t": 1.5, "n": n, "edits": edits}

    cases = [
        (frame, delta([[1, 1, [c, c]], [2, 0, [a]]], 4)),
        (frame, delta([], 2)),
        (frame, delta([], 2, base=3)),
        (frame, delta([], 3)),
        (frame, delta([[1, 2, []]], 1)),
        (frame, delta([[1, 0, []], [0, 0, []]], 2)),
        (frame, delta([[0, 0]], 2)),
    ]
    results = driver.execute_async_script(APPLY_JS, cases)
    assert "importError" not in results[0], results[0]
    assert results[0] == {"frame": {"type": "frame", "seq": 5, "t": 1.5, "w": 10, "h": 20, "shapes": [a, c, c, a]}}
    assert results[1]["frame"]["shapes"] == [a, b] and results[1]["frame"]["seq"] == 5
    assert "base 3" in results[2]["error"]
    assert "2 shapes after the edits, not 3" in results[3]["error"]
    for result in results[4:]:
        assert "does not fit" in result["error"], result


DECODE_DELTA_JS = """
const [inputs, done] = arguments;
import('/js/binary-frame.js').then(({ decodeBinaryDelta }) => done(inputs.map((bytes) => {
  try {
    return { delta: decodeBinaryDelta(new Uint8Array(bytes).buffer) };
  } catch (e) {
    return { error: String(e && e.message) };
  }
}))).catch((e) => done([{ importError: String(e) }]));
"""


def test_binary_deltas_decode_and_malformed_ones_are_refused(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    # seq 5, base 4, t 1.5 s (zigzag of 1,500,000), n 1, one edit: at 0, removed 2, one pie.
    pie = bytes([2, 0]) + bytes([0] * 5) + bytes([1, 2, 3, 255])
    good = b"PCD1" + bytes([5, 4]) + bytes([0xC0, 0x8D, 0xB7, 0x01]) + bytes([1, 1, 0, 2, 1]) + pie
    inputs = [good, good[:-1], good + b"\0", b"PCF1" + good[4:], b"PCD1" + bytes([5, 4, 0, 0, 9])]
    results = driver.execute_async_script(DECODE_DELTA_JS, [list(x) for x in inputs])
    assert "importError" not in results[0], results[0]
    assert results[0] == {"delta": {"type": "delta", "seq": 5, "base": 4, "t": 1.5, "n": 1, "edits": [
        [0, 2, [{"kind": "pie", "cx": 0, "cy": 0, "r": 0, "a0": 0, "a1": 0, "fill": "#010203"}]]]}}, results[0]
    assert "past the end" in results[1]["error"]
    assert "left over" in results[2]["error"]
    assert "magic" in results[3]["error"]
    assert "past the end" in results[4]["error"]


def test_one_delta_that_does_not_apply_costs_one_fetch_while_frames_stream(browser, server_url):
    """A live session animating at 60 fps: after one delta fails (the frame shown is made wrong by
    hand), the page asks for the whole frame once, drops the stream's delta to that same frame
    when it comes after the fetched one, and applies deltas again. (It used to take the fetched
    frame, refuse the stream's delta to it, fetch again, and so on: 20 refusals in a row.)"""
    driver = browser
    with WsClient(server_url) as client:
        ack = client.request("session.create")
        assert ack["type"] == "ack", ack
        for op, fields in [("hud.show", {"target": "spin", "mode": "indeterminate", "label": "Loading"}),
                           ("bar.create", {"target": "b", "frame": {"x": 20, "y": 600, "width": 335, "height": 4}}),
                           ("bar.set", {"target": "b", "value": 1, "duration": 30})]:
            assert client.request(op, **fields)["type"] == "ack"
        open_page(driver, f"{server_url}/?delta=1&frames=json#session={ack['session']}&token={ack['token']}")
        wait_js(driver, "window.progresscast.frames.deltas > 10")
        driver.execute_script("""
const c = window.progresscast.app.conn;
c.shown = { ...c.shown, seq: c.shown.seq - 1 };""")
        wait_js(driver, "window.progresscast.frames.deltaErrors >= 1")
        before = frames_hook(driver)["deltas"]
        wait_js(driver, f"window.progresscast.frames.deltas > {before + 30}")
        hook = frames_hook(driver)
        assert hook["deltaErrors"] <= 2, hook
        # Still the server's frames: the session's current one, once nothing moves any more (the
        # bar's set animates for a moment).
        assert client.request("bar.set", target="b", value=0.5)["type"] == "ack"
        assert client.request("hud.hide", target="spin", animated=False)["type"] == "ack"
        time.sleep(1.0)
        assert_same_as_server(driver, server_url, ack["session"])
