// Which session the page is in. On every (re)connect it joins the session named in the URL
// fragment (#session=ID&token=TOKEN&replay=NAME) or creates one, and keeps the fragment current
// (history.replaceState) so a reload or a shared link comes back to the same session.
// Frames are asked for in the binary encoding (docs/protocol.md section 9) unless the URL has
// frames=json in its query string or its fragment; the fragment keeps that choice across rewrites.
const GONE = new Set(['not_found', 'no_session']);

export function readFragment() {
  const p = new URLSearchParams(location.hash.slice(1));
  return { session: p.get('session'), token: p.get('token'), replay: p.get('replay'), frames: p.get('frames') };
}

function fragmentOf({ session, token, replay, frames }) {
  const p = new URLSearchParams();
  if (session) p.set('session', session);
  if (token) p.set('token', token);
  if (replay) p.set('replay', replay);
  if (frames) p.set('frames', frames);
  const s = p.toString();
  return s ? `#${s}` : '';
}

function writeFragment(f) {
  const { frames } = readFragment();
  history.replaceState(null, '', `${location.pathname}${location.search}${fragmentOf({ ...f, frames })}`);
}

// `?bare` in the query: a fresh page makes a bare session (no phone chrome, no guided tour), as
// scripts and tests that want an empty canvas do.
export function bareCanvas() {
  return new URLSearchParams(location.search).has('bare');
}

// Frames are asked for as deltas (docs/protocol.md section 10) when the URL's query has delta=1:
// about a third of the bytes, for slow links, at some server CPU per frame (docs/benchmarks.md,
// "Third round, frame deltas"); whole frames otherwise.
export function wantedDeltas() {
  return new URLSearchParams(location.search).get('delta') === '1' ? { delta: true } : {};
}

// The frame encoding to ask the server for: "json" or "binary".
export function wantedFrames() {
  const json = new URLSearchParams(location.search).get('frames') === 'json' || readFragment().frames === 'json';
  return json ? 'json' : 'binary';
}

// Markers may come as {t,label} objects or [t,label] pairs; t in seconds (or t_us in microseconds).
export function normalizeMarkers(markers) {
  if (!Array.isArray(markers)) return [];
  return markers.map((m) => {
    if (Array.isArray(m)) return { t: Number(m[0]), label: String(m[1] ?? '') };
    const t = m.t !== undefined ? Number(m.t) : Number(m.t_us) / 1e6;
    return { t, label: String(m.label ?? '') };
  }).filter((m) => Number.isFinite(m.t)).sort((a, b) => a.t - b.t);
}

// The browser's local time with its UTC offset ("2026-11-23T14:05:00+08:00"), for session.create's
// `date` (docs/protocol.md section 8): the phone's status-bar clock then shows the viewer's time.
export function localDate(now = new Date()) {
  const two = (n) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const offset = -now.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  return `${String(now.getFullYear()).padStart(4, '0')}-${two(now.getMonth() + 1)}-${two(now.getDate())}`
    + `T${two(now.getHours())}:${two(now.getMinutes())}:${two(now.getSeconds())}`
    + `${sign}${two(Math.abs(offset) / 60)}:${two(Math.abs(offset) % 60)}`;
}

// `frames`: the encoding the server's ack confirmed (null: it did not say, so JSON).
// `ended`: why there is no session any more ("closed" by the server, "left" by this page, "gone": the
// link's session no longer exists, `gone` its id), or null. `replaced`: the id of the session a
// controller link named that no longer existed, when this one was made in its place.
// `chrome`: whether the session draws the phone (from its create or join ack).
// A replay session's state from a join reply (null for a live session): what the replay bar shows.
function replayOf(r, recording) {
  if (r.duration === undefined) return null;
  return {
    recording: recording ?? r.recording ?? null, duration: Number(r.duration), markers: normalizeMarkers(r.markers),
    state: typeof r.state === 'string' ? r.state : 'paused', position: Number(r.position ?? 0), rate: Number(r.rate ?? 1),
  };
}

const EMPTY = { session: null, token: null, role: null, canvas: null, clock: null, fps: null, replay: null, frames: null, ended: null, recordingTo: null, chrome: null, gone: null, replaced: null };

export class Session extends EventTarget {
  constructor(app) {
    super();
    this.app = app;
    this.info = { ...EMPTY };
    window.addEventListener('hashchange', () => {
      if (readFragment().session !== this.info.session && this.app.conn.isOpen()) this.enter();
    });
  }

  get isController() {
    return this.info.role === 'controller';
  }

  set(info) {
    this.info = { ...EMPTY, ...info };
    // A link whose session is gone stays in the address bar: a reload says the same again.
    if (this.info.gone) writeFragment({ session: this.info.gone, token: null, replay: this.info.goneRecording ?? null });
    else writeFragment({ session: this.info.session, token: this.info.token, replay: this.info.replay?.recording });
    this.dispatchEvent(new CustomEvent('change', { detail: this.info }));
  }

  // Called whenever the connection opens, and by join(): `explicit` for a join asked for in the
  // Session panel, which says so when the session does not exist (and stays in `before`) instead
  // of starting a new one as a stale link does.
  async enter({ explicit = false, before = null } = {}) {
    const f = readFragment();
    if (!f.session) return this.createFresh();
    const msg = { op: 'session.join', session: f.session, frames: wantedFrames(), ...wantedDeltas() };
    if (f.token) msg.token = f.token;
    let r = await this.app.send(msg, { quiet: [...GONE, 'not_allowed'] });
    if (r.type === 'error' && r.code === 'not_allowed' && f.token) {
      this.app.log.note('the token in the link was refused; joining as a viewer');
      f.token = null;
      r = await this.app.send({ op: 'session.join', session: f.session, frames: wantedFrames(), ...wantedDeltas() }, { quiet: [...GONE] });
    }
    if (r.type === 'ack' && f.token && r.role === 'viewer') {
      // A wrong token joins as a viewer (docs/protocol.md section 3): say so, and drop it from the
      // link so that "copy controller link" does not hand out a viewer link.
      this.app.log.note('the token was refused; joined as a viewer');
      f.token = null;
    }
    if (r.type === 'ack') {
      // A replay session's join reply says where the replay is; a server that does not (an older
      // one) gets the recording opened again.
      if (f.replay && r.duration === undefined) return this.openReplay(f.replay);
      const replay = replayOf(r, f.replay);
      return this.set({ session: r.session ?? f.session, token: f.token, role: r.role ?? 'viewer', recordingTo: r.recordingTo ?? null,
        canvas: r.canvas, clock: r.clock, fps: r.fps, frames: r.frames ?? null, replay, looping: Boolean(r.looping),
        chrome: r.chrome ?? null });
    }
    if (GONE.has(r.code)) {
      if (explicit) {
        this.app.log.note(`no session ${f.session.slice(0, 12)} (it may have expired); still in the session before`);
        if (before) this.set(before);
        return r;
      }
      if (f.replay) {
        this.app.log.note(`session ${f.session.slice(0, 8)}… is gone; opening the recording again`);
        const opened = await this.openReplay(f.replay);
        if (opened.type === 'ack') return opened;
        this.app.log.note(`the recording "${f.replay}" cannot be opened`);
      }
      // A viewer link (no token) never turns into a session of this page's own: the page says the
      // session is gone and offers to start a new one (the notice's button).
      if (!f.token) {
        this.app.log.note(`session ${f.session.slice(0, 8)}… no longer exists (the server restarted, or it expired)`);
        this.set({ ended: 'gone', gone: f.session, goneRecording: f.replay ?? null });
        return r;
      }
      // A controller link gets a new session in its place, with the phone if the old one had it
      // (or, on a page just opened, unless the URL asks for a bare canvas), and the page says so.
      this.app.log.note(`session ${f.session.slice(0, 8)}… is gone; starting a new one`);
      const chrome = this.info.session === f.session && this.info.chrome !== null ? Boolean(this.info.chrome) : !bareCanvas();
      return this.create(chrome ? { chrome: true, date: localDate() } : {}, { replaced: f.session });
    }
    return undefined;
  }

  async create(options = {}, extra = {}) {
    const msg = { op: 'session.create', ...options, frames: wantedFrames(), ...wantedDeltas() };
    return this.adopt(msg, await this.app.send(msg), extra);
  }

  // The "Start a new session" button of the notice that a session ended or is gone: a phone
  // screen (unless the URL asks for a bare canvas), without the tour.
  async startNew() {
    return this.create(bareCanvas() ? {} : { chrome: true, date: localDate() });
  }

  // A page opened without a session: a phone screen playing the guided tour (event `fresh`
  // after the ack), unless the URL asks for a bare canvas. Runs once per page load: a reconnect
  // or a shared link joins the session in the fragment instead.
  async createFresh() {
    if (bareCanvas() || this.freshDone) return this.create();
    this.freshDone = true;
    const r = await this.create({ chrome: true, date: localDate() });
    if (r.type === 'ack') this.dispatchEvent(new CustomEvent('fresh', { detail: this.info }));
    return r;
  }

  async join(session, token) {
    const before = this.info.session ? this.info : null;
    writeFragment({ session, token });
    return this.enter({ explicit: true, before });
  }

  async openReplay(recording) {
    const msg = { op: 'replay.open', recording, frames: wantedFrames(), ...wantedDeltas() };
    return this.adopt(msg, await this.app.send(msg));
  }

  async leave() {
    return this.adopt({ op: 'session.leave' }, await this.app.send({ op: 'session.leave' }));
  }

  async close() {
    return this.adopt({ op: 'session.close' }, await this.app.send({ op: 'session.close' }));
  }

  // Follows a session-changing op's reply, whoever sent it (these methods or the console).
  adopt(msg, r, extra = {}) {
    if (r.type !== 'ack') return r;
    const common = { session: r.session, canvas: r.canvas, clock: r.clock, fps: r.fps, frames: r.frames ?? null,
      chrome: r.chrome ?? null, ...extra };
    switch (msg.op) {
      case 'session.create':
        this.set({ ...common, token: r.token, role: 'controller' });
        break;
      case 'session.join': {
        const role = r.role ?? 'viewer';
        if (msg.token && role === 'viewer') this.app.log.note('the token was refused; joined as a viewer');
        this.set({ ...common, session: r.session ?? msg.session, token: role === 'viewer' ? null : msg.token ?? null, role,
          replay: replayOf(r, null) });
        break;
      }
      case 'replay.open':
        this.set({ ...common, token: r.token ?? null, role: r.role ?? 'controller', replay: replayOf(r, msg.recording) });
        break;
      case 'session.leave':
        this.set({ ended: 'left' });
        break;
      case 'session.close':
        this.set({ ended: 'closed' });
        break;
      default:
    }
    return r;
  }

  // The server closed the session (event session.closed).
  closed() {
    this.set({ ended: 'closed' });
  }

  link(withToken) {
    const { session, token } = this.info;
    const replay = this.info.replay?.recording;
    return `${location.origin}${location.pathname}${fragmentOf({ session, token: withToken ? token : null, replay })}`;
  }
}
