// Live numbers for the status indicator and for tests (exposed as window.progresscast.stats).
export const stats = {
  frames: 0,        // frames drawn
  received: 0,      // frame messages received
  lastDrawMs: 0,
  avgDrawMs: 0,     // mean over every draw so far
  maxDrawMs: 0,
  fps: 0,           // frames received during the last second (a sliding window)
  latencyMs: null,  // last command round trip (ack time minus send time)
};

export function recordDraw(ms) {
  stats.frames += 1;
  stats.lastDrawMs = ms;
  stats.avgDrawMs += (ms - stats.avgDrawMs) / stats.frames;
  if (ms > stats.maxDrawMs) stats.maxDrawMs = ms;
}

// Frames received per second: those received during the last second, counted again at every
// frame and every status update, so the readout is current (a pause shows 0 within a second)
// rather than the last closed window's.
const WINDOW_MS = 1000;
const arrivals = []; // receive times (ms) within the last second, oldest first
let oldest = 0;      // index of the oldest kept arrival

export function tickFps() {
  const now = performance.now();
  while (oldest < arrivals.length && now - arrivals[oldest] >= WINDOW_MS) oldest += 1;
  if (oldest > 256) {
    arrivals.splice(0, oldest);
    oldest = 0;
  }
  stats.fps = arrivals.length - oldest;
}

export function recordFrameReceived() {
  stats.received += 1;
  arrivals.push(performance.now());
  tickFps();
}
