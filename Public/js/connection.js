// The WebSocket to the server: reconnects with exponential backoff and jitter, numbers requests
// and matches replies to them. Dispatches "state", "open", "frame", "event" and "error" (an error
// reply that matches no pending request) as CustomEvents whose detail is the message. Frames come
// as JSON text or as binary messages (docs/protocol.md section 9); both dispatch the same object.
import { decodeBinaryDelta, decodeBinaryFrame, isBinaryDelta } from './binary-frame.js';
import { applyDelta } from './frame-delta.js';

export const SUBPROTOCOL = 'progresscast.v1';

// A server started with --token needs it on every request: the page, opened as /?token=..., passes
// it on to the WebSocket and to API requests (the server also sets a cookie for scripts and fonts).
export function withServerToken(path) {
  const token = new URLSearchParams(location.search).get('token');
  if (!token) return path;
  return `${path}${path.includes('?') ? '&' : '?'}token=${encodeURIComponent(token)}`;
}

export function defaultUrl() {
  const scheme = location.protocol === 'https:' ? 'wss' : 'ws';
  return withServerToken(`${scheme}://${location.host}/ws`);
}

export class Connection extends EventTarget {
  constructor(url, { minDelayMs = 500, maxDelayMs = 8000, timeoutMs = 10000 } = {}) {
    super();
    this.url = url;
    this.minDelayMs = minDelayMs;
    this.maxDelayMs = maxDelayMs;
    this.timeoutMs = timeoutMs;
    this.ws = null;
    this.state = 'idle';          // connecting | open | waiting | stopped
    this.attempt = 0;
    this.retryAt = 0;             // when state is "waiting": the next attempt (performance.now())
    this.nextId = 1;
    this.pending = new Map();     // id -> { resolve, sentAt, op, timer }
    this.lastLatencyMs = null;
    this.retryTimer = null;
    this.stopped = false;
    // Frames received by encoding, the encoding of the newest, and binary messages refused; of
    // them, how many came as deltas, and deltas that did not apply to the frame shown.
    this.frameCounts = { binary: 0, json: 0, decodeErrors: 0, deltas: 0, deltaErrors: 0 };
    this.lastFrameEncoding = null;
    // The frame shown (the last dispatched): what the next delta applies to; and whether a whole
    // frame was asked for after a delta that did not apply.
    this.shown = null;
    this.refetching = false;
  }

  start() {
    this.stopped = false;
    this.open();
  }

  stop() {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    if (this.ws) this.ws.close(1000, 'bye');
    this.setState('stopped');
  }

  setState(state, extra = {}) {
    this.state = state;
    this.dispatchEvent(new CustomEvent('state', { detail: { state, ...extra } }));
  }

  open() {
    this.setState('connecting', { attempt: this.attempt });
    let ws;
    try {
      ws = new WebSocket(this.url, SUBPROTOCOL);
    } catch (err) {
      this.scheduleRetry(String(err));
      return;
    }
    ws.binaryType = 'arraybuffer';
    this.ws = ws;
    this.shown = null;
    this.refetching = false;
    ws.addEventListener('open', () => {
      this.attempt = 0;
      this.setState('open');
      this.dispatchEvent(new CustomEvent('open'));
    });
    ws.addEventListener('message', (e) => this.receive(e.data));
    ws.addEventListener('close', (e) => {
      if (this.ws !== ws) return;
      this.ws = null;
      this.failPending('disconnected', `connection closed (${e.code}${e.reason ? `: ${e.reason}` : ''})`);
      if (!this.stopped) this.scheduleRetry(`closed ${e.code}${e.reason ? ` ${e.reason}` : ''}`);
    });
  }

  scheduleRetry(reason) {
    const base = Math.min(this.maxDelayMs, this.minDelayMs * 2 ** this.attempt);
    const delay = base / 2 + Math.random() * (base / 2);
    this.attempt += 1;
    this.retryAt = performance.now() + delay;
    this.setState('waiting', { delayMs: delay, reason });
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), delay);
  }

  receive(data) {
    if (data instanceof ArrayBuffer) {
      this.receiveBinary(data);
      return;
    }
    if (typeof data !== 'string') return;
    let msg;
    try {
      msg = JSON.parse(data);
    } catch {
      return;
    }
    if (msg === null || typeof msg !== 'object') return;
    if (msg.type === 'frame') {
      this.deliverFrame(msg, 'json');
      return;
    }
    if (msg.type === 'delta') {
      this.deliverDelta(msg, 'json');
      return;
    }
    if (msg.type === 'event' || msg.type === 'trace') {
      this.dispatchEvent(new CustomEvent(msg.type, { detail: msg }));
      return;
    }
    const waiter = msg.id !== undefined ? this.pending.get(msg.id) : undefined;
    if (waiter) {
      this.pending.delete(msg.id);
      clearTimeout(waiter.timer);
      this.lastLatencyMs = performance.now() - waiter.sentAt;
      waiter.resolve(msg);
    } else if (msg.type === 'error') {
      this.dispatchEvent(new CustomEvent('error', { detail: msg }));
    }
  }

  // Only frames come as binary messages. One that does not decode is dropped and counted; the
  // console is warned once, so a server/page mismatch shows without a warning per frame.
  receiveBinary(data) {
    let msg;
    try {
      msg = isBinaryDelta(data) ? decodeBinaryDelta(data) : decodeBinaryFrame(data);
    } catch (err) {
      this.frameCounts.decodeErrors += 1;
      if (this.frameCounts.decodeErrors === 1) console.warn(`progresscast: ignored a binary message: ${err.message}`);
      return;
    }
    if (msg.type === 'delta') this.deliverDelta(msg, 'binary');
    else this.deliverFrame(msg, 'binary');
  }

  deliverFrame(frame, encoding) {
    this.countFrame(encoding);
    this.shown = frame;
    this.dispatchEvent(new CustomEvent('frame', { detail: frame }));
  }

  // A delta is applied to the frame shown. One that does not apply (the server sends a delta only
  // over the frame it last sent here, so this is a bug on one side) is dropped, counted, warned
  // about once, and the whole frame is asked for (once: deltas failing while it comes are only
  // dropped). A delta leading to a frame no newer than the one shown is dropped quietly: after a
  // fetched frame, the stream's delta to that same frame may still be on its way.
  deliverDelta(delta, encoding) {
    if (this.shown && delta.seq <= this.shown.seq && delta.base !== this.shown.seq) return;
    let frame;
    try {
      frame = applyDelta(this.shown, delta);
    } catch (err) {
      this.frameCounts.deltaErrors += 1;
      if (this.frameCounts.deltaErrors === 1) console.warn(`progresscast: ignored a delta: ${err.message}`);
      if (this.refetching) return;
      this.refetching = true;
      this.request({ op: 'frame.get' }).then((r) => {
        this.refetching = false;
        if (r.type === 'ack' && r.frame && (!this.shown || r.frame.seq >= this.shown.seq)) this.deliverFrame(r.frame, 'json');
      });
      return;
    }
    this.frameCounts.deltas += 1;
    this.deliverFrame(frame, encoding);
  }

  countFrame(encoding) {
    this.frameCounts[encoding] += 1;
    this.lastFrameEncoding = encoding;
  }

  isOpen() {
    return this.ws !== null && this.ws.readyState === WebSocket.OPEN;
  }

  // Sends without an id: the server replies only if it fails (the reply arrives as an "error" event).
  post(msg) {
    if (!this.isOpen()) return false;
    this.ws.send(JSON.stringify(msg));
    return true;
  }

  sendText(text) {
    if (!this.isOpen()) return false;
    this.ws.send(text);
    return true;
  }

  // Sends with a fresh id (unless msg has one) and resolves with the reply: {type:"ack"|"error", ...}.
  // Never rejects: failing locally gives {type:"error", code:"disconnected"|"timeout", local:true}.
  request(msg) {
    const id = msg.id ?? this.nextId++;
    const op = msg.op;
    if (!this.isOpen()) return Promise.resolve(localError(id, op, 'disconnected', 'not connected'));
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        resolve(localError(id, op, 'timeout', `no reply after ${this.timeoutMs / 1000} s`));
      }, this.timeoutMs);
      this.pending.set(id, { resolve, sentAt: performance.now(), op, timer });
      this.ws.send(JSON.stringify({ ...msg, id }));
    });
  }

  failPending(code, message) {
    for (const [id, w] of this.pending) {
      clearTimeout(w.timer);
      w.resolve(localError(id, w.op, code, message));
    }
    this.pending.clear();
  }
}

function localError(id, op, code, message) {
  return { type: 'error', id, op, code, message, local: true };
}
