"""Headless Chromium (Debian's chromium + chromium-driver) and helpers for reading the page."""
import base64
import os
import time
from pathlib import Path

from selenium import webdriver
from selenium.webdriver.chrome.options import Options
from selenium.webdriver.chrome.service import Service

REPO = Path(__file__).resolve().parents[2]
SCREENSHOTS = REPO / "test-output" / "screenshots"


def make_driver(width=1280, height=900, dpr=1):
    opts = Options()
    opts.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                f"--window-size={width},{height}", f"--force-device-scale-factor={dpr}",
                "--hide-scrollbars", "--no-first-run", "--disable-extensions", "--mute-audio"):
        opts.add_argument(arg)
    opts.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    service = Service(executable_path=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    return webdriver.Chrome(options=opts, service=service)


def wait_js(driver, expression, timeout=10.0, poll=0.05):
    """Evaluates `return (<expression>)` until it is truthy; returns its value."""
    deadline = time.monotonic() + timeout
    while True:
        value = driver.execute_script(f"return ({expression});")
        if value:
            return value
        if time.monotonic() > deadline:
            raise TimeoutError(f"still falsy after {timeout} s: {expression}")
        time.sleep(poll)


# Canvas coordinates are in points: the renderer sets style.width to the frame's width and the
# backing store to width * devicePixelRatio.
_SCALE_JS = """
const c = document.querySelector(arguments[0]);
const scale = c.width / (parseFloat(c.style.width) || c.width);
const ctx = c.getContext('2d');
"""


def canvas_pixel(driver, x, y, selector="#canvas"):
    """[r, g, b, a] of the canvas pixel under point (x, y)."""
    return driver.execute_script(_SCALE_JS + """
const d = ctx.getImageData(Math.floor(arguments[1] * scale), Math.floor(arguments[2] * scale), 1, 1).data;
return [d[0], d[1], d[2], d[3]];""", selector, x, y)


def canvas_region(driver, x, y, w, h, selector="#canvas"):
    """Summary of a rectangle of points: pixel count, painted (alpha > 0) count, mean RGBA of painted pixels."""
    return driver.execute_script(_SCALE_JS + """
const [x, y, w, h] = [arguments[1], arguments[2], arguments[3], arguments[4]].map((v) => Math.round(v * scale));
const d = ctx.getImageData(x, y, w, h).data;
let painted = 0; const sum = [0, 0, 0, 0];
for (let i = 0; i < d.length; i += 4) {
  if (d[i + 3] === 0) continue;
  painted += 1;
  for (let k = 0; k < 4; k += 1) sum[k] += d[i + k];
}
return { pixels: d.length / 4, painted, mean: sum.map((s) => (painted ? s / painted : 0)) };""", selector, x, y, w, h)


def canvas_png(driver, path, selector="#canvas"):
    """Writes the canvas backing store (canvas.toDataURL) as a PNG; returns the path."""
    url = driver.execute_script("return document.querySelector(arguments[0]).toDataURL('image/png');", selector)
    path = Path(path)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(base64.b64decode(url.split(",", 1)[1]))
    return path


def save_screenshot(driver, name):
    """Saves a screenshot of the window to test-output/screenshots/NAME.png; returns the path."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    path = SCREENSHOTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path


def console_errors(driver):
    """Browser console entries of level SEVERE since the last call."""
    return [e for e in driver.get_log("browser") if e.get("level") == "SEVERE"]
