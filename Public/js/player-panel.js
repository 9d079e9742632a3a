// "Three pause strategies side by side": three bars, each driven by a player with a different
// pauseStrategy (timing, remove, none), stacked vertically and started together.
const STRATEGIES = ['timing', 'remove', 'none'];
// What each does when paused, drawn above its bar.
const LABELS = { timing: 'timing: stops dead', remove: 'remove: jumps', none: 'none: slides on' };
const players = () => STRATEGIES.map((s) => `player-${s}`);

// Sent back to back without waiting, so the server applies them in order at (nearly) one instant.
function sendAll(app, messages, quiet = []) {
  return Promise.all(messages.map((m) => app.send(m, { quiet })));
}

export function setupThreeStrategies(app, els) {
  els.setup.addEventListener('click', async () => {
    const { width = 375, height = 667 } = app.session.info.canvas ?? {};
    const duration = Number(els.duration.value) || 10;
    const tick = Number(els.tick.value);
    const creates = [];
    STRATEGIES.forEach((strategy, i) => {
      const bar = `bar-${strategy}`;
      creates.push({ op: 'bar.create', target: bar, label: LABELS[strategy], frame: { x: 20, y: Math.round(height * 0.3 + i * 60), width: width - 40, height: 30 } });
      creates.push({ op: 'player.create', target: `player-${strategy}`, bar, duration, pauseStrategy: strategy, ...(tick > 0 ? { tick } : {}) });
    });
    // Running it twice reuses what exists: duplicate_target is expected then.
    await sendAll(app, creates, ['duplicate_target']);
    await sendAll(app, [
      ...players().map((target) => ({ op: 'player.seek', target, to: 0 })),
      ...players().map((target) => ({ op: 'player.play', target })),
    ]);
  });
  els.play.addEventListener('click', () => sendAll(app, players().map((target) => ({ op: 'player.play', target }))));
  els.pause.addEventListener('click', () => sendAll(app, players().map((target) => ({ op: 'player.pause', target }))));
}
