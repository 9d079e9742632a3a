"""The page against a real server: sessions in the URL fragment, roles, controls sending the
documented JSON, server errors in the log, pointer forwarding, replay keys (docs/protocol.md, docs/requirements.md 7)."""
import json
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from pcbrowser import console_errors, save_screenshot, wait_js
from pcpage import bare_url

# Records every message the page sends, to check it against the protocol.
CAPTURE_SENDS = """
window.__sent = [];
const send = WebSocket.prototype.send;
WebSocket.prototype.send = function (m) { window.__sent.push(m); return send.call(this, m); };
"""


def sent(driver, op=None):
    messages = [json.loads(m) for m in driver.execute_script("return window.__sent;")]
    return [m for m in messages if op is None or m.get("op") == op]


def log_entries(driver, kind=None):
    return driver.execute_script(
        "return [...document.querySelectorAll('#event-log li')].filter((li) => !arguments[0] || li.dataset.kind === arguments[0])"
        ".map((li) => li.textContent);", kind)


def open_page(driver, url):
    driver.get("about:blank")
    driver.get(bare_url(url))
    wait_js(driver, "window.progresscast && window.progresscast.session.session && window.progresscast.stats.frames > 0", timeout=15)
    driver.execute_script(CAPTURE_SENDS)
    return driver.execute_script("return window.progresscast.session;")


@pytest.fixture
def page(browser, server_url):
    info = open_page(browser, f"{server_url}/")
    return browser, info


def test_creates_session_and_writes_fragment(page):
    driver, info = page
    assert info["role"] == "controller"
    assert f"session={info['session']}" in driver.execute_script("return location.hash;")
    assert f"token={info['token']}" in driver.execute_script("return location.hash;")
    assert driver.find_element(By.ID, "status-conn").get_attribute("data-state") == "open"
    # A server without scenarios answers GET /api/scenarios with 404, which Chromium logs.
    errors = [e for e in console_errors(driver) if "/api/scenarios" not in e["message"]]
    assert errors == []
    save_screenshot(driver, "page-controller")


def test_reload_rejoins_the_same_session(page):
    driver, info = page
    driver.refresh()
    wait_js(driver, "window.progresscast && window.progresscast.session.session")
    again = driver.execute_script("return window.progresscast.session;")
    assert again["session"] == info["session"] and again["role"] == "controller"


def test_viewer_link_is_read_only(page, server_url):
    driver, info = page
    viewer_link = driver.execute_script("return window.progresscast.app.session.link(false);")
    assert "token=" not in viewer_link
    viewer = open_page(driver, viewer_link)
    assert viewer["session"] == info["session"] and viewer["role"] == "viewer"
    for element_id in ("hud-show", "bar-create", "player-play", "clock-advance", "record-start"):
        assert not driver.find_element(By.ID, element_id).is_enabled(), element_id
    assert driver.find_element(By.ID, "session-inspect").is_enabled()
    save_screenshot(driver, "page-viewer")


def test_gone_session_is_replaced(browser, server_url):
    info = open_page(browser, f"{server_url}/#session=00000000000000000000000000000000&token=00")
    assert info["session"] != "00000000000000000000000000000000" and info["role"] == "controller"


def test_hud_show_sends_documented_json(page):
    driver, _ = page
    label = driver.find_element(By.ID, "hud-label")
    label.clear()
    label.send_keys("加载中...")
    Select(driver.find_element(By.ID, "hud-mode")).select_by_value("annular")
    driver.find_element(By.ID, "hud-grace-time").send_keys("0.5")
    driver.find_element(By.ID, "hud-show").click()
    wait_js(driver, "window.__sent.some((m) => JSON.parse(m).op === 'hud.show')")
    msg = sent(driver, "hud.show")[0]
    assert msg["target"] == "h1" and msg["mode"] == "annular" and msg["label"] == "加载中..."
    assert msg["graceTime"] == 0.5 and msg["progress"] == 0 and "id" in msg
    assert "minShowTime" not in msg  # empty inputs leave server defaults alone
    time.sleep(0.5)
    assert log_entries(driver, "error") == []


def test_progress_slider_updates_live(page):
    driver, _ = page
    driver.find_element(By.ID, "hud-show").click()
    driver.execute_script("const s = document.getElementById('hud-progress'); s.value = 0.42;"
                          "s.dispatchEvent(new Event('input', { bubbles: true }));")
    wait_js(driver, "window.__sent.some((m) => JSON.parse(m).op === 'hud.update')")
    assert sent(driver, "hud.update")[-1]["progress"] == 0.42


def test_server_errors_appear_in_the_log(page):
    driver, _ = page
    target = driver.find_element(By.ID, "bar-target")
    target.clear()
    target.send_keys("no-such-bar")
    driver.find_element(By.ID, "bar-set").click()
    errors = wait_js(driver, "[...document.querySelectorAll('#event-log li[data-kind=error]')].map((li) => li.textContent)")
    assert any("unknown_target" in e for e in errors), errors


def test_pointer_moves_are_coalesced(page):
    driver, _ = page
    # One task: down, 20 moves, up. Only the latest move goes out, before "up"; points are canvas points.
    driver.execute_script("""
const c = document.getElementById('canvas');
const box = c.getBoundingClientRect();
const fire = (type, x, y) => c.dispatchEvent(new PointerEvent(type, { pointerId: 9, bubbles: true, clientX: box.left + x, clientY: box.top + y }));
fire('pointerdown', 10, 20);
for (let i = 1; i <= 20; i += 1) fire('pointermove', 10 + i, 20);
fire('pointerup', 30, 20);""")
    pointer = sent(driver, "pointer")
    assert [m["phase"] for m in pointer] == ["down", "move", "up"], pointer
    assert pointer[1]["x"] == 30 and pointer[1]["y"] == 20 and pointer[0]["pointer"] == 0
    assert all("id" not in m for m in pointer)


def test_pointer_points_follow_css_scaling(page):
    driver, _ = page
    driver.execute_script("document.getElementById('canvas').style.maxWidth = '50%';")
    driver.execute_script("""
const c = document.getElementById('canvas');
const box = c.getBoundingClientRect();
c.dispatchEvent(new PointerEvent('pointerdown', { pointerId: 3, bubbles: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }));
c.dispatchEvent(new PointerEvent('pointerup', { pointerId: 3, bubbles: true, clientX: box.left + box.width / 2, clientY: box.top + box.height / 2 }));""")
    down = sent(driver, "pointer")[0]
    w, h = driver.execute_script("const s = window.progresscast.app.renderer.size; return [s.w, s.h];")
    assert down["x"] == pytest.approx(w / 2, abs=1) and down["y"] == pytest.approx(h / 2, abs=1)


def test_three_pause_strategies(page):
    driver, _ = page
    driver.find_element(By.ID, "player-three").click()
    wait_js(driver, "window.__sent.filter((m) => JSON.parse(m).op === 'player.play').length === 3")
    creates = sent(driver, "player.create")
    assert sorted(m["pauseStrategy"] for m in creates) == ["none", "remove", "timing"]
    time.sleep(0.5)
    assert log_entries(driver, "error") == []
    save_screenshot(driver, "page-three-strategies")


def test_scenario_picker(page, server_url):
    driver, _ = page
    status = driver.execute_script("return fetch('/api/scenarios').then((r) => r.status);")
    hidden = driver.find_element(By.ID, "panel-scenarios").get_attribute("hidden") is not None
    assert hidden == (status == 404)


def start_recording(driver, name):
    """Starts recording `name` from the Recording panel (waits until the panel says so)."""
    driver.execute_script("document.getElementById('panel-recording').open = true;")
    driver.find_element(By.ID, "record-name").send_keys(name)
    driver.find_element(By.ID, "record-start").click()
    wait_js(driver, f"document.getElementById('record-state').textContent === 'recording {name}'")


def stop_recording(driver):
    """Stops the recording from the Recording panel (waits for "saved")."""
    driver.execute_script("document.getElementById('panel-recording').open = true;")
    driver.find_element(By.ID, "record-stop").click()
    wait_js(driver, "document.getElementById('record-state').textContent.startsWith('saved')")


def record_and_stop(driver, name):
    start_recording(driver, name)
    stop_recording(driver)


def test_recording_twice_under_one_name_asks_before_replacing(page):
    """The server keeps an existing recording unless told to replace it: the page shows the
    refusal where the user clicked, and its "replace" box sends overwrite."""
    driver, _ = page
    name = f"browser-twice-{int(time.time() * 1000)}"
    record_and_stop(driver, name)
    driver.find_element(By.ID, "record-start").click()
    wait_js(driver, "document.getElementById('record-state').textContent.startsWith('record.start refused')")
    state = driver.execute_script("return document.getElementById('record-state').textContent;")
    assert state.startswith("record.start refused:") and f'a recording named "{name}" exists' in state, state
    driver.find_element(By.ID, "record-overwrite").click()
    driver.find_element(By.ID, "record-start").click()
    wait_js(driver, f"document.getElementById('record-state').textContent === 'recording {name}'")
    assert sent(driver, "record.start")[-1]["overwrite"] is True
    driver.find_element(By.ID, "record-stop").click()
    wait_js(driver, "document.getElementById('record-state').textContent.startsWith('saved')")


def test_opening_a_recording_deleted_meanwhile_says_so_in_the_panel(page):
    driver, _ = page
    from pcserver import OUTPUT
    name = f"browser-gone-{int(time.time() * 1000)}"
    record_and_stop(driver, name)
    row = f'[data-test=recording-row][data-name="{name}"]'
    wait_js(driver, f"document.querySelector('{row}')", timeout=10)
    # The row names the recording (its title after it, when it has another).
    assert driver.execute_script(f"return document.querySelector('{row} td').textContent;").startswith(name)
    (OUTPUT / "server-cwd" / "recordings" / f"{name}.pcast").unlink()
    driver.execute_script(f"document.querySelector('{row} [data-test=recording-open]').click();")
    wait_js(driver, f"document.getElementById('record-state').textContent.startsWith('cannot open {name}')")
    wait_js(driver, f"!document.querySelector('{row}')", timeout=10)


def test_an_unreadable_file_in_the_recordings_folder_is_said_so(page):
    """A file the server cannot read as a recording is listed as unreadable, with why, and offers
    no open or export (they would fail); it can still be downloaded."""
    driver, _ = page
    from pcserver import OUTPUT
    name = f"browser-unreadable-{int(time.time() * 1000)}"
    path = OUTPUT / "server-cwd" / "recordings" / f"{name}.pcast"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text("not a recording\n")
    try:
        driver.execute_script("document.getElementById('panel-recording').open = true;")
        driver.find_element(By.ID, "recordings-refresh").click()
        row = f'[data-test=recording-row][data-name="{name}"]'
        wait_js(driver, f"document.querySelector('{row}')", timeout=10)
        text = driver.execute_script(f"return document.querySelector('{row}').textContent;")
        assert "unreadable: " in text, text
        assert driver.execute_script(f"return document.querySelector('{row}').dataset.unreadable;") == "true"
        assert driver.execute_script(f"return document.querySelectorAll('{row} [data-test=recording-open]').length;") == 0
        assert driver.execute_script(f"return document.querySelectorAll('{row} [data-test=recording-download]').length;") == 1
        driver.execute_script(f"document.querySelector('{row}').scrollIntoView();")
        save_screenshot(driver, "recording-unreadable")
    finally:
        path.unlink(missing_ok=True)


def test_a_reload_mid_recording_says_the_session_records(page):
    driver, _ = page
    name = f"browser-reload-rec-{int(time.time() * 1000)}"
    start_recording(driver, name)
    driver.refresh()
    wait_js(driver, f"document.getElementById('record-state').textContent === 'recording {name}'")
    stop_recording(driver)


def test_record_then_replay_with_keys(page):
    driver, _ = page
    name = f"browser-test-{int(time.time() * 1000)}"
    start_recording(driver, name)
    driver.find_element(By.ID, "hud-show").click()
    time.sleep(1.0)
    driver.find_element(By.ID, "record-label").send_keys("shown")
    driver.find_element(By.ID, "record-marker").click()
    time.sleep(0.5)
    driver.find_element(By.ID, "record-stop").click()
    wait_js(driver, f"document.querySelector('[data-test=recording-row][data-name=\"{name}\"]')", timeout=10)
    driver.execute_script(f"document.querySelector('[data-test=recording-row][data-name=\"{name}\"] [data-test=recording-open]').click();")
    wait_js(driver, "!document.getElementById('replay-bar').hidden && window.progresscast.session.replay")
    assert f"replay={name}" in driver.execute_script("return location.hash;")
    driver.execute_script("document.activeElement.blur(); window.__sent.length = 0;")
    ActionChains(driver).send_keys("5").perform()
    wait_js(driver, "window.__sent.some((m) => JSON.parse(m).op === 'replay.seek')")
    seek = sent(driver, "replay.seek")[-1]
    duration = driver.execute_script("return window.progresscast.session.replay.duration;")
    assert seek["t"] == pytest.approx(duration / 2, abs=1e-3)
    # Keys do nothing while typing in an input.
    driver.execute_script("window.__sent.length = 0;")
    driver.find_element(By.ID, "event-filter").send_keys("5 ]")
    time.sleep(0.3)
    assert sent(driver, "replay.seek") == []
    save_screenshot(driver, "page-replay")
