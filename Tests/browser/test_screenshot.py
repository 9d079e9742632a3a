"""The controls' screenshot: the page at 1280x800 showing a HUD with a label over a bar driven by a
player, with the bar and player panels in view, all set up through the page's own controls.

Written to test-output/screenshots/readme.png. The README's image (docs/screenshot.png) is now the
page as it opens, with the guided tour and the timing inspector (test_tour.py):

    PROGRESSCAST_WRITE_SCREENSHOT=1 python3 -m pytest -q Tests/browser/test_tour.py
"""
import pytest

from pcbrowser import SCREENSHOTS, make_driver, wait_js
from pcpage import (READY, by_id, choose, click, close_panel, fill, open_page, png_size, wait_drawn, wait_log)

WIDTH, HEIGHT = 1280, 800


@pytest.fixture
def driver_1280x800():
    driver = make_driver(width=WIDTH, height=HEIGHT)
    try:
        # --window-size is the window; make the viewport (what a screenshot holds) exactly 1280x800.
        inner = driver.execute_script("return [window.innerWidth, window.innerHeight];")
        size = driver.get_window_size()
        driver.set_window_size(size["width"] + WIDTH - inner[0], size["height"] + HEIGHT - inner[1])
        yield driver
    finally:
        driver.quit()


def test_readme_screenshot(driver_1280x800, server_url):
    driver = driver_1280x800
    open_page(driver, f"{server_url}/")
    assert driver.execute_script("return [window.innerWidth, window.innerHeight];") == [WIDTH, HEIGHT]
    # A HUD with a label and details, through the HUD panel.
    fill(driver, "hud-label", "Loading")
    fill(driver, "hud-details", "Fetching 3 of 7 items")
    choose(driver, "hud-mode", "indeterminate")
    click(driver, "hud-show")
    # A bar and a player from their panels: a 10 s clip, sought to 3.6 s and playing.
    click(driver, "bar-create")
    fill(driver, "player-duration", "10")
    click(driver, "player-create")
    fill(driver, "player-seek-to", "3.6")
    click(driver, "player-seek")
    click(driver, "player-play")
    wait_log(driver, "hud.appeared h1")
    wait_log(driver, "player.state p1", detail_contains='"playing"')
    # Fold the long HUD panel so the bar and player panels sit beside the canvas.
    close_panel(driver, "panel-hud")
    for element_id in ("hud-label", "bar-target", "player-target", "console-input"):
        driver.execute_script("arguments[0].blur();", by_id(driver, element_id))
    driver.execute_script("window.scrollTo(0, 0);")
    wait_drawn(driver, "(() => { const s = f.shapes.find((x) => x.id === 'b1.fill'); return s && s.w >= 0.4 * 335; })()")
    wait_js(driver, "Number(document.getElementById('status-fps').textContent) >= 30", timeout=5)
    # In view: the canvas, the bar panel and the player panel's controls (its last row may be cut off).
    for element_id in ("canvas", "panel-bar", "player-play"):
        box = driver.execute_script("const b = arguments[0].getBoundingClientRect(); return [b.top, b.bottom];",
                                    by_id(driver, element_id))
        assert 0 <= box[0] and box[1] <= HEIGHT, f"#{element_id} is not in view: {box}"
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    out = SCREENSHOTS / "readme.png"
    driver.save_screenshot(str(out))
    assert png_size(out.read_bytes()) == (WIDTH, HEIGHT)
