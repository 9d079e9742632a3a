// Keys for a live session (a replay's keys are the replay bar's): space plays or pauses the player
// named in the Player panel, ←/→ seek it by a second (shift: 5 s). The page asks the server where
// the player is (inspect) and sends player.* ops; it keeps no state of its own.
// Presses are handled one after another (a queue), so each one reads the state the previous one
// left: five quick → move 5 s, two quick spaces toggle twice. Arrow presses waiting in the queue
// are added together (a held key's auto-repeat makes one seek per round trip, not a backlog).
// While the guided tour plays, the keys leave its players alone and say how to take control.
// The canvas's gestures have keys too, so they need no pointer: Enter taps the front HUD's
// button, R pulls the first pull-to-refresh header, Backspace goes back in the first navigation
// stack that can. Each reads where things are with inspect and sends what a user would: a tap
// (pointer down and up) at the button's centre, refresh.begin, nav.pop.
const GESTURE_KEYS = { Enter: 'tap', r: 'refresh', R: 'refresh', Backspace: 'back' };
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

  const queue = [];      // presses not started yet: { kind: 'toggle' } or { kind: 'seek', step }
  let running = false;

  async function run(press) {
    if (press.kind === 'gesture') {
      note.textContent = await gesture(app, press.name);
      return;
    }
    const target = await playerToDrive(app, playerTarget.value.trim());
    if (!target) {
      note.textContent = 'No player to drive: create one in the Player panel.';
      return;
    }
    const r = await app.send({ op: 'inspect', target }, { quiet: true });
    if (r.type !== 'ack') return;
    if (press.kind === 'toggle') {
      const playing = r.state === 'playing';
      const reply = await app.send({ op: playing ? 'player.pause' : 'player.play', target });
      if (reply.type === 'ack') note.textContent = `${target}: ${playing ? 'paused' : 'playing'}`;
      return;
    }
    const duration = Number(r.duration ?? r.options?.duration ?? Infinity);
    const wanted = Number(r.position) + press.step;
    const to = Math.min(Math.max(0, wanted), Number.isFinite(duration) ? duration : wanted);
    const reply = await app.send({ op: 'player.seek', target, to });
    if (reply.type === 'ack') note.textContent = `${target}: ${to.toFixed(2)} s`;
  }

  async function drain() {
    if (running) return;
    running = true;
    try {
      while (queue.length) await run(queue.shift());
    } finally {
      running = false;
    }
  }

  document.addEventListener('keydown', (e) => {
    const info = app.session.info;
    if (!info.session || info.replay || !app.session.isController) return;
    if (e.ctrlKey || e.metaKey || e.altKey || isTyping(e.target)) return;
    const gestureName = GESTURE_KEYS[e.key];
    if (e.key !== ' ' && e.key !== 'ArrowLeft' && e.key !== 'ArrowRight' && !gestureName) return;
    if ((e.key === ' ' || e.key === 'Enter') && e.target instanceof Element && e.target.closest('button, summary, a')) return;
    e.preventDefault();
    if (app.tourRunning) {
      note.textContent = 'The guided tour is playing: press "Stop tour / take control" first, then the keys drive the screen.';
      return;
    }
    if (gestureName) {
      queue.push({ kind: 'gesture', name: gestureName });
    } else if (e.key === ' ') {
      queue.push({ kind: 'toggle' });
    } else {
      const step = (e.shiftKey ? 5 : 1) * (e.key === 'ArrowLeft' ? -1 : 1);
      const last = queue[queue.length - 1];
      if (last && last.kind === 'seek') last.step += step;
      else queue.push({ kind: 'seek', step });
    }
    drain();
  });
}

// The Player panel's target when it exists, else the first player in the session.
async function playerToDrive(app, named) {
  const r = await app.send({ op: 'inspect' }, { quiet: true });
  if (r.type !== 'ack' || !Array.isArray(r.components)) return null;
  const players = r.components.filter((c) => c.kind === 'player').map((c) => c.target);
  return players.includes(named) ? named : players[0] ?? null;
}

// A gesture by key (see GESTURE_KEYS); returns what it did, for the keys' note.
async function gesture(app, name) {
  const r = await app.send({ op: 'inspect' }, { quiet: true });
  const components = r.type === 'ack' && Array.isArray(r.components) ? r.components : [];
  if (name === 'tap') {
    // The frontmost HUD on screen with a button (what a tap there reaches first).
    const hud = components
      .filter((c) => c.kind === 'hud' && c.buttonFrame && (c.state === 'showing' || c.state === 'shown'))
      .sort((a, b) => b.z - a.z)[0];
    if (!hud) return 'Enter: no HUD button on screen.';
    const { x, y, width, height } = hud.buttonFrame;
    const at = { x: x + width / 2, y: y + height / 2 };
    await app.send({ op: 'pointer', phase: 'down', ...at });
    const up = await app.send({ op: 'pointer', phase: 'up', ...at });
    return up.type === 'ack' ? `${hud.target}: button pressed` : 'Enter: the tap was refused.';
  }
  if (name === 'refresh') {
    const header = components.find((c) => c.kind === 'refresh' && c.refreshKind === 'header');
    if (!header) return 'R: no pull-to-refresh header on screen.';
    if (header.state !== 'idle') return `${header.target}: already ${header.state}`;
    const reply = await app.send({ op: 'refresh.begin', target: header.target });
    return reply.type === 'ack' ? `${header.target}: refreshing` : `R: ${reply.message ?? 'refused'}`;
  }
  const nav = components.find((c) => c.kind === 'nav' && Array.isArray(c.stack) && c.stack.length > 1 && !c.transitioning);
  if (!nav) return 'Backspace: no navigation stack to go back in.';
  const reply = await app.send({ op: 'nav.pop', target: nav.target, animated: true });
  return reply.type === 'ack' ? `${nav.target}: back to ${nav.stack[nav.stack.length - 2]}` : `Backspace: ${reply.message ?? 'refused'}`;
}
