// "Create stack": nav.create with one root screen titled from the form (the form reader cannot
// build the `screens` array by itself). "Push" sends nav.push and, once it is taken, moves the
// screen id on (detail, detail-2, detail-3...): ids are unique in a stack, so pushing the same
// form again would be refused. Popping uses the generic op buttons.
import { collect, fieldsOf } from './form.js';

// The id after `id`: "detail" -> "detail-2", "detail-2" -> "detail-3".
export function nextScreenId(id) {
  const m = /^(.*?)-(\d+)$/.exec(id);
  return m ? `${m[1]}-${Number(m[2]) + 1}` : `${id}-2`;
}

export function setupNavigationPanel(app, els) {
  els.create.addEventListener('click', () => {
    const fields = collect(els.form, ['target', 'fullscreenPopGesture',
      'viewControllerBasedNavigationBarAppearanceEnabled', 'layoutDirection']);
    const title = els.rootTitle.value.trim() || 'Root';
    app.send({ op: 'nav.create', ...fields, screens: [{ id: 'root', title, rows: { count: 20 } }] });
  });
  els.push.addEventListener('click', async () => {
    const r = await app.send({ op: 'nav.push', ...collect(els.form, fieldsOf(els.push)) });
    if (r.type === 'ack') els.screenId.value = nextScreenId(els.screenId.value.trim());
  });
}
