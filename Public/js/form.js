// Reads a panel's inputs into an op message. An input is picked when its data-field or data-group
// is among `names`; data-key renames it, dotted keys nest ("frame.x" -> {frame:{x}}), and empty
// inputs are left out so the server's defaults apply (data-empty="send" sends "" instead).
export function collect(scope, names) {
  const wanted = new Set(names);
  const out = {};
  for (const el of scope.querySelectorAll('[data-field]')) {
    if (!wanted.has(el.dataset.field) && !wanted.has(el.dataset.group)) continue;
    const value = read(el);
    if (value !== undefined) assign(out, el.dataset.key || el.dataset.field, value);
  }
  return out;
}

function read(el) {
  if (el.type === 'checkbox') return el.checked ? true : undefined;
  const v = el.value.trim();
  if (v === '') return el.dataset.empty === 'send' ? '' : undefined;
  if (el.dataset.type === 'bool') return v === 'true';
  if (el.type === 'number' || el.type === 'range') {
    const n = Number(v);
    return Number.isFinite(n) ? n : v;
  }
  return v;
}

function assign(obj, key, value) {
  const parts = key.split('.');
  let o = obj;
  for (const p of parts.slice(0, -1)) o = o[p] ??= {};
  o[parts[parts.length - 1]] = value;
}

export function fieldsOf(button) {
  return (button.dataset.fields ?? '').split(/\s+/).filter(Boolean);
}
