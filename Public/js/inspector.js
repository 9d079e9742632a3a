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
    this.unlisted = new Set(); // names drawn that are no component's (noteComponents)
    els.start.addEventListener('click', () => this.start());
    els.stop.addEventListener('click', () => this.stop());
    els.refresh.addEventListener('click', () => this.refreshTargets());
    els.property.addEventListener('change', () => this.schedule());
    app.conn.addEventListener('trace', (e) => this.onTrace(e.detail));
    // A replay seeked, stepped, played or paused (each sends replay.state before its frame): the
    // next sample starts a new stretch, even when it follows in time.
    app.conn.addEventListener('event', (e) => { if (e.detail.name === 'replay.state') this.breakNext = true; });
    app.session.addEventListener('change', () => { this.reset(); this.unlisted = new Set(); this.refreshTargets(); });
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
    // `seq`: the order of arrival. Two samples next to each other in time that also arrived one
    // after the other are one stretch of the trace; a replay scrubbed elsewhere breaks it.
    this.arrivals = (this.arrivals ?? 0) + (this.breakNext ? 2 : 1);
    this.breakNext = false;
    const sample = { t: msg.t, paused: Boolean(msg.paused), animating: Boolean(msg.animating), values, seq: this.arrivals };
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
    this.noteComponents(frame);
    this.cursor = frame.t;
    if (this.target) this.schedule();
  }

  // Components made after the session began (the tour's, the user's) appear in the list without
  // a press of Refresh list: when a frame draws a component the list lacks (a top-level shape's id
  // up to its first dot), the list is read again, at most once a second (a frame that comes
  // sooner sets a timer for then: a still scene sends no frame after it). A name still missing
  // after a read is not a component's (the phone's chrome) and does not ask again.
  noteComponents(frame) {
    if (this.listTimer || !Array.isArray(frame.shapes)) return;
    const listed = new Set([...this.els.target.options].map((o) => o.value));
    const names = frame.shapes.map((shape) => (typeof shape.id === 'string' ? shape.id.split('.')[0] : ''));
    const missing = names.some((name) => name !== '' && !listed.has(name) && !this.unlisted.has(name));
    if (!missing && (this.target || listed.size > 0)) return;
    const wait = 1000 - (performance.now() - (this.listedAt ?? -Infinity));
    if (wait > 0) {
      this.listTimer ??= setTimeout(() => { this.listTimer = null; this.relist(names); }, wait);
      return;
    }
    this.relist(names);
  }

  async relist(names) {
    this.listedAt = performance.now();
    await this.refreshTargets();
    const now = new Set([...this.els.target.options].map((o) => o.value));
    for (const name of names) if (name !== '' && !now.has(name)) this.unlisted.add(name);
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

    // Samples come only when something changed, so a value holds until the next sample of the
    // same stretch (sample and hold), and the newest sample holds until now. A stretch ends where
    // the next sample in time did not arrive next (a replay scrubbed elsewhere): nothing is known
    // in between, so no line and no shading cross it.
    const joined = shown.map((s, i) => i > 0 && s.seq === shown[i - 1].seq + 1);
    const newest = shown.length > 0 && shown[shown.length - 1].seq === this.arrivals;
    // Paused intervals: from a paused sample to the next sample of its stretch that is not paused
    // (or to now for the newest), else to the end of its stretch.
    const pauses = [];
    let begin = null;
    shown.forEach((s, i) => {
      if (begin !== null && !joined[i]) { pauses.push([begin, shown[i - 1].t]); begin = null; }
      if (begin !== null && !s.paused) { pauses.push([begin, s.t]); begin = null; }
      if (s.paused && begin === null) begin = s.t;
    });
    if (begin !== null) pauses.push([begin, newest ? hi : shown[shown.length - 1].t]);
    // Animation begin and end: where `animating` turns on and off between samples.
    const marks = [];
    for (let i = 1; i < shown.length; i += 1) {
      if (shown[i].animating !== shown[i - 1].animating) marks.push({ t: shown[i].t, kind: shown[i].animating ? 'begin' : 'end' });
    }
    const line = (key) => shown.map((s) => [x(s.t), y(s.values[property][key])]);
    const plot = {
      property, lo, hi, yMin, yMax, width: cssW, height: cssH,
      model: line('model'), presentation: line('presentation'), joined, holdsToNow: newest, xNow: x(hi),
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
    // Steps: each value held to the next sample of its stretch, then the jump to the new one.
    const stroke = (points, color, width, dash) => {
      ctx.strokeStyle = color;
      ctx.lineWidth = width;
      ctx.setLineDash(dash);
      ctx.beginPath();
      points.forEach(([px, py], i) => {
        if (i === 0 || !plot.joined[i]) {
          if (i > 0) ctx.lineTo(Math.min(px, points[i - 1][0] + 2), points[i - 1][1]);
          ctx.moveTo(px, py);
          return;
        }
        ctx.lineTo(px, points[i - 1][1]);
        ctx.lineTo(px, py);
      });
      const [lastX, lastY] = points[points.length - 1];
      if (plot.holdsToNow) ctx.lineTo(Math.max(plot.xNow, lastX + 2), lastY);
      else ctx.lineTo(lastX + 2, lastY);
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
