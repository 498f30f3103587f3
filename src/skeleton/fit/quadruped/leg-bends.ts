/**
 * Where a leg bends, read from its medial line (canonical: y up, z to the head) between the paw
 * and the trunk's underside, instead of set shares of the leg's height.
 *
 * - Hind leg: a dog's, a fox's or a horse's hind leg is a zigzag: the pastern rises back from the
 *   paw to the hock, the shin forward from the hock to the knee (stifle), the thigh back again
 *   into the trunk. The hock is where the line stands furthest back (the top of that stretch,
 *   where the shin starts), set back half the leg's radius (the heel is at the leg's back, where
 *   riggers put it); the knee is the middle of the stretch where it stands furthest forward above
 *   the hock (the line's top, where the leg enters the trunk, when it still runs forward there).
 *   A line with no such turn (a straight leg, a leg modelled as a post) gives null.
 * - Front leg: the elbow sits against the chest's underside, a leg's radius below where the line
 *   meets it (the front leg hangs straight under the shoulder, so its line shows no turn there).
 *
 * Measured on Fox, QuaterniusWolf and the dog made in code in docs/benchmarks.md.
 */
import type { BodySolid } from '../body-solid.ts';

type Vec3 = [number, number, number];

/** The bends of a hind leg's medial line (`line`: paw → trunk's underside), or null. */
export function hindLegBends(solid: BodySolid, line: readonly Vec3[]): { knee: Vec3; hock: Vec3 } | null {
  const voxel = solid.h;
  if (line.length < 5) return null;
  const tolerance = 0.5 * voxel;
  let first = 0;
  for (let i = 1; i < line.length; i++) if (line[i][2] < line[first][2]) first = i;
  const back = line[first][2];
  let hock = first;
  while (hock + 1 < line.length && line[hock + 1][2] <= back + tolerance) hock++;
  let front = hock;
  for (let i = hock; i < line.length; i++) if (line[i][2] > line[front][2]) front = i;
  const ahead = line[front][2] - tolerance;
  let low = front;
  while (low - 1 > hock && line[low - 1][2] >= ahead) low--;
  let high = front;
  while (high + 1 < line.length && line[high + 1][2] >= ahead) high++;
  const knee = Math.round((low + high) / 2);
  // A turn: the paw and the knee both stand well ahead of the hock, the knee well above it.
  const turn = 1.5 * voxel;
  if (line[0][2] - back < turn || line[knee][2] - back < turn) return null;
  if (line[knee][1] - line[hock][1] < 2 * voxel) return null;
  const heel: Vec3 = [...line[hock]] as Vec3;
  heel[2] -= 0.5 * solid.depthAt(heel) * voxel;
  const cap: Vec3 = [...line[knee]] as Vec3;
  cap[2] += 0.5 * solid.depthAt(cap) * voxel;
  return { knee: cap, hock: heel };
}

/**
 * The front leg's elbow: the point of `line` (paw → chest's underside) a leg's radius below its
 * top, or null when that is no higher than `above` (a leg too short to read it from).
 */
export function frontElbow(solid: BodySolid, line: readonly Vec3[], above: number): Vec3 | null {
  const top = line[line.length - 1];
  const y = top[1] - solid.depthAt(top) * solid.h;
  if (!(y > above)) return null;
  let best = line[0];
  for (const p of line) if (Math.abs(p[1] - y) < Math.abs(best[1] - y)) best = p;
  return [...best] as Vec3;
}
