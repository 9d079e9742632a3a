"""HUDs shown through the page's HUD panel, checked on real pixels (docs/protocol.md 4.1, docs/requirements.md 7).

Every mode is shown with the panel's own inputs and Show button; the bezel frame comes from the
Session panel's Inspect button. Then, on the canvas backing store and on a window screenshot:
the bezel differs from the page behind it, the label's ink sits centred in the bezel and is as wide
as the server measured it (the bezel is the label's width plus two margins), the indicator leaves
ink, determinate progress fills the right part of the indicator, nothing is drawn outside the
bezel, and an indeterminate spinner turns between two captures 250 ms apart.
"""
import json
import math
import re
import time

import numpy as np
import pytest

from pcbrowser import SCREENSHOTS, canvas_png, wait_js
from pcpage import (canvas_rgba, choose, click, click_range_at, diff_against_render, drawn_frame, fill, find_shape,
                    inspect_via_panel, luminance, open_page, over_white, screen_canvas, snap, wait_drawn, wait_log)

MARGIN = 20  # MBProgressHUD's default margin (docs/protocol.md 4.1)
INK = 40     # a pixel is ink when it is this much darker (luminance) than the bezel around it

MODES = [
    ("indeterminate", None),
    ("determinate", None),
    ("annular", None),
    ("bar", None),
    ("custom", "checkmark"),
    ("custom", "cross"),
    ("custom", "info"),
    ("text", None),
]


@pytest.fixture
def page(browser, server_url):
    open_page(browser, f"{server_url}/")
    browser.execute_script("window.scrollTo(0, 0);")
    return browser


def show_hud(driver, mode="indeterminate", custom_view=None, label="Loading"):
    """Fills the HUD panel and presses Show; waits for hud.appeared and a drawn frame at full alpha."""
    fill(driver, "hud-label", label)
    choose(driver, "hud-mode", mode)
    choose(driver, "hud-custom-view", custom_view or "")
    click(driver, "hud-show")
    wait_log(driver, "hud.appeared h1")
    frame = wait_drawn(driver, "(() => { const g = f.shapes.find((s) => s.id === 'h1');"
                               " return g && (g.alpha === undefined || g.alpha >= 1); })()")
    return frame


def hud_group(frame, target="h1"):
    group = find_shape(frame["shapes"], target)
    assert group is not None and group["kind"] == "group", frame
    return group


def crop(rgba, scale, x, y, w, h):
    """Rows/columns of a whole-canvas array covering the rectangle of points (clipped to the canvas)."""
    y0, y1 = max(0, math.floor(y * scale)), min(rgba.shape[0], math.ceil((y + h) * scale))
    x0, x1 = max(0, math.floor(x * scale)), min(rgba.shape[1], math.ceil((x + w) * scale))
    return rgba[y0:y1, x0:x1]


def bezel_luminance(rgba, scale, bezel):
    """Luminance of the bezel's fill (over white), from a patch just inside its top-left corner."""
    patch = crop(rgba, scale, bezel["x"] + 6, bezel["y"] + 4, 8, 8)
    return float(np.median(luminance(over_white(patch))))


def ink_mask(region, bezel_lum):
    return luminance(over_white(region)) < bezel_lum - INK


def label_box(text_shape, bezel):
    size = text_shape.get("size", 17)
    return bezel["x"], text_shape["y"] - size, bezel["width"], size * 1.35


def indicator_box(group):
    """Bounding box (points) of the HUD's indicator: every item but the bezel rect and the texts."""
    xs, ys = [], []
    for s in group["items"][1:]:
        k = s["kind"]
        if k == "text":
            continue
        lw = s.get("lw", 0) / 2
        if k in ("arc", "pie"):
            xs += [s["cx"] - s["r"] - lw, s["cx"] + s["r"] + lw]
            ys += [s["cy"] - s["r"] - lw, s["cy"] + s["r"] + lw]
        elif k == "line":
            xs += [min(s["x1"], s["x2"]) - lw, max(s["x1"], s["x2"]) + lw]
            ys += [min(s["y1"], s["y2"]) - lw, max(s["y1"], s["y2"]) + lw]
        elif k == "rect":
            xs += [s["x"] - lw, s["x"] + s["w"] + lw]
            ys += [s["y"] - lw, s["y"] + s["h"] + lw]
        elif k == "path":
            nums = [float(n) for n in re.findall(r"-?\d+(?:\.\d+)?", s["d"])]
            xs += [n - lw for n in nums[0::2]] + [n + lw for n in nums[0::2]]
            ys += [n - lw for n in nums[1::2]] + [n + lw for n in nums[1::2]]
    if not xs:
        return None
    return min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys)


def assert_nothing_outside(rgba, scale, bezel, what):
    """No painted pixel outside the bezel (1 pt allowed for antialiasing)."""
    outside = np.ones(rgba.shape[:2], dtype=bool)
    y0, y1 = math.floor((bezel["y"] - 1) * scale), math.ceil((bezel["y"] + bezel["height"] + 1) * scale)
    x0, x1 = math.floor((bezel["x"] - 1) * scale), math.ceil((bezel["x"] + bezel["width"] + 1) * scale)
    outside[max(0, y0):y1, max(0, x0):x1] = False
    painted = outside & (rgba[..., 3] > 0)
    if painted.any():
        ys, xs = np.nonzero(painted)
        raise AssertionError(f"{what}: {painted.sum()} pixels painted outside the bezel {bezel}, "
                             f"e.g. at device pixel ({xs[0]}, {ys[0]}) = {rgba[ys[0], xs[0]].tolist()}")


def check_label(rgba, scale, bezel, text_shape, what, label_sets_width=True):
    """Ink where the label is: centred on its x, inside the bezel, as wide as the server measured."""
    bl = bezel_luminance(rgba, scale, bezel)
    bx, by, bw, bh = label_box(text_shape, bezel)
    region = crop(rgba, scale, bx, by, bw, bh)
    ink = ink_mask(region, bl)
    assert ink.sum() >= 60, f"{what}: only {ink.sum()} ink pixels in the label box {(bx, by, bw, bh)}"
    cols = np.nonzero(ink.any(axis=0))[0]
    left, right = bx + cols[0] / scale, bx + (cols[-1] + 1) / scale
    width, centre = right - left, (left + right) / 2
    assert abs(centre - text_shape["x"]) <= 2.5, f"{what}: label ink centred at {centre:.1f}, text x {text_shape['x']}"
    assert left >= bezel["x"] + MARGIN - 2 and right <= bezel["x"] + bezel["width"] - MARGIN + 2, \
        f"{what}: label ink {left:.1f}...{right:.1f} runs into the margins of {bezel}"
    if label_sets_width:
        # The server sizes the bezel from its measure of the label; the page's ink must agree.
        measured = bezel["width"] - 2 * MARGIN
        assert measured - 6 <= width <= measured + 1, \
            f"{what}: label ink is {width:.1f} pt wide, the server measured {measured} pt"
    return width


def check_bezel_on_screen(driver, rgba, bezel, what, moving=None):
    """The window screenshot shows what the canvas holds (over the page's white), so the bezel is
    darker than the background around it on screen too. `moving`: a box of points that animates
    (a spinner), left out of the pixel-for-pixel comparison."""
    screen, s = screen_canvas(driver)
    inner = crop(screen, s, bezel["x"] + 4, bezel["y"] + 4, 10, 10)[..., :3].astype(float)
    outer = crop(screen, s, bezel["x"] - 30, bezel["y"] - 30, 20, 20)[..., :3].astype(float)
    assert inner.size and outer.size
    diff = float(np.abs(inner.mean(axis=(0, 1)) - outer.mean(axis=(0, 1))).max())
    assert diff >= 20, f"{what}: on screen the bezel {inner.mean(axis=(0, 1))} vs background {outer.mean(axis=(0, 1))}"
    # Pixel for pixel (away from the canvas's rounded, shadowed border), screen == canvas over white.
    h, w = min(screen.shape[0], rgba.shape[0]), min(screen.shape[1], rgba.shape[1])
    assert screen.shape[1] == rgba.shape[1], (screen.shape, rgba.shape)
    delta = np.abs(screen[:h, :w, :3].astype(float) - over_white(rgba[:h, :w]))
    if moving is not None:
        x, y, bw, bh = moving
        delta[math.floor((y - 2) * s):math.ceil((y + bh + 2) * s), math.floor((x - 2) * s):math.ceil((x + bw + 2) * s)] = 0
    delta = delta[6:h - 6, 6:w - 6]
    assert float(delta.mean()) < 1.0 and float(np.percentile(delta, 99.9)) <= 8, \
        f"{what}: the screen differs from the canvas (mean {delta.mean():.2f}, max {delta.max():.0f})"
    return screen


def check_progress(rgba, scale, group, mode, progress, what):
    """Determinate modes fill the indicator up to `progress` and not beyond."""
    bezel_rect = group["items"][0]
    bezel = {"x": bezel_rect["x"], "y": bezel_rect["y"], "width": bezel_rect["w"], "height": bezel_rect["h"]}
    bl = bezel_luminance(rgba, scale, bezel)

    def lum_at(x, y):
        return float(luminance(over_white(crop(rgba, scale, x - 0.5, y - 0.5, 1, 1))).mean())

    if mode in ("determinate", "annular"):
        arc = next(s for s in group["items"] if s["kind"] == "arc")
        cx, cy = arc["cx"], arc["cy"]
        r = 15.5 if mode == "determinate" else 17.5  # inside the pie / on the ring
        filled_a = -math.pi / 2 + progress * math.pi        # halfway through the progress
        empty_a = -math.pi / 2 + (1 + progress) * math.pi   # halfway through the rest
        filled = lum_at(cx + r * math.cos(filled_a), cy + r * math.sin(filled_a))
        empty = lum_at(cx + r * math.cos(empty_a), cy + r * math.sin(empty_a))
    else:  # bar: the outline rect holds a fill from its left edge
        outline = next(s for s in group["items"][1:] if s["kind"] == "rect")
        inner_w = outline["w"] - 4
        y = outline["y"] + outline["h"] / 2
        filled = lum_at(outline["x"] + 2 + inner_w * progress / 2, y)
        empty = lum_at(outline["x"] + 2 + inner_w * (1 + progress) / 2, y)
    assert filled < bl - INK, f"{what}: progress {progress}: the filled part is not dark ({filled:.0f} vs bezel {bl:.0f})"
    assert empty > filled + INK, f"{what}: progress {progress}: the unfilled part is as dark as the filled ({empty:.0f})"


@pytest.mark.parametrize("mode,custom_view", MODES, ids=[m if not c else f"{m}-{c}" for m, c in MODES])
def test_hud_mode_pixels(page, mode, custom_view):
    driver = page
    what = f"{mode}{'/' + custom_view if custom_view else ''}"
    frame = show_hud(driver, mode, custom_view, label="Loading")
    if mode in ("determinate", "annular", "bar"):
        before = json.dumps(hud_group(frame))
        progress = click_range_at(driver, "hud-progress", 0.6)  # the panel's live slider sends hud.update
        assert 0.5 <= progress <= 0.7, progress
        frame = wait_drawn(driver, f"JSON.stringify(f.shapes.find((s) => s.id === 'h1')) !== {json.dumps(before)}")
    reply = inspect_via_panel(driver, "h1")
    assert reply["type"] == "ack" and reply["mode"] == mode and reply["state"] == "shown", reply
    bezel = reply["bezel"]
    if mode in ("determinate", "annular", "bar"):
        assert reply["progress"] == pytest.approx(progress), reply
    frame = drawn_frame(driver)
    group = hud_group(frame)
    assert group["items"][0]["kind"] == "rect"
    assert (group["items"][0]["x"], group["items"][0]["y"], group["items"][0]["w"], group["items"][0]["h"]) == \
        (bezel["x"], bezel["y"], bezel["width"], bezel["height"]), (group["items"][0], bezel)
    text = next(s for s in group["items"] if s["kind"] == "text" and s["text"] == "Loading")

    rgba, scale = canvas_rgba(driver)
    # 1. the bezel differs from the background (canvas: transparent, shown over the page's white)
    inside = over_white(crop(rgba, scale, bezel["x"] + 3, bezel["y"] + 3, bezel["width"] - 6, 12))
    assert float(255 - luminance(inside).mean()) >= 15, f"{what}: bezel too close to the background"
    assert_nothing_outside(rgba, scale, bezel, what)
    check_bezel_on_screen(driver, rgba, bezel, what, moving=indicator_box(group) if mode == "indeterminate" else None)
    # 2. the label's ink
    check_label(rgba, scale, bezel, text, what, label_sets_width=(mode != "bar"))
    # 3. the indicator's ink (none in text mode: the bezel above the label is plain)
    bl = bezel_luminance(rgba, scale, bezel)
    box = indicator_box(group)
    if mode == "text":
        assert box is None, group
        above = crop(rgba, scale, bezel["x"] + 4, bezel["y"] + 4, bezel["width"] - 8, text["y"] - text["size"] - bezel["y"] - 4)
        assert ink_mask(above, bl).sum() == 0, f"{what}: ink above the label"
    else:
        assert box is not None, group
        assert box[1] >= bezel["y"] + MARGIN - 3 and box[1] + box[3] <= text["y"] - text["size"] + 4, (box, bezel, text)
        ink = ink_mask(crop(rgba, scale, *box), bl).sum()
        assert ink >= 30, f"{what}: only {ink} ink pixels in the indicator {box}"
    # 4. plain margins: no ink in a band just inside each edge of the bezel
    for band in ((bezel["x"] + 6, bezel["y"] + 2, bezel["width"] - 12, MARGIN - 6),
                 (bezel["x"] + 6, bezel["y"] + bezel["height"] - MARGIN + 6, bezel["width"] - 12, MARGIN - 8),
                 (bezel["x"] + 2, bezel["y"] + 6, MARGIN - 6, bezel["height"] - 12),
                 (bezel["x"] + bezel["width"] - MARGIN + 4, bezel["y"] + 6, MARGIN - 6, bezel["height"] - 12)):
        assert ink_mask(crop(rgba, scale, *band), bl).sum() == 0, f"{what}: ink in the margin band {band}"
    # 5. progress, or the spinner turning on the live clock
    if mode in ("determinate", "annular", "bar"):
        check_progress(rgba, scale, group, mode, progress, what)
    if mode == "indeterminate":
        first, _ = canvas_rgba(driver, *box)
        t0 = drawn_frame(driver)["t"]
        time.sleep(0.25)
        second, _ = canvas_rgba(driver, *box)
        t1 = drawn_frame(driver)["t"]
        changed = int((np.abs(first.astype(int) - second.astype(int)).max(axis=2) > 8).sum())
        assert changed >= 20, f"spinner region unchanged after 250 ms (frames t={t0} and t={t1}; {changed} pixels differ)"
        assert t1 - t0 >= 0.1, (t0, t1)
    name = f"hud-{mode}{'-' + custom_view if custom_view else ''}"
    canvas_png(driver, SCREENSHOTS / f"{name}-canvas.png")
    snap(driver, name)


def test_chinese_label_stays_inside_the_bezel(page):
    driver = page
    label = "加载中..."
    show_hud(driver, "indeterminate", label=label)
    bezel = inspect_via_panel(driver, "h1")["bezel"]
    frame = drawn_frame(driver)
    text = next(s for s in hud_group(frame)["items"] if s["kind"] == "text")
    assert text["text"] == label
    rgba, scale = canvas_rgba(driver)
    width = check_label(rgba, scale, bezel, text, "CJK label")
    assert_nothing_outside(rgba, scale, bezel, "CJK label")
    check_bezel_on_screen(driver, rgba, bezel, "CJK label", moving=indicator_box(hud_group(frame)))
    # The three ideographs are wide and dense: far more ink than the three dots alone would leave.
    bl = bezel_luminance(rgba, scale, bezel)
    ink = ink_mask(crop(rgba, scale, *label_box(text, bezel)), bl)
    assert ink.sum() >= 200, ink.sum()
    assert width >= 50, width
    canvas_png(driver, SCREENSHOTS / "hud-cjk-label-canvas.png")
    snap(driver, "hud-cjk-label")


def test_right_to_left_label_is_drawn_as_measured(page):
    """An Arabic label with Latin and digits: joined letters, as wide as the server measured, drawn
    right to left (the text shape's dir): the same frame drawn without dir puts the runs elsewhere."""
    driver = page
    label = "\u062c\u0627\u0631\u064d \u0627\u0644\u062a\u062d\u0645\u064a\u0644 3/10 files"
    show_hud(driver, "text", label=label)
    bezel = inspect_via_panel(driver, "h1")["bezel"]
    frame = drawn_frame(driver)
    text = next(s for s in hud_group(frame)["items"] if s["kind"] == "text")
    assert text["text"] == label and text["dir"] == "rtl", text
    rgba, scale = canvas_rgba(driver)
    check_label(rgba, scale, bezel, text, "RTL label")
    assert_nothing_outside(rgba, scale, bezel, "RTL label")
    assert diff_against_render(driver, frame)["differ"] == 0
    text.pop("dir")  # the same list drawn left to right: "3/10 files" moves to the other end
    assert diff_against_render(driver, frame)["differ"] > 200
    canvas_png(driver, SCREENSHOTS / "hud-rtl-label-canvas.png")
    snap(driver, "hud-rtl-label")


def test_custom_views_differ(page):
    """checkmark, cross and info (chosen in the panel, applied with Update) leave different ink."""
    driver = page
    frame = show_hud(driver, "custom", "checkmark", label="Done")
    crops = {}
    for view in ("checkmark", "cross", "info"):
        if view != "checkmark":
            before = json.dumps(hud_group(drawn_frame(driver)))
            choose(driver, "hud-custom-view", view)
            click(driver, "hud-update")
            frame = wait_drawn(driver, f"JSON.stringify(f.shapes.find((s) => s.id === 'h1')) !== {json.dumps(before)}")
        box = indicator_box(hud_group(frame))
        # one fixed box for all three: the 37 pt indicator square above the label
        bezel = hud_group(frame)["items"][0]
        cx = bezel["x"] + bezel["w"] / 2
        rgba, _ = canvas_rgba(driver, cx - 20, bezel["y"] + MARGIN - 2, 40, 40)
        crops[view] = luminance(over_white(rgba))
        assert box is not None
    for a, b in (("checkmark", "cross"), ("checkmark", "info"), ("cross", "info")):
        differ = int((np.abs(crops[a] - crops[b]) > 40).sum())
        assert differ >= 40, f"{a} and {b} look the same ({differ} pixels differ)"
