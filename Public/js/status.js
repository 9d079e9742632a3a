// The status indicator: connection state, role, session id, frames/s and their encoding (of the
// newest frame: "binary" or "json"), command round trip, draw time.
import { stats, tickFps } from './stats.js';

export function setupStatus(app, els) {
  const { conn, session } = app;
  function connection() {
    let text = conn.state;
    if (conn.state === 'waiting') text = `reconnecting in ${Math.max(0, (conn.retryAt - performance.now()) / 1000).toFixed(1)} s`;
    els.conn.textContent = text;
    els.conn.dataset.state = conn.state;
  }
  function roleAndSession() {
    const { role, session: id, replay } = session.info;
    els.role.textContent = role ? `${role}${replay ? ' (replay)' : ''}` : 'no session';
    els.role.dataset.role = role ?? 'none';
    els.session.textContent = id ?? '—';
    els.session.title = id ?? '';
  }
  conn.addEventListener('state', connection);
  session.addEventListener('change', roleAndSession);
  setInterval(() => {
    tickFps();
    stats.latencyMs = conn.lastLatencyMs;
    els.fps.textContent = stats.fps.toFixed(stats.fps < 10 ? 1 : 0);
    els.frames.textContent = conn.lastFrameEncoding ?? '—';
    els.latency.textContent = stats.latencyMs === null ? '—' : `${stats.latencyMs.toFixed(1)} ms`;
    els.draw.textContent = stats.frames ? `${stats.lastDrawMs.toFixed(2)} ms` : '—';
    if (conn.state === 'waiting') connection();
  }, 250);
  connection();
  roleAndSession();
}
