// The JSON console: send any message and see its reply; Ctrl+Enter sends, Up/Down browse history.
const HISTORY_KEY = 'progresscast.console.history';
const HISTORY_MAX = 100;
const SESSION_OPS = new Set(['session.create', 'session.join', 'session.leave', 'session.close', 'replay.open']);

function loadHistory() {
  try {
    const h = JSON.parse(localStorage.getItem(HISTORY_KEY) ?? '[]');
    return Array.isArray(h) ? h.filter((x) => typeof x === 'string') : [];
  } catch {
    return [];
  }
}

// The next error without an id (the server's reply to raw text), or null after `ms`.
function waitForIdlessError(conn, ms) {
  return new Promise((resolve) => {
    const onError = (e) => {
      if (e.detail && e.detail.id !== undefined) return;
      clearTimeout(timer);
      conn.removeEventListener('error', onError);
      resolve(e.detail);
    };
    const timer = setTimeout(() => { conn.removeEventListener('error', onError); resolve(null); }, ms);
    conn.addEventListener('error', onError);
  });
}

export function setupConsole(app, input, sendButton, output) {
  const history = loadHistory();
  let index = history.length;

  function remember(text) {
    if (history[history.length - 1] !== text) history.push(text);
    while (history.length > HISTORY_MAX) history.shift();
    index = history.length;
    try { localStorage.setItem(HISTORY_KEY, JSON.stringify(history)); } catch { /* storage may be disabled */ }
  }

  async function send() {
    const text = input.value.trim();
    if (!text) return;
    remember(text);
    let msg;
    let parseError = null;
    try { msg = JSON.parse(text); } catch (err) { msg = undefined; parseError = err.message; }
    delete output.dataset.type;
    if (msg === null || typeof msg !== 'object' || Array.isArray(msg)) {
      // Sent as is, so the server's own validation can be tried; its error reply has no id, so
      // the console shows the next id-less error that arrives (the reply to this text).
      const why = parseError ? `Not valid JSON: ${parseError}` : 'Not a JSON object';
      output.dataset.type = 'error';
      if (!app.conn.isOpen()) {
        output.textContent = `${why}. Not sent: not connected.`;
        return;
      }
      const reply = waitForIdlessError(app.conn, 2000);
      app.conn.sendText(text);
      output.textContent = `${why}. Sent as is; waiting for the server's reply…`;
      const r = await reply;
      output.textContent = r
        ? `${why}.\nThe server replied:\n${JSON.stringify(r, null, 2)}`
        : `${why}. Sent as is; the server did not reply.`;
      return;
    }
    output.textContent = '…';
    const reply = await app.send(msg, { quiet: true });
    if (SESSION_OPS.has(msg.op)) app.session.adopt(msg, reply);
    output.textContent = JSON.stringify(reply, null, 2);
    output.dataset.type = reply.type;
  }

  function browse(step) {
    const next = index + step;
    if (next < 0 || next > history.length) return;
    index = next;
    input.value = history[index] ?? '';
  }

  sendButton.addEventListener('click', send);
  input.addEventListener('keydown', (e) => {
    if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
      e.preventDefault();
      send();
      return;
    }
    const atStart = input.selectionStart === 0 && input.selectionEnd === 0;
    const atEnd = input.selectionStart === input.value.length;
    if (e.key === 'ArrowUp' && (atStart || !input.value.includes('\n'))) {
      e.preventDefault();
      browse(-1);
    } else if (e.key === 'ArrowDown' && (atEnd || !input.value.includes('\n'))) {
      e.preventDefault();
      browse(1);
    }
  });
}
