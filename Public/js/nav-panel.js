// "Create stack": nav.create with one root screen titled from the form (the form reader cannot
// build the `screens` array by itself). Pushing and popping use the generic op buttons.
import { collect } from './form.js';

export function setupNavigationPanel(app, els) {
  els.create.addEventListener('click', () => {
    const fields = collect(els.form, ['target', 'fullscreenPopGesture',
      'viewControllerBasedNavigationBarAppearanceEnabled', 'layoutDirection']);
    const title = els.rootTitle.value.trim() || 'Root';
    app.send({ op: 'nav.create', ...fields, screens: [{ id: 'root', title, rows: { count: 20 } }] });
  });
}
