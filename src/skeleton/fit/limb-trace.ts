/**
 * A limb traced in the front view (front-view.ts): from a point inside it, step along the limb,
 * and at each step re-centre across it between its edges — gaps where it hangs free, creases
 * where it rests against the torso or another limb. A medial path through the solid cuts across
 * such a contact (the shortest way to the belly runs through it); the trace keeps to the limb.
 *
 * The upper arm read this way gives the shoulder: on the arm's line, where it reaches the chest's
 * side (an arm held out) or the shoulder's height (an arm hanging down), weighted by which way
 * the line runs.
 */
import type { BodyAnalysis } from './body-analysis.ts';
import { alongFrontal, type LimbSpan, spanMiddle, zMiddle } from './front-view.ts';
import { SHOULDER_WIDTH } from './limb-analysis.ts';

type Vec3 = [number, number, number];
type Vec2 = [number, number];

/** One point of a trace: the limb's centre, its width across, and the distance walked. */
export interface TraceSample {
  p: Vec3;
  width: number;
  s: number;
  /** The edge on the body's side (toward the mid-plane, or below for a limb held out). */
  inner: 'gap' | 'crease' | 'open';
  /** The point on the other edge (the limb's outer side, or its top for a limb held out). */
  outer: Vec2;
}

/**
 * A trace, and why it ended: it left the solid ('exit'), merged into a larger part ('merge'),
 * reached a point the caller stops at ('stop') or its longest length.
 */
export type Trace = TraceSample[] & { ended: 'exit' | 'merge' | 'stop' | 'length' };

/** Options of {@link traceLimb}. */
export interface TraceOptions {
  /** Step along the limb (canonical units). */
  step: number;
  /** How far either side the limb's edges are looked for. */
  reach: number;
  /** Longest trace. */
  maxLength: number;
  /** Stops before a point for which this is true. */
  stop?: (p: Vec3) => boolean;
}

const norm2 = (v: Vec2): Vec2 => {
  const l = Math.hypot(v[0], v[1]) || 1;
  return [v[0] / l, v[1] / l];
};

/** Rows across a limb unless it runs within about 27° of level (an arm held out): then columns. */
const acrossOf = (d: Vec2): Vec2 => (Math.abs(d[1]) >= 0.5 * Math.abs(d[0]) ? [1, 0] : [0, 1]);

/**
 * Traces the limb from `start` heading `dir` (frontal plane). Stops where the limb's span opens
 * (no edge found within reach), doubles its usual width (it has merged into the torso or the
 * shoulder), or where `stop` says.
 */
export function traceLimb(analysis: BodyAnalysis, start: Vec3, dir: Vec2, o: TraceOptions): Trace {
  const { view, solid } = analysis;
  let d = norm2(dir);
  const first = view.span(start, acrossOf(d), o.reach);
  // Rows: the body is toward the mid-plane; columns (a limb held out): below.
  const outward = (across: Vec2) => (across[0] !== 0 ? start[0] * across[0] > 0 : true);
  const innerOf = (sp: LimbSpan | null, across: Vec2) =>
    !sp ? 'open' : outward(across) ? sp.loEdge : sp.hiEdge;
  const outerOf = (q: ArrayLike<number>, sp: LimbSpan | null, across: Vec2): Vec2 => {
    const o = !sp ? 0 : outward(across) ? sp.hi : sp.lo;
    return [q[0] + across[0] * o, q[1] + across[1] * o];
  };
  const a0 = acrossOf(d);
  const out: TraceSample[] = [
    {
      p: [start[0], start[1], start[2]],
      width: first ? first.hi - first.lo : 0,
      s: 0,
      inner: innerOf(first, a0),
      outer: outerOf(start, first, a0),
    },
  ];
  let c: Vec3 = [start[0], start[1], start[2]];
  let ended: Trace['ended'] = 'length';
  for (let s = o.step; s <= o.maxLength; s += o.step) {
    const q: Vec3 = [c[0] + d[0] * o.step, c[1] + d[1] * o.step, c[2]];
    // Across along a row for a limb running more up than sideways, else along a column: the
    // middle of any chord of a straight limb is on its axis, and a row or column from the limb
    // is the least likely to run into the part beside it (the hand below an elbow, the torso).
    const across = acrossOf(d);
    const span = view.span(q, across, o.reach);
    if (!span) {
      ended = 'exit';
      break;
    }
    if (span.loEdge === 'open' || span.hiEdge === 'open') {
      ended = 'merge';
      break;
    }
    const width = span.hi - span.lo;
    const widths = out
      .slice(1)
      .map((t) => t.width)
      .filter((w) => w > 0);
    widths.sort((a, b) => a - b);
    const usual = widths.length ? widths[Math.floor(widths.length / 2)] : width;
    const inner = innerOf(span, across);
    // Twice as wide: merged into the torso or the shoulder. Narrow against a crease: the side
    // toward the body has become the body's own slope (the limb has ended in it).
    if (out.length >= 3 && width > 2 * usual) {
      ended = 'merge';
      break;
    }
    if (out.length >= 3 && inner === 'crease' && width < 0.5 * usual) {
      ended = 'merge';
      break;
    }
    if (width < 1.5 * solid.h) {
      ended = 'exit';
      break;
    }
    const m = alongFrontal(q, across, spanMiddle(span));
    m[2] = zMiddle(solid, m[0], m[1], c[2]);
    if (o.stop?.(m)) {
      ended = 'stop';
      break;
    }
    out.push({ p: m, width, s, inner, outer: outerOf(q, span, across) });
    // Head along the limb as traced over the last few steps (smooth against voxel steps).
    const back = out[Math.max(0, out.length - 4)].p;
    if (out.length >= 3)
      d = norm2([0.5 * d[0] + 0.5 * (m[0] - back[0]), 0.5 * d[1] + 0.5 * (m[1] - back[1])]);
    c = m;
  }
  return Object.assign(out, { ended });
}

/**
 * Samples of an arm hanging free above the elbow, at least, for its crease to be the armpit: an
 * arm that meets the body a step or two above the elbow (a heavy body, a coat, an arm hanging
 * steeply) rests against it, and the crease is no armpit (the shoulder read from it sat 5–10%
 * of the height low).
 */
const MIN_FREE = 3;

/**
 * The upper arm's joint from the elbow (canonical, at the limb's centre). The upper arm is traced
 * from the elbow toward the chest's top corner (`shoulderY`: the shoulder's height read from the
 * neck). Where it hangs free, the side toward the body is a gap until the armpit: a steep arm's
 * joint sits the arm's half-width above the armpit. Where it rests against the body from the
 * elbow up, the joint is at the top of the trace (where the arm merges into the shoulder; half
 * the arm's width under it where the trace ran out through the shoulder's top) or at
 * `shoulderY` if higher. The joint is where the arm's line reaches that height or
 * {@link SHOULDER_WIDTH} chest half-widths from the mid-plane, weighted by how much the arm runs
 * up or across. Null when the trace finds no arm.
 */
export function shoulderFromElbow(
  analysis: BodyAnalysis,
  elbow: Vec3,
  wrist: Vec3,
  sign: 1 | -1,
  shoulderY: number,
): Vec3 | null {
  const { landmarks: L, solid } = analysis;
  const H = L.height;
  const chest = SHOULDER_WIDTH * L.chestHalfWidth;
  const toward: Vec2 = [sign * chest - elbow[0], shoulderY - elbow[1]];
  if (Math.hypot(toward[0], toward[1]) < 0.02 * H) return null;
  const trace = traceLimb(analysis, elbow, toward, {
    step: Math.max(solid.h, 0.01 * H),
    reach: 0.15 * H,
    maxLength: 0.4 * H,
    stop: (p) => sign * p[0] < 0.6 * L.chestHalfWidth || p[1] > L.chin[1],
  });
  if (trace.length < 3) return null;
  const end = trace[trace.length - 1].p;
  // Hanging free from the elbow up to the armpit (the first sample whose body side is a crease
  // after some that were gaps), or resting against the body all along.
  const free: TraceSample[] = [];
  let armpit: TraceSample | null = null;
  for (let i = 1; i < trace.length && !armpit; i++) {
    if (trace[i].inner === 'gap') free.push(trace[i]);
    else if (free.length) armpit = trace[i];
  }
  let p: Vec3 | null;
  if (free.length >= MIN_FREE) {
    armpit ??= free[free.length - 1];
    // The free part's line, carried on to the chest's side or to the shoulder's height: for an
    // arm hanging steeply, the armpit plus the arm's half-thickness; for one held out, the
    // height read from the neck. Each weighted by how much the line runs across or up.
    const a = norm2([free[free.length - 1].p[0] - elbow[0], free[free.length - 1].p[1] - elbow[1]]);
    const widths = free.map(
      (t) => t.width * (Math.abs(a[1]) >= 0.5 * Math.abs(a[0]) ? Math.abs(a[1]) : Math.abs(a[0])),
    );
    widths.sort((x, y) => x - y);
    const steep = Math.min(1, Math.max(0, (Math.abs(a[1]) - 0.7) / 0.2));
    const targetY =
      (1 - steep) * shoulderY + steep * (armpit.p[1] + 0.5 * widths[Math.floor(widths.length / 2)]);
    const tX = Math.abs(a[0]) > 1e-3 ? (sign * chest - elbow[0]) / a[0] : Number.NaN;
    const tY = Math.abs(a[1]) > 1e-3 ? (targetY - elbow[1]) / a[1] : Number.NaN;
    const wX = tX > 0 ? a[0] * a[0] : 0;
    const wY = tY > 0 ? a[1] * a[1] : 0;
    if (wX + wY === 0) return null;
    const t = ((wX ? wX * tX : 0) + (wY ? wY * tY : 0)) / (wX + wY);
    p = [elbow[0] + a[0] * t, elbow[1] + a[1] * t, 0];
  } else {
    // Resting against the body: the crease on the body's side drifts outward where the arm
    // merges into the shoulder, so the arm's middle is read from its outer side, its half-width
    // in (as measured below, near the elbow). To the top of the trace (where the arm merges
    // into the shoulder) or to the height read from the neck if higher, carried on along the
    // trace's heading; or to the chest's side; weighted as above.
    const near = trace.slice(1, Math.max(2, Math.ceil(trace.length / 3))).map((t) => t.width);
    near.sort((x, y) => x - y);
    const half = 0.5 * near[Math.floor(near.length / 2)];
    const inward = (t: TraceSample): Vec3 => {
      const u = norm2([t.p[0] - t.outer[0], t.p[1] - t.outer[1]]);
      return [t.outer[0] + u[0] * half, t.outer[1] + u[1] * half, t.p[2]];
    };
    const mid = trace.map((t) => ({ ...t, p: inward(t) }));
    mid[0] = trace[0];
    const top = mid[mid.length - 1].p;
    const a = norm2([top[0] - elbow[0], top[1] - elbow[1]]);
    // A trace that ran out through the top of the shoulder: the joint is the arm's half-width
    // under it.
    const targetY = Math.max(shoulderY, top[1] - (trace.ended === 'exit' ? Math.abs(a[1]) * half : 0));
    const atY: Vec3 =
      pointWhere(
        mid,
        (q) => q[1] >= targetY,
        (q) => q[1] - targetY,
      ) ??
      (Math.abs(a[1]) > 0.3
        ? [top[0] + (a[0] * (targetY - top[1])) / a[1], targetY, top[2]]
        : [top[0], top[1], top[2]]);
    const atX = pointWhere(
      mid,
      (q) => sign * q[0] <= chest,
      (q) => sign * q[0] - chest,
    );
    const wX = atX ? a[0] * a[0] : 0;
    const wY = a[1] * a[1];
    p = atX
      ? [(wX * atX[0] + wY * atY[0]) / (wX + wY), (wX * atX[1] + wY * atY[1]) / (wX + wY), 0]
      : [atY[0], atY[1], 0];
  }
  // An upper arm is not much shorter or longer than the forearm.
  const fore = Math.hypot(wrist[0] - elbow[0], wrist[1] - elbow[1], wrist[2] - elbow[2]);
  const dx = p[0] - elbow[0];
  const dy = p[1] - elbow[1];
  const l = Math.hypot(dx, dy) || 1;
  const t = Math.min(Math.max(l, 0.4 * fore), 2 * fore + 0.05 * H);
  const x = elbow[0] + (dx / l) * t;
  const y = elbow[1] + (dy / l) * t;
  return [x, y, zMiddle(solid, x, y, end[2])];
}

/** The trace's point where `reached` first holds, interpolated by `f` (0 at the crossing). */
function pointWhere(
  trace: readonly TraceSample[],
  reached: (p: Vec3) => boolean,
  f: (p: Vec3) => number,
): Vec3 | null {
  for (let i = 1; i < trace.length; i++) {
    if (!reached(trace[i].p)) continue;
    const a = trace[i - 1].p;
    const b = trace[i].p;
    const fa = f(a);
    const fb = f(b);
    const t = fa === fb ? 1 : Math.min(1, Math.max(0, fa / (fa - fb)));
    return [a[0] + (b[0] - a[0]) * t, a[1] + (b[1] - a[1]) * t, a[2] + (b[2] - a[2]) * t];
  }
  return null;
}
