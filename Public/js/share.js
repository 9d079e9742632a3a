// "Copy viewer link" (no token) and "copy controller link" (with the token).
export function setupShare(app, els) {
  async function copy(withToken) {
    const link = app.session.link(withToken);
    els.output.value = link;
    els.output.hidden = false;
    try {
      await navigator.clipboard.writeText(link);
      els.output.title = 'copied to the clipboard';
    } catch {
      // No clipboard on plain http from another host: leave it selected for Ctrl+C.
      els.output.focus();
      els.output.select();
      els.output.title = 'press Ctrl+C to copy';
    }
  }
  els.viewer.addEventListener('click', () => copy(false));
  els.controller.addEventListener('click', () => copy(true));
  const update = () => {
    els.viewer.disabled = !app.session.info.session;
    els.controller.disabled = !app.session.info.token;
  };
  app.session.addEventListener('change', update);
  update();
}
