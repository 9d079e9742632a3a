"""Hostile and malformed input against the real server over a real WebSocket (docs/requirements.md section 9):
every case asserts the exact error code (or the documented close code) and that the connection
(or, after a close, a new connection) and the server stay usable.

Most cases are generated from OP_FIELDS, a table of every op's fields and their types;
test_table_covers_every_server_op fails when the server lists an op (GET /api/ops) that the
table lacks, so a new op cannot go untested.
"""
import contextlib
import http.client
import itertools
import json
import os

import pytest
from websockets.exceptions import ConnectionClosed

from itclient import Client, async_test

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}
_unique = itertools.count(1)

# --- the table -------------------------------------------------------------------------------
# Field types: num (finite number, with a range), int, str, bool, target (1-64 of A-Za-z0-9_-),
# color, size {width,height}, point {x,y}, rect {x,y,width,height}, choice (fixed strings).
# Each op: (setup, {field: (type, required)}, valid call, out-of-range values {field: [values]}).
# setup: none | manual | hud | bar | player | nav | scroll | refresh | recording | replay (what exists before the call).
HUD_PROPS = {
    "mode": ("choice", False), "progress": ("num", False), "label": ("str", False), "details": ("str", False),
    "button": ("str", False), "customView": ("choice", False), "animation": ("choice", False),
    "graceTime": ("num", False), "minShowTime": ("num", False), "removeOnHide": ("bool", False),
    "margin": ("num", False), "minSize": ("size", False), "square": ("bool", False), "offset": ("point", False),
    "cornerRadius": ("num", False), "contentColor": ("color", False), "bezelColor": ("color", False),
    "bezelStyle": ("choice", False), "background": ("choice", False), "backgroundColor": ("color", False),
    "position": ("choice", False), "interaction": ("choice", False), "queue": ("bool", False),
}
HUD_RANGES = {"progress": [-0.01, 1.01, 1e308, -1e308], "graceTime": [-1, 3601, 1e300], "minShowTime": [-0.5, 1e9],
              "margin": [-1, 201], "cornerRadius": [-1, 1001], "label": ["x" * 1001], "details": ["y" * 1001],
              "button": ["z" * 1001], "minSize": [{"width": -1, "height": 5}, {"width": 5, "height": 10001}],
              "offset": [{"x": 2e6, "y": 0}]}
BAR_STYLE = {"frame": ("rect", False), "barHeight": ("num", False), "dotSize": ("num", False), "trackColor": ("color", False),
             "fillColor": ("color", False), "dragColor": ("color", False), "bufferColor": ("color", False),
             "cornerRadius": ("num", False), "showDot": ("bool", False), "draggable": ("bool", False),
             "hitInset": ("num", False), "curve": ("choice", False), "label": ("str", False)}
BAR_RANGES = {"barHeight": [-1, 1e9], "dotSize": [-1], "frame": [{"x": 0, "y": 0, "width": -5, "height": 4}],
              "label": ["l" * 201]}
T = ("target", True)
NAV_SCREENS = [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]
NAV_SCREEN_FIELDS = {"title": ("str", False), "color": ("color", False), "prefersNavigationBarHidden": ("bool", False),
                     "interactivePopDisabled": ("bool", False),
                     "interactivePopMaxAllowedInitialDistanceToLeftEdge": ("num", False), "rows": ("rows", False)}
SCROLL_FRAME = {"x": 0, "y": 0, "width": 375, "height": 600}
REFRESH_OPTS = {"style": ("choice", False), "titles": ("titles", False), "language": ("choice", False),
                "lastUpdatedTimeHidden": ("bool", False), "stateHidden": ("bool", False),
                "automaticallyChangeAlpha": ("bool", False), "ignoredScrollViewContentInsetTop": ("num", False),
                "ignoredScrollViewContentInsetBottom": ("num", False), "automaticallyRefresh": ("bool", False),
                "triggerAutomaticallyRefreshPercent": ("num", False), "autoTriggerTimes": ("int", False),
                "loadDuration": ("num", False), "gifFrames": ("gifFrames", False)}
REFRESH_RANGES = {"ignoredScrollViewContentInsetTop": [10_000.5, -20_000], "ignoredScrollViewContentInsetBottom": [1e5],
                  "triggerAutomaticallyRefreshPercent": [10.01, -11], "autoTriggerTimes": [-2, 1_000_001],
                  "loadDuration": [-1, 3600.5, 1e308], "titles": [{"idle": "t" * 201}, {"noMoreData": "n" * 201}],
                  "gifFrames": [{"idle": 0}, {"pulling": 1001}, {"refreshing": -1}]}
BAD_ROWS = [{"count": -1}, {"count": 10_001}, {"count": 3, "height": 0}, {"count": 3, "height": 1000.5},
            {"count": 1, "title": "t" * 201}]

OP_FIELDS = {
    "session.create": ("none", {"canvas": ("size", False), "clock": ("choice", False), "fps": ("int", False),
                                "title": ("str", False), "maxComponents": ("int", False),
                                "frames": ("choice", False), "date": ("str", False), "chrome": ("bool", False),
                                "delta": ("bool", False)},
                       {"clock": "manual", "date": "2026-11-23T14:05:00+08:00"},
                       {"canvas": [{"width": 0, "height": 5}, {"width": -1, "height": 5}, {"width": 4097, "height": 5},
                                   {"width": 1e9, "height": 1e9}, {"width": 5, "height": 1e308}],
                        "fps": [0, 121, -1, 60.5, 1e12], "title": ["t" * 201], "maxComponents": [0, -3],
                        "date": ["2026-02-30T10:00:00Z", "2026-11-23", "yesterday", "", "2026-11-23T25:00:00Z",
                                 "2026-11-23T14:05:00+08", "2026-13-01T00:00:00Z", "0000-01-01T00:00:00Z",
                                 "2026-11-23T14:05:00Z trailing", "2" * 65]}),
    "session.join": ("manual", {"session": ("str", True), "token": ("str", False), "frames": ("choice", False),
                                "delta": ("bool", False)},
                     {"session": "$session"},
                     {"session": ["s" * 65], "token": ["t" * 65]}),
    "session.leave": ("manual", {}, {}, {}),
    "session.close": ("manual", {}, {}, {}),
    "clock.advance": ("manual", {"by": ("num", True)}, {"by": 0.5},
                      {"by": [0, -1, -0.0, 3600.5, 1e308, -1e308, 5e-324 * -1, 1e-9, 4e-7]}),
    "inspect": ("manual", {"target": ("target", False), "layers": ("bool", False)}, {}, {}),
    "frame.get": ("manual", {}, {}, {}),
    "scenario.run": ("manual", {"name": ("str", True)}, {"name": "hud-tour"}, {}),
    "scenario.stop": ("manual", {}, {}, {}),
    "trace.start": ("bar", {"target": T, "properties": ("props", False)}, {"target": "b1", "properties": ["value"]},
                    {"properties": [["nope"], ["value", "alpha"], ["value"] * 9]}),
    "trace.stop": ("manual", {}, {}, {}),
    "record.start": ("manual", {"name": ("str", False), "title": ("str", False), "overwrite": ("bool", False)},
                     {"name": "$newname"},
                     {"title": ["t" * 201]}),
    "record.marker": ("recording", {"label": ("str", False)}, {"label": "here"}, {"label": ["l" * 201]}),
    "record.stop": ("recording", {}, {}, {}),
    "replay.open": ("none", {"recording": ("str", True), "frames": ("choice", False), "delta": ("bool", False)},
                    {"recording": "$sample"}, {}),
    "replay.play": ("replay", {}, {}, {}),
    "replay.pause": ("replay", {}, {}, {}),
    "replay.seek": ("replay", {"t": ("num", True)}, {"t": 0.1}, {"t": [-1, -1e-9, 1e7 + 1, 1e308]}),
    "replay.speed": ("replay", {"rate": ("num", True)}, {"rate": 2}, {"rate": [0, 0.05, -1, 16.5, 1e308]}),
    "replay.step": ("replay", {"frames": ("int", True)}, {"frames": 1}, {"frames": [100_001, -100_001, 1e300]}),
    "hud.show": ("manual", {"target": T, "animated": ("bool", False), **HUD_PROPS},
                 {"target": "h9", "mode": "determinate", "progress": 0.3}, HUD_RANGES),
    "hud.update": ("hud", {"target": T, **HUD_PROPS}, {"target": "h1", "progress": 0.5}, HUD_RANGES),
    "hud.hide": ("hud", {"target": ("target", False), "animated": ("bool", False), "afterDelay": ("num", False)},
                 {"target": "h1"}, {"afterDelay": [-1, 3601, 1e308]}),
    "hud.hideAll": ("hud", {"animated": ("bool", False)}, {"animated": False}, {}),
    "hud.status": ("manual", {"kind": ("choice", True), "text": ("str", False), "duration": ("num", False),
                              "target": ("target", False), "animated": ("bool", False)},
                   {"kind": "success", "text": "Done"}, {"duration": [-1, 3601], "text": ["x" * 1001]}),
    "bar.create": ("manual", {"target": T, **BAR_STYLE}, {"target": "b9", "frame": BAR_FRAME}, BAR_RANGES),
    "bar.update": ("bar", {"target": T, **BAR_STYLE}, {"target": "b1", "fillColor": "#ff0000"}, BAR_RANGES),
    "bar.set": ("bar", {"target": T, "value": ("num", True), "duration": ("num", False), "curve": ("choice", False)},
                {"target": "b1", "value": 0.5, "duration": 0.25}, {"value": [-0.1, 1.5, 1e308], "duration": [-1, 1e308]}),
    "bar.pause": ("bar", {"target": T}, {"target": "b1"}, {}),
    "bar.resume": ("bar", {"target": T}, {"target": "b1"}, {}),
    "bar.stop": ("bar", {"target": T}, {"target": "b1"}, {}),
    "bar.reset": ("bar", {"target": T}, {"target": "b1"}, {}),
    "bar.buffer": ("bar", {"target": T, "value": ("num", True)}, {"target": "b1", "value": 0.3}, {"value": [2, -1]}),
    "player.create": ("bar", {"target": T, "bar": ("target", True), "duration": ("num", True), "tick": ("num", False),
                              "pauseStrategy": ("choice", False)},
                      {"target": "p9", "bar": "b1", "duration": 10}, {"duration": [0, -5, 1e308], "tick": [0, -1]}),
    "player.play": ("player", {"target": T}, {"target": "p1"}, {}),
    "player.pause": ("player", {"target": T}, {"target": "p1"}, {}),
    "player.seek": ("player", {"target": T, "to": ("num", True)}, {"target": "p1", "to": 2}, {"to": [-1, 10.5, 1e308]}),
    "nav.create": ("manual", {"target": T, "frame": ("rect", False), "screens": ("screens", True),
                              "fullscreenPopGesture": ("bool", False),
                              "viewControllerBasedNavigationBarAppearanceEnabled": ("bool", False),
                              "layoutDirection": ("choice", False)},
                   {"target": "n9", "screens": NAV_SCREENS},
                   {"frame": [{"x": 0, "y": 0, "width": -5, "height": 4}, {"x": 1e9, "y": 0, "width": 5, "height": 4}],
                    "screens": [[], [{"id": "a", "rows": {"count": -1}}], [{"id": "a", "title": "t" * 201}],
                                [{"id": "a", "interactivePopMaxAllowedInitialDistanceToLeftEdge": -1}],
                                [{"id": "a", "rows": {"count": 3, "height": 0}}], [{"id": "x" * 65}]]}),
    "nav.push": ("nav", {"target": T, "screen": ("screen", True), "animated": ("bool", False)},
                 {"target": "n1", "screen": {"id": "c", "title": "C"}},
                 {"screen": [{"id": "c", "rows": {"count": 1e9}}, {"id": "c", "color": "#12"}]}),
    "nav.pop": ("nav", {"target": T, "animated": ("bool", False)}, {"target": "n1"}, {}),
    "nav.popToRoot": ("nav", {"target": T, "animated": ("bool", False)}, {"target": "n1"}, {}),
    "nav.update": ("nav", {"target": T, "screen": ("target", True), **NAV_SCREEN_FIELDS},
                   {"target": "n1", "screen": "b", "title": "Bee"},
                   {"title": ["t" * 201], "interactivePopMaxAllowedInitialDistanceToLeftEdge": [-1, 1e9],
                    "rows": [{"count": -1}, {"count": 2, "height": 1e6}]}),
    "scroll.create": ("manual", {"target": T, "frame": ("rect", True), "contentSize": ("size", False), "inset": ("insets", False),
                                 "rows": ("rows", False), "bounces": ("bool", False), "alwaysBounceVertical": ("bool", False),
                                 "alwaysBounceHorizontal": ("bool", False), "decelerationRate": ("decel", False),
                                 "background": ("color", False)},
                      {"target": "s9", "frame": SCROLL_FRAME, "rows": {"count": 5}, "decelerationRate": "fast"},
                      {"frame": [{"x": 0, "y": 0, "width": -1, "height": 5}, {"x": 2e5, "y": 0, "width": 5, "height": 5},
                                 {"x": 0, "y": 0, "width": 5, "height": 100_001}],
                       "contentSize": [{"width": -1, "height": 5}, {"width": 5, "height": 1e8}],
                       "inset": [{"top": 10_001}, {"left": -20_000}, {"bottom": 1e308}], "rows": BAD_ROWS,
                       "decelerationRate": [0, 1, -0.5, 1.5, 1e308]}),
    "scroll.set": ("scroll", {"target": T, "offset": ("point", False), "animated": ("bool", False), "contentSize": ("size", False),
                              "inset": ("insets", False), "rows": ("rows", False), "frame": ("rect", False)},
                   {"target": "s1", "offset": {"x": 0, "y": 100}, "animated": True},
                   {"offset": [{"x": 0, "y": 2e7}, {"x": -1e8, "y": 0}], "contentSize": [{"width": -1, "height": 1}],
                    "inset": [{"right": 1e5}], "rows": BAD_ROWS, "frame": [{"x": 0, "y": 0, "width": -5, "height": 4}]}),
    "refresh.create": ("scroll", {"target": T, "scroll": ("target", True), "kind": ("choice", True), **REFRESH_OPTS},
                       {"target": "r9", "scroll": "s1", "kind": "header", "language": "zh-Hans"}, REFRESH_RANGES),
    "refresh.update": ("refresh", {"target": T, **REFRESH_OPTS}, {"target": "r1", "loadDuration": 1, "style": "gif"},
                       REFRESH_RANGES),
    "refresh.begin": ("refresh", {"target": T}, {"target": "r1"}, {}),
    "refresh.end": ("refresh", {"target": T}, {"target": "r1"}, {}),
    "refresh.endNoMoreData": ("refresh", {"target": T}, {"target": "f1"}, {}),
    "refresh.resetNoMoreData": ("refresh", {"target": T}, {"target": "f1"}, {}),
    "pointer": ("manual", {"phase": ("choice", True), "x": ("num", True), "y": ("num", True), "pointer": ("int", False)},
                {"phase": "down", "x": 10, "y": 10}, {"x": [1e308, -1e308], "pointer": [-1, 1e12]}),
}

# Values of the wrong type for each field type (every one is a bad_request naming the field).
WRONG_TYPE = {
    "num": ["1", [1], {"n": 1}, True],
    "int": [1.5, "1", True, [1]],
    "str": [5, ["s"], {"s": 1}, False],
    "bool": ["yes", 1, [True]],
    "target": [5, "a b", "x" * 65, "", "caf\u00e9", "../x", ["t"]],
    "color": ["red", "#12345", "#gggggg", 5, "#1234567890"],
    "size": [5, "big", [1, 2], {"width": 5}, {"width": "a", "height": 1}],
    "point": [5, [1, 2], {"x": 1}, {"x": "a", "y": 1}],
    "rect": [5, [0, 0, 1, 1], {"x": 0}, {"x": 0, "y": 0, "width": "w", "height": 4}],
    "choice": ["no-such-choice", 3, [], ""],
    "screens": [5, "a", {"id": "a"}, [5], ["a"]],
    "screen": [5, "a", [1], {"title": "no id"}],
    "rows": [5, "r", [1], {"count": "x"}],
    "insets": [5, "i", [1, 2, 3, 4], {"top": "x"}, {"left": True}],
    "decel": ["slow", "", [0.5], {"rate": 0.5}, True],
    "titles": [5, "t", ["idle"], {"idle": 5}, {"pulling": ["x"]}],
    "gifFrames": [5, "g", [1], {"idle": "x"}, {"pulling": 1.5}],
    "props": [5, "value", [5], [], {"value": True}, [["value"]]],
}
# Ops that change a session (a viewer gets not_allowed) and ops that need no session.
READ_ONLY = {"inspect", "frame.get", "session.leave", "session.join", "session.create", "replay.open",
             "trace.start", "trace.stop"}
NO_SESSION_NEEDED = {"session.create", "session.join", "replay.open"}
REPLAY_OPS = {"replay.play", "replay.pause", "replay.seek", "replay.speed", "replay.step"}


def type_cases():
    for op, (setup, fields, valid, _) in OP_FIELDS.items():
        for name, (kind, _required) in fields.items():
            for value in WRONG_TYPE[kind]:
                if op == "session.join" and name == "session" and value == "":
                    continue  # an empty id is not_found, tested below
                yield pytest.param(op, name, value, id=f"{op}-{name}-{json.dumps(value)[:24]}")


def range_cases():
    for op, (setup, fields, valid, ranges) in OP_FIELDS.items():
        for name, values in ranges.items():
            for value in values:
                yield pytest.param(op, name, value, id=f"{op}-{name}-{json.dumps(value)[:24]}")


def missing_cases():
    for op, (setup, fields, valid, _) in OP_FIELDS.items():
        for name, (kind, required) in fields.items():
            if required:
                yield pytest.param(op, name, id=f"{op}-{name}")


# --- helpers ---------------------------------------------------------------------------------

@contextlib.asynccontextmanager
async def setup_for(server, kind, sample):
    """A client in the state `kind` needs: `async with setup_for(...) as (client, values for
    $placeholders)`; the client is closed at the end."""
    async with Client.connect(server.ws_url) as c:
        yield c, await prepare(c, kind, sample)


async def prepare(c, kind, sample):
    """Puts `c` in the state `kind` needs; returns the values for $placeholders."""
    values = {"$sample": sample, "$newname": f"bad-input-{os.getpid()}-{next(_unique)}"}
    if kind == "none":
        return values
    if kind == "replay":
        ack = await c.call("replay.open", recording=sample)
        values.update({"$session": ack["session"], "$token": ack["token"]})
        return values
    ack = await c.call("session.create", clock="manual")
    values.update({"$session": ack["session"], "$token": ack["token"]})
    if kind == "hud":
        await c.call("hud.show", target="h1", mode="indeterminate")
    if kind in ("bar", "player"):
        await c.call("bar.create", target="b1", frame=BAR_FRAME)
    if kind == "player":
        await c.call("player.create", target="p1", bar="b1", duration=10)
    if kind == "nav":
        await c.call("nav.create", target="n1", screens=NAV_SCREENS)
    if kind in ("scroll", "refresh"):
        await c.call("scroll.create", target="s1", frame=SCROLL_FRAME, rows={"count": 30})
    if kind == "refresh":
        await c.call("refresh.create", target="r1", scroll="s1", kind="header")
        await c.call("refresh.create", target="f1", scroll="s1", kind="backFooter")
    if kind == "recording":
        await c.call("record.start", name=f"bad-input-rec-{os.getpid()}-{next(_unique)}")
    return values


def fill(fields, values):
    return {k: values.get(v, v) if isinstance(v, str) else v for k, v in fields.items()}


async def still_usable(c):
    """The connection still answers: frame.get is acked in a session, no_session outside one."""
    reply = await c.request("frame.get")
    assert reply["type"] == "ack" or reply.get("code") == "no_session", reply


async def expect_code(c, op, code, fields, field=None):
    err = await c.expect_error(op, code, **fields)
    if field is not None:
        assert field.split(".")[0] in err["message"], f"{op} {fields}: the message does not name {field}: {err}"
    await still_usable(c)
    return err


async def server_still_usable(server):
    async with Client.connect(server.ws_url) as fresh:
        await fresh.call("session.create", clock="manual")
        await fresh.call("frame.get")


async def expect_message_closes(server, message, code):
    """A connection in a manual session sends `message`: the server closes it with `code` and
    still serves a new connection."""
    c = await Client.open(server.ws_url)
    await c.call("session.create", clock="manual")
    try:
        await c.send_raw(message)
    except ConnectionClosed:
        pass
    await c.expect_close(code, timeout=10)
    await server_still_usable(server)


def get_json(server, path):
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=10)
    try:
        conn.request("GET", path)
        resp = conn.getresponse()
        assert resp.status == 200, (path, resp.status)
        return json.loads(resp.read())
    finally:
        conn.close()


# --- coverage of the op list -----------------------------------------------------------------

def test_table_covers_every_server_op(server):
    """GET /api/ops lists every op the server takes; the table must cover exactly those."""
    listing = get_json(server, "/api/ops")
    served = {row["name"] for row in listing["ops"]}
    assert served, listing
    missing = served - set(OP_FIELDS)
    assert not missing, f"ops the server takes but test_bad_input.OP_FIELDS lacks: {sorted(missing)}"
    extra = set(OP_FIELDS) - served
    assert not extra, f"ops in the table that the server does not list: {sorted(extra)}"
    for row in listing["ops"]:
        if row["fields"]:
            assert set(row["fields"]) <= set(OP_FIELDS[row["name"]][1]), (row, "fields the table lacks")


@async_test(timeout=60)
async def test_every_listed_op_is_accepted_with_its_valid_call(server, sample_recording):
    """The table's valid call of every op is acked (so the failure cases below fail for the
    reason they test, not for a wrong setup)."""
    for op, (setup, fields, valid, _) in OP_FIELDS.items():
        async with setup_for(server, setup, sample_recording) as (c, values):
            await c.call(op, **fill(valid, values))


# --- generated per-op cases ------------------------------------------------------------------

async def expect_bad_value(server, sample, op, field, value):
    """The op's valid call with `field` set to `value` is a bad_request naming the field."""
    setup, fields, valid, _ = OP_FIELDS[op]
    async with setup_for(server, setup, sample) as (c, values):
        await expect_code(c, op, "bad_request", {**fill(valid, values), field: value}, field)


@pytest.mark.parametrize("op,field,value", list(type_cases()))
@async_test()
async def test_wrong_type(server, sample_recording, op, field, value):
    await expect_bad_value(server, sample_recording, op, field, value)


@pytest.mark.parametrize("op,field,value", list(range_cases()))
@async_test()
async def test_out_of_range(server, sample_recording, op, field, value):
    await expect_bad_value(server, sample_recording, op, field, value)


@pytest.mark.parametrize("op,field", list(missing_cases()))
@async_test()
async def test_missing_required_field(server, sample_recording, op, field):
    setup, fields, valid, _ = OP_FIELDS[op]
    async with setup_for(server, setup, sample_recording) as (c, values):
        call = {k: v for k, v in fill(valid, values).items() if k != field}
        await expect_code(c, op, "bad_request", call, field)


@pytest.mark.parametrize("op", sorted(set(OP_FIELDS) - NO_SESSION_NEEDED))
@async_test()
async def test_op_before_joining_a_session(server, sample_recording, op):
    setup, fields, valid, _ = OP_FIELDS[op]
    async with setup_for(server, "none", sample_recording) as (c, values):
        await expect_code(c, op, "no_session", fill(valid, {**values, "$session": "x", "$token": "x"}))


@pytest.mark.parametrize("op", sorted(set(OP_FIELDS) - READ_ONLY))
@async_test()
async def test_viewer_cannot_mutate(server, sample_recording, op):
    """A viewer (joined without the token, or with a wrong one) gets not_allowed for every op
    that changes the session, and the session is unchanged for its controller."""
    setup, fields, valid, _ = OP_FIELDS[op]
    async with setup_for(server, setup, sample_recording) as (owner, values), Client.connect(server.ws_url) as viewer:
        before = await owner.call("inspect")
        joined = await viewer.call("session.join", session=values["$session"], token="wrong-token-" + "0" * 20)
        assert joined["role"] == "viewer", joined
        await expect_code(viewer, op, "not_allowed", fill(valid, values))
        after = await owner.call("inspect")
        assert after["components"] == before["components"], (op, before, after)


UNKNOWN_TARGET_OPS = {op: (setup, valid) for op, (setup, fields, valid, _) in OP_FIELDS.items()
                      if fields.get("target") == T and op not in ("hud.show", "bar.create", "player.create", "nav.create",
                                                                   "scroll.create", "refresh.create")}


@pytest.mark.parametrize("op", sorted(UNKNOWN_TARGET_OPS))
@async_test()
async def test_unknown_target(server, sample_recording, op):
    setup, valid = UNKNOWN_TARGET_OPS[op]
    async with setup_for(server, setup, sample_recording) as (c, values):
        await expect_code(c, op, "unknown_target", {**fill(valid, values), "target": "nope"})


@pytest.mark.parametrize("op,fields", [
    ("hud.hide", {"target": "nope"}), ("inspect", {"target": "nope"}),
    ("player.create", {"target": "p2", "bar": "nope", "duration": 5}),
    ("refresh.create", {"target": "r2", "scroll": "nope", "kind": "header"}),
    ("refresh.create", {"target": "r2", "scroll": "h1", "kind": "header"}),     # a HUD is not a scroll view
])
@async_test()
async def test_unknown_target_optional_fields(server, sample_recording, op, fields):
    async with setup_for(server, "hud", sample_recording) as (c, values):
        await expect_code(c, op, "unknown_target", fields)


@pytest.mark.parametrize("first,second", [
    (("bar.create", {"target": "x", "frame": BAR_FRAME}), ("bar.create", {"target": "x", "frame": BAR_FRAME})),
    (("bar.create", {"target": "x", "frame": BAR_FRAME}), ("hud.show", {"target": "x"})),
    (("hud.show", {"target": "x"}), ("bar.create", {"target": "x", "frame": BAR_FRAME})),
    (("bar.create", {"target": "x", "frame": BAR_FRAME}), ("player.create", {"target": "x", "bar": "x", "duration": 5})),
    (("hud.show", {"target": "x"}), ("hud.status", {"target": "x", "kind": "info"})),
    (("bar.create", {"target": "x", "frame": BAR_FRAME}), ("nav.create", {"target": "x", "screens": NAV_SCREENS})),
    (("nav.create", {"target": "x", "screens": NAV_SCREENS}), ("hud.show", {"target": "x"})),
    (("bar.create", {"target": "x", "frame": BAR_FRAME}), ("scroll.create", {"target": "x", "frame": SCROLL_FRAME})),
    (("scroll.create", {"target": "x", "frame": SCROLL_FRAME}), ("bar.create", {"target": "x", "frame": BAR_FRAME})),
    (("scroll.create", {"target": "x", "frame": SCROLL_FRAME}), ("refresh.create", {"target": "x", "scroll": "x", "kind": "header"})),
])
@async_test()
async def test_duplicate_target(server, first, second):
    """A target taken by another component (or a second bar with one id) is duplicate_target.
    (hud.show and hud.status may reuse their own HUD.)"""
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call(first[0], **first[1])
        if first[0] == "hud.show" and second[0] == "hud.status":
            await c.call(*second[:1], **second[1])  # the same HUD shows a status: allowed
            return
        await expect_code(c, second[0], "duplicate_target", second[1], "target")


@pytest.mark.parametrize("first,second", [
    ("autoFooter", "backFooter"), ("backFooter", "autoFooter"), ("autoFooter", "autoFooter"), ("header", "header"),
    ("trailer", "trailer"),
])
@async_test()
async def test_duplicate_refresh_component_kind(server, first, second):
    """A scroll view holds one header, one footer (back or auto) and one trailer (MJRefresh's
    mj_header, mj_footer, mj_trailer): a second is duplicate_target naming the first, and changes nothing."""
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call("scroll.create", target="s", frame=SCROLL_FRAME, rows={"count": 30})
        await c.call("refresh.create", target="one", scroll="s", kind=first)
        before = await c.call("inspect", target="s")
        err = await expect_code(c, "refresh.create", "duplicate_target", {"target": "two", "scroll": "s", "kind": second})
        assert '"one"' in err["message"], err
        await expect_code(c, "inspect", "unknown_target", {"target": "two"})
        after = await c.call("inspect", target="s")
        assert after["inset"] == before["inset"], (before, after)


@async_test()
async def test_a_refresh_target_equal_to_a_bars_is_duplicate(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call("bar.create", target="b", frame=BAR_FRAME)
        await c.call("scroll.create", target="s", frame=SCROLL_FRAME)
        await expect_code(c, "refresh.create", "duplicate_target", {"target": "b", "scroll": "s", "kind": "header"}, "target")
        await expect_code(c, "refresh.create", "duplicate_target", {"target": "s", "scroll": "s", "kind": "header"}, "target")


# --- messages that are not ops ---------------------------------------------------------------

@pytest.mark.parametrize("text", [
    "{", "}", "{]", "nul", "tru", "{\"op\":}", "{\"op\":\"inspect\",}", "{'op':'inspect'}", "{\"op\" \"x\"}",
    "[1,2", "\"unterminated", "{\"op\":\"inspect\"} trailing", "{\"a\":1}{\"b\":2}", "\u00ff\u00fe", "01", "1.", "-", "+1",
    ".5", "1e", "0x10", "{\"op\":\"bar.set\",\"value\":NaN}", "{\"op\":\"bar.set\",\"value\":Infinity}",
    "{\"op\":\"clock.advance\",\"by\":-Infinity}", "{\"op\":\"x\",\"s\":\"\\x41\"}", "{\"op\":\"x\",\"s\":\"\\u12\"}",
    "{\"op\":\"x\",\"s\":\"a\tb\"}", "{\"op\":\"x\",\"s\":\"\\ud800\"}", "\ufeff{\"op\":\"inspect\"}", "",
    " ", "[" * 100 + "]" * 100, "{\"a\":" * 80 + "1" + "}" * 80,
])
@async_test()
async def test_invalid_json(server, text):
    """Text that is not one JSON value (or nested deeper than 64) is bad_json; the connection
    stays usable."""
    async with Client.connect(server.ws_url) as c:
        await c.send_raw(text)
        err = await c.wait_for(lambda m: m.get("type") == "error", what="an error")
        assert err["code"] == "bad_json", (text[:40], err)
        assert "id" not in err or err["id"] is None
        await still_usable(c)


@pytest.mark.parametrize("value", [[], [{"op": "inspect"}], 1, -2.5, "inspect", None, True, False, 1e308])
@async_test()
async def test_non_object_json(server, value):
    async with Client.connect(server.ws_url) as c:
        await c.send_raw(json.dumps(value))
        err = await c.wait_for(lambda m: m.get("type") == "error", what="an error")
        assert err["code"] == "bad_request", err
        await still_usable(c)


@pytest.mark.parametrize("message,code", [
    ({"id": 1}, "bad_request"), ({"op": None, "id": 2}, "bad_request"), ({"op": 5, "id": 3}, "bad_request"),
    ({"op": ["inspect"], "id": 4}, "bad_request"), ({"op": {"name": "inspect"}, "id": 5}, "bad_request"),
    ({"op": "inspect", "id": 1.5}, "bad_request"), ({"op": "inspect", "id": [1]}, "bad_request"),
    ({"op": "inspect", "id": "i" * 101}, "bad_request"), ({"op": "inspect", "id": 1e300}, "bad_request"),
    ({"op": "no.such.op", "id": 6}, "unknown_op"), ({"op": "", "id": 7}, "unknown_op"),
    ({"op": "HUD.SHOW", "id": 8}, "unknown_op"), ({"op": "hud.", "id": 9}, "unknown_op"),
    ({"op": "session.create ", "id": 10}, "unknown_op"), ({"op": "x" * 5000, "id": 11}, "unknown_op"),
    ({"op": "inspect\u0000", "id": 12}, "unknown_op"), ({"op": "__proto__", "id": 13}, "unknown_op"),
])
@async_test()
async def test_bad_envelope(server, message, code):
    """A missing or mistyped op or id, or an unknown op, with or without a session."""
    for in_session in (False, True):
        async with Client.connect(server.ws_url) as c:
            if in_session:
                await c.call("session.create", clock="manual")
            await c.send_json(message)
            err = await c.wait_for(lambda m: m.get("type") == "error", what="an error")
            assert err["code"] == code, (message, err)
            await still_usable(c)


@pytest.mark.parametrize("size", [1 << 20, 10 << 20])
@async_test(timeout=60)
async def test_huge_message_closes_1009(server, size):
    """1 MB and 10 MB messages (a 10 MB label) close the connection with 1009; the server goes on."""
    payload = json.dumps({"op": "hud.show", "id": 1, "target": "h", "label": "x" * size})
    await expect_message_closes(server, payload, 1009)


@pytest.mark.parametrize("data", [b"\x00", b'{"op":"inspect"}', bytes(range(256)), b"\xff" * 70_000])
@async_test()
async def test_binary_frame_closes_1003(server, data):
    await expect_message_closes(server, data, 1003)


@pytest.mark.parametrize("data", [b'{"op":"inspect","s":"\xff"}', b"\xc3\x28", b"\xed\xa0\x80", b"\xf8\x88\x80\x80\x80"])
@async_test()
async def test_invalid_utf8_closes_1007(server, data):
    """A text frame that is not UTF-8 closes with 1007 (invalid frame payload data)."""
    c = await Client.open(server.ws_url)
    # websockets refuses to send invalid UTF-8 as text: write the frame through its protocol.
    from websockets.frames import Frame, Opcode
    try:
        c.ws.protocol.send_frame(Frame(Opcode.TEXT, data))
        c.ws.send_data()
    except AttributeError:
        pytest.skip("this websockets version cannot send raw frames")
    await c.expect_close(1007, timeout=10)
    await server_still_usable(server)


# --- recordings and replays ------------------------------------------------------------------

@pytest.mark.parametrize("name", ["../x", "../../etc/passwd", "a/b", "/abs", "a\\b", "x\u0000y", "x" * 200, "x" * 101,
                                  "", ".hidden", "..", ".", "a b", "caf\u00e9", "con:x", "x\ny"])
@async_test()
async def test_bad_recording_name(server, name):
    """record.start refuses names with ../, slashes, NUL, 200 characters...; nothing is written
    outside (or inside) the recordings folder."""
    before = set(os.listdir(server.recordings)) if server.recordings.exists() else set()
    parent_before = set(os.listdir(server.recordings.parent))
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await expect_code(c, "record.start", "bad_request", {"name": name}, "name")
        await expect_code(c, "record.marker", "conflict", {"label": "not recording"})
    after = set(os.listdir(server.recordings)) if server.recordings.exists() else set()
    assert after <= before | {n for n in after if n.startswith(("bad-input", "it-"))}
    assert set(os.listdir(server.recordings.parent)) <= parent_before | {server.recordings.name}


@pytest.mark.parametrize("name", ["../x", "a/b", "x\u0000y", "x" * 201, "", "..", "%2e%2e"])
@async_test()
async def test_replay_bad_name(server, name):
    async with Client.connect(server.ws_url) as c:
        await expect_code(c, "replay.open", "bad_request", {"recording": name}, "recording")


@pytest.mark.parametrize("name", ["missing-recording", "x" * 100, "nope.pcast"])
@async_test()
async def test_replay_missing_file(server, name):
    async with Client.connect(server.ws_url) as c:
        await expect_code(c, "replay.open", "not_found", {"recording": name})


CORRUPT = {
    "empty": b"",
    "not-json": b"hello\nworld\n",
    "binary": bytes(range(256)) * 4,
    "bad-header": b'{"format":"other","version":1}\n[0,"c",{"op":"session.create"}]\n',
    "wrong-version": b'{"format":"progresscast","version":99,"canvas":{"width":375,"height":667},"fps":60}\n',
    "array-header": b'[1,2,3]\n',
    "header-only-garbage": b'{"format":"progresscast"\n',
}


@pytest.mark.parametrize("kind", sorted(CORRUPT))
@async_test()
async def test_replay_corrupt_file(server, kind):
    """A corrupt recording is bad_request naming the recording; the connection stays usable."""
    name = f"corrupt-{kind}-{os.getpid()}"
    path = server.recordings / f"{name}.pcast"
    server.recordings.mkdir(parents=True, exist_ok=True)
    path.write_bytes(CORRUPT[kind])
    try:
        async with Client.connect(server.ws_url) as c:
            err = await expect_code(c, "replay.open", "bad_request", {"recording": name})
            assert name in err["message"], err
            await c.call("session.create", clock="manual")
    finally:
        path.unlink()


@async_test()
async def test_replay_truncated_file_still_opens(server, sample_recording):
    """A recording cut mid-line (a crash while writing) opens up to its last complete line."""
    text = (server.recordings / f"{sample_recording}.pcast").read_bytes()
    name = f"truncated-{os.getpid()}"
    path = server.recordings / f"{name}.pcast"
    path.write_bytes(text[: len(text) - 7])
    try:
        async with Client.connect(server.ws_url) as c:
            ack = await c.call("replay.open", recording=name)
            assert ack["duration"] >= 0
            await c.call("replay.seek", t=0)
    finally:
        path.unlink()


# --- numbers ---------------------------------------------------------------------------------

@pytest.mark.parametrize("text,code", [
    # Beyond a double's range: the parser refuses the number (bad_json), never infinity.
    ('{"op":"clock.advance","id":1,"by":1e400}', "bad_json"),
    ('{"op":"clock.advance","id":1,"by":-1e400}', "bad_json"),
    ('{"op":"session.create","id":1,"fps":1e400}', "bad_json"),
    ('{"op":"session.create","id":1,"canvas":{"width":1e400,"height":1}}', "bad_json"),
    ('{"op":"clock.advance","id":1,"by":' + "9" * 400 + '}', "bad_json"),
    # Representable but out of range (or underflowing to 0): the field's bad_request.
    ('{"op":"clock.advance","id":1,"by":1e-400}', "bad_request"),
    ('{"op":"clock.advance","id":1,"by":' + "9" * 40 + '}', "bad_request"),
    ('{"op":"session.create","id":1,"fps":' + "6" * 30 + '}', "bad_request"),
])
@async_test()
async def test_overflowing_numbers(server, text, code):
    """Numbers beyond a double's range are refused (never applied as infinity)."""
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.send_raw(text)
        err = await c.wait_for(lambda m: m.get("type") == "error", what="an error")
        assert err["code"] == code, err
        await still_usable(c)
        assert (await c.call("inspect"))["t"] == 0


@async_test()
async def test_a_burst_of_bad_messages_leaves_others_untouched(server):
    """A connection sending 150 assorted bad messages does not disturb another session."""
    async with Client.connect(server.ws_url) as good, Client.connect(server.ws_url) as bad:
        await good.call("session.create", clock="manual")
        await good.call("bar.create", target="b", frame=BAR_FRAME)
        await bad.call("session.create", clock="manual")
        junk = ["{", "[]", '{"op":5}', '{"op":"nope"}', '{"op":"bar.set","target":"zz","value":0.5}',
                '{"op":"clock.advance","by":-1}', '{"op":"hud.show","target":"a b"}']
        for i in range(150):
            await bad.send_raw(junk[i % len(junk)])
        for i in range(5):
            await good.call("bar.set", target="b", value=i / 10)
        await bad.quiet(0.3)
        errors = [m for m in bad.history if m.get("type") == "error"]
        assert len(errors) == 150, len(errors)
        await still_usable(bad)


@async_test()
async def test_a_nested_field_error_names_its_full_path(server):
    """An error inside an object field names the path as `frame.y`, the way `canvas.height` is
    named (docs/protocol.md section 2)."""
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        err = await c.expect_error("bar.create", "bad_request", target="b", frame={"x": 0})
        assert err["message"].startswith("frame.y is required"), err
        err = await c.expect_error("bar.create", "bad_request", target="b", frame={"x": 0, "y": 0, "width": "w", "height": 2})
        assert err["message"].startswith("frame.width must be a number"), err
