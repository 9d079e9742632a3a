// Generic op buttons: <button data-op="hud.show" data-fields="target props"> sends the op with the
// fields collected from its [data-scope] (a button marked data-scripted is sent by a script of its
// own, which acts on the reply; its data-op still names it for the tooltips). Also: live
// progress, value read-outs, viewer lock.
import { collect, fieldsOf } from './form.js';

export function setupOpButtons(app) {
  document.addEventListener('click', (e) => {
    const button = e.target.closest('button[data-op]');
    if (!button || button.disabled || 'scripted' in button.dataset) return;
    const scope = button.closest('[data-scope]') ?? document;
    app.send({ op: button.dataset.op, ...collect(scope, fieldsOf(button)) });
  });
}

// Range inputs show their value in the <output for=...> next to them.
export function setupReadouts() {
  for (const out of document.querySelectorAll('output[for]')) {
    const input = document.getElementById(out.htmlFor.value);
    if (!input) continue;
    const show = () => { out.textContent = Number(input.value).toFixed(2); };
    input.addEventListener('input', show);
    show();
  }
}

// Dragging the HUD progress slider sends hud.update live, at most once per animation frame.
export function setupLiveProgress(app, slider, targetInput) {
  let scheduled = false;
  slider.addEventListener('input', () => {
    if (scheduled) return;
    scheduled = true;
    requestAnimationFrame(() => {
      scheduled = false;
      app.send({ op: 'hud.update', target: targetInput.value.trim(), progress: Number(slider.value) });
    });
  });
}

// Viewers cannot change anything: every [data-mutating] fieldset is disabled for them.
// A replay session takes only replay.* ops, so everything but the replay bar is disabled there.
// `disconnected`: the connection is down (the controls would only say "not connected").
export function applyRole(session, { disconnected = false } = {}) {
  const inReplay = Boolean(session.info && session.info.replay);
  for (const el of document.querySelectorAll('[data-mutating]')) {
    const viewerLocked = !session.isController;
    const replayLocked = inReplay && !el.closest('#replay-bar');
    el.disabled = disconnected || viewerLocked || replayLocked;
    el.title = disconnected ? 'Disconnected from the server: reconnecting'
      : viewerLocked ? 'Read-only: open a controller link (with a token) to drive this session'
      : replayLocked ? 'A replay only takes the replay controls: create a new session to drive components' : '';
  }
}
