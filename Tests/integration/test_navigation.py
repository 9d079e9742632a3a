"""Navigation stacks end to end through the real server on a manual clock (docs/protocol.md
section 4.6): FDFullscreenPopGesture's swipe-back driven by `pointer` ops, its refusals, UIKit's
appearance order as events, per-screen bar hiding, and the errors of bad stacks."""
from itclient import async_test, connect_manual

WIDTH = 375
SCREENS = [{"id": "inbox", "title": "Inbox", "rows": {"count": 20}},
           {"id": "mail", "title": "Mail", "color": "#f2f2f7"}]


async def inspect(c, target="nav"):
    return await c.call("inspect", target=target)


def events(c, name, since):
    """The events named `name` received since the mark (call after settle(): events go out with
    the next frame, not with the ack)."""
    return [m for m in c.history[since:] if m.get("type") == "event" and m.get("name") == name]


async def settle(c):
    """Reads until the server has been quiet for a moment: every event so far has arrived."""
    await c.quiet(0.15)


async def create(c, screens, **fields):
    """nav.create, then waits until its events (the screens' appearance calls) have arrived, so
    a mark taken after it sees only what follows."""
    await c.call("nav.create", target="nav", screens=screens, **fields)
    await c.call("clock.advance", by=0.1)
    await c.quiet(0.2)


async def swipe(c, xs, step=0.05, y=300):
    """A pointer down at xs[0], a move to each later x every `step` s of media time, then up."""
    await c.call("pointer", phase="down", x=xs[0], y=y)
    for x in xs[1:]:
        await c.call("clock.advance", by=step)
        await c.call("pointer", phase="move", x=x, y=y)
    await c.call("pointer", phase="up", x=xs[-1], y=y)
    await settle(c)


@async_test()
async def test_slow_swipe_past_the_middle_pops_with_uikits_appearance_order(server):
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("nav.create", target="nav", screens=SCREENS)
        assert (await inspect(c))["stack"] == ["inbox", "mail"]
        mark = c.mark()
        await swipe(c, [50 + i * 30 for i in range(11)])  # 300 pt of 375: 80%
        info = await inspect(c)
        assert info["transitioning"] and info["interactive"]
        await c.call("clock.advance", by=1)
        await settle(c)
        info = await inspect(c)
        assert info["stack"] == ["inbox"] and not info["transitioning"]
        calls = [(e["screen"], e["call"]) for e in events(c, "nav.appearance", mark)]
        assert calls == [("mail", "viewWillDisappear"), ("inbox", "viewWillAppear"),
                         ("mail", "viewDidDisappear"), ("inbox", "viewDidAppear")], calls
        states = [e["state"] for e in events(c, "nav.transition", mark)]
        assert states == ["began", "finished"], states
        gestures = events(c, "nav.gesture", mark)
        assert gestures[0]["state"] == "began" and gestures[-1]["state"] == "ended"
        changed = [g["percent"] for g in gestures if g["state"] == "changed"]
        assert changed == sorted(changed) and 0 < changed[-1] < 1


@async_test()
async def test_small_slow_swipe_cancels(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create(c, SCREENS)
        mark = c.mark()
        await swipe(c, [100, 110, 120, 130, 137.5], step=0.1)  # 37.5 pt: 10%, slowly
        await c.call("clock.advance", by=1)
        await settle(c)
        assert (await inspect(c))["stack"] == ["inbox", "mail"]
        assert [e["state"] for e in events(c, "nav.transition", mark)] == ["began", "cancelled"]
        calls = [(e["screen"], e["call"]) for e in events(c, "nav.appearance", mark)]
        assert calls == [("mail", "viewWillDisappear"), ("inbox", "viewWillAppear"), ("inbox", "viewWillDisappear"),
                         ("inbox", "viewDidDisappear"), ("mail", "viewWillAppear"), ("mail", "viewDidAppear")], calls


@async_test()
async def test_a_swipe_that_rests_before_lifting_is_decided_by_its_percent(server):
    # A browser sends no moves while the finger rests: 40% at 1,500 pt/s, 0.5 s still, then up.
    # The pan's velocity is zero then, so 40% cancels (and 60% pops), whatever the moves before.
    for end, popped in ((250, False), (325, True)):
        async with connect_manual(server.ws_url) as (c, _):
            await create(c, SCREENS)
            mark = c.mark()
            await c.call("pointer", phase="down", x=100, y=300)
            for i in range(1, 11):
                await c.call("clock.advance", by=0.01)
                await c.call("pointer", phase="move", x=100 + (end - 100) * i / 10, y=300)
            await c.call("clock.advance", by=0.5)
            await c.call("pointer", phase="up", x=end, y=300)
            await c.call("clock.advance", by=1)
            await settle(c)
            ended = [g for g in events(c, "nav.gesture", mark) if g["state"] == "ended"]
            assert ended and ended[0]["velocity"] == 0, ended
            assert [e["state"] for e in events(c, "nav.transition", mark)] == \
                ["began", "finished" if popped else "cancelled"]
            assert (await inspect(c))["stack"] == (["inbox"] if popped else ["inbox", "mail"])


@async_test()
async def test_a_fast_swipe_past_the_middle_pops_though_its_last_move_was_slower(server):
    # 100 pt, 100 pt, then 45 pt in 10 ms steps, released at 265 of 375 (71%) while still moving
    # towards the back edge: it pops (the fitted deceleration stops the finger, never turns it back).
    async with connect_manual(server.ws_url) as (c, _):
        await create(c, SCREENS)
        mark = c.mark()
        await c.call("pointer", phase="down", x=20, y=300)
        for x in (120, 220, 265):
            await c.call("clock.advance", by=0.01)
            await c.call("pointer", phase="move", x=x, y=300)
        await c.call("pointer", phase="up", x=265, y=300)
        await c.call("clock.advance", by=1)
        await settle(c)
        assert [e["state"] for e in events(c, "nav.transition", mark)] == ["began", "finished"]
        assert (await inspect(c))["stack"] == ["inbox"]


@async_test()
async def test_pop_to_root_says_what_it_popped_even_when_nothing(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create(c, SCREENS + [{"id": "draft", "title": "Draft"}])
        ack = await c.call("nav.popToRoot", target="nav", animated=False)
        assert ack["popped"] == ["mail", "draft"], ack
        ack = await c.call("nav.popToRoot", target="nav", animated=False)
        assert ack["popped"] == [], ack
        ack = await c.call("nav.push", target="nav", screen={"id": "again"}, animated=False)
        assert "popped" not in ack, ack


@async_test()
async def test_refusals_name_their_reason_and_nothing_moves(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create(c, [SCREENS[0]])
        mark = c.mark()
        await swipe(c, [50, 80, 120, 160])
        assert [e["reason"] for e in events(c, "nav.gestureRefused", mark)] == ["root"]
        await c.call("nav.push", target="nav", screen={"id": "locked", "title": "Locked", "interactivePopDisabled": True},
                     animated=False)
        mark = c.mark()
        await swipe(c, [50, 80, 120, 160])
        assert [e["reason"] for e in events(c, "nav.gestureRefused", mark)] == ["disabled"]
        await c.call("nav.update", target="nav", screen="locked", interactivePopDisabled=False)
        mark = c.mark()
        await swipe(c, [200, 170, 140])  # toward the leading edge: the wrong way
        assert [e["reason"] for e in events(c, "nav.gestureRefused", mark)] == ["direction"]
        assert (await inspect(c))["stack"] == ["inbox", "locked"] and not events(c, "nav.transition", mark)


@async_test()
async def test_push_hides_the_bar_for_a_screen_that_prefers_it_hidden(server):
    async with connect_manual(server.ws_url) as (c, _):
        await create(c, [SCREENS[0]])
        mark = c.mark()
        await c.call("nav.push", target="nav", screen={"id": "photo", "title": "Photo", "prefersNavigationBarHidden": True})
        bar = await c.next_event("nav.bar", since=mark)
        assert bar["hidden"] is True and bar["animated"] is True
        mid = await inspect(c)
        assert mid["transition"] == "push" and mid["navigationBarHidden"]
        await c.call("clock.advance", by=0.1)
        halfway = (await inspect(c))["presentation"]
        assert 0 < halfway["barVisibility"] < 1 and 0 < halfway["frontOffset"] < WIDTH
        await c.call("clock.advance", by=1)
        done = await inspect(c)
        assert done["top"] == "photo" and done["presentation"]["barVisibility"] == 0


@async_test()
async def test_a_blocking_hud_over_the_stack_blocks_the_swipe(server):
    async with connect_manual(server.ws_url) as (c, _):
        await c.call("nav.create", target="nav", screens=SCREENS)
        await c.call("hud.show", target="h", animated=False)
        ack = await c.call("pointer", phase="down", x=50, y=300)
        assert ack["target"] == "h"
        await c.call("pointer", phase="move", x=200, y=300)
        await c.call("pointer", phase="up", x=200, y=300)
        assert (await inspect(c))["stack"] == ["inbox", "mail"]


@async_test()
async def test_bad_stacks_are_refused_and_change_nothing(server):
    async with connect_manual(server.ws_url) as (c, _):
        err = await c.expect_error("nav.create", "duplicate_target", target="nav",
                                   screens=[{"id": "a"}, {"id": "a"}])
        assert "screens[1].id" in err["message"]
        await c.expect_error("nav.create", "bad_request", target="nav", screens=[])
        err = await c.expect_error("nav.create", "bad_request", target="nav", screens=[{"id": "a", "rows": {"count": -1}}])
        assert "screens[0].rows.count" in err["message"]
        await c.expect_error("nav.create", "bad_request", target="nav", screens=[{"id": "a"}],
                             frame={"x": 0, "y": 0, "width": -5, "height": 10})
        await c.expect_error("nav.push", "unknown_target", target="nav", screen={"id": "b"})
        await c.call("nav.create", target="nav", screens=[{"id": "a"}])
        await c.expect_error("nav.pop", "conflict", target="nav")
        await c.expect_error("nav.push", "duplicate_target", target="nav", screen={"id": "a"})
        await c.expect_error("nav.update", "unknown_target", target="nav", screen="zz", title="x")
        await c.call("nav.push", target="nav", screen={"id": "b"})
        await c.expect_error("nav.push", "conflict", target="nav", screen={"id": "c"})  # during the push
        await c.call("clock.advance", by=1)
        assert (await inspect(c))["stack"] == ["a", "b"]


async def run_scenario(c, name, seconds):
    """Runs a built-in scenario on the manual clock for `seconds`; returns the events it gave."""
    mark = c.mark()
    await c.call("scenario.run", name=name)
    for _ in range(int(seconds * 10)):
        await c.call("clock.advance", by=0.1)
    await settle(c)
    return [m for m in c.history[mark:] if m.get("type") == "event"]


@async_test(timeout=60)
async def test_scenario_swipe_back_shows_pop_cancel_and_flick(server):
    async with connect_manual(server.ws_url) as (c, _):
        got = await run_scenario(c, "swipe-back", 9)
        transitions = [(e["kind"], e["state"], e["interactive"]) for e in got if e["name"] == "nav.transition"]
        assert transitions == [("pop", "began", True), ("pop", "finished", True), ("push", "began", False),
                               ("push", "finished", False), ("pop", "began", True), ("pop", "cancelled", True),
                               ("pop", "began", True), ("pop", "finished", True), ("push", "began", False),
                               ("push", "finished", False)], transitions
        assert not [e for e in got if e["name"] == "scenario.error"]


@async_test(timeout=60)
async def test_scenario_gesture_refused_gives_every_reason_in_fds_order(server):
    async with connect_manual(server.ws_url) as (c, _):
        got = await run_scenario(c, "gesture-refused", 10)
        reasons = [e["reason"] for e in got if e["name"] == "nav.gestureRefused"]
        assert reasons == ["root", "disabled", "distance", "direction", "transitioning"], reasons
        assert ("pop", "finished") in [(e["kind"], e["state"]) for e in got if e["name"] == "nav.transition"]


@async_test(timeout=60)
async def test_scenario_bar_hidden_flicker_shows_the_bar_with_the_cancelled_swipe(server):
    async with connect_manual(server.ws_url) as (c, _):
        got = await run_scenario(c, "bar-hidden-flicker", 8)
        states = [(e["kind"], e["state"]) for e in got if e["name"] == "nav.transition"]
        assert ("pop", "cancelled") in states and ("pop", "finished") in states, states
        bars = [(e["hidden"], e["animated"]) for e in got if e["name"] == "nav.bar"]
        assert bars and bars[0] == (True, True), bars
