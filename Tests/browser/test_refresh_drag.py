"""Pull to refresh with a real mouse (docs/protocol.md 4.5): the page's "Scroll view and pull to
refresh" panel creates the list (at y 64) and a header with a 1.5 s simulated load; one
ActionChains chain drags the list down past the 54 pt threshold and releases. Canvas samples on
every animation frame see the header's grey labels (RGB 90,90,90) appear at the top of the list
while it refreshes, never above the list's frame (the content is clipped to it), and the list
top clear again after the load and the 0.4 s return."""
import numpy as np
from selenium.webdriver.common.action_chains import ActionChains

from pcbrowser import wait_js
from pcpage import by_id, canvas_rgba, click, inspect_via_panel, log_entries, open_page, open_panel, snap, to_css_offset, wait_log

LIST_TOP = 64
# Pixels of the labels' grey (RGB 90,90,90, antialiased on white): neutral and mid-dark.
SAMPLER = """
window.__samples = []; window.__sampling = true;
const c = document.getElementById('canvas');
const ctx = c.getContext('2d');
const scale = c.width / (parseFloat(c.style.width) || c.width);
function grey(y0, y1) {
  const x0 = Math.round(90 * scale), x1 = Math.round(300 * scale);
  const d = ctx.getImageData(x0, Math.round(y0 * scale), x1 - x0, Math.round((y1 - y0) * scale)).data;
  let n = 0;
  for (let i = 0; i < d.length; i += 4) {
    const r = d[i], g = d[i + 1], b = d[i + 2];
    if (Math.max(r, g, b) - Math.min(r, g, b) <= 12 && r >= 60 && r <= 150) n++;
  }
  return n;
}
function sample() {
  if (!window.__sampling) return;
  // Inside the list's top (64...118) and above the list (0...60, outside its frame).
  window.__samples.push([performance.now(), grey(66, 118), grey(2, 60)]);
  requestAnimationFrame(sample);
}
requestAnimationFrame(sample);
"""


def grey_pixels(driver, x, y, w, h):
    rgba, _ = canvas_rgba(driver, x, y, w, h)
    px = rgba.reshape(-1, 4)[:, :3].astype(int)
    neutral = (px.max(axis=1) - px.min(axis=1)) <= 12
    return int((neutral & (px[:, 0] >= 60) & (px[:, 0] <= 150)).sum())


def test_pull_to_refresh_with_the_mouse(browser, server_url):
    driver = browser
    open_page(driver, f"{server_url}/")
    open_panel(driver, "panel-scroll")
    click(driver, "scroll-create")
    info = inspect_via_panel(driver, "list")
    assert info["frame"] == {"x": 0, "y": LIST_TOP, "width": 375, "height": 603}, info
    click(driver, "refresh-create")
    header = inspect_via_panel(driver, "header")
    assert header["state"] == "idle" and header["refreshKind"] == "header", header
    # At rest the header is above the list, clipped away: the list's top shows rows only.
    assert grey_pixels(driver, 90, 66, 210, 52) == 0
    snap(driver, "refresh-before")

    driver.execute_script("window.scrollTo(0, 0);")
    driver.execute_script(SAMPLER)
    canvas = by_id(driver, "canvas")
    sx, sy = to_css_offset(driver, 187, 150)
    _, ey = to_css_offset(driver, 187, 420)           # 270 pt: shows about 118 pt, past 54
    chain = ActionChains(driver, duration=40)
    chain.move_to_element_with_offset(canvas, round(sx), round(sy)).click_and_hold().pause(0.1)
    done = round(sy)
    for i in range(1, 9):
        nxt = round(sy + (ey - sy) * i / 8)
        chain.move_by_offset(0, nxt - done).pause(0.06)
        done = nxt
    chain.pause(0.3).release().perform()
    wait_log(driver, "refresh.state header", detail_contains='"refreshing"')
    wait_log(driver, "refresh.refreshing header")
    info = inspect_via_panel(driver, "list")
    assert info["inset"]["top"] == 54, info
    # Refreshing: "Loading..." and "Last update: No record" in grey, with the spinner, at the top of the list.
    driver.execute_script("window.scrollTo(0, 0);")
    assert grey_pixels(driver, 90, 66, 210, 52) > 150
    snap(driver, "refresh-loading")
    # The load (1.5 s) ends it; the inset goes back in 0.4 s, then endCompleted.
    wait_log(driver, "refresh.endCompleted header", timeout=10)
    driver.execute_script("window.scrollTo(0, 0);")
    samples = driver.execute_script("window.__sampling = false; return window.__samples;")
    assert len(samples) > 30, samples
    # During the pull and the refresh the labels showed at the top of the list ...
    assert max(s[1] for s in samples) > 150, samples[:20]
    # ... and never above the list's frame, where the header would be without the clip.
    assert max(s[2] for s in samples) == 0, [s for s in samples if s[2]][:10]
    states = [e["detail"] for e in log_entries(driver, "event") if e["title"] == "refresh.state header"]
    assert any('"pulling"' in d for d in states) and any('"idle"' in d and '"refreshing"' in d for d in states), states
    info = inspect_via_panel(driver, "list")
    assert info["inset"]["top"] == 0 and abs(info["offset"]["y"]) < 1e-6, info
    assert grey_pixels(driver, 90, 66, 210, 52) == 0
    assert inspect_via_panel(driver, "header")["lastUpdated"].startswith("Last update: Today ")
    snap(driver, "refresh-after")
