// Draws frames (docs/protocol.md section 5) on a HiDPI canvas. It draws exactly what it is given:
// no animation, no layout. New frames are coalesced so at most one is drawn per animation frame.
import { fontFor, fontsReady, fontsSettled } from './fonts.js';
import { recordDraw } from './stats.js';

const MAX_DEPTH = 32;
const PATH_CACHE_MAX = 512;
// Room kept for the top bar when fitting the canvas to a short window, on a page that does not
// ask for a measured fit (the developer page): a window at least 667 + 60 px tall shows it whole.
const FIT_MARGIN = 60;
// With a measured fit (the main page), the room kept under the canvas.
const FIT_BOTTOM = 12;

// Server icons repeat the same path data every frame; parsing it once saves most of a path's cost.
const pathCache = new Map();

function path2d(d) {
  let p = pathCache.get(d);
  if (p === undefined) {
    if (pathCache.size >= PATH_CACHE_MAX) pathCache.clear();
    p = new Path2D(d);
    pathCache.set(d, p);
  }
  return p;
}

const num = (v, fallback = 0) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);
const clamp01 = (v) => Math.min(1, Math.max(0, v));
const CAPS = new Set(['butt', 'round', 'square']);
const JOINS = new Set(['miter', 'round', 'bevel']);
const ALIGNS = new Set(['left', 'center', 'right']);
const BASELINES = new Set(['alphabetic', 'top', 'middle']);
const pick = (set, v, fallback) => (set.has(v) ? v : fallback);

// Filled and/or stroked shapes follow SVG: with neither `fill` nor `stroke` they fill black;
// "none" means no paint.
function paint(ctx, s, path) {
  const fill = s.fill ?? (s.stroke ? null : '#000000');
  if (fill && fill !== 'none') {
    ctx.fillStyle = fill;
    if (path) ctx.fill(path); else ctx.fill();
  }
  if (s.stroke && s.stroke !== 'none') {
    ctx.strokeStyle = s.stroke;
    ctx.lineWidth = num(s.lw, 1);
    if (path) ctx.stroke(path); else ctx.stroke();
  }
}

function strokeOnly(ctx, s) {
  ctx.strokeStyle = s.stroke ?? '#000000';
  ctx.lineWidth = num(s.lw, 1);
  ctx.lineCap = pick(CAPS, s.cap, 'butt');
  ctx.stroke();
}

function roundedRect(ctx, x, y, w, h, r) {
  if (ctx.roundRect) { ctx.roundRect(x, y, w, h, r); return; }
  r = Math.min(r, Math.abs(w) / 2, Math.abs(h) / 2);
  ctx.moveTo(x + r, y);
  ctx.arcTo(x + w, y, x + w, y + h, r);
  ctx.arcTo(x + w, y + h, x, y + h, r);
  ctx.arcTo(x, y + h, x, y, r);
  ctx.arcTo(x, y, x + w, y, r);
  ctx.closePath();
}

const draw = {
  rect(ctx, s) {
    const x = num(s.x), y = num(s.y), w = num(s.w), h = num(s.h), r = Math.max(0, num(s.r));
    ctx.beginPath();
    if (r > 0) roundedRect(ctx, x, y, w, h, r); else ctx.rect(x, y, w, h);
    ctx.lineJoin = 'miter';
    paint(ctx, s, null);
  },
  arc(ctx, s) {
    const r = num(s.r);
    if (r <= 0) return;
    ctx.beginPath();
    ctx.arc(num(s.cx), num(s.cy), r, num(s.a0), num(s.a1), false);
    strokeOnly(ctx, s);
  },
  pie(ctx, s) {
    const r = num(s.r), cx = num(s.cx), cy = num(s.cy);
    if (r <= 0) return;
    ctx.beginPath();
    ctx.moveTo(cx, cy);
    ctx.arc(cx, cy, r, num(s.a0), num(s.a1), false);
    ctx.closePath();
    ctx.fillStyle = s.fill ?? '#000000';
    ctx.fill();
  },
  line(ctx, s) {
    ctx.beginPath();
    ctx.moveTo(num(s.x1), num(s.y1));
    ctx.lineTo(num(s.x2), num(s.y2));
    strokeOnly(ctx, s);
  },
  path(ctx, s) {
    if (typeof s.d !== 'string' || s.d === '') return;
    ctx.lineCap = pick(CAPS, s.cap, 'butt');
    ctx.lineJoin = pick(JOINS, s.join, 'miter');
    paint(ctx, s, path2d(s.d));
  },
  text(ctx, s, withText) {
    if (!withText || s.text == null) return;
    const weight = num(s.weight, 400) >= 600 ? 700 : 400;
    ctx.font = fontFor(weight, num(s.size, 17));
    ctx.textAlign = pick(ALIGNS, s.align, 'left');
    ctx.textBaseline = pick(BASELINES, s.baseline, 'alphabetic');
    // The server measured the line in this paragraph direction; textAlign stays absolute.
    ctx.direction = s.dir === 'rtl' ? 'rtl' : 'ltr';
    ctx.fillStyle = s.fill ?? '#000000';
    ctx.fillText(String(s.text), num(s.x), num(s.y));
  },
  radial(ctx, s) {
    const r = num(s.r);
    if (r <= 0 || !Array.isArray(s.stops)) return;
    const cx = num(s.cx), cy = num(s.cy);
    const g = ctx.createRadialGradient(cx, cy, 0, cx, cy, r);
    for (const stop of s.stops) {
      if (!Array.isArray(stop)) continue;
      try { g.addColorStop(clamp01(num(stop[0])), stop[1]); } catch { /* an unparsable colour: skip the stop */ }
    }
    ctx.fillStyle = g;
    ctx.fillRect(num(s.x), num(s.y), num(s.w), num(s.h));
  },
  group(ctx, s, withText, depth) {
    if (!Array.isArray(s.items) || depth >= MAX_DEPTH) return;
    ctx.save();
    if (s.alpha !== undefined) ctx.globalAlpha *= clamp01(num(s.alpha, 1));
    const m = s.m;
    if (Array.isArray(m) && m.length === 6 && m.every(Number.isFinite)) ctx.transform(m[0], m[1], m[2], m[3], m[4], m[5]);
    // The clip [x,y,w,h] is in the group's coordinates (after m); restore() lifts it.
    const c = s.clip;
    if (Array.isArray(c) && c.length === 4 && c.every(Number.isFinite)) {
      ctx.beginPath();
      ctx.rect(c[0], c[1], c[2], c[3]);
      ctx.clip();
    }
    if (ctx.globalAlpha > 0) drawShapes(ctx, s.items, withText, depth + 1);
    ctx.restore();
  },
};

// Draws `shapes` in order on `ctx` in its current transform. Unknown kinds are skipped.
export function drawShapes(ctx, shapes, withText = true, depth = 0) {
  if (!Array.isArray(shapes)) return;
  for (const s of shapes) {
    const fn = s && draw[s.kind];
    if (fn) fn(ctx, s, withText, depth);
  }
}

export class Renderer {
  // `fit`: fit the canvas to what is around it, measured: the width its parent offers (a narrow
  // window) and the height left under whatever sits above it (top bar, tour bar, notices).
  constructor(canvas, { fit = false } = {}) {
    this.canvas = canvas;
    this.fit = fit;
    this.fitDirty = true;
    this.ctx = canvas.getContext('2d');
    this.current = null;   // the frame on screen
    this.pending = null;   // the newest frame not yet drawn
    this.scheduled = false;
    this.size = { w: canvas.width, h: canvas.height, dpr: 0 };
    this.onDraw = null;
    fontsReady.then(() => this.redraw());
    document.fonts.addEventListener('loadingdone', () => this.redraw()); // fonts that were late
    // Zooming or moving to another screen changes devicePixelRatio and fires resize.
    window.addEventListener('resize', () => { this.fitDirty = true; this.redraw(); });
    // The parent changes size when the layout does (a bar or notice above the canvas comes or
    // goes, a column narrows): fit again. Fitting to the same room changes nothing, so this settles.
    if (fit && canvas.parentElement && typeof ResizeObserver === 'function') {
      new ResizeObserver(() => { this.fitDirty = true; this.redraw(); }).observe(canvas.parentElement);
    }
  }

  // The CSS pixels the canvas may take: [width, height]. Measured from the layout (scroll
  // position and sticky offsets left out: the page as it opens), or the old margin.
  room() {
    if (!this.fit || !this.canvas.parentElement) return [Infinity, window.innerHeight - FIT_MARGIN];
    const parent = this.canvas.parentElement;
    const ps = getComputedStyle(parent);
    const width = parent.clientWidth - parseFloat(ps.paddingLeft) - parseFloat(ps.paddingRight);
    // Where the canvas starts on the page: its place in its parent (under the tour bar and any
    // notice), and the parent's place in the page's (static) layout above it.
    const layout = parent.parentElement ?? document.body;
    const ls = getComputedStyle(layout);
    const top = layout.getBoundingClientRect().top + window.scrollY + parseFloat(ls.paddingTop)
      + parseFloat(ps.paddingTop) + (this.canvas.getBoundingClientRect().top - parent.getBoundingClientRect().top);
    return [width > 0 ? width : Infinity, window.innerHeight - top - FIT_BOTTOM];
  }

  submit(frame) {
    this.pending = frame;
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => {
      this.scheduled = false;
      const f = this.pending;
      this.pending = null;
      if (f) this.draw(f);
    });
  }

  redraw() {
    if (this.current && !this.pending) this.submit(this.current);
  }

  // No frame to show (the session ended): a blank canvas, so a dead session's last frame (a
  // spinner stopped mid-turn) never looks like a hung page.
  clear() {
    this.pending = null;
    this.current = null;
    this.ctx.setTransform(1, 0, 0, 1, 0, 0);
    this.ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
  }

  resize(w, h) {
    const dpr = window.devicePixelRatio || 1;
    const s = this.size;
    if (!this.fitDirty && s.w === w && s.h === h && s.dpr === dpr) return;
    this.fitDirty = false;
    // A window too short for the whole screen shows it smaller (never below 240 px wide unless
    // the window is narrower), so the phone fits without scrolling; a narrow window shows it as
    // wide as there is room. The backing store follows the displayed size times the pixel ratio,
    // so it stays sharp (no resampling) at any size and on HiDPI screens.
    const [roomW, roomH] = this.room();
    let shown = Math.min(w, Math.max(240, roomH * (w / h)), roomW);
    if (shown < w) shown = Math.max(1, Math.floor(shown));
    const scale = (shown / w) * dpr;
    if (s.w === w && s.h === h && s.dpr === dpr && s.shown === shown) return;
    this.canvas.width = Math.max(1, Math.round(w * scale));
    this.canvas.height = Math.max(1, Math.round(h * scale));
    // The element is the frame's width in CSS (so backing pixels / style width is the scale from
    // points), shown at `shown` px by max-width; CSS keeps the aspect ratio (height: auto).
    this.canvas.style.width = `${w}px`;
    this.canvas.style.maxWidth = shown < w ? `min(100%, ${shown}px)` : '';
    this.size = { w, h, dpr, shown, scale };
  }

  // Draws a frame now; returns the time it took in milliseconds.
  draw(frame) {
    const t0 = performance.now();
    const w = num(frame.w, 375), h = num(frame.h, 667);
    this.resize(w, h);
    const ctx = this.ctx;
    const scale = this.size.scale;
    ctx.setTransform(scale, 0, 0, scale, 0, 0);
    ctx.globalAlpha = 1;
    ctx.clearRect(0, 0, w, h);
    drawShapes(ctx, frame.shapes, fontsSettled());
    this.current = frame;
    const ms = performance.now() - t0;
    recordDraw(ms);
    if (this.onDraw) this.onDraw(frame, ms);
    return ms;
  }
}
