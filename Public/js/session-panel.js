// The session panel: new session (canvas size, clock, fps), join, leave, close, inspect, frame.get.
// clock.advance is a generic op button.
import { collect } from './form.js';

export function setupSessionPanel(app, els) {
  const show = (reply) => {
    els.output.textContent = JSON.stringify(reply, null, 2);
    els.output.dataset.type = reply.type;
  };
  els.create.addEventListener('click', () => {
    app.session.create(collect(els.create.closest('[data-scope]'), ['canvas', 'clock', 'fps', 'title']));
  });
  els.join.addEventListener('click', () => {
    const id = els.joinId.value.trim();
    if (id) app.session.join(id, els.joinToken.value.trim() || null);
  });
  els.leave.addEventListener('click', () => app.session.leave());
  els.close.addEventListener('click', () => app.session.close());
  els.inspect.addEventListener('click', async () => {
    show(await app.send({ op: 'inspect', ...collect(els.inspect.closest('[data-scope]'), ['inspect']) }, { quiet: true }));
  });
  els.frameGet.addEventListener('click', async () => show(await app.send({ op: 'frame.get' }, { quiet: true })));
}
