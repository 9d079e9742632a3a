// The replay bar, shown in replay sessions: play/pause, a seek slider with marker ticks, speed,
// frame step, time, and asciinema-player's keys (space, arrows, shift+arrows, [ ], 0-9, comma/period).
const MARKER_EPSILON = 0.05;

export function formatTime(t) {
  if (!Number.isFinite(t) || t < 0) t = 0;
  const m = Math.floor(t / 60);
  return `${m}:${(t - m * 60).toFixed(2).padStart(5, '0')}`;
}

function isTyping(el) {
  return el instanceof Element && el.closest('input, textarea, select, [contenteditable]:not([contenteditable="false"])') !== null;
}

export class ReplayBar {
  constructor(app, els) {
    this.app = app;
    this.els = els;
    this.active = false;
    this.duration = 0;
    this.markers = [];
    this.t = 0;
    this.state = 'paused';
    this.dragging = false;
    this.seekScheduled = false;
    this.sent = 0;
    // The server sends frames only when the picture changes, so while a still stretch plays
    // nothing would move the clock: between positions from the server, the shown time runs on
    // from the last one at the speed set (the next frame, event or reply corrects it).
    this.anchorT = 0;
    this.anchorWall = performance.now();
    setInterval(() => this.runClock(), 100);

    els.play.addEventListener('click', () => this.toggle());
    els.back.addEventListener('click', () => this.step(-1));
    els.forward.addEventListener('click', () => this.step(1));
    // The slider and the speed box give the keys back once used: focused, they would take space,
    // the digits and the arrows (which would move the slider by its 1 ms step).
    els.speed.addEventListener('change', () => {
      this.send({ op: 'replay.speed', rate: Number(els.speed.value) });
      els.speed.blur();
    });
    els.seek.addEventListener('input', () => {
      this.dragging = true;
      this.t = Number(els.seek.value);
      this.renderTime();
      if (this.seekScheduled) return;
      this.seekScheduled = true;
      requestAnimationFrame(() => {
        this.seekScheduled = false;
        this.sendSeek(this.t);
      });
    });
    els.seek.addEventListener('change', () => {
      this.dragging = false;
      this.sendSeek(Number(els.seek.value));
      els.seek.blur();
    });
    document.addEventListener('keydown', (e) => this.onKey(e));
  }

  configure(replay) {
    this.active = Boolean(replay);
    this.els.bar.hidden = !this.active;
    if (!replay) return;
    this.duration = Number.isFinite(replay.duration) ? replay.duration : 0;
    this.markers = replay.markers ?? [];
    // A rejoined replay goes on where it is (state, position and rate from the join reply).
    this.place(Number.isFinite(replay.position) ? replay.position : 0);
    this.state = replay.state ?? 'paused';
    this.els.seek.max = String(this.duration);
    this.els.speed.value = String(replay.rate ?? 1);
    if (this.els.speed.value === '') this.els.speed.value = '1';
    this.renderMarkers();
    this.render();
  }

  onFrame(frame) {
    if (!this.active || this.dragging || typeof frame.t !== 'number') return;
    this.place(frame.t);
    this.render();
  }

  onEvent(msg) {
    if (!this.active || msg.name !== 'replay.state') return;
    this.state = msg.state;
    if (typeof msg.t === 'number' && !this.dragging) this.place(msg.t);
    this.render();
  }

  // Replay acks may carry the new `state` and `position`; a scene that does not change sends no frame.
  // Only the reply to the latest op counts, so quick key presses do not jump back and forth.
  async send(msg) {
    const mine = ++this.sent;
    const r = await this.app.send(msg);
    if (!this.active || r.type !== 'ack' || mine !== this.sent) return;
    if (typeof r.state === 'string') this.state = r.state;
    if (typeof r.position === 'number' && !this.dragging) this.place(r.position);
    this.render();
  }

  // A position from the server (or a seek): the shown time and where the local clock runs from.
  place(t) {
    this.t = t;
    this.anchorT = t;
    this.anchorWall = performance.now();
  }

  // While playing, the shown time runs on from the last position at the speed set, up to the end.
  runClock() {
    if (!this.active || this.dragging || this.state !== 'playing') return;
    const rate = Number(this.els.speed.value) > 0 ? Number(this.els.speed.value) : 1;
    const t = Math.min(this.duration, this.anchorT + ((performance.now() - this.anchorWall) / 1000) * rate);
    if (t <= this.t) return;
    this.t = t;
    this.render();
  }

  toggle() {
    this.send({ op: this.state === 'playing' ? 'replay.pause' : 'replay.play' });
  }

  step(frames) {
    this.send({ op: 'replay.step', frames });
  }

  seek(t) {
    this.place(Math.min(this.duration, Math.max(0, t)));
    this.render();
    this.sendSeek(this.t);
  }

  sendSeek(t) {
    const rounded = Math.round(t * 1e6) / 1e6;
    // One slider click fires both 'input' and 'change' with the same value: seek once.
    if (rounded === this.lastSeekSent && performance.now() - this.lastSeekAt < 500) return;
    this.lastSeekSent = rounded;
    this.lastSeekAt = performance.now();
    this.send({ op: 'replay.seek', t: rounded });
  }

  jumpMarker(direction) {
    const m = direction < 0
      ? this.markers.filter((x) => x.t < this.t - MARKER_EPSILON).pop()
      : this.markers.find((x) => x.t > this.t + MARKER_EPSILON);
    if (m) this.seek(m.t);
  }

  onKey(e) {
    if (!this.active || !this.app.session.isController) return;
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    const d = this.duration;
    switch (e.key) {
      case ' ':
        if (e.target instanceof Element && e.target.closest('button')) return; // the button handles it
        this.toggle();
        break;
      case 'ArrowLeft': this.seek(this.t - (e.shiftKey ? d * 0.1 : 5)); break;
      case 'ArrowRight': this.seek(this.t + (e.shiftKey ? d * 0.1 : 5)); break;
      case '[': this.jumpMarker(-1); break;
      case ']': this.jumpMarker(1); break;
      case ',': if (this.state !== 'playing') this.step(-1); break;
      case '.': if (this.state !== 'playing') this.step(1); break;
      default:
        if (!/^[0-9]$/.test(e.key)) return;
        this.seek((d * Number(e.key)) / 10);
    }
    e.preventDefault();
  }

  renderMarkers() {
    const ticks = this.markers.map((m) => {
      const tick = document.createElement('button');
      tick.type = 'button';
      tick.className = 'tick';
      tick.dataset.test = 'replay-marker';
      tick.style.left = `${this.duration > 0 ? (100 * m.t) / this.duration : 0}%`;
      tick.title = `${m.label} (${formatTime(m.t)})`;
      tick.setAttribute('aria-label', `marker ${m.label} at ${formatTime(m.t)}`);
      tick.addEventListener('click', () => this.seek(m.t));
      return tick;
    });
    this.els.markers.replaceChildren(...ticks);
  }

  renderTime() {
    this.els.time.textContent = `${formatTime(this.t)} / ${formatTime(this.duration)}`;
  }

  render() {
    if (!this.dragging) this.els.seek.value = String(this.t);
    const playing = this.state === 'playing';
    this.els.play.textContent = playing ? 'Pause' : 'Play';
    this.els.play.setAttribute('aria-pressed', String(playing));
    this.els.bar.dataset.state = this.state;
    this.renderTime();
  }
}
