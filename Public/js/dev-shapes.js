// Developer page: draws a fixed display list with every shape kind using the real renderer,
// and measures draw time. Tests/browser/test_renderer.py checks its pixels.
import { Renderer } from './renderer.js';
import { fontsReady } from './fonts.js';

const PI = Math.PI;

// A 12-spoke activity indicator; spokes trailing the highlighted one fade out.
function spokes(cx, cy, highlight) {
  const items = [];
  for (let i = 0; i < 12; i += 1) {
    const a = -PI / 2 + (i * PI) / 6;
    const age = ((highlight - i + 12) % 12) / 12;
    const spoke = {
      kind: 'line', lw: 3, cap: 'round', stroke: '#000000',
      x1: cx + 9 * Math.cos(a), y1: cy + 9 * Math.sin(a),
      x2: cx + 17 * Math.cos(a), y2: cy + 17 * Math.sin(a),
    };
    items.push({ kind: 'group', alpha: 1 - age * 0.85, items: [spoke] });
  }
  return { kind: 'group', id: 'spinner', items };
}

export const FRAME = {
  type: 'frame', seq: 1, t: 0, w: 375, h: 667,
  shapes: [
    { kind: 'rect', id: 'rect-plain', x: 20, y: 20, w: 100, h: 60, fill: '#ff0000' },
    { kind: 'rect', id: 'rect-round', x: 140, y: 20, w: 100, h: 60, r: 20, fill: '#0000ff', stroke: '#000080', lw: 3 },
    { kind: 'rect', id: 'rect-alpha', x: 260, y: 20, w: 95, h: 60, fill: '#00aa0080' },

    { kind: 'arc', id: 'arc', cx: 70, cy: 150, r: 30, a0: -PI / 2, a1: 0, lw: 8, stroke: '#00aa00', cap: 'round' },
    { kind: 'pie', id: 'pie', cx: 190, cy: 150, r: 30, a0: -PI / 2, a1: PI / 2, fill: '#ff8800' },
    { kind: 'line', id: 'line', x1: 260, y1: 120, x2: 350, y2: 180, lw: 6, stroke: '#8800ff', cap: 'square' },

    { kind: 'path', id: 'path-fill', d: 'M 20 220 L 120 220 L 70 290 Z', fill: '#00cccc', stroke: '#004444', lw: 2, join: 'round' },
    { kind: 'path', id: 'path-check', d: 'M 140 255 L 160 280 L 215 222', fill: 'none', stroke: '#00aa00', lw: 5, cap: 'round', join: 'round' },
    { kind: 'text', id: 'text-latin', x: 235, y: 240, text: 'Loading', size: 16, weight: 700, fill: '#000000' },
    { kind: 'text', id: 'text-details', x: 235, y: 258, text: 'Please wait…', size: 12, weight: 400, fill: '#333333' },
    { kind: 'text', id: 'text-cjk', x: 300, y: 290, text: '加载中...', size: 20, weight: 400, fill: '#000000', align: 'center' },

    { kind: 'radial', id: 'radial', x: 20, y: 320, w: 160, h: 160, cx: 100, cy: 400, r: 80,
      stops: [[0, '#ffffff00'], [1, '#000000bf']] },
    { kind: 'group', id: 'group-outer', alpha: 0.5, m: [1, 0, 0, 1, 200, 320], items: [
      { kind: 'rect', x: 0, y: 0, w: 80, h: 80, fill: '#ff0000' },
      { kind: 'group', id: 'group-inner', alpha: 0.5, m: [2, 0, 0, 2, 90, 0], items: [
        { kind: 'rect', x: 0, y: 0, w: 20, h: 20, fill: '#0000ff' },
      ] },
    ] },
    { kind: 'group', id: 'group-rotated', m: [Math.cos(-PI / 6), Math.sin(-PI / 6), -Math.sin(-PI / 6), Math.cos(-PI / 6), 290, 440], items: [
      { kind: 'text', x: 0, y: 0, text: 'rotated 30°', size: 14, weight: 700, fill: '#aa0066', align: 'center', baseline: 'middle' },
    ] },

    { kind: 'rect', id: 'bezel', x: 20, y: 500, w: 335, h: 150, r: 5, fill: '#e6e6e6' },
    spokes(65, 550, 3),
    { kind: 'arc', cx: 135, cy: 550, r: 17.5, a0: 0, a1: 2 * PI, lw: 2, stroke: '#0000001a' },
    { kind: 'arc', cx: 135, cy: 550, r: 17.5, a0: -PI / 2, a1: -PI / 2 + 0.6 * 2 * PI, lw: 2, stroke: '#000000b3', cap: 'square' },
    { kind: 'arc', cx: 205, cy: 550, r: 17.5, a0: 0, a1: 2 * PI, lw: 2, stroke: '#000000b3' },
    { kind: 'pie', cx: 205, cy: 550, r: 14.5, a0: -PI / 2, a1: -PI / 2 + 0.6 * 2 * PI, fill: '#000000b3' },
    { kind: 'rect', x: 250, y: 545, w: 90, h: 10, r: 5, stroke: '#000000b3', lw: 2 },
    { kind: 'rect', x: 254, y: 549, w: 49, h: 2, r: 1, fill: '#000000b3' },
    { kind: 'text', x: 187.5, y: 605, text: '加载中... Loading', size: 16, weight: 700, fill: '#000000b3', align: 'center', baseline: 'middle' },
    { kind: 'text', x: 187.5, y: 630, text: 'Downloading 3 of 7 files', size: 12, weight: 700, fill: '#000000b3', align: 'center', baseline: 'middle' },
  ],
};

function percentile(sorted, p) {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))];
}

const canvas = document.getElementById('canvas');
const renderer = new Renderer(canvas);

// Draws FRAME n times synchronously. Canvas drawing is recorded by script and rasterised later,
// so `flush` reads one pixel after each draw to include rasterisation in the time.
function bench(n = 600, flush = false) {
  const times = [];
  for (let i = 0; i < n; i += 1) {
    const t0 = performance.now();
    renderer.draw(FRAME);
    if (flush) renderer.ctx.getImageData(0, 0, 1, 1);
    times.push(performance.now() - t0);
  }
  const sorted = [...times].sort((a, b) => a - b);
  const total = times.reduce((a, b) => a + b, 0);
  return { n, flush, totalMs: total, avgMs: total / n, p50Ms: percentile(sorted, 0.5), p95Ms: percentile(sorted, 0.95), maxMs: sorted[n - 1] };
}

const fmt = (r) => `${r.n} frames${r.flush ? ' (rasterised)' : ''}: avg ${r.avgMs.toFixed(3)} ms, p50 ${r.p50Ms.toFixed(3)} ms, p95 ${r.p95Ms.toFixed(3)} ms, max ${r.maxMs.toFixed(3)} ms`;

document.getElementById('bench').addEventListener('click', () => {
  const result = bench(600, document.getElementById('bench-flush').checked);
  document.getElementById('bench-output').textContent = fmt(result);
});

window.devShapes = { frame: FRAME, renderer, bench, ready: false };
fontsReady.then(() => {
  renderer.draw(FRAME);
  window.devShapes.ready = true;
  document.body.dataset.ready = 'true';
});
