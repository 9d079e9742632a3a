// The canvas's accessible description: what is on screen in words, from the server's `inspect`
// (states and values) and the frame on the canvas (what is visible and the text it shows): the
// navigation screen by its title, the bars by their captions with their values, the players
// driving visible bars, a refresh control that is not idle, a visible list's position, then the
// HUDs on top with their label, details, progress and button. Components drawn off the screen
// (the guided tour parks them at x = -1000) are left out. Updated at most once a second while the
// page is visible. It is only the canvas's aria-describedby, not a live region, so a screen reader
// reads it when asked and is not interrupted every second; state changes (connection, session
// ended) are announced by announce.js.
const INTERVAL_MS = 1000;

export const STALE_TEXT = 'Disconnected from the server: the screen shows the last picture received, which is not live. Reconnecting.';

export function setupDescription(app, { canvas, output }) {
  canvas.setAttribute('aria-describedby', output.id);
  let busy = false;
  const update = async () => {
    if (busy || document.hidden || !app.session.info.session || !app.conn.isOpen()) return;
    busy = true;
    try {
      const r = await app.send({ op: 'inspect' }, { quiet: true });
      if (r.type === 'ack' && Array.isArray(r.components) && app.conn.isOpen()) {
        const text = describe(r.components, app.renderer.current);
        if (output.textContent !== text) output.textContent = text;
      }
    } finally {
      busy = false;
    }
  };
  setInterval(update, INTERVAL_MS);
  // No session, nothing on screen (the page clears the canvas when its session ends).
  app.session.addEventListener('change', (e) => {
    if (!e.detail.session) output.textContent = describe([]);
  });
  // While disconnected nothing is live: the description says so instead of "playing".
  app.conn.addEventListener('state', (e) => {
    if (e.detail.state === 'waiting' && app.session.info.session) output.textContent = STALE_TEXT;
  });
}

const pct = (v) => `${Math.round(Number(v) * 100)}%`;
const quote = (s) => `"${s}"`;

// ---- what the frame shows ------------------------------------------------------------------------

const IDENTITY = [1, 0, 0, 1, 0, 0];
const mul = (m, n) => [m[0] * n[0] + m[2] * n[1], m[1] * n[0] + m[3] * n[1], m[0] * n[2] + m[2] * n[3],
  m[1] * n[2] + m[3] * n[3], m[0] * n[4] + m[2] * n[5] + m[4], m[1] * n[4] + m[3] * n[5] + m[5]];
const num = (v) => (typeof v === 'number' && Number.isFinite(v) ? v : 0);

// The axis-aligned box of a shape in its own coordinates, or null when it has no simple one.
function boxOf(s) {
  switch (s.kind) {
    case 'rect': case 'radial': return [num(s.x), num(s.y), num(s.w), num(s.h)];
    case 'text': return [num(s.x) - 1, num(s.y) - 1, 2, 2];
    case 'line': return [Math.min(num(s.x1), num(s.x2)), Math.min(num(s.y1), num(s.y2)), Math.abs(num(s.x2) - num(s.x1)), Math.abs(num(s.y2) - num(s.y1))];
    case 'arc': case 'pie': return [num(s.cx) - num(s.r), num(s.cy) - num(s.r), 2 * num(s.r), 2 * num(s.r)];
    default: return null;
  }
}

function transformBox(m, [x, y, w, h]) {
  const xs = [], ys = [];
  for (const [px, py] of [[x, y], [x + w, y], [x, y + h], [x + w, y + h]]) {
    xs.push(m[0] * px + m[2] * py + m[4]);
    ys.push(m[1] * px + m[3] * py + m[5]);
  }
  return [Math.min(...xs), Math.min(...ys), Math.max(...xs), Math.max(...ys)];
}

const overlaps = (a, b) => a[0] < b[2] && a[2] > b[0] && a[1] < b[3] && a[3] > b[1];
const alphaOf = (fill) => (typeof fill === 'string' && /^#[0-9a-f]{8}$/i.test(fill) ? parseInt(fill.slice(7), 16) / 255 : 1);

// Walks a frame: the targets with a shape on the screen (a shape id "bar1.fill" counts for
// "bar1"), and the navigation bar's titles (bold, centred, unnamed text, as the server draws them),
// with how opaque each is.
export function visibleOf(frame) {
  const targets = new Set();
  const titles = [];
  if (!frame || !Array.isArray(frame.shapes)) return { targets, titles, known: false };
  const screen = [0, 0, num(frame.w) || 375, num(frame.h) || 667];
  const walk = (shapes, m, clip, owner, alpha, depth) => {
    if (!Array.isArray(shapes) || depth > 32) return;
    for (const s of shapes) {
      if (!s || typeof s !== 'object') continue;
      const id = typeof s.id === 'string' ? s.id : owner;
      if (s.kind === 'group') {
        const a = alpha * (s.alpha === undefined ? 1 : Math.max(0, Math.min(1, num(s.alpha))));
        if (a <= 0) continue;
        const gm = Array.isArray(s.m) && s.m.length === 6 && s.m.every(Number.isFinite) ? mul(m, s.m) : m;
        let c = clip;
        if (Array.isArray(s.clip) && s.clip.length === 4 && s.clip.every(Number.isFinite)) {
          const b = transformBox(gm, s.clip);
          c = [Math.max(c[0], b[0]), Math.max(c[1], b[1]), Math.min(c[2], b[2]), Math.min(c[3], b[3])];
          if (c[0] >= c[2] || c[1] >= c[3]) continue;
        }
        walk(s.items, gm, c, id, a, depth + 1);
        continue;
      }
      const box = boxOf(s);
      const seen = box ? overlaps(transformBox(m, box), clip) : true;
      if (!seen) continue;
      if (id) targets.add(id.split('.')[0]);
      if (s.kind === 'text' && !id && typeof s.text === 'string' && s.text && num(s.weight) >= 600
          && s.align === 'center' && s.baseline === 'middle') {
        titles.push({ text: s.text, alpha: alpha * alphaOf(s.fill) });
      }
    }
  };
  walk(frame.shapes, IDENTITY, screen, null, 1, 0);
  return { targets, titles, known: true };
}

// The frame's caption text of a target ("timing.label": "timing: stops dead"), if it has one.
function captionOf(frame, target) {
  let found = null;
  const walk = (shapes, depth) => {
    if (!Array.isArray(shapes) || depth > 32 || found) return;
    for (const s of shapes) {
      if (!s || typeof s !== 'object') continue;
      if (s.kind === 'text' && s.id === `${target}.label` && typeof s.text === 'string') { found = s.text; return; }
      if (s.kind === 'group') walk(s.items, depth + 1);
    }
  };
  walk(frame?.shapes, 0);
  return found;
}

// ---- the words -----------------------------------------------------------------------------------

export function describe(components, frame = null) {
  const { targets, titles, known } = visibleOf(frame);
  // Without a frame every component counts as visible (as before).
  const shown = (target) => !known || targets.has(target);
  const screens = [], content = [], huds = [];
  const bars = new Set(components.filter((c) => c.kind === 'bar' && shown(c.target)).map((c) => c.target));
  for (const c of components) {
    switch (c.kind) {
      case 'hud': {
        if (c.state === 'hidden' || !shown(c.target)) break;
        const bits = [];
        if (c.label) bits.push(quote(c.label));
        if (c.details) bits.push(quote(c.details));
        if (c.mode === 'determinate' || c.mode === 'annular' || c.mode === 'bar') bits.push(pct(c.progress));
        if (c.button) bits.push(`button ${quote(c.button)}`);
        const what = c.state === 'shown' ? 'HUD' : `HUD (${c.state})`;
        huds.push(bits.length ? `${what}: ${bits.join(', ')}` : `${what}, ${c.mode ?? 'no label'}`);
        break;
      }
      case 'bar': {
        if (!shown(c.target)) break;
        const caption = captionOf(frame, c.target);
        content.push(`bar ${caption ? quote(caption) : c.target} at ${pct(c.presentation?.value ?? 0)}${c.paused ? ' (paused)' : ''}`);
        break;
      }
      case 'player': {
        if (known && !bars.has(c.bar)) break;
        const caption = captionOf(frame, c.bar);
        const of = Number.isFinite(Number(c.duration)) ? ` of ${Number(c.duration).toFixed(0)} s` : '';
        content.push(`player ${caption ? `of ${quote(caption)}` : c.target} ${c.state} at ${Number(c.position).toFixed(1)} s${of}`);
        break;
      }
      case 'scroll':
        if (!shown(c.target)) break;
        content.push(`list ${c.target} scrolled to ${Math.round(Number(c.offset?.y ?? 0))} pt`);
        break;
      case 'refresh':
        if (c.state === 'idle' || !shown(c.target)) break;
        content.push(`refresh ${c.target} ${c.state}${c.title ? ` (${quote(c.title)})` : ''}`);
        break;
      default:
        if (Array.isArray(c.stack)) {
          // The title on the bar (the most opaque one while two cross-fade); else the screen's id.
          const title = [...titles].sort((a, b) => b.alpha - a.alpha)[0]?.text;
          screens.push(`screen ${title ? quote(title) : c.top}${c.transition ? ` (${c.transition})` : ''}`);
        }
    }
  }
  const parts = [...screens, ...content, ...huds];
  return parts.length ? `On screen: ${parts.join('; ')}.` : 'The screen is empty.';
}
