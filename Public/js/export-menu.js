// The "Export" menu beside a recording: GET /api/recordings/NAME/export (docs/protocol.md,
// HTTP routes) at a chosen format and scale, saved as a file when it arrives. The server runs one
// export at a time and answers errors as {"error","message"}, shown beside the menu.
import { withServerToken } from './connection.js';

const FORMATS = [
  ['gif', 'GIF'],
  ['mp4', 'MP4'],
  ['webm', 'WebM'],
  ['apng', 'APNG'],
];
const EXTENSIONS = { gif: 'gif', mp4: 'mp4', webm: 'webm', apng: 'png' };

export function exportMenu(name) {
  const menu = document.createElement('details');
  menu.className = 'export-menu';
  menu.dataset.test = 'recording-export';
  const summary = document.createElement('summary');
  summary.textContent = 'Export';
  summary.setAttribute('aria-label', `export ${name} as a GIF or video`);
  summary.title = `GET /api/recordings/${name}/export: the recording re-simulated and encoded by ffmpeg`;
  const scale = document.createElement('select');
  scale.dataset.test = 'export-scale';
  scale.setAttribute('aria-label', 'scale');
  scale.title = 'export field scale: pixels per point (1x, 2x, 3x)';
  for (const s of [1, 2, 3]) scale.add(new Option(`${s}x`, String(s)));
  const status = document.createElement('span');
  status.className = 'note';
  status.dataset.test = 'export-status';
  status.setAttribute('aria-live', 'polite');
  const buttons = FORMATS.map(([format, label]) => {
    const button = document.createElement('button');
    button.type = 'button';
    button.textContent = label;
    button.dataset.format = format;
    button.title = `GET /api/recordings/${name}/export?format=${format}&fps=30&scale=…`;
    button.addEventListener('click', () => run(format));
    return button;
  });

  async function run(format) {
    const query = new URLSearchParams({ format, fps: '30', scale: scale.value });
    const url = withServerToken(`/api/recordings/${encodeURIComponent(name)}/export?${query}`);
    for (const b of buttons) b.disabled = true;
    status.textContent = `exporting ${format}…`;
    try {
      const res = await fetch(url);
      if (!res.ok) {
        let message = `HTTP ${res.status}`;
        try { message = (await res.json()).message ?? message; } catch { /* not JSON */ }
        throw new Error(message);
      }
      const blob = await res.blob();
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `${name}.${EXTENSIONS[format]}`;
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 60000);
      status.textContent = `saved ${link.download} (${Math.round(blob.size / 1024)} KiB)`;
    } catch (err) {
      status.textContent = `export failed: ${err.message}`;
    } finally {
      for (const b of buttons) b.disabled = false;
    }
  }

  const body = document.createElement('div');
  body.className = 'export-menu-body';
  body.append(scale, ...buttons, status);
  menu.append(summary, body);
  return menu;
}
