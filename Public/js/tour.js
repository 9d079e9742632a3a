// The guided tour: a fresh page's session plays the built-in looping scenario "tour" (run by the
// server, so the page only draws it) until "Stop tour / take control" stops it; the session and
// everything the tour made stay, for the user to drive, but its HUDs are hidden (a HUD the tour
// would have hidden later would otherwise stay over everything). The tour's targets all start
// with "tour-" (or are "tour"), so the panels' defaults and the other scenarios never collide
// with what it leaves.
export const TOUR = 'tour';

export function setupTour(app, { bar, stop, note }) {
  const show = (running) => {
    bar.hidden = !running;
    app.tourRunning = running;
  };
  show(false);
  app.session.addEventListener('fresh', async (e) => {
    app.tourSession = e.detail.session;
    const r = await app.send({ op: 'scenario.run', name: TOUR });
    if (r.type !== 'ack') return;
    note.textContent = 'Guided tour: pause strategies, HUD modes, grace time, pull to refresh, swipe back.';
    show(true);
  });
  // A rejoined session (a reload) whose tour still loops offers to stop it to its controller;
  // any other session (joined, created, left) has no tour of this page's.
  app.session.addEventListener('change', () => {
    const info = app.session.info;
    if (info.looping && app.session.isController && !info.replay) {
      app.tourSession = info.session;
      note.textContent = 'A looping scenario (the guided tour) is playing in this session.';
      show(true);
    } else if (app.tourRunning && app.tourSession !== info.session) {
      show(false);
    }
  });
  // A looping scenario started from the Scenarios panel offers the same Stop.
  app.session.addEventListener('looping', (e) => {
    if (!app.session.isController) return;
    app.tourSession = app.session.info.session;
    note.textContent = `A looping scenario (${e.detail.name}) is playing in this session.`;
    show(true);
  });
  // Another page of the session (a controller link) stopped it: the server tells every watcher.
  app.conn.addEventListener('event', (e) => {
    if (e.detail.name === 'scenario.stopped' && e.detail.loopStopped && app.tourRunning) show(false);
  });
  stop.addEventListener('click', async () => {
    const r = await app.send({ op: 'scenario.stop' });
    if (r.type === 'ack') {
      show(false);
      await app.send({ op: 'hud.hideAll' });
      app.log.note('tour stopped: its HUDs hidden, the rest of the session is yours');
    }
  });
}
