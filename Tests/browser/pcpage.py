"""Helpers for driving the page (Public/index.html) through its own controls and reading real pixels.

Pixels come from two places: the canvas backing store (`getImageData`, RGBA, not premultiplied) and
screenshots of the window or an element (PNG, decoded here with zlib + numpy: what is on screen,
composited over the page). Canvas geometry is in points; `to_css_offset` maps a point to an offset
from the canvas element's centre in CSS pixels, which is what ActionChains'
move_to_element_with_offset takes.
"""
import base64
import json
import struct
import time
import zlib

import numpy as np
from selenium.webdriver.common.action_chains import ActionChains
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select

from pcbrowser import save_screenshot, wait_js

READY = ("window.progresscast && window.progresscast.session.session && window.progresscast.connected"
         " && window.progresscast.drawnFrame && document.fonts.status === 'loaded'")


def bare_url(url):
    """`url` with `bare` in its query, unless it names a session in its fragment: a fresh page then
    makes a bare session (no phone chrome, no guided tour), the empty canvas these tests draw on."""
    base, hash_mark, fragment = url.partition("#")
    if "session=" in fragment:
        return url
    return base + ("&" if "?" in base else "?") + "bare" + hash_mark + fragment


def open_page(driver, url, timeout=15, bare=True):
    """Loads the page (a fresh document) and waits until it is in a session with a frame drawn.
    With `bare` (the default) a fresh session is bare (see ``bare_url``)."""
    driver.get("about:blank")
    driver.get(bare_url(url) if bare else url)
    wait_js(driver, READY, timeout=timeout)
    return driver.execute_script("return window.progresscast.session;")


def by_id(driver, element_id):
    return driver.find_element(By.ID, element_id)


def click(driver, element_id):
    """Clicks a control like a user: scrolled into view, then a real mouse click."""
    el = by_id(driver, element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
    el.click()
    return el


def fill(driver, element_id, text):
    """Replaces an input's text by typing (select all, then the keys)."""
    el = by_id(driver, element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
    el.clear()
    if text:
        el.send_keys(text)
    return el


def choose(driver, element_id, value):
    el = by_id(driver, element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
    select = Select(el)
    # <option>checkmark</option> has no value attribute: its value is its text.
    matches = [o for o in select.options if o.get_attribute("value") == value]
    assert matches, f"#{element_id} has no option with value {value!r}"
    select.select_by_index(int(matches[0].get_attribute("index")))
    return el


def open_panel(driver, panel_id):
    """Opens a <details> panel by clicking its summary (when it is closed)."""
    panel = by_id(driver, panel_id)
    if panel.get_attribute("open") is None:
        summary = panel.find_element(By.CSS_SELECTOR, ":scope > summary")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
        summary.click()
        wait_js(driver, f"document.getElementById('{panel_id}').open")
    return panel


def close_panel(driver, panel_id):
    panel = by_id(driver, panel_id)
    if panel.get_attribute("open") is not None:
        summary = panel.find_element(By.CSS_SELECTOR, ":scope > summary")
        driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", summary)
        summary.click()
        wait_js(driver, f"!document.getElementById('{panel_id}').open")
    return panel


def click_range_at(driver, element_id, fraction):
    """Clicks a range input's track at `fraction` of its width (real mouse); returns the new value."""
    el = by_id(driver, element_id)
    driver.execute_script("arguments[0].scrollIntoView({block: 'center'});", el)
    width = el.rect["width"]
    # The thumb's centre travels between thumb/2 and width - thumb/2 (Chromium's thumb is ~16 px).
    thumb = 16
    x = thumb / 2 + fraction * (width - thumb) - width / 2
    ActionChains(driver).move_to_element_with_offset(el, round(x), 0).click().perform()
    return float(el.get_attribute("value"))


def page_with_a_player(driver, url, duration):
    """Opens the page at `url`, makes a bar and a player of `duration` seconds from the panels,
    and takes the focus off the controls (so the page's keys reach it)."""
    open_page(driver, url)
    click(driver, "bar-create")
    fill(driver, "player-duration", str(duration))
    click(driver, "player-create")
    driver.execute_script("document.activeElement.blur();")


def log_entries(driver, kind=None):
    """Event-log entries (newest first) as {kind, time, title, detail}."""
    return driver.execute_script("""
return [...document.querySelectorAll('#event-log li')]
  .filter((li) => !arguments[0] || li.dataset.kind === arguments[0])
  .map((li) => ({ kind: li.dataset.kind, time: li.querySelector('.time').textContent,
                  title: li.querySelector('.title').textContent, detail: li.querySelector('.detail').textContent }));""", kind)


def wait_log(driver, title, timeout=10.0, detail_contains=None):
    """Waits for an event-log entry whose title is `title` (e.g. "hud.appeared h1"); returns it."""
    deadline = time.monotonic() + timeout
    while True:
        for e in log_entries(driver):
            if e["title"] == title and (detail_contains is None or detail_contains in e["detail"]):
                return e
        if time.monotonic() > deadline:
            raise TimeoutError(f"no '{title}' in the event log after {timeout} s: {log_entries(driver)[:20]}")
        time.sleep(0.05)


def inspect_via_panel(driver, target):
    """Runs `inspect` with the Session panel's Inspect button and returns the reply shown there."""
    open_panel(driver, "panel-session")
    fill(driver, "inspect-target", target)
    driver.execute_script("const o = document.getElementById('inspect-output'); o.textContent = ''; delete o.dataset.type;")
    click(driver, "session-inspect")
    wait_js(driver, "document.getElementById('inspect-output').dataset.type")
    return json.loads(by_id(driver, "inspect-output").text)


def drawn_frame(driver):
    return driver.execute_script("return window.progresscast.drawnFrame;")


def find_shape(shapes, shape_id):
    for s in shapes or []:
        if s.get("id") == shape_id:
            return s
        if s.get("kind") == "group":
            found = find_shape(s.get("items"), shape_id)
            if found is not None:
                return found
    return None


def wait_drawn(driver, predicate_js, timeout=10.0):
    """Waits until the frame on the canvas satisfies a JS predicate of `f` (the frame); returns the frame.
    Waits one more animation frame so the canvas holds what the renderer drew."""
    wait_js(driver, f"((f) => f && ({predicate_js}))(window.progresscast.drawnFrame)", timeout=timeout)
    driver.execute_async_script("requestAnimationFrame(() => requestAnimationFrame(arguments[0]));")
    return drawn_frame(driver)


def snap(driver, name):
    """A window screenshot (test-output/screenshots/NAME.png) with the page scrolled to the top."""
    driver.execute_script("window.scrollTo(0, 0);")
    return save_screenshot(driver, name)


# ---- canvas pixels -------------------------------------------------------------------------------

def canvas_rgba(driver, x=0, y=0, w=None, h=None, selector="#canvas"):
    """The canvas backing store under a rectangle of points as an (H, W, 4) uint8 array (device pixels),
    plus the scale (device pixels per point)."""
    b64, width, height, scale = driver.execute_script("""
const c = document.querySelector(arguments[0]);
const scale = c.width / (parseFloat(c.style.width) || c.width);
let [x, y, w, h] = [arguments[1], arguments[2], arguments[3], arguments[4]];
if (w === null) w = c.width / scale - x;
if (h === null) h = c.height / scale - y;
const px = Math.round(x * scale), py = Math.round(y * scale);
const pw = Math.max(1, Math.round(w * scale)), ph = Math.max(1, Math.round(h * scale));
const d = c.getContext('2d').getImageData(px, py, pw, ph).data;
let s = '';
for (let i = 0; i < d.length; i += 0x8000) s += String.fromCharCode.apply(null, d.subarray(i, i + 0x8000));
return [btoa(s), pw, ph, scale];""", selector, x, y, w, h)
    data = np.frombuffer(base64.b64decode(b64), dtype=np.uint8).reshape(height, width, 4)
    return data, scale


def over_white(rgba):
    """Composites RGBA (not premultiplied) over white, as the page shows the canvas; float (H, W, 3)."""
    a = rgba[..., 3:4].astype(np.float64) / 255.0
    return rgba[..., :3].astype(np.float64) * a + 255.0 * (1.0 - a)


def luminance(rgb):
    return rgb[..., 0] * 0.299 + rgb[..., 1] * 0.587 + rgb[..., 2] * 0.114


def to_css_offset(driver, x, y, selector="#canvas"):
    """Point (x, y) of the scene as an offset in CSS pixels from the canvas element's centre."""
    return driver.execute_script("""
const c = document.querySelector(arguments[0]);
const box = c.getBoundingClientRect();
const { w, h } = window.progresscast.app.renderer.size;
return [arguments[1] * box.width / w - box.width / 2, arguments[2] * box.height / h - box.height / 2];""",
                                 selector, x, y)


# ---- PNG (screenshots) ---------------------------------------------------------------------------

def png_size(data):
    """(width, height) from a PNG's IHDR."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def decode_png(data):
    """Decodes an 8-bit, non-interlaced RGB/RGBA/grey PNG (what Chromium writes) to (H, W, 4) uint8."""
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    pos, idat, header = 8, [], None
    while pos < len(data):
        length, kind = struct.unpack(">I4s", data[pos:pos + 8])
        body = data[pos + 8:pos + 8 + length]
        if kind == b"IHDR":
            header = struct.unpack(">IIBBBBB", body)
        elif kind == b"IDAT":
            idat.append(body)
        elif kind == b"IEND":
            break
        pos += 12 + length
    width, height, depth, color, _, _, interlace = header
    channels = {0: 1, 2: 3, 4: 2, 6: 4}[color]
    assert depth == 8 and interlace == 0, (depth, interlace)
    raw = np.frombuffer(zlib.decompress(b"".join(idat)), dtype=np.uint8).reshape(height, 1 + width * channels)
    stride, bpp = width * channels, channels
    out = np.zeros((height, stride), dtype=np.uint8)
    prev = np.zeros(stride, dtype=np.int32)
    for row in range(height):
        kind, line = raw[row, 0], raw[row, 1:].astype(np.int32)
        if kind == 0:
            cur = line
        elif kind == 2:
            cur = (line + prev) & 0xFF
        elif kind == 1:  # Sub: a running sum per channel
            cur = (np.cumsum(line.reshape(-1, bpp), axis=0) & 0xFF).reshape(-1)
        else:  # Average and Paeth depend on the byte just decoded: one byte at a time
            src, up_row, cur = line.tolist(), prev.tolist(), [0] * stride
            for i in range(stride):
                left = cur[i - bpp] if i >= bpp else 0
                up = up_row[i]
                if kind == 3:
                    cur[i] = (src[i] + ((left + up) >> 1)) & 0xFF
                else:
                    ul = up_row[i - bpp] if i >= bpp else 0
                    p = left + up - ul
                    pa, pb, pc = abs(p - left), abs(p - up), abs(p - ul)
                    pred = left if pa <= pb and pa <= pc else (up if pb <= pc else ul)
                    cur[i] = (src[i] + pred) & 0xFF
            cur = np.array(cur, dtype=np.int32)
        out[row] = cur
        prev = cur
    img = out.reshape(height, width, channels)
    if channels == 4:
        return img
    alpha = np.full((height, width, 1), 255, dtype=np.uint8)
    if channels == 3:
        return np.concatenate([img, alpha], axis=2)
    grey = img[..., :1]
    a = img[..., 1:2] if channels == 2 else alpha
    return np.concatenate([grey, grey, grey, a], axis=2)


def screen_canvas(driver, selector="#canvas"):
    """What the window shows of the canvas: scrolls the page to the top, takes a screenshot of the
    viewport clipped to the canvas's box (DevTools Page.captureScreenshot, the compositor's output) and
    decodes it. Returns (H, W, 4) uint8 and the scale from points to its pixels."""
    left, top, width, height, dpr, points = driver.execute_script("""
window.scrollTo(0, 0);
const b = document.querySelector(arguments[0]).getBoundingClientRect();
return [b.left, b.top, b.width, Math.min(b.height, window.innerHeight - b.top), window.devicePixelRatio,
        window.progresscast.app.renderer.size.w];""", selector)
    shot = driver.execute_cdp_cmd("Page.captureScreenshot", {
        "format": "png", "clip": {"x": left, "y": top, "width": width, "height": height, "scale": 1}})
    img = decode_png(base64.b64decode(shot["data"]))
    return img, img.shape[1] / points


def diff_against_render(driver, frame, selector="#canvas"):
    """Draws `frame` (a display list, e.g. the one the server sends for a time) with the page's own
    drawShapes on a fresh canvas the size of the page's, and compares it with the page's canvas.
    Returns {pixels, differ (any channel off by more than 2), painted (alpha > 0 in the page's)}."""
    return driver.execute_async_script("""
const [selector, frame, done] = arguments;
import('/js/renderer.js').then(({ drawShapes }) => {
  const page = document.querySelector(selector);
  const { dpr } = window.progresscast.app.renderer.size;
  const c = document.createElement('canvas');
  c.width = page.width; c.height = page.height;
  const ctx = c.getContext('2d');
  ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
  drawShapes(ctx, frame.shapes, true);
  const a = page.getContext('2d').getImageData(0, 0, page.width, page.height).data;
  const b = ctx.getImageData(0, 0, c.width, c.height).data;
  let differ = 0, painted = 0;
  for (let i = 0; i < a.length; i += 4) {
    if (a[i + 3] > 0) painted += 1;
    if (Math.abs(a[i] - b[i]) > 2 || Math.abs(a[i + 1] - b[i + 1]) > 2 || Math.abs(a[i + 2] - b[i + 2]) > 2
        || Math.abs(a[i + 3] - b[i + 3]) > 2) differ += 1;
  }
  done({ pixels: a.length / 4, differ, painted });
}).catch((e) => done({ error: String(e) }));""", selector, frame)
