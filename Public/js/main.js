// Wires the page together. The page only draws frames, forwards pointer input and sends commands.
import { Connection, defaultUrl } from './connection.js';
import { Renderer } from './renderer.js';
import { Session, wantedFrames } from './session.js';
import { EventLog } from './eventlog.js';
import { stats, recordFrameReceived } from './stats.js';
import { forwardPointer } from './pointer.js';
import { setupOpButtons, setupReadouts, setupLiveProgress, applyRole } from './controls.js';
import { setupConsole } from './console.js';
import { ReplayBar } from './replay.js';
import { setupSessionPanel } from './session-panel.js';
import { setupThreeStrategies } from './player-panel.js';
import { setupNavigationPanel } from './nav-panel.js';
import { setupScenarios } from './scenarios.js';
import { setupRecordings } from './recordings.js';
import { setupShare } from './share.js';
import { setupStatus } from './status.js';
import { setupTour } from './tour.js';
import { Inspector } from './inspector.js';
import { setupKeyboard } from './keyboard.js';
import { setupDescription } from './describe.js';
import { setupTooltips } from './tooltips.js';
import { announce, announcements, setupAnnouncer } from './announce.js';

const $ = (id) => {
  const el = document.getElementById(id);
  if (!el) throw new Error(`missing #${id}`);
  return el;
};

const conn = new Connection(defaultUrl());
setupAnnouncer($('announcer'));
const renderer = new Renderer($('canvas'), { fit: true });
const log = new EventLog($('event-log'), $('event-filter'), $('event-count'));

const app = {
  conn,
  renderer,
  log,
  session: null,
  // Sends an op with an id and resolves with its reply. Errors go to the event log unless
  // `quiet` is true or lists their code.
  async send(msg, { quiet = false } = {}) {
    const reply = await conn.request(msg);
    stats.latencyMs = conn.lastLatencyMs;
    const silenced = quiet === true || (Array.isArray(quiet) && quiet.includes(reply.code));
    if (reply.type === 'error' && !silenced) log.error(reply);
    return reply;
  },
};
app.session = new Session(app);

const replayBar = new ReplayBar(app, {
  bar: $('replay-bar'), play: $('replay-play'), seek: $('replay-seek'), markers: $('replay-markers'),
  speed: $('replay-speed'), back: $('replay-step-back'), forward: $('replay-step-forward'), time: $('replay-time'),
});

const inspector = new Inspector(app, {
  target: $('trace-target'), property: $('trace-property'), start: $('trace-start'), stop: $('trace-stop'),
  refresh: $('trace-refresh'), status: $('trace-status'), canvas: $('trace-plot'),
});

let lastFrame = null; // the newest frame received (read-only test hook below)
conn.addEventListener('frame', (e) => {
  lastFrame = e.detail;
  recordFrameReceived();
  renderer.submit(e.detail);
  replayBar.onFrame(e.detail);
  inspector.onFrame(e.detail);
});
conn.addEventListener('event', (e) => {
  const msg = e.detail;
  log.event(msg);
  replayBar.onEvent(msg);
  if (msg.name === 'session.closed') app.session.closed();
});
conn.addEventListener('error', (e) => log.error(e.detail));
// While the connection is down the canvas holds the last picture received: it is dimmed under a
// notice, so it never looks live, and the change is announced once (not each retry).
const connNotice = $('conn-notice');
let down = false;
conn.addEventListener('state', (e) => {
  const { state, reason, delayMs } = e.detail;
  if (state === 'open') log.note('connected');
  if (state === 'waiting') log.note(`disconnected (${reason}); retrying in ${(delayMs / 1000).toFixed(1)} s`);
  if (state === 'open' && down) {
    down = false;
    renderer.canvas.classList.remove('stale');
    connNotice.hidden = true;
    applyRole(app.session);
    announce('Reconnected to the server.');
  } else if (state === 'waiting' && !down) {
    down = true;
    renderer.canvas.classList.add('stale');
    connNotice.hidden = false;
    // The controls would only say "not connected": off until the connection is back.
    applyRole(app.session, { disconnected: true });
    announce('Disconnected from the server; reconnecting. The screen shows the last picture received.');
  }
});
conn.addEventListener('open', () => app.session.enter());

const sessionEnded = $('session-ended');
const sessionEndedText = $('session-ended-text');
const sessionNew = $('session-new');
const short = (id) => `${String(id).slice(0, 8)}…`;
function sessionNotice({ session, ended, gone, goneRecording, replaced }) {
  if (session) {
    return replaced ? `Session ${short(replaced)} no longer exists (the server restarted, or it expired): this is a new`
      + ' session, and pages that watched the old one are not in it. Share its link again.' : '';
  }
  if (ended === 'closed') return 'This session was closed. Create a new one or join another in the Session panel.';
  if (ended === 'left') return 'You left the session. Create a new one or join another in the Session panel.';
  if (ended === 'gone') {
    const recording = goneRecording ? `, and the recording "${goneRecording}" cannot be opened` : '';
    return `Session ${short(gone)} no longer exists (the server restarted, or it expired)${recording}, so nothing here is live.`
      + ' Start a new session, or join another in the Session panel.';
  }
  return '';
}
let lastNotice = '';
app.session.addEventListener('change', (e) => {
  applyRole(app.session, { disconnected: down });
  replayBar.configure(e.detail.replay);
  // A session that ended (or is gone) takes its picture with it, and the page says why and what next.
  const { session, ended } = e.detail;
  if (!session) renderer.clear();
  const text = sessionNotice(e.detail);
  sessionEnded.hidden = !text;
  sessionEndedText.textContent = text;
  sessionNew.hidden = Boolean(session) || !ended;
  if (text && text !== lastNotice) announce(text);
  lastNotice = text;
});
sessionNew.addEventListener('click', () => app.session.startNew());
applyRole(app.session);

forwardPointer($('canvas'), renderer, (msg) => conn.post(msg),
  () => app.session.isController && !app.session.info.replay);

setupOpButtons(app);
setupReadouts();
setupLiveProgress(app, $('hud-progress'), $('hud-target'));
setupConsole(app, $('console-input'), $('console-send'), $('console-output'));
setupSessionPanel(app, {
  create: $('session-create'), join: $('session-join'), joinId: $('session-join-id'), joinToken: $('session-join-token'),
  leave: $('session-leave'), close: $('session-close'), inspect: $('session-inspect'), frameGet: $('session-frame-get'),
  output: $('inspect-output'),
});
setupThreeStrategies(app, {
  setup: $('player-three'), play: $('player-three-play'), pause: $('player-three-pause'),
  duration: $('player-duration'), tick: $('player-tick'),
});
setupNavigationPanel(app, {
  form: $('nav-form'), create: $('nav-create'), rootTitle: $('nav-root-title'), push: $('nav-push'),
  screenId: $('nav-screen-id'),
});
setupScenarios(app, {
  panel: $('panel-scenarios'), select: $('scenario-select'), run: $('scenario-run'), stop: $('scenario-stop'),
  refresh: $('scenario-refresh'), status: $('scenario-status'),
});
setupRecordings(app, {
  start: $('record-start'), stop: $('record-stop'), state: $('record-state'),
  list: $('recordings-list'), empty: $('recordings-empty'), refresh: $('recordings-refresh'),
});
setupShare(app, { viewer: $('copy-viewer-link'), controller: $('copy-controller-link'), output: $('share-link'), note: $('share-note') });
setupStatus(app, {
  conn: $('status-conn'), role: $('status-role'), session: $('status-session'),
  fps: $('status-fps'), frames: $('status-frames'), latency: $('status-latency'), draw: $('status-draw'),
});
$('event-clear').addEventListener('click', () => log.clear());
setupTour(app, { bar: $('tour-bar'), stop: $('tour-stop'), note: $('tour-note') });
setupKeyboard(app, { playerTarget: $('player-target'), note: $('key-note') });
setupDescription(app, { canvas: $('canvas'), output: $('canvas-description') });
setupTooltips();

// For tests and debugging.
window.progresscast = {
  stats,
  app,
  get session() { return app.session.info; },
  get connected() { return conn.isOpen(); },
  // Read-only views for tests: the newest frame received, and the frame on the canvas now.
  get lastFrame() { return lastFrame; },
  get drawnFrame() { return renderer.current; },
  // The timing inspector: the samples received and what was last plotted (canvas pixels).
  get inspector() { return { target: inspector.target, samples: inspector.samples, plot: inspector.plot }; },
  get tourRunning() { return Boolean(app.tourRunning); },
  // What the page announced (the polite live region), oldest first.
  get announcements() { return [...announcements]; },
  // Frame encoding: asked for (from the URL), confirmed by the server's ack, that of the newest
  // frame, and counts of frames received per encoding and of binary messages that did not decode.
  get frames() {
    return { wanted: wantedFrames(), acked: app.session.info.frames, last: conn.lastFrameEncoding, ...conn.frameCounts };
  },
};

conn.start();
