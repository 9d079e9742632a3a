"""Limits (README "Limits"): each has a default and a `serve` flag; going over one is a `limit`
error (or the documented close) and the server goes on. The README's table is checked against
`serve --help`, so it cannot drift from the flags."""
import asyncio
import json
import re
import subprocess
from pathlib import Path

import pytest

from itclient import Client, async_test, create_sessions_to_limit
from itserver import binary_path

REPO = Path(__file__).resolve().parents[2]
BAR_FRAME = {"x": 20, "y": 300, "width": 335, "height": 30}


def serve_help():
    return subprocess.run([str(binary_path()), "serve", "--help"], capture_output=True, text=True, timeout=30).stdout


def readme_limits():
    """Rows of the README's Limits table: (limit, default text, flag or None)."""
    text = (REPO / "README.md").read_text()
    section = text.split("## Limits", 1)[1].split("\n## ", 1)[0]
    rows = []
    for line in section.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 3 and cells[0] not in ("limit", "---") and not set(cells[0]) <= {"-"}:
            flag = re.search(r"`(--[a-z-]+)`", cells[2])
            rows.append((cells[0], cells[1], flag.group(1) if flag else None))
    return rows


def test_readme_limits_table_matches_serve_flags():
    """Every flag in the table exists, and its default (the first number in the default column,
    after KiB/MiB) is the flag's default; every --max-* flag of serve is in the table."""
    helptext = serve_help()
    rows = readme_limits()
    assert len(rows) >= 8, rows
    for limit, default, flag in rows:
        if flag is None:
            continue
        m = re.search(re.escape(flag) + r" <[^>]+>\s+(.*?)\(default: (\d+)\)", helptext, re.S)
        assert m, f"README names {flag} for '{limit}', but serve --help has no such flag with a default"
        number = re.search(r"(\d+(?:\.\d+)?)\s*(KiB|MiB|GiB)?", default)
        assert number, (limit, default)
        value = float(number.group(1)) * {"KiB": 1024, "MiB": 1 << 20, "GiB": 1 << 30, None: 1}[number.group(2)]
        assert value == int(m.group(2)), f"README says {default} for {flag}, serve --help says {m.group(2)}"
    flags_in_table = {flag for _, _, flag in rows if flag}
    for flag in re.findall(r"(--max-[a-z-]+)", helptext):
        assert flag in flags_in_table, f"serve has {flag} but the README's Limits table does not list it"


@async_test(timeout=30)
async def test_sessions_per_server(start_server):
    s = start_server("--max-sessions", "3")
    async with Client.connect_many(s.ws_url, 4) as clients:
        await create_sessions_to_limit(clients, 3)
        await clients[3].expect_error("replay.open", "not_found", recording="none-such")
        await clients[0].call("session.close")
        await clients[3].call("session.create", clock="manual")


@async_test(timeout=30)
async def test_connections_per_session(start_server):
    s = start_server("--max-connections-per-session", "2")
    async with Client.connect_many(s.ws_url, 3) as (owner, second, third):
        created = await owner.call("session.create", clock="manual")
        await second.call("session.join", session=created["session"])
        err = await third.expect_error("session.join", "limit", session=created["session"])
        assert "2" in err["message"]
        await second.call("session.join", session=created["session"])  # rejoining is not a new connection
        await second.call("session.leave")
        await third.call("session.join", session=created["session"])


@async_test(timeout=30)
async def test_components_per_session(start_server):
    s = start_server("--max-components-per-session", "3")
    async with Client.connect(s.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call("hud.show", target="h1")
        await c.call("bar.create", target="b1", frame=BAR_FRAME)
        await c.call("player.create", target="p1", bar="b1", duration=5)
        for op, fields in (("hud.show", {"target": "h2"}), ("bar.create", {"target": "b2", "frame": BAR_FRAME}),
                           ("hud.status", {"kind": "info", "target": "s1"})):
            err = await c.expect_error(op, "limit", **fields)
            assert "3" in err["message"], err
        await c.call("hud.show", target="h1", label="reusing its own HUD is not a new component")
        # A creator may lower the limit for its session, never raise it.
        await c.call("session.create", clock="manual", maxComponents=1)
        await c.call("hud.show", target="h1")
        await c.expect_error("bar.create", "limit", target="b1", frame=BAR_FRAME)
        await c.call("session.create", clock="manual", maxComponents=50)
        for i in range(3):
            await c.call("hud.show", target=f"h{i}")
        await c.expect_error("hud.show", "limit", target="h9")


@async_test(timeout=30)
async def test_component_limit_is_recorded_and_replayed(start_server):
    """The limit in force is written into the recording, so a replay fails the same ops."""
    s = start_server("--max-components-per-session", "2")
    async with Client.connect(s.ws_url) as c:
        await c.call("session.create", clock="manual")
        await c.call("record.start", name="limited")
        await c.call("hud.show", target="h1")
        await c.call("hud.show", target="h2")
        await c.expect_error("hud.show", "limit", target="h3")
        await c.call("clock.advance", by=0.5)
        await c.call("record.stop")
    first = json.loads((s.recordings / "limited.pcast").read_text().splitlines()[1])
    assert first[2]["op"] == "session.create" and first[2]["maxComponents"] == 2, first
    proc = subprocess.run([str(binary_path()), "replay", "--verify", str(s.recordings / "limited.pcast")],
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stdout + proc.stderr


@async_test(timeout=30)
async def test_default_component_limit_is_64(server):
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        for i in range(64):
            await c.call("hud.show", target=f"h{i}", animated=False)
        await c.expect_error("bar.create", "limit", target="b", frame=BAR_FRAME)


@async_test(timeout=30)
async def test_messages_per_second_limit_then_1008(start_server):
    """Over the rate: `limit` errors (each with its id), the connection stays; a second second
    over it closes with 1008. Staying within it again after a strike is forgiven."""
    s = start_server("--max-messages-per-second", "20")
    async with Client.connect(s.ws_url) as c:
        await c.call("session.create", clock="manual")
        await asyncio.sleep(1.05)
        for i in range(30):
            await c.send_json({"op": "inspect", "id": 100 + i})
        await c.quiet(0.5)
        replies = {m["id"]: m for m in c.history if m.get("id", 0) >= 100}
        assert len(replies) == 30, sorted(replies)  # every id got exactly one reply
        limited = [m for m in replies.values() if m["type"] == "error"]
        assert len(limited) == 10 and all(m["code"] == "limit" and m["op"] == "inspect" for m in limited), limited
        # Within the limit for two seconds: forgiven.
        for _ in range(2):
            await asyncio.sleep(1.05)
            for i in range(5):
                await c.call("inspect")
        await asyncio.sleep(1.05)
        for i in range(25):
            await c.send_json({"op": "inspect", "id": 200 + i})
        await c.quiet(0.3)
        # One strike: still open. Over again in the next second: closed with 1008.
        await asyncio.sleep(1.05)
        await c.call("inspect")
        for i in range(20):  # with the inspect above: 21 in this second, the 21st closes
            await c.send_json({"op": "inspect", "id": 300 + i})
        await c.expect_close(1008, timeout=5)


@async_test(timeout=30)
async def test_flood_over_twice_the_rate_closes_1008_at_once(start_server):
    s = start_server("--max-messages-per-second", "20")
    async with Client.connect(s.ws_url) as c, Client.connect(s.ws_url) as other:
        await other.call("session.create", clock="manual")
        # Message 41 (twice the rate, plus one) closes at once. (No more after it: data still
        # arriving at a closed socket may reset the connection before the close frame is read.)
        for i in range(41):
            await c.send_json({"op": "inspect", "id": i})
        await c.expect_close(1008, timeout=5)
        limited = [m for m in c.history if m.get("code") == "limit"]
        assert len(limited) == 20, len(limited)
        await other.call("inspect")


@pytest.mark.parametrize("size,closes", [(900, False), (1024, False), (1025, True), (5000, True)])
@async_test(timeout=30)
async def test_message_size_flag(start_server, size, closes):
    s = start_server("--max-message-bytes", "1024")
    async with Client.connect(s.ws_url) as c:
        await c.call("session.create", clock="manual")
        head = '{"op":"inspect","id":1,"pad":"'
        text = head + "x" * (size - len(head) - 2) + '"}'
        assert len(text) == size
        await c.send_raw(text)
        if closes:
            await c.expect_close(1009, timeout=5)
        else:
            assert (await c.reply(1))["type"] == "ack"


@pytest.mark.parametrize("field,op,setup", [("label", "hud.show", None), ("details", "hud.show", None),
                                            ("button", "hud.show", None), ("text", "hud.status", None)])
@async_test(timeout=30)
async def test_text_length_limit(server, field, op, setup):
    """Labels, details, buttons and status texts: 1000 characters (not bytes) pass, 1001 do not."""
    async with Client.connect(server.ws_url) as c:
        await c.call("session.create", clock="manual")
        fields = {"target": "h"} if op == "hud.show" else {"kind": "info"}
        await c.call(op, **fields, **{field: "\u4e2d" * 1000})
        err = await c.expect_error(op, "bad_request", **fields, **{field: "x" * 1001})
        assert field in err["message"] and "1000" in err["message"], err


@pytest.mark.parametrize("args", [["--max-sessions", "0"], ["--max-message-bytes", "10"], ["--max-queued-bytes", "1"],
                                  ["--max-components-per-session", "-1"], ["--max-recording-bytes", "5"],
                                  ["--max-messages-per-second", "0"]])
def test_bad_limit_flags_refused(tmp_path, args):
    from itserver import ServerProcess
    proc = ServerProcess(tmp_path / "rec", extra_args=args, name="bad-limit").spawn()
    assert proc.wait_exit(15) not in (None, 0), proc.output
    assert args[0] in proc.output, proc.output
