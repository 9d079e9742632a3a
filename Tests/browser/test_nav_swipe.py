"""A navigation stack made with the page's Navigation panel, then swiped back with real mouse input
(ActionChains on #canvas): mid-swipe the previous screen shows on the left under the dimming while
the top screen's colour holds on the right; after release past the middle the previous screen fills
the canvas (docs/protocol.md 4.6)."""
import numpy as np
from selenium.webdriver.common.action_chains import ActionChains

from pcbrowser import wait_js
from pcpage import (by_id, canvas_rgba, click, fill, inspect_via_panel, log_entries, open_page, open_panel, snap,
                    to_css_offset, wait_log)

RED = np.array([255, 59, 48])

SAMPLER = """
window.__samples = []; window.__sampling = true;
const c = document.getElementById('canvas');
const ctx = c.getContext('2d');
const scale = c.width / (parseFloat(c.style.width) || c.width);
function sample() {
  if (!window.__sampling) return;
  const y = Math.round(400 * scale), w = c.width;
  const row = ctx.getImageData(0, y, w, 1).data;
  let edge = w;
  for (let x = 0; x < w; x++) {
    const i = x * 4;
    if (Math.abs(row[i] - 255) <= 24 && Math.abs(row[i + 1] - 59) <= 24 && Math.abs(row[i + 2] - 48) <= 24) { edge = x; break; }
  }
  let white = 0, n = 0;
  for (let x = 0; x < Math.min(edge, w) - Math.round(12 * scale); x++, n++) {
    const i = x * 4;
    if (Math.min(row[i], row[i + 1], row[i + 2]) >= 180) white++;
  }
  window.__samples.push([edge / scale, n ? white / n : 0]);
  requestAnimationFrame(sample);
}
requestAnimationFrame(sample);
"""


def red_fraction(driver, x, y, w, h):
    """The fraction of canvas pixels in a rectangle (points) that are the pushed screen's red."""
    rgba, _ = canvas_rgba(driver, x, y, w, h)
    px = rgba.reshape(-1, 4)[:, :3].astype(int)
    return float((np.abs(px - RED).max(axis=1) <= 24).mean())


def white_fraction(driver, x, y, w, h, floor=200):
    rgba, _ = canvas_rgba(driver, x, y, w, h)
    px = rgba.reshape(-1, 4)[:, :3].astype(int)
    return float((px.min(axis=1) >= floor).mean())


def pop_transitions(driver):
    """Waits until a pop transition has finished or been cancelled; returns every `nav.transition`
    event's detail in the page's log."""
    wait_js(driver, """[...document.querySelectorAll('#event-log li')].some((li) =>
        li.querySelector('.title').textContent === 'nav.transition nav'
        && /"kind":"pop"/.test(li.querySelector('.detail').textContent)
        && /"(finished|cancelled)"/.test(li.querySelector('.detail').textContent))""")
    return [e["detail"] for e in log_entries(driver, "event") if e["title"] == "nav.transition nav"]


def push_red_screen(driver, server_url):
    """Opens the page and makes a stack "root" (Inbox) with a red "detail" screen pushed on it."""
    open_page(driver, f"{server_url}/")
    open_panel(driver, "panel-nav")
    fill(driver, "nav-root-title", "Inbox")
    click(driver, "nav-create")
    wait_log(driver, "nav.appearance nav", detail_contains='"viewDidAppear"')
    fill(driver, "nav-screen-id", "detail")
    fill(driver, "nav-screen-title", "Detail")
    fill(driver, "nav-screen-color", "#ff3b30")
    fill(driver, "nav-screen-rows", "0")
    click(driver, "nav-push")
    wait_log(driver, "nav.transition nav", detail_contains='"finished"')
    # The pushed screen fills the content area (below the 64 pt bar).
    assert red_fraction(driver, 20, 200, 335, 300) > 0.95


def test_swipe_back_with_the_mouse(browser, server_url):
    driver = browser
    push_red_screen(driver, server_url)
    snap(driver, "nav-pushed")

    driver.execute_script("window.scrollTo(0, 0);")
    # While the swipe runs (a single chain of real mouse input: a second chain would lose the
    # pointer capture), sample the canvas on every animation frame: how far the red screen has
    # moved (the first red column on a row in the content area) and how white the strip left of
    # it is (the previous screen, dimmed a little).
    driver.execute_script(SAMPLER)
    canvas = by_id(driver, "canvas")
    sx, sy = to_css_offset(driver, 60, 400)
    end, _ = to_css_offset(driver, 330, 400)
    chain = ActionChains(driver, duration=40)
    chain.move_to_element_with_offset(canvas, round(sx), round(sy)).click_and_hold().pause(0.1)
    done = round(sx)
    for i in range(1, 9):
        nxt = round(sx + (end - sx) * i / 8)
        chain.move_by_offset(nxt - done, 0).pause(0.06 if i != 4 else 0.4)
        done = nxt
    chain.release().perform()
    transitions = pop_transitions(driver)
    assert any('"pop"' in d and '"finished"' in d for d in transitions), transitions
    samples = driver.execute_script("window.__sampling = false; return window.__samples;")
    # Mid-swipe: the red screen's edge was between a quarter and three quarters of the width with
    # the previous screen showing (mostly white) to its left.
    mid = [(edge, white) for edge, white in samples if 90 <= edge <= 280]
    assert mid, samples[:40]
    assert max(white for _, white in mid) > 0.6, mid
    info = inspect_via_panel(driver, "nav")
    assert info["stack"] == ["root"] and not info["transitioning"], info
    driver.execute_script("window.scrollTo(0, 0);")
    assert red_fraction(driver, 0, 70, 375, 590) < 0.01
    snap(driver, "nav-popped")


def test_a_swipe_held_still_before_the_release_is_decided_by_its_percent(browser, server_url):
    # The browser sends no moves while the finger rests: a swipe to 40% held 0.6 s, then
    # released, has no velocity left and cancels (docs/protocol.md 4.6), though it moved fast.
    driver = browser
    push_red_screen(driver, server_url)
    driver.execute_script("window.scrollTo(0, 0);")
    canvas = by_id(driver, "canvas")
    sx, sy = to_css_offset(driver, 60, 400)
    end, _ = to_css_offset(driver, 210, 400)  # 150 pt of 375
    chain = ActionChains(driver, duration=40)
    chain.move_to_element_with_offset(canvas, round(sx), round(sy)).click_and_hold().pause(0.1)
    done = round(sx)
    for i in range(1, 7):
        nxt = round(sx + (end - sx) * i / 6)
        chain.move_by_offset(nxt - done, 0).pause(0.02)
        done = nxt
    chain.pause(0.6).release().perform()
    transitions = pop_transitions(driver)
    assert any('"pop"' in d and '"cancelled"' in d for d in transitions), transitions
    ended = [e["detail"] for e in log_entries(driver, "event")
             if e["title"] == "nav.gesture nav" and '"ended"' in e["detail"]]
    assert ended and '"velocity":0' in ended[-1], ended
    info = inspect_via_panel(driver, "nav")
    assert info["stack"] == ["root", "detail"] and not info["transitioning"], info
    assert red_fraction(driver, 20, 200, 335, 300) > 0.95
    snap(driver, "nav-held-swipe-cancelled")


def test_push_moves_the_screen_id_on(browser, server_url):
    """Screen ids are unique in a stack: after a push the panel's id moves on (detail, detail-2,
    ...), so pressing Push again pushes another screen instead of being refused."""
    driver = browser
    push_red_screen(driver, server_url)
    assert by_id(driver, "nav-screen-id").get_attribute("value") == "detail-2"
    click(driver, "nav-push")
    wait_js(driver, "document.getElementById('nav-screen-id').value === 'detail-3'")
    info = inspect_via_panel(driver, "nav")
    assert info["stack"] == ["root", "detail", "detail-2"], info
    assert [e for e in log_entries(driver, "error")] == []
