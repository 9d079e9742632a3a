// Live numbers for the status indicator and for tests (exposed as window.progresscast.stats).
export const stats = {
  frames: 0,        // frames drawn
  received: 0,      // frame messages received
  lastDrawMs: 0,
  avgDrawMs: 0,     // mean over every draw so far
  maxDrawMs: 0,
  fps: 0,           // frames received during the last second
  latencyMs: null,  // last command round trip (ack time minus send time)
};

export function recordDraw(ms) {
  stats.frames += 1;
  stats.lastDrawMs = ms;
  stats.avgDrawMs += (ms - stats.avgDrawMs) / stats.frames;
  if (ms > stats.maxDrawMs) stats.maxDrawMs = ms;
}

// Frames received per second, over windows of about a second.
let windowStart = performance.now();
let windowCount = 0;

export function tickFps() {
  const now = performance.now();
  if (now - windowStart < 1000) return;
  stats.fps = Math.round((windowCount * 10000) / (now - windowStart)) / 10;
  windowStart = now;
  windowCount = 0;
}

export function recordFrameReceived() {
  stats.received += 1;
  windowCount += 1;
  tickFps();
}
