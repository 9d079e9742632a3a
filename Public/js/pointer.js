// Forwards pointer input on the canvas to the server in canvas points. Moves are sent only while
// a pointer is down and at most once per animation frame; the latest position always precedes "up".
const round2 = (v) => Math.round(v * 100) / 100;

export function forwardPointer(canvas, renderer, post, allowed) {
  const active = new Map(); // pointerId -> { n, x, y, dirty }
  let scheduled = false;

  // The canvas element may be scaled by CSS, so map through its on-screen box.
  function toPoints(e) {
    const box = canvas.getBoundingClientRect();
    const { w, h } = renderer.size;
    return {
      x: round2(((e.clientX - box.left) * w) / (box.width || 1)),
      y: round2(((e.clientY - box.top) * h) / (box.height || 1)),
    };
  }

  function freeNumber() {
    const used = new Set([...active.values()].map((p) => p.n));
    let n = 0;
    while (used.has(n)) n += 1;
    return n;
  }

  function sendMove(p) {
    p.dirty = false;
    post({ op: 'pointer', phase: 'move', x: p.x, y: p.y, pointer: p.n });
  }

  function flushMoves() {
    scheduled = false;
    for (const p of active.values()) if (p.dirty) sendMove(p);
  }

  canvas.addEventListener('pointerdown', (e) => {
    if (!allowed() || active.has(e.pointerId)) return;
    e.preventDefault();
    try {
      canvas.setPointerCapture(e.pointerId);
    } catch {
      // Synthetic or already-gone pointers cannot be captured; moves still arrive while over the canvas.
    }
    const p = { n: freeNumber(), ...toPoints(e), dirty: false };
    active.set(e.pointerId, p);
    post({ op: 'pointer', phase: 'down', x: p.x, y: p.y, pointer: p.n });
  });

  canvas.addEventListener('pointermove', (e) => {
    const p = active.get(e.pointerId);
    if (!p) return;
    Object.assign(p, toPoints(e), { dirty: true });
    if (!scheduled) {
      scheduled = true;
      requestAnimationFrame(flushMoves);
    }
  });

  function end(e, phase) {
    const p = active.get(e.pointerId);
    if (!p) return;
    active.delete(e.pointerId);
    if (phase === 'up') {
      const at = toPoints(e);
      if (at.x !== p.x || at.y !== p.y) Object.assign(p, at, { dirty: true });
    }
    if (p.dirty) sendMove(p);
    post({ op: 'pointer', phase, x: p.x, y: p.y, pointer: p.n });
  }

  canvas.addEventListener('pointerup', (e) => end(e, 'up'));
  canvas.addEventListener('pointercancel', (e) => end(e, 'cancel'));
  canvas.addEventListener('lostpointercapture', (e) => end(e, 'cancel'));
}
