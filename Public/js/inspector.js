// The timing inspector: what the code set (model) and what is on screen (presentation) of one
// animatable property, against media time (docs/timing-model.md as a picture). The server sends
// the samples (`trace` messages, at most one a frame); the page keeps them, maps them to pixels
// and draws: pauses shaded, animation begin and end marked, the current frame's time as a cursor
// (scrubbing a replay moves it). It computes no value of its own.

// Samples kept (about 20 s at 60 fps) and the span of media time plotted.
const MAX_SAMPLES = 1200;
const WINDOW_SECONDS = 12;
const PAD = { left: 44, right: 10, top: 10, bottom: 22 };
const COLORS = { model: '#0b57d0', presentation: '#b3261e', pause: 'rgba(0, 0, 0, 0.12)', mark: '#5f6368', cursor: '#1f1f1f' };

export class Inspector {
  constructor(app, els) {
    this.app = app;
    this.els = els;
    this.target = null;
    this.properties = [];
    this.samples = []; // {t, paused, animating, values: {property: {model, presentation}}} by t
    this.cursor = null;
    this.plot = null; // what was last drawn, in canvas pixels (read by tests)
    this.scheduled = false;
    els.start.addEventListener('click', () => this.start());
    els.stop.addEventListener('click', () => this.stop());
    els.refresh.addEventListener('click', () => this.refreshTargets());
    els.property.addEventListener('change', () => this.schedule());
    app.conn.addEventListener('trace', (e) => this.onTrace(e.detail));
    app.session.addEventListener('change', () => { this.reset(); this.refreshTargets(); });
    window.addEventListener('resize', () => this.schedule());
  }

  // Fills the target list from `inspect` (every component).
  async refreshTargets() {
    if (!this.app.session.info.session) return;
    const r = await this.app.send({ op: 'inspect' }, { quiet: true });
    if (r.type !== 'ack' || !Array.isArray(r.components)) return;
    const current = this.els.target.value;
    const options = r.components.filter((c) => c.target).map((c) => {
      const o = document.createElement('option');
      o.value = c.target;
      o.textContent = `${c.target} (${c.kind ?? 'component'})`;
      return o;
    });
    this.els.target.replaceChildren(...options);
    if (options.some((o) => o.value === current)) this.els.target.value = current;
  }

  async start(target = this.els.target.value) {
    if (!target) return null;
    const r = await this.app.send({ op: 'trace.start', target });
    if (r.type !== 'ack') return r;
    this.reset();
    this.target = r.target;
    this.properties = r.properties;
    const previous = this.els.property.value;
    this.els.property.replaceChildren(...r.properties.map((p) => {
      const o = document.createElement('option');
      o.value = p;
      o.textContent = p;
      return o;
    }));
    if (r.properties.includes(previous)) this.els.property.value = previous;
    this.els.status.textContent = `tracing ${r.target}`;
    return r;
  }

  async stop() {
    const r = await this.app.send({ op: 'trace.stop' });
    this.target = null;
    this.els.status.textContent = 'not tracing';
    return r;
  }

  reset() {
    this.samples = [];
    this.target = null;
    this.plot = null;
    this.els.status.textContent = 'not tracing';
    this.schedule();
  }

  onTrace(msg) {
    if (msg.target !== this.target) return;
    const values = {};
    for (const v of msg.values ?? []) values[v.property] = { model: v.model, presentation: v.presentation };
    const sample = { t: msg.t, paused: Boolean(msg.paused), animating: Boolean(msg.animating), values };
    // Kept in time order: a replay scrubbed back sends earlier times again (the same values).
    let i = this.samples.length;
    while (i > 0 && this.samples[i - 1].t > sample.t) i -= 1;
    if (i > 0 && this.samples[i - 1].t === sample.t) this.samples[i - 1] = sample;
    else this.samples.splice(i, 0, sample);
    if (this.samples.length > MAX_SAMPLES) this.samples.splice(0, this.samples.length - MAX_SAMPLES);
    this.schedule();
  }

  // The current frame's media time: the cursor.
  onFrame(frame) {
    if (typeof frame.t !== 'number') return;
    this.cursor = frame.t;
    if (this.target) this.schedule();
  }

  schedule() {
    if (this.scheduled) return;
    this.scheduled = true;
    requestAnimationFrame(() => { this.scheduled = false; this.draw(); });
  }

  draw() {
    const canvas = this.els.canvas;
    const dpr = window.devicePixelRatio || 1;
    const cssW = canvas.clientWidth || 360, cssH = canvas.clientHeight || 180;
    if (canvas.width !== Math.round(cssW * dpr)) canvas.width = Math.round(cssW * dpr);
    if (canvas.height !== Math.round(cssH * dpr)) canvas.height = Math.round(cssH * dpr);
    const ctx = canvas.getContext('2d');
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, cssW, cssH);
    ctx.fillStyle = '#ffffff';
    ctx.fillRect(0, 0, cssW, cssH);
    const property = this.els.property.value;
    const samples = this.samples.filter((s) => s.values[property]);
    if (!samples.length) {
      this.plot = null;
      ctx.fillStyle = '#444746';
      ctx.font = '13px system-ui, sans-serif';
      ctx.fillText(this.target ? 'waiting for samples…' : 'pick a component and press Trace', PAD.left, cssH / 2);
      return;
    }
    // Time axis: the last WINDOW_SECONDS up to the newest sample or the cursor, reaching back to
    // the cursor when a replay was scrubbed to before them.
    const last = samples[samples.length - 1].t;
    let hi = Math.max(last, this.cursor ?? last);
    let lo = Math.max(samples[0].t, hi - WINDOW_SECONDS);
    if (this.cursor !== null && this.cursor < lo) lo = this.cursor;
    if (hi - lo < 0.5) hi = lo + 0.5;
    const shown = samples.filter((s) => s.t >= lo);
    const ys = shown.flatMap((s) => [s.values[property].model, s.values[property].presentation]);
    let yMin = Math.min(...ys), yMax = Math.max(...ys);
    if (yMax - yMin < 1e-9) { yMin -= 0.5; yMax += 0.5; }
    const W = cssW - PAD.left - PAD.right, H = cssH - PAD.top - PAD.bottom;
    const x = (t) => PAD.left + ((t - lo) / (hi - lo)) * W;
    const y = (v) => PAD.top + (1 - (v - yMin) / (yMax - yMin)) * H;

    // Paused intervals: from a paused sample to the next sample that is not (or to the end).
    const pauses = [];
    let begin = null;
    for (const s of shown) {
      if (s.paused && begin === null) begin = s.t;
      if (!s.paused && begin !== null) { pauses.push([begin, s.t]); begin = null; }
    }
    if (begin !== null) pauses.push([begin, hi]);
    // Animation begin and end: where `animating` turns on and off between samples.
    const marks = [];
    for (let i = 1; i < shown.length; i += 1) {
      if (shown[i].animating !== shown[i - 1].animating) marks.push({ t: shown[i].t, kind: shown[i].animating ? 'begin' : 'end' });
    }
    const line = (key) => shown.map((s) => [x(s.t), y(s.values[property][key])]);
    const plot = {
      property, lo, hi, yMin, yMax, width: cssW, height: cssH,
      model: line('model'), presentation: line('presentation'),
      pauses: pauses.map(([a, b]) => [x(a), x(b)]), pauseTimes: pauses,
      marks: marks.map((m) => ({ ...m, x: x(m.t) })),
      cursorX: this.cursor === null ? null : x(this.cursor), cursor: this.cursor,
      samples: shown.length, times: shown.map((s) => s.t),
    };

    ctx.fillStyle = COLORS.pause;
    for (const [a, b] of plot.pauses) ctx.fillRect(a, PAD.top, Math.max(1, b - a), H);
    ctx.strokeStyle = '#c4c7c5';
    ctx.lineWidth = 1;
    ctx.strokeRect(PAD.left, PAD.top, W, H);
    ctx.setLineDash([3, 3]);
    ctx.strokeStyle = COLORS.mark;
    for (const m of plot.marks) { ctx.beginPath(); ctx.moveTo(m.x, PAD.top); ctx.lineTo(m.x, PAD.top + H); ctx.stroke(); }
    ctx.setLineDash([]);
    const stroke = (points, color, width, dash) => {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      ctx.beginPath();
      points.forEach(([px, py], i) => (i ? ctx.lineTo(px, py) : ctx.moveTo(px, py)));
      ctx.stroke();
      ctx.setLineDash([]);
    };
    stroke(plot.model, COLORS.model, 2, [6, 4]);
    stroke(plot.presentation, COLORS.presentation, 2, []);
    if (plot.cursorX !== null) {
      ctx.strokeStyle = COLORS.cursor;
      ctx.lineWidth = 1;
      ctx.beginPath(); ctx.moveTo(plot.cursorX, PAD.top); ctx.lineTo(plot.cursorX, PAD.top + H); ctx.stroke();
    }
    ctx.fillStyle = '#1f1f1f';
    ctx.font = '11px system-ui, sans-serif';
    ctx.textAlign = 'right';
    ctx.fillText(yMax.toFixed(2), PAD.left - 4, PAD.top + 8);
    ctx.fillText(yMin.toFixed(2), PAD.left - 4, PAD.top + H);
    ctx.textAlign = 'left';
    ctx.fillText(`${lo.toFixed(2)} s`, PAD.left, cssH - 6);
    ctx.textAlign = 'right';
    ctx.fillText(`${hi.toFixed(2)} s`, PAD.left + W, cssH - 6);
    ctx.textAlign = 'left';
    this.plot = plot;
  }
}
