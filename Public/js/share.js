// "Copy viewer link" (no token) and "copy controller link" (with the token). Each copy says, visibly
// and to screen readers (#share-note is a polite live region that changes only on a click), which
// link it was, and that a controller link lets anyone with it drive the session.
const KINDS = {
  viewer: { field: 'Viewer link (watch only)', copied: 'Viewer link copied: anyone with it can watch this session.' },
  controller: {
    field: 'Controller link (lets anyone drive the session)',
    copied: 'Controller link copied: anyone with it can drive this session. Share it with care.',
  },
};

export function setupShare(app, els) {
  let clearNote = null;
  const say = (text) => {
    // Emptied first, so the same message on a second click is announced again.
    els.note.textContent = '';
    clearTimeout(clearNote);
    setTimeout(() => { els.note.textContent = text; }, 30);
    clearNote = setTimeout(() => { els.note.textContent = ''; }, 15000);
  };
  async function copy(withToken) {
    const kind = KINDS[withToken ? 'controller' : 'viewer'];
    const link = app.session.link(withToken);
    els.output.value = link;
    els.output.hidden = false;
    els.output.dataset.kind = withToken ? 'controller' : 'viewer';
    els.output.setAttribute('aria-label', kind.field);
    try {
      await navigator.clipboard.writeText(link);
      els.output.title = `${kind.field}: copied to the clipboard`;
      say(kind.copied);
    } catch {
      // No clipboard on plain http from another host: leave it selected for Ctrl+C.
      els.output.focus();
      els.output.select();
      els.output.title = `${kind.field}: press Ctrl+C to copy`;
      say(`${kind.copied.split(':')[0].replace('copied', 'selected')}: press Ctrl+C to copy it.${withToken ? ' Anyone with it can drive this session.' : ''}`);
    }
  }
  els.viewer.addEventListener('click', () => copy(false));
  els.controller.addEventListener('click', () => copy(true));
  let shownFor = null;
  const update = () => {
    els.viewer.disabled = !app.session.info.session;
    els.controller.disabled = !app.session.info.token;
    // A link shown for another session (closed, left, replaced) would share a dead one.
    if (app.session.info.session !== shownFor) {
      els.output.hidden = true;
      els.output.value = '';
      shownFor = app.session.info.session;
    }
  };
  app.session.addEventListener('change', update);
  update();
}
