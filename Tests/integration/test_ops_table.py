"""Every op from a table (docs/protocol.md sections 3, 4 and 7): a valid call gets an ack with `t`;
each required field missing, and each mistyped or out-of-range field, gets bad_request naming
the field; an unknown target gets unknown_target. Component ops (hud.*, bar.*, player.*,
pointer) are skipped while the server answers unknown_op for them."""
import itertools
from dataclasses import dataclass, field

import pytest

from itclient import COMPONENT_PREFIXES, Client, async_test, is_number

BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}
_names = itertools.count(1)
SCROLL_FRAME = {"x": 0, "y": 0, "width": 375, "height": 600}
NAV_SCREENS = [{"id": "a", "title": "A"}, {"id": "b", "title": "B"}]


@dataclass
class OpSpec:
    op: str
    setup: str                       # none | manual | live | hud | bar | player | nav | scroll | refresh | recording | replay
    valid: dict = field(default_factory=dict)
    result: tuple = ()               # keys the ack must carry besides type/id/op/t
    required: tuple = ()             # fields whose absence is a bad_request naming them
    bad: tuple = ()                  # (field, value) pairs that are a bad_request naming the field
    unknown: dict = None             # fields of a call naming a target that does not exist

    @property
    def is_component(self):
        return self.op.split(".")[0] in COMPONENT_PREFIXES

    def __str__(self):
        return self.op


SPECS = [
    # --- sessions and clock ---
    OpSpec("session.create", "none", {"clock": "manual"}, ("session", "token", "canvas", "clock", "fps"),
           bad=(("clock", "fast"), ("fps", "60"), ("fps", 0), ("canvas", 5), ("canvas", {"width": -1, "height": 5}), ("title", 1))),
    OpSpec("session.join", "manual", {"session": "$session", "token": "$token"}, ("session", "role", "canvas", "clock", "fps"),
           required=("session",), bad=(("session", 5), ("token", 5), ("token", ["x"]))),
    OpSpec("session.leave", "manual"),
    OpSpec("session.close", "manual"),
    OpSpec("clock.advance", "manual", {"by": 0.5}, required=("by",),
           bad=(("by", "1"), ("by", -1), ("by", 0), ("by", 4000), ("by", [1]))),
    OpSpec("inspect", "manual", {}, ("components",), bad=(("target", 5), ("target", "a b"), ("target", "x" * 65)),
           unknown={"target": "nope"}),
    OpSpec("frame.get", "manual", {}, ("frame",)),
    OpSpec("scenario.run", "manual", {"name": "$scenario"}, required=("name",), bad=(("name", 5),)),
    OpSpec("scenario.stop", "manual", {}, ("stopped",)),
    OpSpec("trace.start", "bar", {"target": "b1"}, ("target", "properties"), required=("target",),
           bad=(("properties", "value"), ("properties", ["nope"]), ("properties", []), ("target", 5)),
           unknown={"target": "nope"}),
    OpSpec("trace.stop", "manual", {}, ("stopped",)),
    # --- recording and replay ---
    OpSpec("record.start", "manual", {"name": "$newname", "title": "table"}, ("recording",),
           bad=(("name", "../x"), ("name", "a/b"), ("name", ".hidden"), ("name", ""), ("name", "x" * 101), ("name", 5), ("title", 5))),
    OpSpec("record.marker", "recording", {"label": "here"}, bad=(("label", 5),)),
    OpSpec("record.stop", "recording", {}, ("recording", "duration", "commands")),
    OpSpec("replay.open", "none", {"recording": "$sample"}, ("session", "duration", "markers"), required=("recording",),
           bad=(("recording", 5), ("recording", "../etc/passwd"), ("recording", "a/b"))),
    OpSpec("replay.play", "replay"),
    OpSpec("replay.pause", "replay"),
    OpSpec("replay.seek", "replay", {"t": 0.1}, required=("t",), bad=(("t", "0"), ("t", -1), ("t", [0]))),
    OpSpec("replay.speed", "replay", {"rate": 2}, required=("rate",), bad=(("rate", 0), ("rate", 0.05), ("rate", 17), ("rate", "2"))),
    OpSpec("replay.step", "replay", {"frames": 1}, required=("frames",), bad=(("frames", 1.5), ("frames", "1"), ("frames", True))),
    # --- HUD ---
    OpSpec("hud.show", "manual", {"target": "h1", "mode": "determinate", "progress": 0.3, "label": "Loading"},
           required=("target",),
           bad=(("target", "bad id!"), ("target", 5), ("animated", "yes"), ("mode", "spinny"), ("mode", 3), ("progress", 2),
                ("progress", "abc"), ("label", 5), ("details", []), ("button", 5), ("customView", "star"),
                ("animation", "spin"), ("graceTime", -1), ("graceTime", "x"), ("minShowTime", -1), ("removeOnHide", "no"),
                ("margin", "x"), ("minSize", 5), ("minSize", {"width": "a", "height": 1}), ("square", 1),
                ("offset", "x"), ("offset", {"x": 1}), ("cornerRadius", "x"), ("contentColor", "red"),
                ("bezelColor", "#12345"), ("bezelStyle", "glass"), ("background", "plaid"), ("backgroundColor", 5),
                ("position", "middle"), ("interaction", "all"), ("queue", "yes"))),
    OpSpec("hud.update", "hud", {"target": "h1", "progress": 0.5, "label": "Half"}, required=("target",),
           bad=(("progress", "abc"), ("progress", -0.5), ("mode", 3), ("label", []), ("contentColor", "#ggg000")),
           unknown={"target": "nope", "progress": 0.5}),
    OpSpec("hud.hide", "hud", {"target": "h1"}, bad=(("animated", "no"), ("afterDelay", -1), ("afterDelay", "x"), ("target", 5)),
           unknown={"target": "nope"}),
    OpSpec("hud.hideAll", "hud", {"animated": False}, bad=(("animated", "no"),)),
    OpSpec("hud.status", "manual", {"kind": "success", "text": "Done"}, required=("kind",),
           bad=(("kind", "fatal"), ("kind", 1), ("text", 5), ("duration", -1), ("duration", "x"))),
    # --- progress bar ---
    OpSpec("bar.create", "manual", {"target": "b1", "frame": BAR_FRAME}, required=("target",),
           bad=(("target", "a b"), ("frame", 5), ("frame", {"x": 0}), ("frame", {"x": 0, "y": 0, "width": "w", "height": 4}),
                ("barHeight", "x"), ("barHeight", -1), ("dotSize", -1), ("trackColor", "#12"), ("fillColor", "blue"),
                ("dragColor", 5), ("bufferColor", "#zzzzzz"), ("cornerRadius", "x"), ("showDot", "yes"),
                ("draggable", 1), ("hitInset", "x"), ("curve", "bouncy"))),
    OpSpec("bar.update", "bar", {"target": "b1", "fillColor": "#ff0000"}, required=("target",),
           bad=(("fillColor", "red"), ("barHeight", "x"), ("curve", 1)), unknown={"target": "nope", "fillColor": "#ff0000"}),
    OpSpec("bar.set", "bar", {"target": "b1", "value": 0.5, "duration": 0.25}, required=("target", "value"),
           bad=(("value", "abc"), ("value", 1.5), ("value", -0.1), ("duration", -1), ("duration", "x"), ("curve", "bouncy")),
           unknown={"target": "nope", "value": 0.5}),
    OpSpec("bar.pause", "bar", {"target": "b1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("bar.resume", "bar", {"target": "b1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("bar.stop", "bar", {"target": "b1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("bar.reset", "bar", {"target": "b1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("bar.buffer", "bar", {"target": "b1", "value": 0.3}, required=("target", "value"),
           bad=(("value", 2), ("value", "x")), unknown={"target": "nope", "value": 0.3}),
    # --- player ---
    OpSpec("player.create", "bar", {"target": "p1", "bar": "b1", "duration": 10}, required=("target", "bar", "duration"),
           bad=(("duration", 0), ("duration", "x"), ("tick", 0), ("tick", "x"), ("pauseStrategy", "stop"), ("bar", 5)),
           unknown={"target": "p2", "bar": "nope", "duration": 10}),
    OpSpec("player.play", "player", {"target": "p1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("player.pause", "player", {"target": "p1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("player.seek", "player", {"target": "p1", "to": 2}, required=("target", "to"),
           bad=(("to", -1), ("to", 11), ("to", "x")), unknown={"target": "nope", "to": 1}),
    # --- scroll view and pull to refresh (section 4.5) ---
    OpSpec("scroll.create", "manual", {"target": "s2", "frame": SCROLL_FRAME, "rows": {"count": 10}}, required=("target", "frame"),
           bad=(("frame", 5), ("frame", {"x": 0, "y": 0, "width": -1, "height": 5}), ("rows", {"count": -1}),
                ("rows", {"count": 10000, "title": "x" * 196 + " %d"}), ("rows", {"count": 1, "title": "e" + "\u0301" * 1000}),
                ("inset", {"top": "x"}), ("decelerationRate", 1), ("decelerationRate", "slow"), ("bounces", "yes"),
                ("background", "#12"), ("contentSize", {"width": -1, "height": 1}))),
    OpSpec("scroll.set", "scroll", {"target": "s1", "offset": {"x": 0, "y": 50}}, required=("target",),
           bad=(("offset", {"x": 0}), ("offset", 5), ("animated", 1), ("rows", {"count": "x"}), ("inset", {"bottom": 1e6})),
           unknown={"target": "nope", "offset": {"x": 0, "y": 0}}),
    OpSpec("refresh.create", "scroll", {"target": "r2", "scroll": "s1", "kind": "header"}, required=("target", "scroll", "kind"),
           bad=(("kind", "footer"), ("style", "fancy"), ("language", "fr"), ("autoTriggerTimes", -2), ("loadDuration", -1),
                ("titles", {"idle": 5}), ("gifFrames", {"idle": 0}), ("scroll", "a b")),
           unknown={"target": "r2", "scroll": "nope", "kind": "header"}),
    OpSpec("refresh.update", "refresh", {"target": "r1", "language": "zh-Hant"}, required=("target",),
           bad=(("language", "fr"), ("triggerAutomaticallyRefreshPercent", 11), ("stateHidden", "no")),
           unknown={"target": "nope", "language": "en"}),
    OpSpec("refresh.begin", "refresh", {"target": "r1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("refresh.end", "refresh", {"target": "r1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("refresh.endNoMoreData", "refresh", {"target": "f1"}, required=("target",), unknown={"target": "nope"}),
    OpSpec("refresh.resetNoMoreData", "refresh", {"target": "f1"}, required=("target",), unknown={"target": "nope"}),
    # --- navigation (section 4.6) ---
    OpSpec("nav.create", "manual", {"target": "n9", "screens": [{"id": "a", "title": "A"}, {"id": "b"}]},
           required=("target", "screens"),
           bad=(("screens", []), ("screens", 5), ("screens", [{"title": "no id"}]), ("screens", [{"id": "a b"}]),
                ("frame", {"x": 0, "y": 0, "width": 0, "height": 10}), ("layoutDirection", "up"),
                ("fullscreenPopGesture", "yes"))),
    OpSpec("nav.push", "nav", {"target": "n1", "screen": {"id": "c", "title": "C"}}, required=("target", "screen"),
           bad=(("screen", 5), ("screen", {"id": "c", "rows": {"count": -1}}), ("animated", "no")),
           unknown={"target": "nope", "screen": {"id": "c"}}),
    OpSpec("nav.pop", "nav", {"target": "n1"}, ("popped",), required=("target",), bad=(("animated", 1),),
           unknown={"target": "nope"}),
    OpSpec("nav.popToRoot", "nav", {"target": "n1"}, ("popped",), required=("target",), bad=(("animated", 1),),
           unknown={"target": "nope"}),
    OpSpec("nav.update", "nav", {"target": "n1", "screen": "b", "title": "Bee"}, required=("target", "screen"),
           bad=(("title", 5), ("color", "red"), ("interactivePopMaxAllowedInitialDistanceToLeftEdge", -1)),
           unknown={"target": "n1", "screen": "nope", "title": "x"}),
    # --- input ---
    OpSpec("pointer", "manual", {"phase": "down", "x": 10, "y": 10}, required=("phase", "x", "y"),
           bad=(("phase", "press"), ("phase", 1), ("x", "a"), ("y", [1]), ("pointer", "a"))),
]
SPEC_BY_OP = {s.op: s for s in SPECS}


class Ctx:
    """What a test's setup made: the client and names it can refer to with $placeholders."""

    def __init__(self, client, values):
        self.client = client
        self.values = values

    def fill(self, fields):
        out = {}
        for k, v in fields.items():
            if isinstance(v, str) and v.startswith("$"):
                key = v[1:]
                if key == "newname":
                    v = f"table-{next(_names)}-{id(self)}"
                else:
                    if self.values.get(key) is None:
                        pytest.skip(f"no {key} available for this server")
                    v = self.values[key]
            out[k] = v
        return out


async def setup(server, spec, sample_recording):
    c = await Client.open(server.ws_url)
    values = {"sample": sample_recording, "scenario": first_scenario(server)}
    kind = spec.setup
    if kind != "none":
        if kind == "replay":
            ack = await c.call("replay.open", recording=sample_recording)
        else:
            ack = await c.call("session.create", clock="live" if kind == "live" else "manual")
        values.update(session=ack["session"], token=ack["token"])
        if kind == "recording":
            await c.call("record.start", name=f"table-rec-{next(_names)}")
        if kind == "hud":
            await c.call("hud.show", target="h1", animated=False)
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
    return Ctx(c, values)


def first_scenario(server):
    import json
    import urllib.request
    with urllib.request.urlopen(server.url + "/api/scenarios", timeout=5) as r:
        listing = json.loads(r.read())
    return listing[0]["name"] if listing else None


async def request(ctx, spec, fields):
    msg = await ctx.client.request(spec.op, **fields)
    if msg["type"] == "error" and msg["code"] == "unknown_op" and spec.is_component:
        pytest.skip(f"{spec.op} is not implemented by this server yet (unknown_op)")
    return msg


@pytest.mark.parametrize("spec", SPECS, ids=str)
@async_test()
async def test_valid_call_acks_with_t(server, sample_recording, spec):
    ctx = await setup(server, spec, sample_recording)
    try:
        msg = await request(ctx, spec, ctx.fill(spec.valid))
        assert msg["type"] == "ack", f"{spec.op} {spec.valid}: {msg}"
        assert msg["op"] == spec.op and isinstance(msg["id"], int)
        assert is_number(msg["t"]) and msg["t"] >= 0, msg
        for key in spec.result:
            assert key in msg, f"{spec.op} ack lacks {key}: {msg}"
        assert "code" not in msg and "message" not in msg
    finally:
        await ctx.client.close()


MISSING = [(s, f) for s in SPECS for f in s.required]


@pytest.mark.parametrize("spec,field", MISSING, ids=[f"{s.op}-{f}" for s, f in MISSING])
@async_test()
async def test_missing_field_bad_request(server, sample_recording, spec, field):
    ctx = await setup(server, spec, sample_recording)
    try:
        fields = ctx.fill({k: v for k, v in spec.valid.items() if k != field})
        msg = await request(ctx, spec, fields)
        assert msg["type"] == "error" and msg["code"] == "bad_request", f"{spec.op} without {field}: {msg}"
        assert field in msg["message"], f"the message must name {field}: {msg['message']}"
        # A null value is the same as a missing one.
        msg = await request(ctx, spec, {**fields, field: None})
        assert msg["type"] == "error" and msg["code"] == "bad_request" and field in msg["message"], msg
    finally:
        await ctx.client.close()


BAD = [(s, f, v) for s in SPECS for f, v in s.bad]


@pytest.mark.parametrize("spec,field,value", BAD, ids=[f"{s.op}-{f}={v!r:.20}" for s, f, v in BAD])
@async_test()
async def test_mistyped_field_bad_request(server, sample_recording, spec, field, value):
    ctx = await setup(server, spec, sample_recording)
    try:
        fields = {**ctx.fill(spec.valid), field: value}
        msg = await request(ctx, spec, fields)
        assert msg["type"] == "error", f"{spec.op} with {field}={value!r} was accepted: {msg}"
        assert msg["code"] == "bad_request", f"{spec.op} with {field}={value!r}: {msg}"
        assert field in msg["message"], f"the message must name {field}: {msg['message']}"
        # The connection is still usable.
        assert (await ctx.client.request("inspect"))["type"] in ("ack", "error")
    finally:
        await ctx.client.close()


UNKNOWN = [s for s in SPECS if s.unknown]


@pytest.mark.parametrize("spec", UNKNOWN, ids=str)
@async_test()
async def test_unknown_target(server, sample_recording, spec):
    ctx = await setup(server, spec, sample_recording)
    try:
        msg = await request(ctx, spec, spec.unknown)
        assert msg["type"] == "error" and msg["code"] == "unknown_target", f"{spec.op} {spec.unknown}: {msg}"
        assert "nope" in msg["message"], msg
    finally:
        await ctx.client.close()


COMPONENT_SPECS = [s for s in SPECS if s.is_component]


@pytest.mark.parametrize("spec", COMPONENT_SPECS, ids=str)
@async_test()
async def test_component_op_needs_session(server, spec):
    async with Client.connect(server.ws_url) as c:
        msg = await c.request(spec.op, **{k: v for k, v in spec.valid.items()})
        assert msg["type"] == "error" and msg["code"] in ("no_session", "unknown_op"), msg


@pytest.mark.parametrize("spec", COMPONENT_SPECS, ids=str)
@async_test()
async def test_component_op_refused_in_replay(server, sample_recording, spec):
    async with Client.connect(server.ws_url) as c:
        await c.call("replay.open", recording=sample_recording)
        msg = await c.request(spec.op, **spec.valid)
        if msg.get("code") == "unknown_op":
            pytest.skip(f"{spec.op} is not implemented by this server yet (unknown_op)")
        assert msg["type"] == "error" and msg["code"] == "conflict", msg


@pytest.mark.parametrize("op", ["replay.play", "replay.pause", "replay.seek", "replay.speed", "replay.step"])
@async_test()
async def test_replay_ops_on_ordinary_session_conflict(server, op):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.expect_error(op, "conflict", **SPEC_BY_OP[op].valid)


@async_test()
async def test_duplicate_targets(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call("bar.create", target="b1", frame=BAR_FRAME)
        err = await c.expect_error("bar.create", "duplicate_target", target="b1", frame=BAR_FRAME)
        assert "b1" in err["message"]
        await c.call("bar.create", target="b2", frame=BAR_FRAME)
        await c.call("player.create", target="p1", bar="b1", duration=5)
        await c.expect_error("player.create", "duplicate_target", target="p1", bar="b2", duration=5)
        # Targets are unique in the session, across component kinds.
        await c.expect_error("player.create", "duplicate_target", target="b2", bar="b2", duration=5)
        msg = await c.request("hud.show", target="b1")
        if msg.get("code") != "unknown_op":
            assert msg["type"] == "error" and msg["code"] == "duplicate_target", msg


@async_test()
async def test_record_ops_conflicts(server, sample_recording):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.expect_error("record.marker", "conflict", label="x")
        await c.expect_error("record.stop", "conflict")
        await c.call("record.start", name=f"conflicts-{next(_names)}")
        await c.expect_error("record.start", "conflict", name=f"conflicts-{next(_names)}")
        await c.call("record.stop")
        await c.call("replay.open", recording=sample_recording)
        await c.expect_error("record.start", "conflict")
        await c.expect_error("clock.advance", "conflict", by=1)


@async_test()
async def test_scenario_unknown_name(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.expect_error("scenario.run", "not_found", name="no-such-scenario")


@pytest.mark.parametrize("name", ["does-not-exist", "nope.pcast"])
@async_test()
async def test_replay_open_missing(server, name):
    async with Client.connect(server.ws_url) as c:
        await c.expect_error("replay.open", "not_found", recording=name)


def test_table_covers_every_op_the_server_lists(server):
    """GET /api/ops lists every op the server accepts; each must have a row in SPECS (so a new op
    cannot land without its ack/error cases)."""
    import json
    import urllib.error
    import urllib.request
    try:
        with urllib.request.urlopen(server.url + "/api/ops", timeout=5) as r:
            listed = [row["name"] for row in json.loads(r.read())["ops"]]
    except urllib.error.HTTPError as e:
        if e.code == 404:
            pytest.skip("this server has no /api/ops yet")
        raise
    missing = sorted(set(listed) - set(SPEC_BY_OP))
    assert missing == [], f"ops the server accepts but test_ops_table.py does not cover: {missing}"
    gone = sorted(set(SPEC_BY_OP) - set(listed))
    assert gone == [], f"ops in the table the server no longer lists: {gone}"
