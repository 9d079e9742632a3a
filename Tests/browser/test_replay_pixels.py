"""Record in the page, open the recording from its list, play, seek with the slider, step a frame
with the button and the keyboard, and check that the canvas shows the frame the server renders for
that time (docs/protocol.md 7, docs/requirements.md 7-8).

The expected frame comes from outside the page: a side WebSocket client opens the same recording
(replay.open) and seeks to the time the page shows (replay.seek), and `progresscast render FILE
--at T --format json` renders it headless. The page's side: window.progresscast.lastFrame (newest
frame received) and drawnFrame (the frame on the canvas), and the canvas pixels themselves, compared
with the expected display list drawn by the page's own drawShapes on a fresh canvas.
"""
import json
import subprocess
import time
import urllib.request
from pathlib import Path

import pytest
from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.action_chains import ActionChains

from pcbrowser import SCREENSHOTS, canvas_png, wait_js
from pcpage import (by_id, canvas_rgba, click, click_range_at, diff_against_render, drawn_frame, fill, find_shape,
                    log_entries, open_page, open_panel, snap, wait_drawn, wait_log)
from pcserver import OUTPUT, server_command
from pcws import WsClient

FPS = 60


def page_frame(driver):
    return driver.execute_script("return window.progresscast.lastFrame;")


def wait_page_t(driver, t, timeout=10.0):
    """Waits until the newest frame received and the frame on the canvas are both for time t."""
    return wait_drawn(driver, f"Math.abs(f.t - {t}) < 1e-9 && window.progresscast.lastFrame.t === f.t", timeout=timeout)


def server_frame(side, t):
    """The frame the server sends for time t in its own replay of the recording (the side client).
    (Not frame.get: in a paused replay it samples the session's wall clock, see
    test_inspect_keeps_a_paused_replay_still.)"""
    last = side.frames[-1] if side.frames else None
    seen = len(side.frames)
    ack = side.request("replay.seek", t=t)
    assert ack["type"] == "ack" and ack["position"] == pytest.approx(t, abs=1e-9), ack
    match = lambda m: m.get("type") == "frame" and m["t"] == pytest.approx(t, abs=1e-9)
    for frame in side.frames[seen:]:
        if match(frame):
            return frame
    try:
        return side.recv_until(match, timeout=1.0)
    except TimeoutError:
        # No frame: the display list at t is the one sent last ("never twice the same").
        assert last is not None, f"no frame for t={t}"
        return {**last, "t": t}


def assert_shows(driver, side, t, what):
    """The page's frame for time t is the server's, and its canvas pixels are that display list's."""
    frame = wait_page_t(driver, t)
    expected = server_frame(side, t)
    assert frame["shapes"] == expected["shapes"], f"{what}: the page's frame at t={t} differs from the server's"
    assert page_frame(driver)["shapes"] == expected["shapes"]
    result = diff_against_render(driver, expected)
    assert "error" not in result, result
    assert result["differ"] == 0, f"{what}: {result['differ']} canvas pixels differ from the server's frame at t={t}"
    # Real pixels where the shapes are (once the recording has them): the HUD's bezel, the bar's track.
    hud = find_shape(expected["shapes"], "h1")
    if hud is not None:
        bezel = hud["items"][0]
        rgba, _ = canvas_rgba(driver, bezel["x"] + 2, bezel["y"] + 2, bezel["w"] - 4, bezel["h"] - 4)
        assert (rgba[..., 3] > 0).mean() > 0.99, f"{what}: the bezel is not painted"
    track = find_shape(expected["shapes"], "b1.track")
    if track is not None:
        rgba, _ = canvas_rgba(driver, track["x"] + 6, track["y"], track["w"] - 12, track["h"])
        assert (rgba[..., 3] > 0).mean() > 0.9, f"{what}: the bar's track is not painted"
    if hud is None and track is None:
        assert result["painted"] == 0, f"{what}: an empty frame, but {result['painted']} pixels are painted"
    return frame


def wait_quiet(driver, quiet=0.3, timeout=5.0):
    """Waits until no frame has arrived for `quiet` seconds."""
    deadline = time.monotonic() + timeout
    count, since = None, time.monotonic()
    while True:
        now = driver.execute_script("return window.progresscast.stats.received;")
        if now != count:
            count, since = now, time.monotonic()
        elif time.monotonic() - since >= quiet:
            return
        if time.monotonic() > deadline:
            raise TimeoutError(f"frames still arriving after {timeout} s")
        time.sleep(0.05)


def click_open(driver, name, timeout=10.0):
    """Clicks the "open" button of a recording in the page's list (the list may be rebuilt meanwhile)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            row = wait_js(driver, f"document.querySelector('[data-test=recording-row][data-name=\"{name}\"]')",
                          timeout=max(0.1, deadline - time.monotonic()))
            button = row.find_element("css selector", "[data-test=recording-open]")
            driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", button)
            button.click()
            return
        except StaleElementReferenceException:
            if time.monotonic() > deadline:
                raise


def replay_states(driver):
    return [json.loads(e["detail"]).get("state") for e in reversed(log_entries(driver, "event"))
            if e["title"] == "replay.state"]


def test_record_open_play_seek_step(browser, server_url):
    driver = browser
    name = f"bt-replay-{int(time.time() * 1000)}"
    open_page(driver, f"{server_url}/")

    # Record: a spinning HUD and a bar driven by a player, so every frame step changes the picture.
    open_panel(driver, "panel-recording")
    fill(driver, "record-name", name)
    click(driver, "record-start")
    wait_js(driver, f"document.getElementById('record-state').textContent === 'recording {name}'")
    click(driver, "hud-show")
    click(driver, "bar-create")
    click(driver, "player-create")
    click(driver, "player-play")
    wait_log(driver, "hud.appeared h1")
    wait_log(driver, "player.state p1", detail_contains='"playing"')
    started = drawn_frame(driver)["t"]
    wait_drawn(driver, f"f.t >= {started + 0.8}")
    fill(driver, "record-label", "halfway")
    click(driver, "record-marker")
    wait_drawn(driver, f"f.t >= {started + 1.4}")
    click(driver, "record-stop")
    wait_js(driver, f"document.getElementById('record-state').textContent.startsWith('saved {name}')")
    assert [e for e in log_entries(driver, "error")] == []

    # Open it from the list.
    click_open(driver, name)
    wait_js(driver, "!document.getElementById('replay-bar').hidden && window.progresscast.session.replay"
                    " && window.progresscast.lastFrame")
    info = driver.execute_script("return window.progresscast.session;")
    assert info["replay"]["recording"] == name and f"replay={name}" in driver.execute_script("return location.hash;")
    duration = info["replay"]["duration"]
    assert 1.2 <= duration <= 10, duration
    markers = driver.execute_script("return [...document.querySelectorAll('[data-test=replay-marker]')].map((m) => m.title);")
    # Where record was pressed (the session was older), then the user's marker.
    assert len(markers) == 2 and markers[0].startswith("recording started") and markers[1].startswith("halfway"), markers

    with WsClient(server_url) as side:
        opened = side.request("replay.open", recording=name)
        assert opened["type"] == "ack" and opened["duration"] == pytest.approx(duration, abs=1e-6), opened
        assert [m["label"] for m in opened["markers"]] == ["recording started", "halfway"]

        # The frame a replay starts on.
        first = page_frame(driver)
        assert_shows(driver, side, first["t"], "opened")

        # Play with the button, then pause with it.
        click(driver, "replay-play")
        wait_log(driver, "replay.state", detail_contains='"playing"')
        t0 = drawn_frame(driver)["t"]
        wait_drawn(driver, f"f.t >= {t0 + 0.3}", timeout=5)
        assert by_id(driver, "replay-play").text == "Pause"
        click(driver, "replay-play")
        wait_js(driver, "document.getElementById('replay-bar').dataset.state === 'paused'")
        wait_quiet(driver)  # frames already on their way when the pause was applied
        paused = page_frame(driver)
        assert t0 + 0.3 <= paused["t"] < duration, (t0, paused["t"])
        assert_shows(driver, side, paused["t"], "paused after playing")

        # Seek with the slider (a real click on its track): both the HUD and the bar are on by then.
        value = click_range_at(driver, "replay-seek", 0.6)
        assert 0.45 * duration <= value <= 0.75 * duration, (value, duration)
        seeked = assert_shows(driver, side, round(value, 6), "seek slider")
        assert find_shape(seeked["shapes"], "h1") and find_shape(seeked["shapes"], "b1.fill"), seeked
        shown, total = by_id(driver, "replay-time").text.split(" / ")
        minutes, seconds = shown.split(":")
        assert int(minutes) * 60 + float(seconds) == pytest.approx(value, abs=0.006), shown
        canvas_png(driver, SCREENSHOTS / "replay-seek-canvas.png")

        # Step one frame with the button, then with the keyboard ('.' forward, ',' back) while paused.
        t = seeked["t"]
        click(driver, "replay-step-forward")
        stepped = wait_drawn(driver, f"f.t > {t}")
        assert stepped["t"] == pytest.approx(t + 1 / FPS, abs=2e-6), (t, stepped["t"])
        assert_shows(driver, side, stepped["t"], "step button")
        t = stepped["t"]
        ActionChains(driver).send_keys(".").perform()
        stepped = wait_drawn(driver, f"f.t > {t}")
        assert stepped["t"] == pytest.approx(t + 1 / FPS, abs=2e-6), (t, stepped["t"])
        assert_shows(driver, side, stepped["t"], "'.' key")
        t = stepped["t"]
        ActionChains(driver).send_keys(",").perform()
        stepped = wait_drawn(driver, f"f.t < {t}")
        assert stepped["t"] == pytest.approx(t - 1 / FPS, abs=2e-6), (t, stepped["t"])
        assert_shows(driver, side, stepped["t"], "',' key")
        final_t = stepped["t"]

    states = replay_states(driver)
    assert "playing" in states and states[-1] == "paused", states
    assert [e for e in log_entries(driver, "error")] == []
    snap(driver, "replay-stepped")

    # The headless renderer agrees: `progresscast render` on the downloaded file at the same time.
    exe = server_command()
    if not Path(exe[0]).exists():
        pytest.skip(f"no server binary at {exe[0]} for `progresscast render`")
    folder = OUTPUT / "replay"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.pcast"
    with urllib.request.urlopen(f"{server_url}/api/recordings/{name}", timeout=10) as res:
        path.write_bytes(res.read())
    out = subprocess.run([*exe, "render", str(path), "--at", repr(final_t), "--format", "json"],
                         capture_output=True, text=True, timeout=30)
    assert out.returncode == 0, out.stderr
    rendered = json.loads(out.stdout)
    assert rendered["t"] == pytest.approx(final_t, abs=1e-6)
    assert rendered["shapes"] == drawn_frame(driver)["shapes"], "`progresscast render` differs from the page's frame"


@pytest.fixture(scope="module")
def short_recording(server_url):
    """A 1.2 s recording of a spinning HUD, made by a side client."""
    name = f"bt-still-{int(time.time() * 1000)}"
    with WsClient(server_url) as c:
        assert c.request("session.create")["type"] == "ack"
        assert c.request("record.start", name=name)["type"] == "ack"
        assert c.request("hud.show", target="h1", label="Loading")["type"] == "ack"
        time.sleep(1.2)
        assert c.request("record.stop")["type"] == "ack"
    return name


def open_recording_in_page(driver, server_url, name):
    open_page(driver, f"{server_url}/")  # the page lists the recordings as it loads
    open_panel(driver, "panel-recording")
    click_open(driver, name)
    wait_js(driver, "!document.getElementById('replay-bar').hidden && window.progresscast.session.replay")


def test_inspect_keeps_a_paused_replay_still(browser, server_url, short_recording):
    driver = browser
    open_recording_in_page(driver, server_url, short_recording)
    value = click_range_at(driver, "replay-seek", 0.2)
    frame = wait_page_t(driver, round(value, 6))
    wait_quiet(driver)
    time.sleep(0.6)  # wall time passes (beyond the position); the replay stays paused at `value`
    open_panel(driver, "panel-session")
    fill(driver, "inspect-target", "")
    click(driver, "session-inspect")
    wait_js(driver, "document.getElementById('inspect-output').dataset.type === 'ack'")
    # Give a wrongly pushed frame a full second to arrive.
    deadline = time.monotonic() + 1.0
    while time.monotonic() < deadline:
        after = page_frame(driver)
        assert after["t"] == frame["t"] and after["shapes"] == frame["shapes"], \
            f"paused at t={frame['t']}, the Inspect button moved the canvas to t={after['t']}"
        time.sleep(0.05)
