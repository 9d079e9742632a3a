// The scenario picker: GET /api/scenarios -> [{name, title}], runs one with op scenario.run.
// The panel stays hidden when the server has no such route.
import { withServerToken } from './connection.js';

export function setupScenarios(app, els) {
  async function load() {
    let list;
    try {
      const res = await fetch(withServerToken('/api/scenarios'), { headers: { Accept: 'application/json' } });
      list = res.ok ? await res.json() : null;
    } catch {
      list = null;
    }
    els.panel.hidden = !Array.isArray(list);
    if (!Array.isArray(list)) return;
    els.select.replaceChildren(...list.map((s) => new Option(s.title ? `${s.title} (${s.name})` : s.name, s.name)));
  }
  // Run says what it started (a looping one also brings up the tour bar's Stop); Stop stops
  // every scenario of the session, and says what it stopped.
  els.run.addEventListener('click', async () => {
    const name = els.select.value;
    if (!name) return;
    const r = await app.send({ op: 'scenario.run', name });
    if (r.type !== 'ack') {
      els.status.textContent = `${name}: ${r.message ?? 'not started'}`;
      return;
    }
    const seconds = Number(r.duration ?? 0).toFixed(1);
    els.status.textContent = r.loop
      ? `${name}: looping (a turn every ${Number(r.loop).toFixed(1)} s) until stopped`
      : `${name}: running, ${r.steps} steps over ${seconds} s`;
    if (r.loop) app.session.dispatchEvent(new CustomEvent('looping', { detail: { name } }));
  });
  els.stop.addEventListener('click', async () => {
    const r = await app.send({ op: 'scenario.stop' });
    if (r.type === 'ack') {
      els.status.textContent = r.stopped || r.loopStopped
        ? `stopped${r.loopStopped ? ' the loop' : ''}${r.stopped ? `, ${r.stopped} steps dropped` : ''}`
        : 'no scenario was running';
    }
  });
  els.refresh.addEventListener('click', load);
  return load();
}
