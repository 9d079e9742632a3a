"""A group's `clip` (docs/protocol.md sections 5 and 9) on the page.

- The page's renderer (Public/js/renderer.js) draws nothing of a clipped group's items outside
  the clip, which lies in the group's coordinates (after `m`); nested clips intersect, and the clip
  ends with the group (a later shape draws everywhere).
- The page's binary decoder reads the clip under group flag bit 8, after `m`, and still refuses
  the bit on kinds that do not define it.
"""
import pytest

from pcpage import open_page
from test_binary_frames import RED, decode_all, frame_bytes, nums, refused, shape, string, uvarint

# Draws `shapes` with the page's renderer on a fresh 200x200 canvas (transparent) and returns the
# RGBA of each point.
DRAW_JS = """
const [shapes, points, done] = arguments;
import('/js/renderer.js').then(({ drawShapes }) => {
  const canvas = document.createElement('canvas');
  canvas.width = 200;
  canvas.height = 200;
  const ctx = canvas.getContext('2d');
  drawShapes(ctx, shapes);
  done(points.map(([x, y]) => Array.from(ctx.getImageData(x, y, 1, 1).data)));
}).catch((e) => done({ importError: String(e) }));
"""

RED_RECT = {"kind": "rect", "x": 0, "y": 0, "w": 200, "h": 200, "fill": "#ff0000"}
SHAPES = [
    # Translated by (20, 30), clipped to [10, 10, 50, 40] in its own coordinates: canvas x 30..80, y 40..80.
    {"kind": "group", "id": "clipped", "m": [1, 0, 0, 1, 20, 30], "clip": [10, 10, 50, 40], "items": [
        {"kind": "rect", "x": -20, "y": -30, "w": 200, "h": 200, "fill": "#0000ff"},
        # A nested clip [40, 0, 100, 100] intersects: only canvas x 60..80 stays green.
        {"kind": "group", "clip": [40, 0, 100, 100], "items": [
            {"kind": "rect", "x": -20, "y": 30, "w": 200, "h": 200, "fill": "#00ff00"},
        ]},
    ]},
    # After the group: no clip any more.
    {"kind": "group", "items": [{"kind": "rect", "x": 150, "y": 150, "w": 20, "h": 20, "fill": "#ff0000"}]},
]

CASES = [
    ("inside the clip", (35, 45), (0, 0, 255, 255)),
    ("left of the clip", (25, 60), (0, 0, 0, 0)),
    ("above the clip", (50, 35), (0, 0, 0, 0)),
    ("right of the clip", (85, 60), (0, 0, 0, 0)),
    ("below the clip", (50, 85), (0, 0, 0, 0)),
    ("far outside the clip, where the item covers", (190, 10), (0, 0, 0, 0)),
    ("nested clip: inside both", (70, 75), (0, 255, 0, 255)),
    ("nested clip: inside the outer only", (40, 75), (0, 0, 255, 255)),
    ("nested clip: inside the inner only", (90, 75), (0, 0, 0, 0)),
    ("a later shape is not clipped", (160, 160), (255, 0, 0, 255)),
]


@pytest.fixture(scope="module")
def drawn(browser, server_url):
    open_page(browser, f"{server_url}/")
    pixels = browser.execute_async_script(DRAW_JS, SHAPES, [list(c[1]) for c in CASES])
    assert isinstance(pixels, list), pixels
    return dict(zip([c[0] for c in CASES], pixels))


@pytest.mark.parametrize("what,point,expected", CASES, ids=[c[0] for c in CASES])
def test_clipped_group_draws_nothing_outside_its_clip(drawn, what, point, expected):
    actual = drawn[what]
    if expected[3] == 0:
        assert actual[3] == 0, f"{what}: expected nothing at {point}, got {actual}"
    else:
        assert all(abs(a - e) <= 2 for a, e in zip(actual, expected)), f"{what}: expected {expected} at {point}, got {actual}"


def test_binary_decoder_reads_the_clip(browser, server_url):
    open_page(browser, f"{server_url}/")
    clipped = shape(7, 1 | 4 | 8, string("scroll"), nums(1, 0, 0, 1, 20, 30), nums(10, 10, 50.5, -40),
                    uvarint(1), shape(0, 0, nums(0, 0, 8, 8)))
    only_clip = shape(7, 8, nums(0, 0, 1, 1), uvarint(0))
    (result,) = decode_all(browser, [frame_bytes(1, 0, 200, 200, [clipped, only_clip])])
    assert "frame" in result, result
    assert result["frame"]["shapes"] == [
        {"kind": "group", "id": "scroll", "m": [1, 0, 0, 1, 20, 30], "clip": [10, 10, 50.5, -40],
         "items": [{"kind": "rect", "x": 0, "y": 0, "w": 8, "h": 8}]},
        {"kind": "group", "clip": [0, 0, 1, 1], "items": []},
    ]
    # Key order as the JSON frame writes it: alpha, m, clip, items.
    assert result["json"].index('"m"') < result["json"].index('"clip"') < result["json"].index('"items"')
    # Bit 8 means clip only on groups: a pie with it is refused.
    assert "flag bits" in refused(browser, frame_bytes(1, 0, 1, 1, [shape(2, 8, nums(1, 1, 1, 0, 1), RED)]))
