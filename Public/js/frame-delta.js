// Frame deltas (docs/protocol.md section 10): a `delta` message holds the edits that make the
// frame a connection shows into the next one. The connection applies them (the rest of the page
// only ever sees whole frames); a delta that does not apply to the frame shown throws, and the
// page then asks for the whole frame.

// `frame`: the frame shown ({type:'frame', seq, t, w, h, shapes}); `delta`: {seq, base, t, n,
// edits:[[at, removed, [shapes]]]}. Returns the new frame, an object shaped as JSON.parse gives a
// frame message (shapes not edited are the same objects as the frame shown's).
export function applyDelta(frame, delta) {
  if (!frame || frame.seq !== delta.base) {
    throw new Error(`delta: base ${delta.base} is not the frame shown (${frame ? frame.seq : 'none'})`);
  }
  if (!Array.isArray(delta.edits)) throw new Error('delta: edits is not an array');
  const old = frame.shapes;
  const shapes = [];
  let next = 0;
  for (const edit of delta.edits) {
    const [at, removed, inserted] = Array.isArray(edit) && edit.length === 3 ? edit : [];
    if (!Number.isInteger(at) || !Number.isInteger(removed) || !Array.isArray(inserted)
      || at < next || removed < 0 || at + removed > old.length) {
      throw new Error(`delta: edit ${JSON.stringify(edit)?.slice(0, 40)} does not fit ${old.length} shapes (next ${next})`);
    }
    for (let i = next; i < at; i += 1) shapes.push(old[i]);
    for (const s of inserted) shapes.push(s);
    next = at + removed;
  }
  for (let i = next; i < old.length; i += 1) shapes.push(old[i]);
  if (shapes.length !== delta.n) throw new Error(`delta: ${shapes.length} shapes after the edits, not ${delta.n}`);
  return { type: 'frame', seq: delta.seq, t: delta.t, w: frame.w, h: frame.h, shapes };
}
