"""The page a person opens (issue 16), in headless Chromium with real pixels: alive at once (the
guided tour on a phone screen), the tour stops on demand, the phone chrome and `chrome: false`,
the strategy labels on the canvas, the timing inspector's plot against the traced values and its
pause shading, keyboard shortcuts, the canvas's description and the panels' contrast. A screenshot
of each view goes to test-output/screenshots/; the tour's is the README's (docs/screenshot.png,
written when PROGRESSCAST_WRITE_SCREENSHOT=1 or when missing)."""
import hashlib
import os
import shutil
import time

import pytest
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.common.keys import Keys

from pcbrowser import REPO, SCREENSHOTS, canvas_pixel, make_driver, wait_js
from pcpage import (by_id, click, click_range_at, close_panel, fill, find_shape, open_page, open_panel, page_with_a_player, snap, wait_drawn,
                    wait_log)

DOCS = REPO / "docs" / "screenshot.png"


def canvas_hash(driver):
    data = driver.execute_script(
        "const c = document.getElementById('canvas');"
        "return Array.from(c.getContext('2d').getImageData(0, 0, c.width, c.height).data.filter((_, i) => i % 7 === 0)).join(',');")
    return hashlib.sha1(data.encode()).hexdigest()


def send(driver, msg):
    """Sends an op through the page's own connection (as its console does); returns the reply."""
    return driver.execute_async_script(
        "window.progresscast.app.send(arguments[0], { quiet: true }).then(arguments[1]);", msg)


def ids(frame):
    out = []

    def walk(shapes):
        for s in shapes or []:
            if s.get("id"):
                out.append(s["id"])
            if s.get("kind") == "group":
                walk(s.get("items"))
    walk(frame.get("shapes"))
    return out


def trace_in_page(driver, target):
    """Picks `target` in the inspector's list (refreshed with its button) and presses Trace."""
    click(driver, "trace-refresh")
    wait_js(driver, f"[...document.getElementById('trace-target').options].some((o) => o.value === '{target}')")
    driver.execute_script(f"document.getElementById('trace-target').value = '{target}';")
    click(driver, "trace-start")


def panel_shot(driver, name):
    """A screenshot of the timing inspector panel, scrolled to the top of the window first."""
    panel = by_id(driver, "panel-inspector")
    driver.execute_script("arguments[0].scrollIntoView({block: 'start'}); document.activeElement.blur();", panel)
    driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]));")
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    panel.screenshot(str(SCREENSHOTS / f"{name}.png"))


@pytest.fixture
def driver_1280x800():
    driver = make_driver(width=1280, height=800)
    try:
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight];")
        size = driver.get_window_size()
        driver.set_window_size(size["width"] + 1280 - inner[0], size["height"] + 800 - inner[1])
        yield driver
    finally:
        driver.quit()


def test_a_fresh_page_plays_the_tour_on_a_phone_and_stops_on_demand(driver_1280x800, server_url):
    driver = driver_1280x800
    info = open_page(driver, f"{server_url}/", bare=False)
    assert info["role"] == "controller"
    # Alive with no click: the canvas changes within 2 s of the first frame.
    first = canvas_hash(driver)
    deadline = time.monotonic() + 2
    changed = False
    while time.monotonic() < deadline and not changed:
        time.sleep(0.1)
        changed = canvas_hash(driver) != first
    assert changed, "nothing moved within 2 s of opening the page"
    assert driver.execute_script("return window.progresscast.tourRunning;")
    assert by_id(driver, "tour-bar").is_displayed()
    # The phone: status bar with the clock, corners in the bezel colour, background under it all.
    frame = wait_drawn(driver, "f.shapes.some((s) => s.id === 'tour-timing.label')")
    shape_ids = ids(frame)
    assert shape_ids[0] == "chrome.background" and shape_ids[-1] == "chrome.corners", shape_ids
    assert "chrome.time" in shape_ids and "chrome.battery" in shape_ids
    corner = canvas_pixel(driver, 1, 1)
    assert corner[3] == 255 and max(corner[:3]) < 40, f"the screen's corner is not the bezel: {corner}"
    # The three pause strategies are labelled on the canvas, in dark ink where the text is.
    labels = {find_shape(frame["shapes"], f"tour-{k}.label")["text"] for k in ("timing", "remove", "none")}
    assert labels == {"timing: stops dead", "remove: jumps", "none: slides on"}
    label = find_shape(frame["shapes"], "tour-timing.label")
    inked = driver.execute_script("""
const c = document.getElementById('canvas'); const s = c.width / parseFloat(c.style.width);
const [x, y] = arguments;
const d = c.getContext('2d').getImageData(Math.round(x * s), Math.round((y - 10) * s), Math.round(110 * s), Math.round(10 * s)).data;
let dark = 0; for (let i = 0; i < d.length; i += 4) if (d[i] < 120 && d[i + 3] > 200) dark += 1;
return dark;""", label["x"], label["y"])
    assert inked > 20, f"the label is not drawn ({inked} dark pixels)"
    # The inspector traces the timing bar while the tour plays: the README's screenshot.
    trace_in_page(driver, "tour-timing")
    wait_js(driver, "window.progresscast.inspector.plot && window.progresscast.inspector.plot.samples > 20", timeout=15)
    # The tour pauses the three players 2.51 s into its turn: wait until the plot shades a second of it.
    wait_js(driver, "(() => { const p = window.progresscast.inspector.plot;"
                    " return p && p.pauseTimes.length && p.cursor - p.pauseTimes[0][0] > 1; })()", timeout=15)
    close_panel(driver, "panel-hud")
    driver.execute_script("document.activeElement.blur(); window.scrollTo(0, 0);")
    time.sleep(0.3)
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    out = SCREENSHOTS / "tour.png"
    driver.save_screenshot(str(out))
    if os.environ.get("PROGRESSCAST_WRITE_SCREENSHOT") == "1" or not DOCS.exists():
        shutil.copyfile(out, DOCS)
    # Stop tour / take control: the same session, nothing left to run.
    click(driver, "tour-stop")
    wait_js(driver, "!window.progresscast.tourRunning")
    assert not by_id(driver, "tour-bar").is_displayed()
    assert driver.execute_script("return window.progresscast.session.session;") == info["session"]
    assert send(driver, {"op": "scenario.stop"})["stopped"] == 0, "steps were still pending after the stop"
    # Its HUDs are hidden, and what it leaves never takes the names the panels and the other
    # scenarios use (the Pull to refresh panel's list and header, here).
    for hud in ("tour", "tour-flicker", "tour-grace"):
        r = send(driver, {"op": "inspect", "target": hud})
        assert r["type"] == "error" or r["state"] in ("hiding", "hidden"), (hud, r)
    frame = {"x": 0, "y": 64, "width": 375, "height": 300}
    assert send(driver, {"op": "scroll.create", "target": "list", "frame": frame, "rows": {"count": 5}})["type"] == "ack"
    assert send(driver, {"op": "refresh.create", "target": "header", "scroll": "list", "kind": "header"})["type"] == "ack"
    snap(driver, "tour-stopped")


def test_a_reload_offers_to_stop_the_tour_still_looping(browser, server_url):
    driver = browser
    info = open_page(driver, f"{server_url}/", bare=False)
    wait_js(driver, "window.progresscast.tourRunning")
    driver.refresh()  # the fragment rejoins the same session, whose tour loops on
    wait_js(driver, "window.progresscast.session.session === arguments[0] && window.progresscast.tourRunning"
                    .replace("arguments[0]", repr(info["session"])), timeout=15)
    click(driver, "tour-stop")
    wait_js(driver, "!window.progresscast.tourRunning")
    assert send(driver, {"op": "scenario.stop"})["stopped"] == 0


def test_a_tour_stopped_from_another_page_leaves_no_stop_banner_here(browser, server_url):
    """Page B, opened with page A's link (the same session, as its controller), stops the tour:
    the server tells every watcher (`scenario.stopped`), and A's "Stop tour" banner goes too."""
    a = browser
    open_page(a, f"{server_url}/", bare=False)
    wait_js(a, "window.progresscast.tourRunning")
    assert by_id(a, "tour-bar").is_displayed()
    b = make_driver(width=1000, height=700)
    try:
        b.get(a.current_url)  # the fragment names A's session and its controller token
        wait_js(b, "window.progresscast.tourRunning", timeout=15)
        click(b, "tour-stop")
        wait_js(b, "!window.progresscast.tourRunning")
    finally:
        b.quit()
    wait_js(a, "!window.progresscast.tourRunning", timeout=5)
    assert not by_id(a, "tour-bar").is_displayed()


def test_chrome_false_gives_a_bare_canvas(browser, server_url):
    info = open_page(browser, f"{server_url}/")  # ?bare: session.create without chrome
    assert not browser.execute_script("return window.progresscast.tourRunning;")
    frame = browser.execute_script("return window.progresscast.drawnFrame;")
    assert not [i for i in ids(frame) if i.startswith("chrome.")], frame
    assert canvas_pixel(browser, 1, 1)[3] == 0, "a bare canvas is clear at its corner"
    # And explicitly: a session created with chrome false, through the page's console path.
    reply = send(browser, {"op": "session.create", "chrome": False})
    assert reply["chrome"] is False, reply
    reply = send(browser, {"op": "frame.get"})
    assert reply["frame"]["shapes"] == []
    snap(browser, "bare-canvas")
    assert info["session"]


def test_the_inspector_plots_what_was_traced_and_shades_the_pause(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    click(driver, "bar-create")
    wait_drawn(driver, "f.shapes.some((s) => s.id === 'b1.track')")
    trace_in_page(driver, "b1")
    wait_js(driver, "window.progresscast.inspector.target === 'b1'")
    # A scripted bar: 0 -> 1 over 3 s, paused for 1 s after about 1 s, then resumed.
    send(driver, {"op": "bar.set", "target": "b1", "value": 1, "duration": 3})
    time.sleep(1.0)
    paused = send(driver, {"op": "bar.pause", "target": "b1"})
    time.sleep(1.0)
    resumed = send(driver, {"op": "bar.resume", "target": "b1"})
    time.sleep(0.6)
    state = driver.execute_script("return window.progresscast.inspector;")
    plot = state["plot"]
    assert plot and plot["property"] == "value", plot
    # The samples plotted (more may have arrived since the last drawing).
    plotted = set(plot["times"])
    samples = [s for s in state["samples"] if s["t"] in plotted]
    assert len(samples) == plot["samples"] and len(samples) > 10
    # The polylines are the traced values, mapped to the plot: recompute each point.
    pad_left, pad_right, pad_top, pad_bottom = 44, 10, 10, 22
    w = plot["width"] - pad_left - pad_right
    h = plot["height"] - pad_top - pad_bottom
    for key in ("model", "presentation"):
        for sample, (px, py) in zip(samples, plot[key]):
            v = sample["values"]["value"][key]
            assert px == pytest.approx(pad_left + (sample["t"] - plot["lo"]) / (plot["hi"] - plot["lo"]) * w, abs=1e-6)
            assert py == pytest.approx(pad_top + (1 - (v - plot["yMin"]) / (plot["yMax"] - plot["yMin"])) * h, abs=1e-6)
    # Presentation froze while paused and the model stayed at 1.
    during = [s for s in samples if paused["t"] <= s["t"] < resumed["t"]]
    assert during and all(s["paused"] and s["values"]["value"]["model"] == 1 for s in during)
    # The shading spans the paused interval (each edge within a frame or two of its op).
    spans = plot["pauseTimes"]
    assert len(spans) == 1, spans
    start, end = spans[0]
    assert paused["t"] - 1e-6 <= start <= paused["t"] + 0.1, (start, paused["t"])
    assert resumed["t"] - 1e-6 <= end <= resumed["t"] + 0.1, (end, resumed["t"])
    # The animation's begin is marked; the cursor is the frame on screen.
    assert any(m["kind"] == "begin" for m in plot["marks"]) or samples[0]["animating"]
    assert plot["cursorX"] is not None
    # Pixels: the presentation line is drawn in its colour on the plot.
    red = driver.execute_script("""
const c = document.getElementById('trace-plot'); const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
let n = 0; for (let i = 0; i < d.length; i += 4) if (d[i] > 150 && d[i + 1] < 80 && d[i + 2] < 80) n += 1; return n;""")
    assert red > 50, f"the presentation line is not drawn ({red} red pixels)"
    panel_shot(driver, "inspector")
    click(driver, "trace-stop")


def test_the_inspector_lists_the_tours_components_by_itself(browser, server_url):
    """The tour makes its components after the session began: they appear in the inspector's
    list without a press of Refresh list."""
    driver = browser
    open_page(driver, f"{server_url}/", bare=False)
    wait_js(driver, "window.progresscast.tourRunning")
    wait_js(driver, "document.getElementById('trace-target').options.length > 0", timeout=10)


def test_the_inspector_lists_a_component_made_later_by_itself(browser, server_url):
    """A component made once the list was filled (by a panel, the console, another page) joins
    the list without a press of Refresh list (it showed only what there was at first)."""
    driver = browser
    open_page(driver, f"{server_url}/")
    assert send(driver, {"op": "bar.create", "target": "first"})["type"] == "ack"
    wait_js(driver, "[...document.getElementById('trace-target').options].some((o) => o.value === 'first')", timeout=10)
    assert send(driver, {"op": "bar.create", "target": "later", "frame": {"x": 20, "y": 300, "width": 300, "height": 30}})["type"] == "ack"
    wait_js(driver, "[...document.getElementById('trace-target').options].some((o) => o.value === 'later')", timeout=10)


def test_the_inspector_holds_values_and_breaks_where_a_replay_jumped(browser, server_url):
    """Samples come only when something changed: a value holds until the next sample (a model that
    jumps is drawn as a step), and samples that did not arrive one after the other (a replay
    scrubbed elsewhere) are not joined, nor is a pause shaded across them."""
    driver = browser
    open_page(driver, f"{server_url}/")
    click(driver, "bar-create")
    wait_drawn(driver, "f.shapes.some((s) => s.id === 'b1.track')")
    trace_in_page(driver, "b1")
    wait_js(driver, "window.progresscast.inspector.target === 'b1' && window.progresscast.inspector.samples.length > 0")
    # Three samples as a scrubbed replay sends them: 10 s, then 20 s, then back to 12 s (paused).
    driver.execute_script("""
        const send = (t, paused, v) => window.progresscast.app.conn.dispatchEvent(new CustomEvent('trace', { detail: {
          type: 'trace', t, target: 'b1', paused, animating: false,
          values: [{ property: 'value', model: v, presentation: v }] } }));
        send(10, false, 0.1); send(20, false, 0.9); send(12, true, 0.3);""")
    wait_js(driver, "(() => { const p = window.progresscast.inspector.plot; return p && p.times.includes(12); })()")
    plot = driver.execute_script("return window.progresscast.inspector.plot;")
    times = plot["times"]
    at = {t: i for i, t in enumerate(times)}
    assert not plot["joined"][at[12]] and not plot["joined"][at[20]], plot["joined"]
    # The pause at 12 s is not shaded on to 20 s: nothing is known in between.
    assert [12, 12] in plot["pauseTimes"] and not any(a == 12 and b > 12 for a, b in plot["pauseTimes"]), plot["pauseTimes"]
    assert plot["holdsToNow"] is False
    click(driver, "trace-stop")


def test_keyboard_drives_the_player_and_the_canvas_is_described(browser, server_url):
    driver = browser
    page_with_a_player(driver, f"{server_url}/", 10)
    body = driver.find_element(By.TAG_NAME, "body")
    ActionChains(driver).move_to_element(body).send_keys(Keys.SPACE).perform()
    wait_log(driver, "player.state p1", detail_contains='"playing"')
    ActionChains(driver).send_keys(Keys.SPACE).perform()
    wait_log(driver, "player.state p1", detail_contains='"paused"')
    before = send(driver, {"op": "inspect", "target": "p1"})["position"]
    ActionChains(driver).send_keys(Keys.ARROW_RIGHT).perform()
    seeked = wait_log(driver, "player.seeked p1")
    assert f"{before + 1:g}"[:3] in seeked["detail"], (before, seeked)
    # The description names the bar and its value, within about a second.
    wait_js(driver, "/bar b1 at \\d+%/.test(document.getElementById('canvas-description').textContent)", timeout=5)
    assert driver.execute_script("return document.getElementById('canvas').getAttribute('aria-describedby');") \
        == "canvas-description"
    snap(driver, "keyboard")


def test_controls_have_tooltips_and_the_panels_meet_wcag_aa(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    for panel in ("panel-hud", "panel-bar", "panel-player"):
        open_panel(driver, panel)
    missing = driver.execute_script("""
return [...document.querySelectorAll('button[data-op], [data-field]')]
  .filter((el) => !/sends |field /.test(el.title)).map((el) => el.id || el.outerHTML.slice(0, 60));""")
    assert missing == [], missing
    untitled = driver.execute_script("""
return [...document.querySelectorAll('button, select, input, textarea')].filter((e) => !e.title.trim())
  .map((e) => e.id || e.outerHTML.slice(0, 80));""")
    assert untitled == [], f"controls without a tooltip: {untitled}"
    assert "sends hud.show" in by_id(driver, "hud-show").get_attribute("title")
    assert "field graceTime" in by_id(driver, "hud-grace-time").get_attribute("title")
    # Contrast of every visible, enabled text in the top bar and the panels against its background.
    failures = driver.execute_script("""
const parse = (c) => { const m = c.match(/[\\d.]+/g).map(Number); return { r: m[0], g: m[1], b: m[2], a: m.length > 3 ? m[3] : 1 }; };
const lum = ({ r, g, b }) => [r, g, b].map((v) => { v /= 255; return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4; })
  .reduce((s, v, i) => s + v * [0.2126, 0.7152, 0.0722][i], 0);
const background = (el) => { for (let e = el; e; e = e.parentElement) { const c = parse(getComputedStyle(e).backgroundColor); if (c.a > 0.5) return c; } return { r: 255, g: 255, b: 255, a: 1 }; };
const out = [];
for (const el of document.querySelectorAll('.topbar *, .panels *, .side *, .stage .hint, .tour *')) {
  if (!el.offsetParent || el.closest(':disabled, [disabled]')) continue;
  const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim());
  if (!own) continue;
  const fg = parse(getComputedStyle(el).color), bg = background(el);
  const [a, b] = [lum(fg), lum(bg)].sort((x, y) => y - x);
  const ratio = (a + 0.05) / (b + 0.05);
  if (ratio < 4.5) out.push(`${el.tagName}#${el.id} "${el.textContent.trim().slice(0, 30)}" ${ratio.toFixed(2)}`);
}
return out;""")
    assert failures == [], failures


def test_scrubbing_a_replay_moves_the_inspector_cursor(browser, server_url):
    driver = browser
    name = f"bt-trace-{int(time.time() * 1000)}"
    open_page(driver, f"{server_url}/")
    assert send(driver, {"op": "record.start", "name": name})["type"] == "ack"
    send(driver, {"op": "bar.create", "target": "b1", "frame": {"x": 20, "y": 300, "width": 335, "height": 30}})
    send(driver, {"op": "bar.set", "target": "b1", "value": 1, "duration": 1.5})
    time.sleep(1.8)
    assert send(driver, {"op": "record.stop"})["type"] == "ack"
    driver.execute_script("window.progresscast.app.session.openReplay(arguments[0]);", name)
    wait_js(driver, "!document.getElementById('replay-bar').hidden && window.progresscast.session.replay"
                    " && window.progresscast.lastFrame")
    # Played to its end (the bar exists from 0.5 s or so), then traced.
    click(driver, "replay-play")
    wait_js(driver, "document.getElementById('replay-bar').dataset.state === 'ended'", timeout=10)
    trace_in_page(driver, "b1")
    wait_js(driver, "window.progresscast.inspector.target === 'b1' && window.progresscast.inspector.samples.length")
    cursors = []
    for fraction in (0.25, 0.75):
        value = click_range_at(driver, "replay-seek", fraction)
        wait_js(driver, "(() => { const p = window.progresscast.inspector.plot;"
                        f" return p && Math.abs(p.cursor - {value}) < 1e-6; }})()", timeout=10)
        cursors.append(driver.execute_script("return window.progresscast.inspector.plot.cursorX;"))
    assert cursors[1] > cursors[0], cursors
    # Each seek starts a new stretch: no held line or shading joins the samples across a jump.
    plot = driver.execute_script("return window.progresscast.inspector.plot;")
    assert not any(plot["joined"]), plot["joined"]
    panel_shot(driver, "inspector-replay")


def test_the_canvas_fits_a_short_window_keeps_its_ratio_and_stays_sharp(hidpi_browser, server_url):
    def geometry(driver):
        return driver.execute_script("""
const c = document.getElementById('canvas'); const b = c.getBoundingClientRect();
return { bw: c.width, bh: c.height, cssW: b.width, cssH: b.height, dpr: window.devicePixelRatio, inner: window.innerHeight };""")

    open_page(hidpi_browser, f"{server_url}/")
    g = geometry(hidpi_browser)
    assert g["dpr"] == 2 and g["cssW"] == 375 and g["bw"] == 750 and g["bh"] == 1334, g
    short = make_driver(width=1000, height=700, dpr=2)
    try:
        open_page(short, f"{server_url}/", bare=False)
        g = geometry(short)
        assert g["cssW"] < 375 and g["cssH"] <= g["inner"], g
        assert g["cssH"] / g["cssW"] == pytest.approx(667 / 375, rel=0.01), g
        assert g["bw"] == pytest.approx(g["cssW"] * 2, abs=1), g  # one backing pixel per device pixel
        snap(short, "short-window")
    finally:
        short.quit()
