// Decodes binary frame messages (docs/protocol.md section 9) into exactly the object JSON.parse
// gives for the same frame sent as JSON: same keys in the same order, optional fields absent when
// their flag is clear. Malformed input throws an Error; nothing is guessed.
const MAGIC = [0x50, 0x43, 0x46, 0x31]; // "PCF1"
const MAX_VARINT_BYTES = 10;
// Far deeper than any scene; keeps a hostile message from exhausting the stack.
const MAX_DEPTH = 256;

const KINDS = ['rect', 'arc', 'pie', 'line', 'path', 'text', 'radial', 'group'];
// The flag bits each kind defines (bit 0, value 1, is the id for every kind).
const KNOWN_FLAGS = [0x1f, 0x03, 0x01, 0x03, 0x3f, 0x1f, 0x01, 0x0f];
const CAPS = ['butt', 'round', 'square'];
const JOINS = ['miter', 'round', 'bevel'];
const ALIGNS = ['left', 'center', 'right'];
const BASELINES = ['alphabetic', 'top', 'middle'];
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));

const utf8 = new TextDecoder('utf-8', { fatal: true });

class Reader {
  constructor(bytes) {
    this.bytes = bytes;
    this.pos = 0;
    this.end = bytes.length;
  }

  fail(what) {
    return new Error(`binary frame: ${what} (at byte ${this.pos} of ${this.end})`);
  }

  byte(what) {
    if (this.pos >= this.end) throw this.fail(`${what} past the end`);
    return this.bytes[this.pos++];
  }

  // Unsigned LEB128. Values go past 2^32, so the groups are combined by multiplying, not shifting.
  uvarint(what) {
    const bytes = this.bytes;
    let pos = this.pos;
    let value = 0;
    let scale = 1;
    for (let i = 0; i < MAX_VARINT_BYTES; i += 1) {
      if (pos >= this.end) throw this.fail(`${what} past the end`);
      const b = bytes[pos++];
      value += (b & 0x7f) * scale;
      if (b < 0x80) {
        this.pos = pos;
        if (value > Number.MAX_SAFE_INTEGER) throw this.fail(`${what} too large to be exact`);
        return value;
      }
      scale *= 128;
    }
    this.pos = pos;
    throw this.fail(`${what}: varint longer than ${MAX_VARINT_BYTES} bytes`);
  }

  // Zigzag: even n is n / 2, odd n is -(n + 1) / 2.
  svarint(what) {
    const n = this.uvarint(what);
    return n % 2 === 0 ? n / 2 : -(n + 1) / 2;
  }

  // Dividing the exact integer gives the same double as JSON.parse of its 4-decimal text.
  number(what) {
    return this.svarint(what) / 10000;
  }

  color(what) {
    if (this.pos + 4 > this.end) throw this.fail(`${what} colour past the end`);
    const b = this.bytes;
    const p = this.pos;
    this.pos = p + 4;
    const rgb = `#${HEX[b[p]]}${HEX[b[p + 1]]}${HEX[b[p + 2]]}`;
    return b[p + 3] === 255 ? rgb : rgb + HEX[b[p + 3]];
  }

  string(what) {
    const length = this.uvarint(`${what} length`);
    if (length > this.end - this.pos) throw this.fail(`${what}: ${length} bytes past the end`);
    const start = this.pos;
    this.pos = start + length;
    try {
      return utf8.decode(this.bytes.subarray(start, start + length));
    } catch {
      this.pos = start;
      throw this.fail(`${what} is not UTF-8`);
    }
  }

  enumeration(names, what) {
    const code = this.byte(what);
    if (code >= names.length) throw this.fail(`unknown ${what} byte ${code}`);
    return names[code];
  }
}

function shape(r, depth) {
  const kindByte = r.byte('shape kind');
  const kind = KINDS[kindByte];
  if (kind === undefined) throw r.fail(`unknown shape kind byte ${kindByte}`);
  const flags = r.byte(`${kind} flags`);
  if (flags & ~KNOWN_FLAGS[kindByte]) throw r.fail(`unknown ${kind} flag bits 0x${(flags & ~KNOWN_FLAGS[kindByte]).toString(16)}`);
  const s = { kind };
  if (flags & 1) s.id = r.string(`${kind} id`);
  switch (kindByte) {
    case 0: // rect
      s.x = r.number('rect x'); s.y = r.number('rect y'); s.w = r.number('rect w'); s.h = r.number('rect h');
      if (flags & 2) s.r = r.number('rect r');
      if (flags & 4) s.fill = r.color('rect fill');
      if (flags & 8) s.stroke = r.color('rect stroke');
      if (flags & 16) s.lw = r.number('rect lw');
      break;
    case 1: // arc
      s.cx = r.number('arc cx'); s.cy = r.number('arc cy'); s.r = r.number('arc r');
      s.a0 = r.number('arc a0'); s.a1 = r.number('arc a1'); s.lw = r.number('arc lw');
      s.stroke = r.color('arc stroke');
      if (flags & 2) s.cap = r.enumeration(CAPS, 'cap');
      break;
    case 2: // pie
      s.cx = r.number('pie cx'); s.cy = r.number('pie cy'); s.r = r.number('pie r');
      s.a0 = r.number('pie a0'); s.a1 = r.number('pie a1');
      s.fill = r.color('pie fill');
      break;
    case 3: // line
      s.x1 = r.number('line x1'); s.y1 = r.number('line y1'); s.x2 = r.number('line x2'); s.y2 = r.number('line y2');
      s.lw = r.number('line lw');
      s.stroke = r.color('line stroke');
      if (flags & 2) s.cap = r.enumeration(CAPS, 'cap');
      break;
    case 4: // path
      s.d = r.string('path d');
      if (flags & 2) s.fill = r.color('path fill');
      if (flags & 4) s.stroke = r.color('path stroke');
      if (flags & 8) s.lw = r.number('path lw');
      if (flags & 16) s.cap = r.enumeration(CAPS, 'cap');
      if (flags & 32) s.join = r.enumeration(JOINS, 'join');
      break;
    case 5: // text
      s.x = r.number('text x'); s.y = r.number('text y');
      s.text = r.string('text text');
      s.size = r.number('text size');
      s.weight = flags & 8 ? 700 : 400;
      s.fill = r.color('text fill');
      if (flags & 2) s.align = r.enumeration(ALIGNS, 'align');
      if (flags & 4) s.baseline = r.enumeration(BASELINES, 'baseline');
      if (flags & 16) s.dir = 'rtl';
      break;
    case 6: { // radial
      s.x = r.number('radial x'); s.y = r.number('radial y'); s.w = r.number('radial w'); s.h = r.number('radial h');
      s.cx = r.number('radial cx'); s.cy = r.number('radial cy'); s.r = r.number('radial r');
      const count = r.uvarint('radial stop count');
      // Each stop takes at least 5 bytes: refuse an impossible count before allocating for it.
      if (count * 5 > r.end - r.pos) throw r.fail(`radial stop count ${count} past the end`);
      const stops = [];
      for (let i = 0; i < count; i += 1) {
        const offset = r.number('radial stop offset');
        stops.push([offset, r.color('radial stop')]);
      }
      s.stops = stops;
      break;
    }
    default: // group
      if (depth >= MAX_DEPTH) throw r.fail(`groups nested deeper than ${MAX_DEPTH}`);
      if (flags & 2) s.alpha = r.number('group alpha');
      if (flags & 4) {
        s.m = [r.number('group m'), r.number('group m'), r.number('group m'),
          r.number('group m'), r.number('group m'), r.number('group m')];
      }
      if (flags & 8) s.clip = [r.number('group clip'), r.number('group clip'), r.number('group clip'), r.number('group clip')];
      s.items = shapes(r, 'group item count', depth + 1);
  }
  return s;
}

function shapes(r, what, depth) {
  const count = r.uvarint(what);
  // A shape is at least 2 bytes (kind, flags).
  if (count * 2 > r.end - r.pos) throw r.fail(`${what} ${count} past the end`);
  const list = [];
  for (let i = 0; i < count; i += 1) list.push(shape(r, depth));
  return list;
}

const DELTA_MAGIC = [0x50, 0x43, 0x44, 0x31]; // "PCD1" (docs/protocol.md section 10)

function readerOf(data) {
  let bytes;
  if (data instanceof ArrayBuffer) bytes = new Uint8Array(data);
  else if (ArrayBuffer.isView(data)) bytes = new Uint8Array(data.buffer, data.byteOffset, data.byteLength);
  else throw new TypeError('binary frame: expected an ArrayBuffer');
  return new Reader(bytes);
}

function hasMagic(r, magic) {
  if (r.end < magic.length) {
    r.pos = r.end;
    throw r.fail('magic past the end');
  }
  for (let i = 0; i < magic.length; i += 1) if (r.bytes[i] !== magic[i]) return false;
  return true;
}

// Whether a binary message is a delta (its magic is "PCD1") rather than a frame.
export function isBinaryDelta(data) {
  const r = readerOf(data);
  return r.end >= DELTA_MAGIC.length && hasMagic(r, DELTA_MAGIC);
}

// `data`: the message's ArrayBuffer (or a view of one). Returns {type:'frame', seq, t, w, h, shapes}.
export function decodeBinaryFrame(data) {
  const r = readerOf(data);
  if (!hasMagic(r, MAGIC)) throw r.fail('bad magic (expected "PCF1")');
  r.pos = MAGIC.length;
  const seq = r.uvarint('seq');
  const t = r.svarint('t') / 1e6;
  const w = r.number('w');
  const h = r.number('h');
  const frame = { type: 'frame', seq, t, w, h, shapes: shapes(r, 'shape count', 0) };
  if (r.pos !== r.end) throw r.fail(`${r.end - r.pos} byte(s) left over after the frame`);
  return frame;
}

// A binary delta message: returns {type:'delta', seq, base, t, n, edits:[[at, removed, [shapes]]]},
// what JSON.parse gives for the same delta sent as JSON.
export function decodeBinaryDelta(data) {
  const r = readerOf(data);
  if (!hasMagic(r, DELTA_MAGIC)) throw r.fail('bad magic (expected "PCD1")');
  r.pos = DELTA_MAGIC.length;
  const seq = r.uvarint('seq');
  const base = r.uvarint('base');
  const t = r.svarint('t') / 1e6;
  const n = r.uvarint('n');
  const count = r.uvarint('edit count');
  // An edit is at least 3 bytes (at, removed, inserted count).
  if (count * 3 > r.end - r.pos) throw r.fail(`edit count ${count} past the end`);
  const edits = [];
  for (let i = 0; i < count; i += 1) {
    const at = r.uvarint('at');
    const removed = r.uvarint('removed');
    edits.push([at, removed, shapes(r, 'inserted count', 0)]);
  }
  if (r.pos !== r.end) throw r.fail(`${r.end - r.pos} byte(s) left over after the delta`);
  return { type: 'delta', seq, base, t, n, edits };
}
