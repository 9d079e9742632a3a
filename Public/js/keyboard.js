// Keys for a live session (a replay's keys are the replay bar's): space plays or pauses the player
// named in the Player panel, ←/→ seek it by a second (shift: 5 s). The page asks the server where
// the player is (inspect) and sends player.* ops; it keeps no state of its own.
const isTyping = (el) => el instanceof Element && Boolean(el.closest('input, textarea, select, [contenteditable]'));

export function setupKeyboard(app, { playerTarget, note }) {
  const keysNote = note.textContent;
  // A viewer's keys do nothing: the note says so instead of promising what they would do.
  app.session.addEventListener('change', (e) => {
    const { session, role, replay } = e.detail;
    if (session && role === 'viewer' && !replay) {
      note.textContent = 'Read-only: you are a viewer of this session; a controller link lets you use the keys.';
    } else if (note.textContent !== keysNote && (!session || role === 'controller')) {
      note.textContent = keysNote;
    }
  });
  document.addEventListener('keydown', async (e) => {
    const info = app.session.info;
    if (!info.session || info.replay || !app.session.isController) return;
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    if (e.key !== ' ' && e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    if (e.key === ' ' && e.target instanceof Element && e.target.closest('button, summary')) return;
    e.preventDefault();
    const target = await playerToDrive(app, playerTarget.value.trim());
    if (!target) {
      note.textContent = 'No player to drive: create one in the Player panel.';
      return;
    }
    const r = await app.send({ op: 'inspect', target }, { quiet: true });
    if (r.type !== 'ack') return;
    if (e.key === ' ') {
      await app.send({ op: r.state === 'playing' ? 'player.pause' : 'player.play', target });
      note.textContent = `${target}: ${r.state === 'playing' ? 'paused' : 'playing'}`;
      return;
    }
    const step = (e.shiftKey ? 5 : 1) * (e.key === 'ArrowLeft' ? -1 : 1);
    const duration = Number(r.duration ?? r.options?.duration ?? Infinity);
    const to = Math.min(Math.max(0, Number(r.position) + step), Number.isFinite(duration) ? duration : Number(r.position) + step);
    await app.send({ op: 'player.seek', target, to });
    note.textContent = `${target}: ${to.toFixed(2)} s`;
  });
}

// The Player panel's target when it exists, else the first player in the session.
async function playerToDrive(app, named) {
  const r = await app.send({ op: 'inspect' }, { quiet: true });
  if (r.type !== 'ack' || !Array.isArray(r.components)) return null;
  const players = r.components.filter((c) => c.kind === 'player').map((c) => c.target);
  return players.includes(named) ? named : players[0] ?? null;
}
