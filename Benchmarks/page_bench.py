#!/usr/bin/env python3
"""Draw time of the demo scene in headless Chromium (the `page` part of `progresscast bench`).

Loads Public/dev/shapes.html from a running ProgressCast server (so the page's fonts and
renderer are the real ones), hands it the demo scene's frames as the server encodes them (one
per line in --frames), draws --count frames with the page's own Renderer, and times each draw
in the page with performance.now(). Two figures:

- "rasterised": each draw followed by a 1-pixel getImageData, which forces Chromium to
  rasterise the canvas before the clock stops (what a frame really costs);
- "script": the draw calls alone (canvas commands are recorded and rasterised later).

Prints one JSON object: {"frames": N, "dpr": D, "rasterised": {...}, "script": {...}} with
median/p99/mean/max milliseconds. Needs python3 with selenium, chromium and chromedriver
(CHROMIUM_BIN / CHROMEDRIVER_BIN override their paths).
"""
import argparse
import json
import os
import sys
import time

try:
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
except ImportError as error:  # reported as a skip by the bench
    print(json.dumps({"skipped": f"selenium is not installed ({error})"}))
    sys.exit(0)

MEASURE = """
const frames = arguments[0], count = arguments[1], flush = arguments[2];
const r = window.devShapes.renderer;
const times = new Array(count);
for (let i = 0; i < count; i += 1) {
  const f = frames[i % frames.length];
  const t0 = performance.now();
  r.draw(f);
  if (flush) r.ctx.getImageData(0, 0, 1, 1);
  times[i] = performance.now() - t0;
}
const s = [...times].sort((a, b) => a - b);
const pick = (p) => s[Math.min(s.length - 1, Math.ceil(p * s.length) - 1)];
return { median: pick(0.5), p99: pick(0.99), mean: times.reduce((a, b) => a + b, 0) / count, max: s[s.length - 1] };
"""


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--url", required=True, help="server base URL, e.g. http://127.0.0.1:8080")
    parser.add_argument("--frames", required=True, help="file of frame messages, one per line")
    parser.add_argument("--count", type=int, default=600)
    parser.add_argument("--dpr", type=float, default=1)
    args = parser.parse_args()

    with open(args.frames, encoding="utf-8") as handle:
        frames = [json.loads(line) for line in handle if line.strip()]

    opts = Options()
    opts.binary_location = os.environ.get("CHROMIUM_BIN", "/usr/bin/chromium")
    for arg in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu",
                "--window-size=800,900", f"--force-device-scale-factor={args.dpr}",
                "--no-first-run", "--disable-extensions", "--mute-audio"):
        opts.add_argument(arg)
    service = Service(executable_path=os.environ.get("CHROMEDRIVER_BIN", "/usr/bin/chromedriver"))
    driver = webdriver.Chrome(options=opts, service=service)
    try:
        driver.set_script_timeout(120)
        driver.get(args.url.rstrip("/") + "/dev/shapes.html")
        deadline = time.monotonic() + 20
        while not driver.execute_script("return !!(window.devShapes && window.devShapes.ready);"):
            if time.monotonic() > deadline:
                raise TimeoutError("dev/shapes.html did not become ready")
            time.sleep(0.05)
        # Warm up (JIT, font caches, path cache), then measure.
        driver.execute_script(MEASURE, frames, min(120, args.count), True)
        rasterised = driver.execute_script(MEASURE, frames, args.count, True)
        script = driver.execute_script(MEASURE, frames, args.count, False)
        dpr = driver.execute_script("return window.devicePixelRatio;")
        print(json.dumps({"frames": args.count, "dpr": dpr, "rasterised": rasterised, "script": script}))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()
