// Recording controls (record.start / record.marker / record.stop) and the list of recordings
// from GET /api/recordings, each with a download link, an "open" button (replay.open) and an
// Export menu (export-menu.js).
import { withServerToken } from './connection.js';
import { exportMenu } from './export-menu.js';
import { collect } from './form.js';
import { formatTime } from './replay.js';

function formatBytes(n) {
  if (!Number.isFinite(n)) return '';
  if (n < 1024) return `${n} B`;
  return n < 1024 * 1024 ? `${(n / 1024).toFixed(1)} KiB` : `${(n / 1024 / 1024).toFixed(1)} MiB`;
}

function cell(content) {
  const td = document.createElement('td');
  td.append(content);
  return td;
}

export function setupRecordings(app, els) {
  const scope = els.start.closest('[data-scope]');
  // A session joined while it records (a reload mid-recording) says so.
  app.session.addEventListener('change', (e) => {
    if (e.detail.recordingTo) els.state.textContent = `recording ${e.detail.recordingTo}`;
  });
  // Every page of the session hears when it starts or stops recording (record.state), whichever
  // page asked, and when a recording ends on a failed write (record.error).
  app.conn.addEventListener('event', (e) => {
    const msg = e.detail;
    if (msg.name === 'record.state' && msg.state === 'recording') {
      els.state.textContent = `recording ${msg.recording ?? ''}`;
    } else if (msg.name === 'record.state' && msg.state === 'stopped') {
      els.state.textContent = saved(msg);
      refresh();
    } else if (msg.name === 'record.error') {
      els.state.textContent = `recording ${msg.recording ?? ''} stopped: ${msg.message ?? msg.code}`;
      refresh();
    }
  });

  function saved(r) {
    const duration = Number.isFinite(r.duration) ? `, ${formatTime(r.duration)}` : '';
    const commands = Number.isFinite(r.commands) ? `, ${r.commands} commands` : '';
    return `saved ${r.recording ?? ''}${duration}${commands}`;
  }

  async function refresh() {
    let list;
    try {
      const res = await fetch(withServerToken('/api/recordings'), { headers: { Accept: 'application/json' } });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      list = await res.json();
      if (!Array.isArray(list)) throw new Error('not a list');
    } catch (err) {
      els.list.replaceChildren();
      els.empty.textContent = `Recordings unavailable (${err.message}).`;
      els.empty.hidden = false;
      return;
    }
    els.empty.textContent = 'No recordings yet.';
    els.empty.hidden = list.length > 0;
    // A row whose recording is unchanged is kept as it is, so what it shows survives the list
    // being read again (an export in progress and its status, an open menu).
    const kept = new Map([...els.list.children].map((tr) => [tr.dataset.key, tr]));
    els.list.replaceChildren(...list.map((rec) => {
      const key = JSON.stringify([rec.name, rec.title, rec.created, rec.duration, rec.bytes, rec.error ?? null]);
      const tr = kept.get(key) ?? row(rec);
      tr.dataset.key = key;
      return tr;
    }));
  }

  function row(rec) {
    const tr = document.createElement('tr');
    tr.dataset.test = 'recording-row';
    tr.dataset.name = rec.name;
    const name = document.createElement('span');
    // The name (what open, download and export use) first; a title, when it says more, after it.
    name.textContent = rec.title && rec.title !== rec.name ? `${rec.name}: ${rec.title}` : rec.name;
    name.title = rec.created ? `${rec.name}, created ${rec.created}` : rec.name;
    const link = document.createElement('a');
    link.href = withServerToken(`/api/recordings/${encodeURIComponent(rec.name)}`);
    link.download = rec.name.endsWith('.pcast') ? rec.name : `${rec.name}.pcast`;
    link.textContent = 'download';
    link.dataset.test = 'recording-download';
    const open = document.createElement('button');
    open.type = 'button';
    open.textContent = 'open';
    open.dataset.test = 'recording-open';
    open.setAttribute('aria-label', `open ${rec.name} in a replay session`);
    open.title = 'sends replay.open {recording}';
    open.addEventListener('click', async () => {
      const r = await app.session.openReplay(rec.name);
      if (r.type === 'ack') {
        document.getElementById('replay-bar')?.scrollIntoView({ block: 'nearest' });
        return;
      }
      // Said where the user is looking (a recording deleted since the list was read, say), and the
      // list read again.
      els.state.textContent = `cannot open ${rec.name}: ${r.message ?? r.code}`;
      refresh();
    });
    if (typeof rec.error === 'string') {
      // A file the server cannot read as a recording: listed (it can be downloaded and looked
      // at), said so, and nothing offered that would fail.
      tr.dataset.unreadable = 'true';
      const why = document.createElement('span');
      why.className = 'recording-error';
      why.textContent = `unreadable: ${rec.error}`;
      const reason = cell(why);
      reason.colSpan = 2;
      tr.append(cell(name), cell('-'), cell(formatBytes(Number(rec.bytes))), cell(link), reason);
      return tr;
    }
    tr.append(cell(name), cell(formatTime(Number(rec.duration))), cell(formatBytes(Number(rec.bytes))), cell(link), cell(open), cell(exportMenu(rec.name)));
    return tr;
  }

  els.start.addEventListener('click', async () => {
    const r = await app.send({ op: 'record.start', ...collect(scope, ['name', 'title', 'overwrite']) });
    // A refusal (a name already taken, say) is shown where the user is looking.
    // A refusal says only why: a session already recording goes on recording.
    els.state.textContent = r.type === 'ack' ? `recording ${r.recording ?? ''}` : `record.start refused: ${r.message ?? r.code}`;
  });
  els.stop.addEventListener('click', async () => {
    const r = await app.send({ op: 'record.stop' });
    // The list is read again on the record.state event, which every page of the session gets.
    if (r.type === 'ack') els.state.textContent = saved(r);
  });
  els.refresh.addEventListener('click', refresh);
  return refresh();
}
