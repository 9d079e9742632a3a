"""A replay in the page survives a reload and a shared link (docs/protocol.md section 7): the page
rejoins the replay session where it is, playing or paused, instead of opening the recording
again at 0; a link to a replay whose session and recording are both gone says so and offers a new
session (it does not make the visitor the controller of one by itself)."""
import time

from pcbrowser import save_screenshot, wait_js
from pcpage import log_entries, open_page
from pcws import WsClient


def make_recording(server_url, name):
    with WsClient(server_url) as c:
        assert c.request("session.create", clock="manual")["type"] == "ack"
        assert c.request("record.start", name=name, overwrite=True)["type"] == "ack"
        assert c.request("bar.create", target="b1")["type"] == "ack"
        assert c.request("bar.set", target="b1", value=1, duration=20)["type"] == "ack"
        assert c.request("clock.advance", by=20)["type"] == "ack"
        assert c.request("record.stop")["type"] == "ack"


def open_and_play(driver, server_url, name):
    """Opens the page, opens recording `name` in it and presses Play; returns the open's reply."""
    open_page(driver, f"{server_url}/")
    opened = driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        window.progresscast.app.session.openReplay(arguments[0]).then((r) => done(r));""", name)
    assert opened["type"] == "ack", opened
    driver.execute_script("document.getElementById('replay-play').click();")
    wait_js(driver, "window.progresscast.app.session.info.replay && document.getElementById('replay-play').textContent === 'Pause'")
    return opened


def test_a_reloaded_replay_goes_on_where_it_was(browser, server_url):
    driver = browser
    make_recording(server_url, "rejoin-demo")
    opened = open_and_play(driver, server_url, "rejoin-demo")
    time.sleep(0.5)
    driver.refresh()
    wait_js(driver, "window.progresscast && window.progresscast.session.session && window.progresscast.session.replay")
    info = driver.execute_script("return window.progresscast.session;")
    assert info["session"] == opened["session"] and info["role"] == "controller", info
    assert info["replay"]["recording"] == "rejoin-demo" and info["replay"]["state"] == "playing", info["replay"]
    assert info["replay"]["position"] > 0.3, info["replay"]
    assert not driver.execute_script("return document.getElementById('replay-bar').hidden;")
    wait_js(driver, "document.getElementById('replay-play').textContent === 'Pause'")
    save_screenshot(driver, "replay-rejoined")


def test_a_link_to_a_gone_replay_says_so_and_offers_a_new_session(browser, server_url):
    driver = browser
    driver.get("about:blank")
    driver.get(f"{server_url}/#session=00000000000000000000000000000000&replay=no-such-recording")
    wait_js(driver, "window.progresscast && window.progresscast.connected"
                    " && !document.getElementById('session-ended').hidden", timeout=15)
    info = driver.execute_script("return window.progresscast.session;")
    assert info["session"] is None and info["role"] is None, info
    notice = driver.execute_script("return document.getElementById('session-ended').textContent;")
    assert "no longer exists" in notice and "no-such-recording" in notice, notice
    notes = " | ".join(e["detail"] for e in log_entries(driver, "note"))
    assert "cannot be opened" in notes, notes
    # Not blank and not a dead end: the notice's button starts a live session.
    driver.execute_script("document.getElementById('session-new').click();")
    wait_js(driver, "window.progresscast.session.role === 'controller' && !window.progresscast.session.replay")


def test_the_replay_keys_work_after_the_seek_slider_was_used(browser, server_url):
    driver = browser
    make_recording(server_url, "keys-demo")
    open_page(driver, f"{server_url}/")
    driver.execute_async_script("""
        const done = arguments[arguments.length - 1];
        window.progresscast.app.session.openReplay('keys-demo').then(() => done());""")
    # Seek with the slider as a user would (focus, then a change), then press the right arrow.
    driver.execute_script("""
        const s = document.getElementById('replay-seek');
        s.focus(); s.value = '2'; s.dispatchEvent(new Event('change'));""")
    wait_js(driver, "Math.abs(window.progresscast.lastFrame.t - 2) < 1e-6")
    assert driver.execute_script("return document.activeElement.id;") != "replay-seek"
    driver.execute_script("""document.activeElement.dispatchEvent(
        new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true }));""")
    # The replay keys: right arrow is 5 s (not the slider's own 1 ms step).
    wait_js(driver, "Math.abs(window.progresscast.lastFrame.t - 7) < 1e-6")


def test_the_replay_clock_runs_through_a_still_stretch(browser, server_url):
    """Frames come only when the picture changes: while a still stretch plays, the replay bar's
    time and slider still move (they froze until the next change, or the pause)."""
    with WsClient(server_url) as c:
        assert c.request("session.create", clock="manual")["type"] == "ack"
        assert c.request("record.start", name="still-demo", overwrite=True)["type"] == "ack"
        assert c.request("hud.show", target="h", mode="text", label="Still", animated=False)["type"] == "ack"
        assert c.request("clock.advance", by=20)["type"] == "ack"
        assert c.request("record.stop")["type"] == "ack"
    driver = browser
    open_and_play(driver, server_url, "still-demo")
    time.sleep(1.5)
    shown = driver.execute_script(
        "return [Number(document.getElementById('replay-seek').value), document.getElementById('replay-time').textContent];")
    assert 1.0 <= shown[0] <= 3.0, shown
    assert shown[1].startswith("0:01") or shown[1].startswith("0:02"), shown
