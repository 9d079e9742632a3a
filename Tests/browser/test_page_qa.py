"""The page's fixes for QA pass 6 (/tmp/qa6/FINDINGS.md): no live regions re-announced every second
(the canvas's description and the connection pill), a description of what is on screen (the
navigation screen by its title, off-screen components left out), keyboard presses that all count,
a canvas that fits a narrow or short window and stays sharp, a stale canvas while disconnected and a
plain notice when the session is gone after a server restart (a viewer link never becomes a
controller by itself), the console's parse errors, the share buttons' confirmation and the phone's
clock in the viewer's time zone; and, from the same pass's leftovers, an event log that keeps a
user's errors when the tour's events fill it."""
import json
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pcbrowser import make_driver, wait_js
from pcpage import by_id, click, fill, find_shape, log_entries, open_page, open_panel, page_with_a_player, wait_log
from pcserver import ServerProcess
from pcws import WsClient


def send(driver, msg):
    """An op through the page's own connection; returns the reply."""
    return driver.execute_async_script(
        "window.progresscast.app.send(arguments[0], { quiet: true }).then(arguments[1]);", msg)


def text_of(driver, element_id):
    return driver.execute_script("return document.getElementById(arguments[0]).textContent;", element_id)


# ---- findings 4 and 5: description and connection pill --------------------------------------------

def test_description_is_not_live_and_names_what_is_on_screen(browser, server_url):
    driver = browser
    ctl = WsClient(server_url)
    with ctl:
        created = ctl.request("session.create", clock="manual")
        assert created["type"] == "ack", created
        assert ctl.request("nav.create", target="app", screens=[{"id": "home", "title": "Inbox"}])["type"] == "ack"
        # One bar on the screen with a caption, one parked off it (as the guided tour parks its parts).
        assert ctl.request("bar.create", target="seen", label="Upload", frame={"x": 20, "y": 300, "width": 335, "height": 30})["type"] == "ack"
        assert ctl.request("bar.create", target="parked", frame={"x": -1000, "y": 300, "width": 335, "height": 30})["type"] == "ack"
        assert ctl.request("bar.set", target="seen", value=0.4, animated=False)["type"] == "ack"
        assert ctl.request("hud.show", target="h", mode="determinate", label="Saving", details="2 of 5", animated=False)["type"] == "ack"
        assert ctl.request("hud.update", target="h", progress=0.5)["type"] == "ack"
        open_page(driver, f"{server_url}/#session={created['session']}")
        for element_id in ("canvas-description", "status-conn"):
            live = driver.execute_script("return document.getElementById(arguments[0]).getAttribute('aria-live');", element_id)
            assert live in (None, "off"), f"#{element_id} is a live region ({live})"
        assert by_id(driver, "canvas").get_attribute("aria-describedby") == "canvas-description"
        text = wait_js(driver, "(() => { const t = document.getElementById('canvas-description').textContent;"
                               " return t.includes('HUD') ? t : ''; })()", timeout=5)
        assert 'screen "Inbox"' in text, text
        assert 'bar "Upload" at 40%' in text, text
        assert '"Saving"' in text and '"2 of 5"' in text and "50%" in text, text
        assert "parked" not in text, text
        # Nothing is announced while the screen merely changes.
        before = driver.execute_script("return window.progresscast.announcements.length;")
        for value in (0.5, 0.6, 0.7):
            assert ctl.request("bar.set", target="seen", value=value, animated=False)["type"] == "ack"
            time.sleep(1.1)
        assert driver.execute_script("return window.progresscast.announcements.length;") == before
        wait_js(driver, "document.getElementById('canvas-description').textContent.includes('\"Upload\" at 70%')", timeout=5)


# ---- finding 2 (and 5 during an outage): server restart ---------------------------------------------

def test_a_restart_shows_a_stale_canvas_then_says_the_session_is_gone():
    first = ServerProcess(log_name="qa-restart-1").start()
    port = first.port
    url = first.url
    a = make_driver()
    b = make_driver()
    second = None
    try:
        open_page(a, f"{url}/", bare=False)
        wait_js(a, "window.progresscast.tourRunning")
        old = a.execute_script("return window.progresscast.session.session;")
        viewer_link = a.execute_script("return window.progresscast.app.session.link(false);")
        info = open_page(b, viewer_link)
        assert info["role"] == "viewer"
        first.stop()
        for d in (a, b):
            wait_js(d, "document.getElementById('status-conn').dataset.state === 'waiting'", timeout=10)
        counts = [d.execute_script("return window.progresscast.announcements.length;") for d in (a, b)]
        time.sleep(3)  # the pill counts down and retries meanwhile
        for d, count in zip((a, b), counts):
            stale = d.execute_script("""const c = document.getElementById('canvas');
                return { opacity: getComputedStyle(c).opacity, notice: !document.getElementById('conn-notice').hidden,
                         text: document.getElementById('conn-notice').textContent,
                         description: document.getElementById('canvas-description').textContent,
                         said: window.progresscast.announcements };""")
            assert float(stale["opacity"]) < 0.6 and stale["notice"], stale
            assert "Disconnected" in stale["text"] and "Reconnecting" in stale["text"], stale
            assert "playing" not in stale["description"] and "not live" in stale["description"], stale
            # One announcement for the outage, not one per retry or per countdown step.
            assert len(stale["said"]) == count and "Disconnected" in stale["said"][-1], stale["said"]
            # The controls are off while there is no connection (they would only fail).
            assert d.execute_script("return document.getElementById('hud-show').matches(':disabled');") is True
        second = ServerProcess(log_name="qa-restart-2")
        second.argv[second.argv.index("--port") + 1] = str(port)
        second.start()
        # The controller's page: a new session in place of the gone one, with the phone, and said so.
        wait_js(a, "window.progresscast.session.session && window.progresscast.session.session !== arguments[0]"
                .replace("arguments[0]", json.dumps(old)), timeout=20)
        wait_js(a, "!document.getElementById('session-ended').hidden")
        assert "no longer exists" in text_of(a, "session-ended")
        assert a.execute_script("return window.progresscast.session.role;") == "controller"
        wait_js(a, "window.progresscast.drawnFrame && window.progresscast.drawnFrame.shapes.some((s) => s.id === 'chrome.background')")
        assert a.execute_script("return getComputedStyle(document.getElementById('canvas')).opacity;") == "1"
        assert a.execute_script("return document.getElementById('hud-show').matches(':disabled');") is False
        assert any("Reconnected" in s for s in a.execute_script("return window.progresscast.announcements;"))
        # The viewer's page: not a controller of anything; the notice says so and offers a new session.
        wait_js(b, "document.getElementById('status-conn').dataset.state === 'open'"
                   " && !document.getElementById('session-ended').hidden", timeout=20)
        time.sleep(0.5)
        state = b.execute_script("return window.progresscast.session;")
        assert state["session"] is None and state["role"] is None, state
        assert "no longer exists" in text_of(b, "session-ended"), text_of(b, "session-ended")
        assert any("no longer exists" in s for s in b.execute_script("return window.progresscast.announcements;"))
        assert b.execute_script("return window.progresscast.drawnFrame;") is None
        assert b.execute_script("return location.hash;").startswith(f"#session={old}")
        new_button = b.find_element(By.ID, "session-new")
        assert new_button.is_displayed()
        new_button.click()
        wait_js(b, "window.progresscast.session.role === 'controller' && document.getElementById('session-ended').hidden")
        wait_js(b, "window.progresscast.drawnFrame && window.progresscast.drawnFrame.shapes.some((s) => s.id === 'chrome.background')")
    finally:
        a.quit()
        b.quit()
        first.stop()
        if second is not None:
            second.stop()


# ---- finding 7: keyboard ---------------------------------------------------------------------------

def test_quick_key_presses_all_count(browser, server_url):
    driver = browser
    page_with_a_player(driver, f"{server_url}/", 60)
    assert send(driver, {"op": "player.seek", "target": "p1", "to": 10})["type"] == "ack"
    assert send(driver, {"op": "inspect", "target": "p1"})["state"] != "playing"
    body = driver.find_element(By.TAG_NAME, "body")
    ActionChains(driver).move_to_element(body).send_keys(Keys.ARROW_RIGHT * 5).perform()
    wait_js(driver, "document.getElementById('key-note').textContent === 'p1: 15.00 s'", timeout=10)
    time.sleep(0.5)
    assert send(driver, {"op": "inspect", "target": "p1"})["position"] == pytest.approx(15, abs=0.01)
    # Two quick spaces: play, then pause.
    ActionChains(driver).send_keys(Keys.SPACE + Keys.SPACE).perform()
    wait_log(driver, "player.state p1", detail_contains='"playing"')
    wait_js(driver, "document.getElementById('key-note').textContent === 'p1: paused'", timeout=10)
    time.sleep(0.5)
    assert send(driver, {"op": "inspect", "target": "p1"})["state"] == "paused"
    # Typing in a field is typing, not a shortcut.
    position = send(driver, {"op": "inspect", "target": "p1"})["position"]
    fill(driver, "hud-label", "a b")
    by_id(driver, "hud-label").send_keys(Keys.ARROW_RIGHT, Keys.SPACE)
    time.sleep(0.5)
    after = send(driver, {"op": "inspect", "target": "p1"})
    assert after["state"] == "paused" and after["position"] == pytest.approx(position, abs=0.01), after


# ---- findings 8 and 9: the canvas's fit -------------------------------------------------------------

GEOMETRY = """const c = document.getElementById('canvas'); const b = c.getBoundingClientRect();
const p = c.parentElement.getBoundingClientRect();
return { bw: c.width, bh: c.height, cssW: b.width, cssH: b.height, bottom: b.bottom, parentW: p.width,
         dpr: window.devicePixelRatio, innerH: window.innerHeight, tour: !document.getElementById('tour-bar').hidden };"""


@pytest.mark.parametrize("dpr", [1, 2])
def test_a_375_px_window_draws_the_canvas_sharp(server_url, dpr):
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": 375, "height": 812, "deviceScaleFactor": dpr, "mobile": True})
        open_page(driver, f"{server_url}/", bare=False)
        time.sleep(0.5)
        g = driver.execute_script(GEOMETRY)
        assert g["dpr"] == dpr and g["cssW"] <= g["parentW"] + 0.5, g
        # One backing pixel per device pixel: nothing is resampled.
        assert g["bw"] == pytest.approx(g["cssW"] * dpr, abs=1) and g["bh"] == pytest.approx(g["cssH"] * dpr, abs=1), g
        assert g["cssH"] / g["cssW"] == pytest.approx(667 / 375, rel=0.01), g
    finally:
        driver.quit()


@pytest.mark.parametrize("size", [(1366, 657), (1280, 757)])
def test_the_phone_fits_a_laptop_window_under_the_tour_bar(server_url, size):
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                               {"width": size[0], "height": size[1], "deviceScaleFactor": 1, "mobile": False})
        open_page(driver, f"{server_url}/", bare=False)
        wait_js(driver, "!document.getElementById('tour-bar').hidden")
        time.sleep(0.5)
        g = driver.execute_script(GEOMETRY)
        assert g["tour"] and g["bottom"] <= g["innerH"], g
        assert g["bw"] == pytest.approx(g["cssW"], abs=1), g
    finally:
        driver.quit()


# ---- finding 13: the console -------------------------------------------------------------------------

def test_the_console_shows_why_json_did_not_parse(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    fill(driver, "console-input", '{"op":"hud.show", "target": "x",')
    click(driver, "console-send")
    wait_js(driver, "document.getElementById('console-output').textContent.includes('bad_json')", timeout=5)
    out = text_of(driver, "console-output")
    assert "Not valid JSON" in out and "event log" not in out, out


# ---- finding 14: sharing -----------------------------------------------------------------------------

def test_copying_a_link_says_which_link_was_copied(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    note = by_id(driver, "share-note")
    assert note.get_attribute("role") == "status" or note.get_attribute("aria-live") == "polite"
    click(driver, "copy-viewer-link")
    wait_js(driver, "document.getElementById('share-note').textContent.startsWith('Viewer link')")
    assert note.is_displayed()
    assert "viewer" in by_id(driver, "share-link").get_attribute("aria-label").lower()
    by_id(driver, "copy-controller-link").send_keys(Keys.ENTER)
    wait_js(driver, "document.getElementById('share-note').textContent.startsWith('Controller link')")
    assert "drive" in note.text, note.text
    assert "drive" in by_id(driver, "share-link").get_attribute("aria-label")


def test_a_shared_link_goes_with_its_session(browser, server_url):
    """The link field kept the link of a closed session, ready to share a dead one."""
    driver = browser
    first = open_page(driver, f"{server_url}/")
    click(driver, "copy-viewer-link")
    wait_js(driver, "!document.getElementById('share-link').hidden")
    assert first["session"] in by_id(driver, "share-link").get_attribute("value")
    driver.execute_script("window.progresscast.app.session.close();")
    wait_js(driver, f"window.progresscast.session.session !== {json.dumps(first['session'])}")
    wait_js(driver, "document.getElementById('share-link').hidden && document.getElementById('share-link').value === ''")


def test_close_and_leave_ask_once_more_on_the_button(browser, server_url):
    """Closing ends the session for every page, leaving drops the controller token: a first click
    asks on the button, only a second one (within 4 s) acts."""
    driver = browser
    first = open_page(driver, f"{server_url}/")
    open_panel(driver, "panel-session")
    click(driver, "session-close")
    assert "again" in by_id(driver, "session-close").text
    time.sleep(0.3)
    assert driver.execute_script("return window.progresscast.session.session;") == first["session"]
    click(driver, "session-close")
    wait_js(driver, f"window.progresscast.session.session !== {json.dumps(first['session'])}")
    assert by_id(driver, "session-close").text == "Close session"
    click(driver, "session-leave")
    assert "Copy the controller link" in by_id(driver, "session-leave").text
    wait_js(driver, "document.getElementById('session-leave').textContent === 'Leave'", timeout=6)


# ---- finding 10: the phone's clock -------------------------------------------------------------------

def test_the_phone_clock_shows_the_viewers_local_time(server_url):
    driver = make_driver()
    try:
        driver.execute_cdp_cmd("Emulation.setTimezoneOverride", {"timezoneId": "Pacific/Chatham"})
        open_page(driver, f"{server_url}/", bare=False)
        frame = wait_js(driver, "window.progresscast.drawnFrame")
        shown = find_shape(frame["shapes"], "chrome.time")["text"]
        local = driver.execute_script("""const fmt = (d) => `${d.getHours()}:${String(d.getMinutes()).padStart(2, '0')}`;
            const now = new Date(); return [fmt(now), fmt(new Date(now - 60000))];""")
        assert shown in local, (shown, local)
    finally:
        driver.quit()


def test_a_full_event_log_drops_events_before_errors(browser, server_url):
    # The guided tour's events fill the 500-entry log in about two minutes: a user's early errors
    # stay, the oldest events go (until errors alone would fill half the log).
    driver = browser
    open_page(driver, f"{server_url}/")
    count = driver.execute_script("""
const log = window.progresscast.app.log;
log.clear();
for (let i = 0; i < 3; i += 1) log.error({ code: 'bad_request', op: 'hud.show', message: `early ${i}` });
for (let i = 0; i < 600; i += 1) log.event({ type: 'event', t: i / 60, name: 'tour.step', target: `e${i}` });
return document.getElementById('event-count').textContent;""")
    assert count == "500", count
    errors = log_entries(driver, "error")
    assert [e["detail"] for e in errors] == [f"hud.show: early {i}" for i in (2, 1, 0)], errors
    events = log_entries(driver, "event")
    assert len(events) == 497 and events[0]["title"] == "tour.step e599" and events[-1]["title"] == "tour.step e103"
    # Errors alone past half the log: the oldest entries go, errors too.
    driver.execute_script("""
const log = window.progresscast.app.log;
for (let i = 0; i < 600; i += 1) log.error({ code: 'bad_request', message: `late ${i}` });""")
    errors = log_entries(driver, "error")
    assert len(log_entries(driver)) == 500 and len(errors) >= 250, len(errors)
    assert errors[0]["detail"] == "late 599" and not any("early" in e["detail"] for e in errors)


# ---- the thirty-ninth session's page QA pass ------------------------------------------------------

def test_a_typed_value_does_not_look_like_a_placeholder(browser, server_url):
    """Fields inside a label inherited its muted grey, the placeholders' grey too: a default
    (placeholder) and a value typed in looked alike."""
    driver = browser
    open_page(driver, server_url)
    shades = driver.execute_script("""
const lum = (c) => { const [r, g, b] = c.match(/\\d+(\\.\\d+)?/g).map(Number); return 0.2126 * r + 0.7152 * g + 0.0722 * b; };
const valued = document.getElementById('scroll-target');
const empty = [...document.querySelectorAll('input[placeholder]')].find((i) => !i.value && i.offsetParent !== null)
  || [...document.querySelectorAll('input[placeholder]')].find((i) => !i.value);
return { value: valued.value, typed: lum(getComputedStyle(valued).color), hint: lum(getComputedStyle(empty, '::placeholder').color) };""")
    assert shades["value"] == "list"
    assert shades["hint"] - shades["typed"] > 80, shades
