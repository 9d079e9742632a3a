// Every control names what it sends: buttons the op and the fields they collect, inputs the field
// they fill (a title a control already has is kept, first).
import { fieldsOf } from './form.js';

export function setupTooltips(root = document) {
  for (const button of root.querySelectorAll('button[data-op]')) {
    const fields = fieldsOf(button);
    const sends = `sends ${button.dataset.op}${fields.length ? ` {${fields.join(', ')}}` : ''}`;
    button.title = button.title ? `${button.title} (${sends})` : sends;
  }
  for (const input of root.querySelectorAll('[data-field]')) {
    const field = input.dataset.key ?? input.dataset.field;
    const buttons = [...(input.closest('[data-scope]')?.querySelectorAll('button[data-op]') ?? [])]
      .filter((b) => fieldsOf(b).some((f) => f === input.dataset.field || f === input.dataset.group))
      .map((b) => b.dataset.op);
    const ops = [...new Set(buttons)];
    const text = `field ${field}${ops.length ? ` of ${ops.join(', ')}` : ''}`;
    input.title = input.title ? `${input.title} (${text})` : text;
    const label = input.closest('label');
    if (label && !label.title) label.title = text;
  }
  for (const [id, text] of Object.entries(EXTRA)) {
    const el = root.getElementById?.(id);
    if (el && !el.title) el.title = text;
  }
}

// Buttons whose op is sent by a script of their own rather than data-op.
const EXTRA = {
  'session-create': 'sends session.create {canvas, clock, fps, title}',
  'session-join': 'sends session.join {session, token}',
  'session-leave': 'sends session.leave',
  'session-close': 'sends session.close',
  'session-inspect': 'sends inspect {target, layers}',
  'session-frame-get': 'sends frame.get',
  'player-three': 'sends bar.create, player.create, player.seek and player.play for three bars',
  'player-three-play': 'sends player.play to the three players',
  'player-three-pause': 'sends player.pause to the three players',
  'nav-create': 'sends nav.create {target, screens, fullscreenPopGesture, ...}',
  'scenario-run': 'sends scenario.run {name}',
  'scenario-stop': 'sends scenario.stop: drops the steps still to come and any loop',
  'record-start': 'sends record.start {name, title, overwrite}',
  'record-stop': 'sends record.stop',
  'tour-stop': 'sends scenario.stop: the tour stops and the session is yours',
  'trace-start': 'sends trace.start {target}',
  'trace-stop': 'sends trace.stop',
  'replay-play': 'sends replay.play, or replay.pause while playing',
  'replay-step-back': 'sends replay.step {frames: -1}',
  'replay-step-forward': 'sends replay.step {frames: 1}',
  'replay-seek': 'sends replay.seek {t}',
  'replay-speed': 'sends replay.speed {rate}',
  'scenario-select': 'field name of scenario.run',
  'scenario-refresh': 'reads GET /api/scenarios',
  'recordings-refresh': 'reads GET /api/recordings',
  'nav-root-title': 'field screens[0].title of nav.create',
  'session-join-id': 'field session of session.join',
  'session-join-token': 'field token of session.join (none: join as a viewer)',
  'console-input': 'a JSON message, sent as typed',
  'console-send': 'sends the JSON message as typed',
  'event-filter': 'filters the event log (sends nothing)',
  'event-clear': 'clears the event log (sends nothing)',
  'copy-viewer-link': 'copies a link that joins this session as a viewer (sends nothing)',
  'copy-controller-link': 'copies a link that joins this session as a controller, with its token (sends nothing)',
  'share-link': 'the link last copied',
};
