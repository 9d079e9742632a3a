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
  // Both lose something for good, so each asks once more on the button itself (no modal):
  // leaving drops the controller token (the link to come back as controller is gone unless
  // copied), closing ends the session for every page on it.
  confirmOnSecondClick(els.leave, 'Leave? Copy the controller link first: click again', () => app.session.leave());
  confirmOnSecondClick(els.close, 'Close it for everyone? Click again', () => app.session.close());
  els.inspect.addEventListener('click', async () => {
    show(await app.send({ op: 'inspect', ...collect(els.inspect.closest('[data-scope]'), ['inspect']) }, { quiet: true }));
  });
  els.frameGet.addEventListener('click', async () => show(await app.send({ op: 'frame.get' }, { quiet: true })));
}

// A first click arms `button` (its label asks, for 4 s); a second click within that runs `action`.
function confirmOnSecondClick(button, question, action) {
  const label = button.textContent;
  let disarm = null;
  const reset = () => {
    clearTimeout(disarm);
    disarm = null;
    delete button.dataset.armed;
    button.textContent = label;
  };
  button.addEventListener('click', () => {
    if (button.dataset.armed === undefined) {
      button.dataset.armed = '';
      button.textContent = question;
      disarm = setTimeout(reset, 4000);
      return;
    }
    reset();
    action();
  });
}
