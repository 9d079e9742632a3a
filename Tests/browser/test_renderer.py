"""The renderer draws every display-list shape kind (docs/protocol.md section 5) correctly.

Loads Public/dev/shapes.html, which draws a fixed display list (Public/js/dev-shapes.js) with the
page's real renderer, and checks pixels. Coordinates below are canvas points.
"""
import math

import pytest

from pcbrowser import canvas_pixel, canvas_png, canvas_region, console_errors, save_screenshot, wait_js, SCREENSHOTS


def close(actual, expected, tolerance=3):
    return all(abs(a - e) <= tolerance for a, e in zip(actual, expected))


@pytest.fixture(scope="module")
def shapes_page(browser, server_url):
    console_errors(browser)  # drop what earlier pages logged
    browser.get(f"{server_url}/dev/shapes.html")
    wait_js(browser, "window.devShapes && window.devShapes.ready", timeout=20)
    save_screenshot(browser, "renderer-shapes")
    canvas_png(browser, SCREENSHOTS / "renderer-shapes-canvas.png")
    return browser


CASES = [
    # (what, point, expected RGBA); alpha 0 means nothing was drawn there
    ("rect fill", (70, 50), (255, 0, 0, 255)),
    ("rect outside", (10, 50), (0, 0, 0, 0)),
    ("rounded rect fill", (190, 50), (0, 0, 255, 255)),
    ("rounded rect stroke", (190, 20), (0, 0, 128, 255)),
    ("rounded rect corner is cut", (141, 21), (0, 0, 0, 0)),
    ("#rrggbbaa fill", (300, 50), (0, 170, 0, 128)),
    ("arc drawn clockwise from top to right", (70 + 30 * math.cos(-math.pi / 4), 150 + 30 * math.sin(-math.pi / 4)), (0, 170, 0, 255)),
    ("arc round cap", (67, 120), (0, 170, 0, 255)),
    ("arc not drawn on the left", (40, 150), (0, 0, 0, 0)),
    ("arc not drawn at the bottom", (70, 180), (0, 0, 0, 0)),
    ("pie right half", (205, 150), (255, 136, 0, 255)),
    ("pie not left half", (175, 150), (0, 0, 0, 0)),
    ("line", (305, 150), (136, 0, 255, 255)),
    ("beside the line", (305, 130), (0, 0, 0, 0)),
    ("path fill", (70, 243), (0, 204, 204, 255)),
    ("path stroke", (70, 220), (0, 68, 68, 255)),
    ("outside the path", (30, 280), (0, 0, 0, 0)),
    ("stroke-only path", (187.5, 251), (0, 170, 0, 255)),
    ("stroke-only path is not filled", (185, 272), (0, 0, 0, 0)),
    ("radial beyond r takes the last stop", (22, 322), (0, 0, 0, 191)),
    ("radial only fills its area", (10, 400), (0, 0, 0, 0)),
    ("group alpha", (240, 360), (255, 0, 0, 128)),
    ("nested group: alpha multiplied, transform composed", (310, 340), (0, 0, 255, 64)),
    ("between the groups' rects", (285, 340), (0, 0, 0, 0)),
]


@pytest.mark.parametrize("what,point,expected", CASES, ids=[c[0] for c in CASES])
def test_pixels(shapes_page, what, point, expected):
    actual = canvas_pixel(shapes_page, *point)
    if expected[3] == 0:
        assert actual[3] == 0, f"{what}: expected nothing at {point}, got {actual}"
    else:
        assert close(actual, expected), f"{what}: expected {expected} at {point}, got {actual}"


def test_radial_interpolates(shapes_page):
    assert canvas_pixel(shapes_page, 100, 400)[3] <= 4  # the centre stop is clear
    alpha = canvas_pixel(shapes_page, 140, 400)[3]  # halfway to r
    assert 80 <= alpha <= 112, alpha


@pytest.mark.parametrize("what,box", [
    ("bold Latin text", (235, 226, 90, 18)),
    ("regular small text", (235, 248, 90, 14)),
    ("CJK text", (255, 270, 90, 26)),
    ("transformed text", (240, 410, 110, 60)),
    ("HUD label with CJK and Latin", (110, 592, 160, 24)),
])
def test_text_draws(shapes_page, what, box):
    region = canvas_region(shapes_page, *box)
    assert region["painted"] > 60, f"{what}: only {region['painted']} pixels painted in {box}"


def test_fonts_are_the_servers(shapes_page):
    faces = shapes_page.execute_script(
        "return [...document.fonts].filter((f) => f.family.includes('ProgressCast')).map((f) => [f.family, f.weight, f.status]);")
    # DejaVu Sans (regular, bold), Droid Sans Fallback, and the last-resort box font (loaded when
    # a character needs it).
    assert [family for family, _, _ in faces].count("ProgressCast LastResort") == 1, faces
    assert len(faces) == 4 and all(status == "loaded" for family, _, status in faces if "LastResort" not in family), faces
    # A character neither font has is the server's missing-glyph box: 0.6 em (1229 of 2048 units).
    box = shapes_page.execute_async_script("""
const done = arguments[arguments.length - 1];
const font = '700 20px "ProgressCast Sans", "ProgressCast CJK", "ProgressCast LastResort"';
document.fonts.load(font, '\\u{1D49C}').then(() => {
  const ctx = document.createElement('canvas').getContext('2d');
  ctx.font = font;
  done(ctx.measureText('\\u{1D49C}\\u{1D49C}').width);
});""")
    assert box == pytest.approx(2 * 20 * 1229 / 2048, abs=0.01), box
    # The web fonts are the same files fontconfig knows as DejaVu Sans and Droid Sans Fallback.
    widths = shapes_page.execute_script("""
const ctx = document.createElement('canvas').getContext('2d');
const w = (font, text) => { ctx.font = font; return ctx.measureText(text).width; };
return {
  sans: [w('700 16px "ProgressCast Sans"', 'Loading'), w('700 16px "DejaVu Sans"', 'Loading')],
  cjk: [w('20px "ProgressCast Sans", "ProgressCast CJK"', '加载中'), w('20px "Droid Sans Fallback"', '加载中')],
};""")
    assert widths["sans"][0] == pytest.approx(widths["sans"][1], abs=0.01), widths
    assert widths["cjk"][0] == pytest.approx(widths["cjk"][1], abs=0.01), widths


def test_no_console_errors(shapes_page):
    assert console_errors(shapes_page) == []


def test_hidpi_backing_store(hidpi_browser, server_url):
    d = hidpi_browser
    d.get(f"{server_url}/dev/shapes.html")
    wait_js(d, "window.devShapes && window.devShapes.ready", timeout=20)
    size = d.execute_script("const c = document.getElementById('canvas'); return [c.width, c.height, c.style.width, c.getBoundingClientRect().width];")
    assert size == [750, 1334, "375px", 375], size
    assert close(canvas_pixel(d, 70, 50), (255, 0, 0, 255))
    # Edges fall on device pixels: x = 20 pt is device pixel 40, 19.75 pt is device pixel 39.
    assert canvas_pixel(d, 19.75, 50)[3] == 0
    assert canvas_pixel(d, 20, 50)[3] == 255
    save_screenshot(d, "renderer-shapes-hidpi")


def test_draw_time(shapes_page):
    result = shapes_page.execute_script("return window.devShapes.bench(600, false);")
    flushed = shapes_page.execute_script("return window.devShapes.bench(600, true);")
    shapes = shapes_page.execute_script("""
const count = (list) => list.reduce((n, s) => n + 1 + (s.kind === 'group' ? count(s.items) : 0), 0);
return count(window.devShapes.frame.shapes);""")
    # performance.now() is coarsened to 0.1 ms here (no cross-origin isolation), hence the averages.
    for r in (result, flushed):
        print(f"\ndraw {r['n']} frames of {shapes} shapes{' (rasterised each time)' if r['flush'] else ''}: "
              f"avg {r['avgMs']:.3f} ms, p50 {r['p50Ms']:.3f} ms, p95 {r['p95Ms']:.3f} ms, max {r['maxMs']:.3f} ms")
    assert result["avgMs"] <= 2.0, result  # docs/requirements.md section 9: drawing one frame <= 2 ms
