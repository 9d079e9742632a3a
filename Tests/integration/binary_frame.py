"""A decoder of binary frames (docs/protocol.md section 9), written from the protocol text alone.

`decode(data)` returns the dict that `json.loads` gives for the canonical JSON frame with the
same `seq`, keys in the same order, so that

    json.dumps(decode(data), separators=(",", ":"), ensure_ascii=False)

is the server's JSON frame text byte for byte. Anything the protocol says a decoder must refuse
(unknown magic, kind byte, flag bit or enumeration byte, a varint longer than 10 bytes, a length
past the end, bytes left over) raises `BinaryFrameError`.
"""
import json

MAGIC = b"PCF1"
DELTA_MAGIC = b"PCD1"     # binary deltas (docs/protocol.md section 10)
NUMBER_SCALE = 10_000     # numbers: svarint of value * 10,000
TIME_SCALE = 1_000_000    # t: svarint of whole microseconds
MAX_VARINT_BYTES = 10

CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")
ALIGNS = ("left", "center", "right")
BASELINES = ("alphabetic", "top", "middle")

KIND_NAMES = ("rect", "arc", "pie", "line", "path", "text", "radial", "group")
FLAG_ID = 1
# Every flag bit each kind may carry (bit 0, the id, for all of them).
ALLOWED_FLAGS = {
    "rect": FLAG_ID | 2 | 4 | 8 | 16,
    "arc": FLAG_ID | 2,
    "pie": FLAG_ID,
    "line": FLAG_ID | 2,
    "path": FLAG_ID | 2 | 4 | 8 | 16 | 32,
    "text": FLAG_ID | 2 | 4 | 8 | 16,
    "radial": FLAG_ID,
    "group": FLAG_ID | 2 | 4 | 8,
}


class BinaryFrameError(ValueError):
    pass


def dumps(obj):
    """The canonical text form used for comparisons (the server's own JSON has this layout)."""
    return json.dumps(obj, separators=(",", ":"), ensure_ascii=False)


def scaled(n, scale):
    """The JSON value of the integer n divided by scale: an int when whole (JSON `375`), else the
    float of that exact decimal (n / scale is correctly rounded, as float("0.1234") is)."""
    if n % scale == 0:
        return n // scale
    return n / scale


class _Reader:
    def __init__(self, data):
        self.data = bytes(data)
        self.pos = 0

    def take(self, count, what):
        end = self.pos + count
        if count < 0 or end > len(self.data):
            raise BinaryFrameError(f"{what}: {count} bytes at offset {self.pos} run past the end ({len(self.data)} bytes)")
        chunk = self.data[self.pos:end]
        self.pos = end
        return chunk

    def byte(self, what):
        return self.take(1, what)[0]

    def uvarint(self, what):
        value = 0
        for i in range(MAX_VARINT_BYTES):
            b = self.byte(what)
            value |= (b & 0x7F) << (7 * i)
            if not b & 0x80:
                if value >= 1 << 64:
                    raise BinaryFrameError(f"{what}: varint at offset {self.pos - i - 1} is over 64 bits")
                return value
        raise BinaryFrameError(f"{what}: varint longer than {MAX_VARINT_BYTES} bytes at offset {self.pos - MAX_VARINT_BYTES}")

    def svarint(self, what):
        n = self.uvarint(what)
        return (n >> 1) ^ -(n & 1)

    def number(self, what):
        return scaled(self.svarint(what), NUMBER_SCALE)

    def colour(self, what):
        r, g, b, a = self.take(4, what)
        if a == 255:
            return f"#{r:02x}{g:02x}{b:02x}"
        return f"#{r:02x}{g:02x}{b:02x}{a:02x}"

    def string(self, what):
        raw = self.take(self.uvarint(what + " length"), what)
        try:
            return raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise BinaryFrameError(f"{what}: not UTF-8 ({e})") from None

    def enum(self, names, what):
        b = self.byte(what)
        if b >= len(names):
            raise BinaryFrameError(f"{what}: unknown enumeration byte {b} at offset {self.pos - 1}")
        return names[b]

    def shape(self, depth=0):
        start = self.pos
        kind_byte = self.byte("shape kind")
        if kind_byte >= len(KIND_NAMES):
            raise BinaryFrameError(f"unknown shape kind byte {kind_byte} at offset {start}")
        kind = KIND_NAMES[kind_byte]
        flags = self.byte(f"{kind} flags")
        unknown = flags & ~ALLOWED_FLAGS[kind]
        if unknown:
            raise BinaryFrameError(f"{kind} at offset {start}: unknown flag bits {unknown:#x} (flags {flags:#x})")
        s = {"kind": kind}
        if flags & FLAG_ID:
            s["id"] = self.string(f"{kind} id")
        num = self.number

        if kind == "rect":
            for k in ("x", "y", "w", "h"):
                s[k] = num(f"rect {k}")
            if flags & 2:
                s["r"] = num("rect r")
            if flags & 4:
                s["fill"] = self.colour("rect fill")
            if flags & 8:
                s["stroke"] = self.colour("rect stroke")
            if flags & 16:
                s["lw"] = num("rect lw")
        elif kind in ("arc", "pie"):
            for k in ("cx", "cy", "r", "a0", "a1"):
                s[k] = num(f"{kind} {k}")
            if kind == "arc":
                s["lw"] = num("arc lw")
                s["stroke"] = self.colour("arc stroke")
                if flags & 2:
                    s["cap"] = self.enum(CAPS, "arc cap")
            else:
                s["fill"] = self.colour("pie fill")
        elif kind == "line":
            for k in ("x1", "y1", "x2", "y2", "lw"):
                s[k] = num(f"line {k}")
            s["stroke"] = self.colour("line stroke")
            if flags & 2:
                s["cap"] = self.enum(CAPS, "line cap")
        elif kind == "path":
            s["d"] = self.string("path d")
            if flags & 2:
                s["fill"] = self.colour("path fill")
            if flags & 4:
                s["stroke"] = self.colour("path stroke")
            if flags & 8:
                s["lw"] = num("path lw")
            if flags & 16:
                s["cap"] = self.enum(CAPS, "path cap")
            if flags & 32:
                s["join"] = self.enum(JOINS, "path join")
        elif kind == "text":
            s["x"] = num("text x")
            s["y"] = num("text y")
            s["text"] = self.string("text text")
            s["size"] = num("text size")
            s["weight"] = 700 if flags & 8 else 400
            s["fill"] = self.colour("text fill")
            if flags & 2:
                s["align"] = self.enum(ALIGNS, "text align")
            if flags & 4:
                s["baseline"] = self.enum(BASELINES, "text baseline")
            if flags & 16:
                s["dir"] = "rtl"
        elif kind == "radial":
            for k in ("x", "y", "w", "h", "cx", "cy", "r"):
                s[k] = num(f"radial {k}")
            count = self.uvarint("radial stop count")
            self._plausible(count, 5, "radial stop count")
            s["stops"] = [[num("radial stop offset"), self.colour("radial stop colour")] for _ in range(count)]
        else:  # group
            if flags & 2:
                s["alpha"] = num("group alpha")
            if flags & 4:
                s["m"] = [num(f"group m[{i}]") for i in range(6)]
            if flags & 8:
                s["clip"] = [num(f"group clip[{i}]") for i in range(4)]
            count = self.uvarint("group item count")
            self._plausible(count, 2, "group item count")
            s["items"] = [self.shape(depth + 1) for _ in range(count)]
        return s

    def _plausible(self, count, min_bytes_each, what):
        """A count whose items could not fit in the bytes left is a length past the end."""
        if count * min_bytes_each > len(self.data) - self.pos:
            raise BinaryFrameError(f"{what} {count} at offset {self.pos}: more than the {len(self.data) - self.pos} bytes left")


def _reader_past(data, expected):
    """A reader of `data` past its magic, which must be `expected`."""
    r = _Reader(data)
    magic = r.take(4, "magic")
    if magic != expected:
        raise BinaryFrameError(f"unknown magic {magic!r} (expected {expected!r})")
    return r


def _left_over(r, what):
    if r.pos != len(r.data):
        raise BinaryFrameError(f"{len(r.data) - r.pos} bytes left over after the {what} (at offset {r.pos})")


def decode(data):
    """The frame dict of a binary frame message (bytes); raises BinaryFrameError."""
    r = _reader_past(data, MAGIC)
    frame = {"type": "frame"}
    frame["seq"] = r.uvarint("seq")
    frame["t"] = scaled(r.svarint("t"), TIME_SCALE)
    frame["w"] = r.number("w")
    frame["h"] = r.number("h")
    count = r.uvarint("shape count")
    r._plausible(count, 2, "shape count")
    frame["shapes"] = [r.shape() for _ in range(count)]
    _left_over(r, "frame")
    return frame


def decode_delta(data):
    """The dict that `json.loads` gives for the JSON delta with the same values, of a binary delta
    message (bytes): {"type":"delta","seq","base","t","n","edits":[[at, removed, [shapes]]]}."""
    r = _reader_past(data, DELTA_MAGIC)
    delta = {"type": "delta"}
    delta["seq"] = r.uvarint("seq")
    delta["base"] = r.uvarint("base")
    delta["t"] = scaled(r.svarint("t"), TIME_SCALE)
    delta["n"] = r.uvarint("n")
    count = r.uvarint("edit count")
    r._plausible(count, 3, "edit count")
    edits = []
    for _ in range(count):
        at = r.uvarint("at")
        removed = r.uvarint("removed")
        inserted = r.uvarint("inserted")
        r._plausible(inserted, 2, "inserted count")
        edits.append([at, removed, [r.shape() for _ in range(inserted)]])
    delta["edits"] = edits
    _left_over(r, "delta")
    return delta


def decode_message(data):
    """A binary message: a frame or a delta, by its magic."""
    return decode_delta(data) if data[:4] == DELTA_MAGIC else decode(data)


def apply_delta(frame, delta):
    """The frame dict that `delta` makes of `frame` (a frame dict whose seq is the delta's base),
    as docs/protocol.md section 10 says a client applies it; raises ValueError when it does not
    apply (another base, edits out of order or past the end, a shape count other than `n`)."""
    if frame["seq"] != delta["base"]:
        raise ValueError(f"delta base {delta['base']} is not the frame shown ({frame['seq']})")
    old = frame["shapes"]
    shapes = []
    nxt = 0
    for at, removed, inserted in delta["edits"]:
        if at < nxt or removed < 0 or at + removed > len(old):
            raise ValueError(f"edit at {at} removing {removed} does not fit ({len(old)} shapes, next {nxt})")
        shapes += old[nxt:at]
        shapes += inserted
        nxt = at + removed
    shapes += old[nxt:]
    if len(shapes) != delta["n"]:
        raise ValueError(f"{len(shapes)} shapes after the edits, not {delta['n']}")
    return {"type": "frame", "seq": delta["seq"], "t": delta["t"], "w": frame["w"], "h": frame["h"], "shapes": shapes}


# --- encoding, only to build test input for the decoder's own checks ---

def uvarint(n):
    out = bytearray()
    while True:
        b = n & 0x7F
        n >>= 7
        if n:
            out.append(b | 0x80)
        else:
            out.append(b)
            return bytes(out)


def svarint(n):
    return uvarint((n << 1) ^ (n >> 63))
