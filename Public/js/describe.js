// The canvas's accessible description: what is on screen in words (the HUDs' labels and states,
// the bars' values, players, lists and navigation), from the server's `inspect`, at most once a
// second and only when the page is visible. Screen readers read it from the canvas's
// aria-describedby element (polite live region).
const INTERVAL_MS = 1000;

export function setupDescription(app, { canvas, output }) {
  canvas.setAttribute('aria-describedby', output.id);
  let busy = false;
  const update = async () => {
    if (busy || document.hidden || !app.session.info.session || !app.conn.isOpen()) return;
    busy = true;
    try {
      const r = await app.send({ op: 'inspect' }, { quiet: true });
      if (r.type === 'ack' && Array.isArray(r.components)) {
        const text = describe(r.components);
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
}

const pct = (v) => `${Math.round(Number(v) * 100)}%`;

export function describe(components) {
  const parts = [];
  for (const c of components) {
    switch (c.kind) {
      case 'hud':
        if (c.state !== 'hidden') parts.push(`HUD ${c.target} ${c.state}${c.label ? `: "${c.label}"` : ''}${c.mode === 'determinate' || c.mode === 'annular' || c.mode === 'bar' ? `, ${pct(c.progress)}` : ''}`);
        break;
      case 'bar':
        parts.push(`bar ${c.target} at ${pct(c.presentation?.value ?? 0)}${c.paused ? ' (paused)' : ''}`);
        break;
      case 'player':
        parts.push(`player ${c.target} ${c.state} at ${Number(c.position).toFixed(1)} s`);
        break;
      case 'scroll':
        parts.push(`list ${c.target} scrolled to ${Math.round(Number(c.offset?.y ?? 0))} pt`);
        break;
      case 'refresh':
        if (c.state !== 'idle') parts.push(`refresh ${c.target} ${c.state}`);
        break;
      default:
        if (Array.isArray(c.stack)) parts.push(`navigation ${c.target} showing ${c.top}${c.transition ? ` (${c.transition})` : ''}`);
    }
  }
  return parts.length ? `On screen: ${parts.join('; ')}.` : 'The screen is empty.';
}
