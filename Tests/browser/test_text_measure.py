"""The server measures text as Chromium draws it (issue 18: HarfBuzz shaping).

For a corpus of strings (Latin with ligatures and kerning, Arabic, Hebrew, mixed directions, CJK,
combining marks, digits and punctuation, long strings), the width `progresscast measure` gives
(docs/architecture.md, Typesetting) equals the page's `ctx.measureText` with the page's own fonts
(Public/css/fonts.css, served from the same files) and the direction the server says (`dir`), to
0.05 pt before any rounding. Wrapped lines fit their width in Chromium and no line could also
have taken the next word; truncated lines fit.
"""
import json
import subprocess

import pytest

from pcbrowser import wait_js
from pcserver import REPO, server_command

TOLERANCE = 0.05

CORPUS = [
    # Latin: ligatures (DejaVu's ff, fi, fl, ffi, ffl) and kerning
    "fi", "fl", "ff", "ffi", "ffl", "fine flow office", "Uploading files", "Profile filled",
    "Official waffle shuffle", "AVAVAVAV", "To To To To", "Yo, LT Wa", "WAVE Type", "P. Y. T. V.",
    "Loading", "Success", "Please wait", "Affluent fjord",
    # digits and punctuation
    "3/10", "100%", "12:45:07", "(1,234.56)", "#42 \u2014 done!", "\u201cQuoted\u201d \u2018text\u2019",
    "a\u2013b\u2014c\u2026", "$9.99 / \u20ac8,50", "[x] {y} <z>",
    # Arabic (joining), Arabic digits
    "\u062c\u0627\u0631\u064d \u0627\u0644\u062a\u062d\u0645\u064a\u0644", "\u062a\u0645 \u0627\u0644\u062a\u062d\u0645\u064a\u0644 \u0628\u0646\u062c\u0627\u062d",
    "\u064a\u0631\u062c\u0649 \u0627\u0644\u0627\u0646\u062a\u0638\u0627\u0631", "\u0645\u0631\u062d\u0628\u0627 \u0628\u0627\u0644\u0639\u0627\u0644\u0645",
    "\u0627\u0644\u0633\u0644\u0627\u0645 \u0639\u0644\u064a\u0643\u0645", "\u0663/\u0661\u0660", "\u062a\u062d\u0645\u064a\u0644 3/10",
    "\u0644\u0627 \u0644\u0623 \u0644\u0622",  # lam-alef ligatures
    # Hebrew, with points
    "\u05e9\u05dc\u05d5\u05dd \u05e2\u05d5\u05dc\u05dd", "\u05d8\u05d5\u05e2\u05df...", "\u05d4\u05d5\u05e9\u05dc\u05dd \u05d1\u05d4\u05e6\u05dc\u05d7\u05d4",
    "\u05d1\u05bc\u05b0\u05e8\u05b5\u05d0\u05e9\u05b4\u05c1\u05d9\u05ea",
    # mixed directions, bidi controls
    "Loading \u062c\u0627\u0631\u064d \u0627\u0644\u062a\u062d\u0645\u064a\u0644", "\u062c\u0627\u0631\u064d Loading \u0627\u0644\u062a\u062d\u0645\u064a\u0644",
    "Upload (\u05e9\u05dc\u05d5\u05dd) done", "\u05e9\u05dc\u05d5\u05dd abc 123 \u05e2\u05d5\u05dc\u05dd", "File: \u062a\u0642\u0631\u064a\u0631.pdf",
    "\u202bembedded RTL\u202c", "\u2067isolate\u2069 ok", "Done \u2713 \u062a\u0645", "\u200fmark\u200e end",
    # CJK from the fallback face, with Latin and punctuation
    "\u52a0\u8f7d\u4e2d", "\u6b63\u5728\u4e0a\u4f20 3/10", "\u5b8c\u6210\uff01", "\u8bf7\u7a0d\u5019\u2026",
    "\u30ed\u30fc\u30c9\u4e2d", "\ud55c\uad6d\uc5b4 \ub85c\ub529", "\u52a0\u8f7d\u4e2d Loading\u2026", "\u65e5\u672c\u8a9e\u30c6\u30ad\u30b9\u30c8",
    # combining marks
    "e\u0301te\u0301", "n\u0303o", "a\u0308o\u0308u\u0308", "Z\u0351\u0344\u0315a", "x\u0323\u0307y", "C\u0327a",
    "\u1e69", "a\u20dd", "\u0301start", "Vi\u1ec7t Nam",
    # symbols: one in DejaVu, one in both faces' neighbourhood
    "Smile \U0001F600", "\u2605 \u2190 \u2192 \u221e",
    # characters neither font has, which a system font has here (DejaVu Math TeX Gyre has the
    # mathematical script letters): drawn as the measured box, not with the system font
    "Saved \U0001D49C\U0001D49C\U0001D49C", "Uploading \U0001F600\U0001F4F7 \U0001D49C\U0001D49C done",
    # long strings
    "Please wait while we upload your photos to the cloud",
    "\u064a\u0631\u062c\u0649 \u0627\u0644\u0627\u0646\u062a\u0638\u0627\u0631 \u0628\u064a\u0646\u0645\u0627 \u0646\u0642\u0648\u0645 \u0628\u062a\u062d\u0645\u064a\u0644 \u0627\u0644\u0635\u0648\u0631 \u0625\u0644\u0649 \u0627\u0644\u0633\u062d\u0627\u0628\u0629",
    "\u6b63\u5728\u4e0a\u4f20 3/10\uff0c\u8bf7\u7a0d\u5019\u3002\u6587\u4ef6\u8f83\u5927\uff0c\u53ef\u80fd\u9700\u8981\u51e0\u5206\u949f\u7684\u65f6\u95f4\u624d\u80fd\u5b8c\u6210\u4e0a\u4f20\u3002",
]

WRAPPED = [
    ("Please wait while we upload your photos to the cloud, it will not take long", 150),
    ("fine flow office affluent shuffle fjord waffle profile", 120),
    ("\u064a\u0631\u062c\u0649 \u0627\u0644\u0627\u0646\u062a\u0638\u0627\u0631 \u0628\u064a\u0646\u0645\u0627 \u0646\u0642\u0648\u0645 \u0628\u062a\u062d\u0645\u064a\u0644 \u0627\u0644\u0635\u0648\u0631 \u0625\u0644\u0649 \u0627\u0644\u0633\u062d\u0627\u0628\u0629", 110),
    ("\u05d4\u05e7\u05d5\u05d1\u05e5 \u05e0\u05d8\u05e2\u05df \u05db\u05e2\u05ea, \u05d0\u05e0\u05d0 \u05d4\u05de\u05ea\u05df \u05d1\u05e1\u05d1\u05dc\u05e0\u05d5\u05ea", 100),
    ("Upload \u062c\u0627\u0631\u064d \u0627\u0644\u062a\u062d\u0645\u064a\u0644 files to \u05e9\u05dc\u05d5\u05dd office", 90),
]

TRUNCATED = [
    ("Uploading your very long file name.mov to the server", 140),
    ("\u062c\u0627\u0631\u064d \u0627\u0644\u062a\u062d\u0645\u064a\u0644 \u062c\u0627\u0631\u064d \u0627\u0644\u062a\u062d\u0645\u064a\u0644", 100),
    ("\u6b63\u5728\u4e0a\u4f20 3/10 \u52a0\u8f7d\u4e2d\u52a0\u8f7d\u4e2d\u52a0\u8f7d\u4e2d", 100),
    ("office office office office", 90),
]

FONTS = [(16, 700), (12, 400), (17, 400)]


def server_measure(requests):
    out = subprocess.run(server_command() + ["measure"], input=json.dumps(requests), capture_output=True,
                         text=True, check=True, cwd=REPO).stdout
    return json.loads(out)


@pytest.fixture(scope="module")
def page(browser, server_url):
    browser.get(f"{server_url}/dev/shapes.html")
    wait_js(browser, "window.devShapes && window.devShapes.ready", timeout=20)
    everything = "".join(CORPUS) + "".join(t for t, _ in WRAPPED + TRUNCATED) + "\u2026"
    browser.set_script_timeout(30)
    statuses = browser.execute_async_script("""
const [text, done] = arguments;
const faces = ['400 16px "ProgressCast Sans"', '700 16px "ProgressCast Sans"', '400 16px "ProgressCast CJK"',
               '700 16px "ProgressCast CJK"', '400 16px "ProgressCast LastResort"', '700 16px "ProgressCast LastResort"'];
Promise.all(faces.map((f) => document.fonts.load(f, text))).then(() =>
  done([...document.fonts].filter((f) => f.family.includes('ProgressCast')).map((f) => f.status)));""", everything)
    assert statuses and all(s == "loaded" for s in statuses), statuses
    return browser


def chromium_widths(page, items):
    """items: [(text, size, weight, dir)] -> measureText widths with the page's font list."""
    return page.execute_script("""
const ctx = document.createElement('canvas').getContext('2d');
return arguments[0].map(([text, size, weight, dir]) => {
  ctx.font = `${weight} ${size}px "ProgressCast Sans", "ProgressCast CJK", "ProgressCast LastResort"`;
  ctx.direction = dir;
  return ctx.measureText(text).width;
});""", [list(i) for i in items])


def test_corpus_is_large_enough():
    assert len(CORPUS) >= 60


def test_widths_equal_chromium(page):
    requests = [{"text": t, "size": s, "weight": w} for s, w in FONTS for t in CORPUS]
    server = server_measure(requests)
    chromium = chromium_widths(page, [(r["text"], r["size"], r["weight"], m["dir"]) for r, m in zip(requests, server)])
    wrong = [(r["text"], r["size"], r["weight"], m["dir"], m["width"], c)
             for r, m, c in zip(requests, server, chromium) if abs(m["width"] - c) > TOLERANCE]
    assert not wrong, "\n".join(f"{t!r} {s}/{w} {d}: server {sw:.4f}, Chromium {cw:.4f}" for t, s, w, d, sw, cw in wrong)


@pytest.mark.parametrize("text,max_width", WRAPPED)
def test_wrapped_lines_fit_and_are_full(page, text, max_width):
    for size, weight in FONTS[:2]:
        [result] = server_measure([{"text": text, "size": size, "weight": weight, "mode": "wrap",
                                    "maxWidth": max_width}])
        lines = result["lines"]
        assert len(lines) > 1, lines
        assert " ".join(line["text"] for line in lines) == text
        measured = chromium_widths(page, [(line["text"], size, weight, line["dir"]) for line in lines])
        for line, width in zip(lines, measured):
            assert abs(line["width"] - width) <= TOLERANCE, (line, width)
            assert width <= max_width + TOLERANCE, (line, width)
        longer = [(line["text"] + " " + nxt["text"].split(" ")[0], size, weight, line["dir"])
                  for line, nxt in zip(lines, lines[1:])]
        for (candidate, *_), width in zip(longer, chromium_widths(page, longer)):
            assert width > max_width, f"{candidate!r} ({width:.2f}) would have fitted in {max_width}"


def test_wrapped_cjk_lines_fit_and_are_full(page):
    """Ideographs break between any two (UAX #14 class ID), never before 。 or ，: every line fits,
    and the next line's first unbreakable piece would not have fitted."""
    text = "\u6b63\u5728\u4e0a\u4f20\u6587\u4ef6\uff0c\u8bf7\u7a0d\u5019\u3002\u6587\u4ef6\u8f83\u5927\uff0c\u53ef\u80fd\u9700\u8981\u51e0\u5206\u949f\u7684\u65f6\u95f4\u624d\u80fd\u5b8c\u6210\u4e0a\u4f20\u3002"
    [result] = server_measure([{"text": text, "size": 12, "weight": 700, "mode": "wrap", "maxWidth": 100}])
    lines = result["lines"]
    assert len(lines) > 2 and "".join(line["text"] for line in lines) == text, lines
    assert not any(line["text"][0] in "\u3002\uff0c" for line in lines[1:]), lines
    widths = chromium_widths(page, [(line["text"], 12, 700, "ltr") for line in lines])
    assert all(abs(line["width"] - w) <= TOLERANCE and w <= 100 + TOLERANCE for line, w in zip(lines, widths))

    def first_unit(line):  # a character and the closing punctuation that cannot start a line after it
        rest = line[1:]
        return line[0] + rest[:len(rest) - len(rest.lstrip("\u3002\uff0c"))]
    longer = [(line["text"] + first_unit(nxt["text"]), 12, 700, "ltr") for line, nxt in zip(lines, lines[1:])]
    assert all(w > 100 for w in chromium_widths(page, longer)), longer


@pytest.mark.parametrize("text,max_width", TRUNCATED)
def test_truncated_lines_fit(page, text, max_width):
    [result] = server_measure([{"text": text, "size": 16, "weight": 700, "mode": "truncate", "maxWidth": max_width}])
    [line] = result["lines"]
    assert line["text"].endswith("\u2026") and len(line["text"]) > 1, line
    [width] = chromium_widths(page, [(line["text"], 16, 700, line["dir"])])
    assert abs(width - line["width"]) <= TOLERANCE and width <= max_width + TOLERANCE, (line, width)
