"""Reloading the page rejoins the same session (docs/requirements.md 7: the session id and token live in the URL
fragment): same id in the fragment and the status bar, still the controller, the HUD still drawn,
pixel for pixel, and the panels still drive the session."""
import numpy as np

from pcbrowser import SCREENSHOTS, canvas_png
from pcpage import (READY, by_id, canvas_rgba, choose, click, drawn_frame, fill, find_shape, inspect_via_panel,
                    open_page, snap, wait_drawn, wait_log)
from pcbrowser import wait_js


def status_session(driver):
    return by_id(driver, "status-session").get_attribute("textContent")


def test_reload_rejoins_and_the_hud_is_still_drawn(browser, server_url):
    driver = browser
    info = open_page(driver, f"{server_url}/")
    # A text-only HUD does not animate, so the canvas before and after the reload can be compared exactly.
    fill(driver, "hud-label", "Still here")
    fill(driver, "hud-details", "after a reload")
    choose(driver, "hud-mode", "text")
    click(driver, "hud-show")
    wait_log(driver, "hud.appeared h1")
    wait_drawn(driver, "(() => { const g = f.shapes.find((s) => s.id === 'h1'); return g && g.alpha === undefined; })()")
    bezel = inspect_via_panel(driver, "h1")["bezel"]
    before, scale = canvas_rgba(driver)
    fragment = driver.execute_script("return location.hash;")
    assert f"session={info['session']}" in fragment and f"token={info['token']}" in fragment
    assert status_session(driver) == info["session"]

    driver.refresh()
    wait_js(driver, READY, timeout=15)
    again = driver.execute_script("return window.progresscast.session;")
    assert again["session"] == info["session"] and again["token"] == info["token"], (info, again)
    assert again["role"] == "controller"
    assert driver.execute_script("return location.hash;") == fragment
    assert status_session(driver) == info["session"]
    assert by_id(driver, "status-role").get_attribute("data-role") == "controller"
    assert by_id(driver, "status-conn").get_attribute("data-state") == "open"
    # Nothing was re-sent: the page joined, it did not create a session or show the HUD again.
    assert not any(e["title"].startswith("hud.appeared") for e in
                   driver.execute_script("return [...document.querySelectorAll('#event-log li .title')].map((t) => ({title: t.textContent}));"))

    frame = wait_drawn(driver, "f.shapes.some((s) => s.id === 'h1')")
    group = find_shape(frame["shapes"], "h1")
    texts = [s["text"] for s in group["items"] if s["kind"] == "text"]
    assert texts == ["Still here", "after a reload"], texts
    after, _ = canvas_rgba(driver)
    assert after.shape == before.shape
    y0, y1 = int(bezel["y"] * scale), int((bezel["y"] + bezel["height"]) * scale)
    x0, x1 = int(bezel["x"] * scale), int((bezel["x"] + bezel["width"]) * scale)
    assert (after[y0:y1, x0:x1, 3] > 0).mean() > 0.95, "the bezel is not drawn after the reload"
    differ = int((np.abs(after.astype(int) - before.astype(int)).max(axis=2) > 2).sum())
    assert differ == 0, f"{differ} pixels differ from before the reload"
    canvas_png(driver, SCREENSHOTS / "reload-canvas.png")
    snap(driver, "reload")

    # Still the controller: the HUD panel's Hide button works on the rejoined session.
    click(driver, "hud-hide")
    wait_log(driver, "hud.hidden h1")
    wait_drawn(driver, "!f.shapes.some((s) => s.id === 'h1')")
    cleared, _ = canvas_rgba(driver)
    assert int((cleared[..., 3] > 0).sum()) == 0
