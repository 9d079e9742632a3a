// The page's one polite live region for what changes state: connected, disconnected and
// reconnecting, a session that ended or is gone. Nothing that changes every second goes here
// (the countdown stays in the status pill, the canvas's description is only aria-describedby).
const MAX_KEPT = 50;
export const announcements = []; // what was announced, newest last (read by tests)

let region = null;
let pending = null;

export function setupAnnouncer(el) {
  region = el;
}

// Says `text` once. The same text twice in a row is said again (the region is emptied first).
export function announce(text) {
  announcements.push(text);
  if (announcements.length > MAX_KEPT) announcements.shift();
  if (!region) return;
  region.textContent = '';
  clearTimeout(pending);
  pending = setTimeout(() => { region.textContent = text; }, 50);
}
