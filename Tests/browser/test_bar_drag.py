"""A bar and a player made with the page's panels, then the bar's dot dragged with real mouse input
(ActionChains on #canvas): the server sees the gesture (bar.drag began/changed/ended in the page's
event log, then player.seeked) and the fill moves on the canvas (docs/protocol.md 4.2-4.4, docs/requirements.md 7)."""
import json
import re

import numpy as np
import pytest
from selenium.webdriver.common.action_chains import ActionChains

from pcbrowser import SCREENSHOTS, canvas_png, wait_js
from pcpage import (by_id, canvas_rgba, click, drawn_frame, find_shape, inspect_via_panel, log_entries, open_page,
                    snap, to_css_offset, wait_drawn, wait_log)

# The bar panel's defaults: b1 at x 20, y 560, 335 x 30; the track is drawn across the frame's middle.
BAR = {"x": 20, "y": 560, "width": 335, "height": 30}
TARGET_VALUE = 0.8


def fill_run(driver, frame):
    """(left, right, count) of the fill colour's pixels along the track's middle row, from canvas pixels.
    The dot (same colour, centred on the fill's end) extends the run by half its width."""
    fill = find_shape(frame["shapes"], "b1.fill")
    colour = fill["fill"].lstrip("#")
    rgb = np.array([int(colour[i:i + 2], 16) for i in (0, 2, 4)])
    track = find_shape(frame["shapes"], "b1.track")
    rgba, scale = canvas_rgba(driver, 0, track["y"] + track["h"] / 2 - 0.5, None, 1)
    row = rgba[0].astype(int)
    blue = (np.abs(row[:, :3] - rgb).max(axis=1) <= 12) & (row[:, 3] >= 200)
    cols = np.nonzero(blue)[0]
    assert cols.size, "no fill pixels on the track"
    return cols[0] / scale, (cols[-1] + 1) / scale, int(blue.sum())


def drag_events(driver):
    out = []
    for e in reversed(log_entries(driver, "event")):  # oldest first
        if e["title"] == "bar.drag b1":
            out.append(json.loads(e["detail"]))
    return out


def test_drag_the_dot_with_the_mouse(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    click(driver, "bar-create")
    click(driver, "player-create")
    click(driver, "player-play")
    wait_log(driver, "player.state p1", detail_contains='"playing"')
    # Let it play a little (the fill grows), then pause so the dot stands still under the mouse.
    wait_drawn(driver, "(() => { const s = f.shapes.find((x) => x.id === 'b1.fill'); return s && s.w >= 15; })()", timeout=10)
    click(driver, "player-pause")
    wait_log(driver, "player.state p1", detail_contains='"paused"')
    bar = inspect_via_panel(driver, "b1")
    start_value = bar["presentation"]["value"]
    assert 0.03 <= start_value <= 0.5 and not bar["dragging"], bar
    frame = wait_drawn(driver, f"(() => {{ const d = f.shapes.find((x) => x.id === 'b1.dot');"
                               f" return d && Math.abs(d.x + d.w / 2 - {BAR['x'] + start_value * BAR['width']}) < 0.5; }})()")
    dot = find_shape(frame["shapes"], "b1.dot")
    dot_x, dot_y = dot["x"] + dot["w"] / 2, dot["y"] + dot["h"] / 2
    left, before, count_before = fill_run(driver, frame)
    assert left == pytest.approx(BAR["x"], abs=1.5) and before == pytest.approx(dot_x + dot["w"] / 2, abs=1.5), \
        (left, before, dot)

    # Real mouse input: press on the dot, move in steps (each step a frame or more apart), release.
    driver.execute_script("window.scrollTo(0, 0);")
    canvas = by_id(driver, "canvas")
    target_x = BAR["x"] + TARGET_VALUE * BAR["width"]
    ox, oy = to_css_offset(driver, dot_x, dot_y)
    tx, _ = to_css_offset(driver, target_x, dot_y)
    steps = 5
    chain = ActionChains(driver, duration=50)
    chain.move_to_element_with_offset(canvas, round(ox), round(oy)).click_and_hold().pause(0.1)
    done = round(ox)
    for i in range(1, steps + 1):
        nxt = round(ox + (tx - ox) * i / steps)
        chain.move_by_offset(nxt - done, 0).pause(0.06)
        done = nxt
    chain.release().perform()

    wait_js(driver, "[...document.querySelectorAll('#event-log li .title')].some((t) => t.textContent === 'bar.drag b1')"
                    " && [...document.querySelectorAll('#event-log li')].some((li) => li.textContent.includes('\"ended\"'))")
    events = drag_events(driver)
    states = [e["state"] for e in events]
    assert states[0] == "began" and states[-1] == "ended" and states.count("began") == 1, states
    assert states.count("changed") >= 2, states
    values = [e["value"] for e in events]
    assert values[0] == pytest.approx(start_value, abs=0.03), (values, start_value)
    assert values == sorted(values), f"a left-to-right drag should only grow: {values}"
    assert values[-1] == pytest.approx(TARGET_VALUE, abs=0.01), values
    seeked = wait_log(driver, "player.seeked p1")
    to = float(re.search(r'"to":([0-9.eE+-]+)', seeked["detail"]).group(1))
    # Duration 10 s (the panel's default). Events carry 6 decimals: the value's rounding (up to
    # 0.5e-6) is multiplied by 10, the position's is 0.5e-6, so they agree within 5.5e-6.
    assert to == pytest.approx(values[-1] * 10, abs=5.5e-6), seeked

    # The fill moved on the canvas to where the dot was dropped.
    # (The mouse moves in whole CSS pixels, so the drop lands within a pixel of the target.)
    dropped_x = BAR["x"] + values[-1] * BAR["width"]
    frame = wait_drawn(driver, f"(() => {{ const s = f.shapes.find((x) => x.id === 'b1.fill');"
                               f" return s && Math.abs(s.x + s.w - {dropped_x}) < 0.01; }})()")
    left, after, count_after = fill_run(driver, frame)
    dot = find_shape(frame["shapes"], "b1.dot")
    assert left == pytest.approx(BAR["x"], abs=1.5) and after == pytest.approx(dropped_x + dot["w"] / 2, abs=1.5), \
        (left, after, dropped_x, dot)
    assert count_after - count_before == pytest.approx((values[-1] - start_value) * BAR["width"], abs=3), \
        (count_before, count_after)
    bar = inspect_via_panel(driver, "b1")
    assert not bar["dragging"] and bar["presentation"]["value"] == pytest.approx(values[-1], abs=1e-6), bar
    assert [e for e in log_entries(driver, "error")] == []
    canvas_png(driver, SCREENSHOTS / "bar-drag-canvas.png")
    snap(driver, "bar-drag")
