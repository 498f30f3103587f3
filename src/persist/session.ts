/**
 * The session model: everything needed to bring an editing session back after a closed tab, a
 * crash or a move to another machine. Plain data: typed arrays for weights, JSON for the rest.
 */

import type { SavedStack } from '../layers/layer-stack.ts';
import type { SerializedPose } from '../pose/pose.ts';
import type { HistorySummary, LoadedHistory } from './saved-history.ts';

/** A JSON value (what the editor state is made of besides weights). */
export type JsonValue = null | boolean | number | string | JsonValue[] | { [key: string]: JsonValue };

/** Unit quaternion x, y, z, w. */
export type Quat = [number, number, number, number];

/** The weights of one skinned primitive: the editor's SkinWeights arrays, copied bit for bit. */
export interface PrimitiveWeights {
  vertexCount: number;
  /** K: influences per vertex (4 or 8). */
  influences: number;
  /** Slot v·K + i: index into the skin's joints. */
  joints: Uint16Array;
  weights: Float32Array;
}

/** What a weights source looks like to the persistence code (SkinWeights is one). */
export interface WeightsView {
  readonly vertexCount: number;
  readonly influences: number;
  readonly joints: Uint16Array;
  readonly weights: Float32Array;
}

/** The editor state besides weights. Joint ids are glTF node indices, as in the editor. */
export interface SessionState {
  /** K of the editor's weights (4, or 8 for two influence sets). */
  influences: number;
  locks: number[];
  /** Joints the user took out of painting and auto-bind. */
  excludedJoints: number[];
  selection: { joint: number | null };
  /** Joint id (as a string key) → local rotation, for the joints the user posed. */
  pose: Record<string, Quat>;
  /** The poses the user saved under a name (the Pose panel's list), by name. */
  namedPoses: Record<string, SerializedPose>;
  /** Brush settings as plain data (the editor sanitises them when they come back). */
  brush: { [key: string]: JsonValue };
  /** Mirror settings as plain data. */
  mirror: { [key: string]: JsonValue };
}

/** A saved session, complete: what {@link loadSession} returns and a restore needs. */
export interface Session {
  id: string;
  fileName: string;
  /** The file as the user opened it; stored once per session. */
  sourceBytes: Uint8Array;
  /** Milliseconds since 1970 of the last save. */
  savedAt: number;
  createdAt: number;
  /** Vertices per stored weights chunk (an autosaver resuming the session keeps it). */
  chunkVertices: number;
  /** One entry per skinned primitive, in the editor's order: the composed weights. */
  weights: PrimitiveWeights[];
  /** The weight layers the composed weights came from (absent or null: none). */
  layers?: SavedStack | null;
  /** The kept undo steps (absent or null: none; see saved-history.ts). */
  history?: LoadedHistory | null;
  state: SessionState;
  /** A PNG of the viewport, for the restore list. */
  thumbnail?: Uint8Array;
}

/** One line of the restore offer. */
export interface SessionSummary {
  id: string;
  fileName: string;
  savedAt: number;
  thumbnail?: Uint8Array;
  /** Skinned vertices, for "Fox.glb · 1,728 vertices · 2 min ago". */
  vertexCount: number;
  /** How much undo history a restore brings back, and where it stops. */
  history: HistorySummary;
}

/** The state of a freshly opened file. */
export function emptySessionState(influences = 4): SessionState {
  return {
    influences,
    locks: [],
    excludedJoints: [],
    selection: { joint: null },
    pose: {},
    namedPoses: {},
    brush: {},
    mirror: {},
  };
}

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

const jointIds = (v: unknown): number[] =>
  Array.isArray(v) ? v.filter((x): x is number => Number.isInteger(x) && x >= 0) : [];

/** A copy that is plain JSON (drops functions, typed arrays, cycles would throw upstream). */
function plainObject(v: unknown): { [key: string]: JsonValue } {
  if (!isRecord(v)) return {};
  try {
    const copy = JSON.parse(JSON.stringify(v));
    return isRecord(copy) ? (copy as { [key: string]: JsonValue }) : {};
  } catch {
    return {};
  }
}

const finite = (v: unknown, n: number): v is number[] =>
  Array.isArray(v) && v.length === n && v.every((x) => typeof x === 'number' && Number.isFinite(x));

/** At most this many named poses, with names this long, are read back (a hostile file could hold millions). */
export const NAMED_POSE_LIMITS = { poses: 1000, nameLength: 200, joints: 10_000 };

/** One saved pose from untrusted data: its well-formed joint entries, or null when it is not a pose. */
function sanitizePose(v: unknown): SerializedPose | null {
  if (!isRecord(v) || !Array.isArray(v.joints)) return null;
  const joints: SerializedPose['joints'] = [];
  for (const j of v.joints.slice(0, NAMED_POSE_LIMITS.joints)) {
    if (!isRecord(j) || !Number.isInteger(j.id) || (j.id as number) < 0 || typeof j.name !== 'string')
      continue;
    if (!finite(j.rotation, 4)) continue;
    const entry: SerializedPose['joints'][number] = {
      id: j.id as number,
      name: j.name,
      rotation: [...j.rotation] as Quat,
    };
    if (finite(j.translation, 3)) entry.translation = [...j.translation];
    if (finite(j.scale, 3)) entry.scale = [...j.scale];
    joints.push(entry);
  }
  return { basis: v.basis === 'rest' ? 'rest' : 'bind', joints };
}

/** Named poses from untrusted data: names that are non-empty strings, values that are poses. */
function sanitizeNamedPoses(v: unknown): Record<string, SerializedPose> {
  if (!isRecord(v)) return {};
  const kept: [string, SerializedPose][] = [];
  for (const [name, value] of Object.entries(v).slice(0, NAMED_POSE_LIMITS.poses)) {
    if (!name.trim() || name.length > NAMED_POSE_LIMITS.nameLength) continue;
    const pose = sanitizePose(value);
    if (pose) kept.push([name, pose]);
  }
  // fromEntries defines own properties: a pose named "__proto__" stays a pose, not a prototype.
  return Object.fromEntries(kept);
}

/**
 * Session state from untrusted data (a project file's extras, an old IndexedDB record): every
 * field checked, anything malformed replaced by its empty value, never an exception.
 */
export function sanitizeSessionState(value: unknown): SessionState {
  const v = isRecord(value) ? value : {};
  const pose: Record<string, Quat> = {};
  if (isRecord(v.pose)) {
    for (const [key, q] of Object.entries(v.pose)) {
      if (!/^\d+$/.test(key) || !Array.isArray(q) || q.length !== 4) continue;
      if (q.every((x) => typeof x === 'number' && Number.isFinite(x))) pose[key] = q as Quat;
    }
  }
  const selection = isRecord(v.selection) ? v.selection.joint : null;
  return {
    influences: v.influences === 8 ? 8 : 4,
    locks: jointIds(v.locks),
    excludedJoints: jointIds(v.excludedJoints),
    selection: {
      joint: Number.isInteger(selection) && (selection as number) >= 0 ? (selection as number) : null,
    },
    pose,
    namedPoses: sanitizeNamedPoses(v.namedPoses),
    brush: plainObject(v.brush),
    mirror: plainObject(v.mirror),
  };
}
