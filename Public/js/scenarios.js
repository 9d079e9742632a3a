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
  els.run.addEventListener('click', () => {
    if (els.select.value) app.send({ op: 'scenario.run', name: els.select.value });
  });
  els.refresh.addEventListener('click', load);
  return load();
}
