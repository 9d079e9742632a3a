"""Text as the page draws it (issue 18): labels are shaped (ligatures, Arabic joining), right-to-left
lines say `dir` in frames, and odd text (lone surrogates, 1,000 combining marks, bidi controls)
gets a clear error or a correct layout, over a real WebSocket with the real server binary."""
import math
import time

from itclient import async_test, connect_manual

MARGIN = 20  # MBProgressHUD's default margin


def texts(shapes):
    for s in shapes:
        if s.get("kind") == "text":
            yield s
        yield from texts(s.get("items", []))


async def label_frame(c, label):
    await c.call("hud.show", target="h1", animated=False, mode="text", label=label)
    frame = (await c.call("frame.get"))["frame"]
    return [s for s in texts(frame["shapes"]) if s["text"] == label]


@async_test()
async def test_ligature_label_is_measured_as_drawn(server):
    async with connect_manual(server.ws_url) as (c, _):
        assert await label_frame(c, "fi")
        bezel = (await c.call("inspect", target="h1"))["bezel"]
        # Chromium measures "fi" (bold 16, DejaVu's fi ligature) at 11.859 pt: the label is 12 wide.
        assert bezel["width"] == math.ceil(11.859375) + 2 * MARGIN, bezel


@async_test()
async def test_arabic_label_is_joined_and_right_to_left(server):
    label = "\u062c\u0627\u0631\u064d \u0627\u0644\u062a\u062d\u0645\u064a\u0644"
    async with connect_manual(server.ws_url) as (c, _):
        [shape] = await label_frame(c, label)
        assert shape["dir"] == "rtl", shape
        bezel = (await c.call("inspect", target="h1"))["bezel"]
        assert bezel["width"] == math.ceil(93.4140625) + 2 * MARGIN, bezel  # not 120 + 40 (isolated forms)
        [latin] = await label_frame(c, "Loading \u062c\u0627\u0631\u064d")
        assert "dir" not in latin, latin  # the first strong character is Latin


@async_test()
async def test_lone_surrogate_is_a_clear_error(server):
    async with connect_manual(server.ws_url) as (c, _):
        await c.send_raw('{"op":"hud.show","id":7,"target":"h1","label":"a\\ud800b"}')
        # The message cannot be parsed, so the error has no id to echo.
        reply = await c.wait_for(lambda m: m.get("type") == "error", what="the parse error")
        assert reply["code"] == "bad_json" and "surrogate" in reply["message"], reply
        assert (await c.call("inspect"))["components"] == [], "nothing was shown"


@async_test(timeout=60)
async def test_odd_labels_lay_out_without_hanging(server):
    labels = [
        "a" + "\u0301" * 1000,  # 1,000 combining marks on one base
        "\u0301" * 1000,  # and on none
        "e\u0301" * 500,  # 500 clusters, truncated
        "\u202eabc\u202b\u05d0\u2067\u2069\u2069\u202c\u202c\u200f" * 20,  # unbalanced bidi controls
        "\u202b" * 200 + "deep" + "\u202a" * 200,  # past the maximum embedding depth
        "W" * 30 + "\u200b" * 960 + "end",  # hundreds of zero-width break opportunities at the cut (1,000 at most)
    ]
    async with connect_manual(server.ws_url) as (c, _):
        for label in labels:
            started = time.monotonic()
            await c.call("hud.show", target="h1", animated=False, label=label, details=label)
            frame = (await c.call("frame.get"))["frame"]
            assert time.monotonic() - started < 5, "layout took too long"
            bezel = (await c.call("inspect", target="h1"))["bezel"]
            assert 0 < bezel["width"] <= 375 - 2 * MARGIN + 1e-9, (label[:20], bezel)
            assert list(texts(frame["shapes"])), "the label is drawn"
            await c.call("hud.hide", target="h1", animated=False)
            await c.call("clock.advance", by=0.1)
