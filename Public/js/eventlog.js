// The event log: every `event` message, every error and local notes, newest first, bounded.
const MAX_ENTRIES = 500;
// Errors outlive events and notes: when the log is full the oldest entry that is not an error
// goes first (the guided tour's events would otherwise push a user's early errors out within two
// minutes), unless errors alone fill this many entries.
const MAX_KEPT_ERRORS = 250;

// The fields as JSON with a space after each top-level comma, so a long detail wraps between
// fields rather than inside a key or value.
function describe(msg, skip) {
  const fields = Object.entries(msg).filter(([k]) => !skip.has(k));
  if (!fields.length) return '';
  return `{${fields.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`).join(', ')}}`;
}

const EVENT_KEYS = new Set(['type', 't', 'name', 'target']);

export class EventLog {
  constructor(list, filterInput, countLabel) {
    this.list = list;
    this.filterInput = filterInput;
    this.countLabel = countLabel;
    this.filter = '';
    this.errors = 0;
    filterInput.addEventListener('input', () => this.applyFilter());
  }

  add(kind, time, title, detail) {
    const li = document.createElement('li');
    li.className = `entry ${kind}`;
    li.dataset.kind = kind;
    for (const [cls, text] of [['time', time], ['title', title], ['detail', detail]]) {
      const span = document.createElement('span');
      span.className = cls;
      span.textContent = text;
      li.append(span);
    }
    li.hidden = !this.matches(li);
    this.list.prepend(li);
    if (kind === 'error') this.errors += 1;
    while (this.list.childElementCount > MAX_ENTRIES) this.removeOldest();
    this.updateCount();
  }

  removeOldest() {
    let victim = this.list.lastElementChild;
    if (this.errors <= MAX_KEPT_ERRORS) {
      while (victim && victim.dataset.kind === 'error') victim = victim.previousElementSibling;
      victim ??= this.list.lastElementChild;
    }
    if (victim.dataset.kind === 'error') this.errors -= 1;
    victim.remove();
  }

  event(msg) {
    const t = typeof msg.t === 'number' ? msg.t.toFixed(3) : '';
    const title = msg.target ? `${msg.name} ${msg.target}` : String(msg.name);
    this.add('event', t, title, describe(msg, EVENT_KEYS));
  }

  error(msg) {
    const where = msg.op ? `${msg.op}: ` : '';
    this.add('error', clock(), `${msg.code ?? 'error'}`, `${where}${msg.message ?? ''}${msg.id !== undefined ? ` (id ${msg.id})` : ''}`);
  }

  note(text) {
    this.add('note', clock(), 'note', text);
  }

  clear() {
    this.list.replaceChildren();
    this.errors = 0;
    this.updateCount();
  }

  matches(li) {
    return this.filter === '' || `${li.dataset.kind} ${li.textContent}`.toLowerCase().includes(this.filter);
  }

  applyFilter() {
    this.filter = this.filterInput.value.trim().toLowerCase();
    for (const li of this.list.children) li.hidden = !this.matches(li);
    this.updateCount();
  }

  updateCount() {
    const total = this.list.childElementCount;
    const shown = this.filter ? [...this.list.children].filter((li) => !li.hidden).length : total;
    this.countLabel.textContent = this.filter ? `${shown} of ${total}` : `${total}`;
  }
}

// Local wall-clock time for entries that have no media time.
function clock() {
  return new Date().toLocaleTimeString([], { hour12: false });
}
