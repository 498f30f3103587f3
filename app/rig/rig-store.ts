/**
 * The Rig panel's UI state: open or not, the template and fingers, the markers (world points,
 * each guessed, placed by the user, or mirrored from its partner), the chain's two ends, the
 * last fit's figures or error, and the running rig's progress. The fitting and rigging are the
 * Editor's (editor.rig, src/editor/rig-session.ts); this starts them and mirrors what they say.
 */
import { create } from 'zustand';
import { aboutModel } from '../../src/editor/model-notices.ts';
import type { FittedSkeleton, RigReport } from '../../src/editor/rig-session.ts';
import { mirrorWorldPoint } from '../../src/skeleton/fit/body-frame.ts';
import {
  MARKER_NAMES,
  type MarkerName,
  markersToPlace,
  mirrorMarkerName,
} from '../../src/skeleton/fit/markers.ts';
import type { FingerCount } from '../../src/skeleton/templates/humanoid.ts';
import { progressPerFrame } from '../components/progress-per-frame.ts';
import { editor } from '../editor-instance.ts';
import { useUi } from '../store.ts';

type Vec3 = [number, number, number];

/** Where a marker came from ('missing': the mesh did not show it; the user must place it). */
export type MarkerState = 'guessed' | 'placed' | 'mirrored' | 'missing';

/** One marker of the panel (no position while missing). */
export interface PanelMarker {
  position: Vec3 | null;
  state: MarkerState;
}

/** What a click on the mesh places. */
export type Placing = MarkerName | 'chainFrom' | 'chainTo';

export interface RigUi {
  open: boolean;
  template: 'humanoid' | 'chain' | 'quadruped';
  fingers: FingerCount;
  /** Place one side: its partner mirrors across the body's plane of symmetry. */
  symmetric: boolean;
  /** The rig also writes a VRM humanoid map (humanoid template): the file saves as .vrm. */
  vrm: boolean;
  /** The marker the next click on the mesh places (null: clicks orbit). */
  armed: Placing | null;
  markers: Record<MarkerName, PanelMarker> | null;
  chain: { from: Vec3 | null; to: Vec3 | null; joints: number };
  /** Quadruped: the world direction the user says the head lies toward (null: read from the shape). */
  headToward: Vec3 | null;
  /** A fit is running, and what the last one said. */
  fitting: boolean;
  fitError: string | null;
  fitMs: number | null;
  /**
   * Bumped when the camera should turn to the body: its front for a humanoid (or chain), its
   * left side for a quadruped (a side view, as Blender's and Maya's show an animal).
   */
  frontView: number;
  /** Progress of the running rig in [0, 1]; null when none runs. */
  progress: number | null;
  result: { joints: number; vertices: number; ms: number; fitMs: number } | null;
}

export const useRig = create<RigUi>(() => ({
  open: false,
  template: 'humanoid',
  fingers: 0,
  symmetric: true,
  vrm: false,
  armed: null,
  markers: null,
  chain: { from: null, to: null, joints: 6 },
  headToward: null,
  fitting: false,
  fitError: null,
  fitMs: null,
  frontView: 0,
  progress: null,
  result: null,
}));

/** True when the open file has no skin: it can be rigged. */
export function canRig(): boolean {
  return editor.model !== null && editor.rig.available;
}

/** True when the open file has no skin and no node hierarchy a skin could be made from. */
function isStaticMesh(): boolean {
  return canRig() && editor.skeletonRootCandidates().length === 0;
}

/** The file the markers were placed on (editor.opened counts files opened). */
let markersFile = editor.opened;
/** The mesh the last rig was made from: back after an undo, it reopens the panel. */
let riggedFrom: typeof editor.model = null;

// A new file: markers and figures are about another mesh; a static mesh opens the panel. The
// rig's undo (the same file, static again) keeps the user's markers and reopens the panel on
// them: one undoes a rig to nudge a marker and rig again.
editor.events.on('model', () => {
  if (useRig.getState().progress !== null) return; // the rig's own model change
  const sameFile = editor.opened === markersFile;
  markersFile = editor.opened;
  useRig.setState({ armed: null, fitError: null, fitMs: null, result: null });
  if (!sameFile)
    useRig.setState({
      markers: null,
      chain: { ...useRig.getState().chain, from: null, to: null },
      headToward: null,
    });
  if (sameFile && editor.model === riggedFrom && canRig()) reopenRigPanel();
  else if (isStaticMesh()) openRigPanel();
  else if (!canRig()) useRig.setState({ open: false });
});

/** The panel back on the same file's mesh (an undone rig): refits, the view stays where it is. */
function reopenRigPanel(): void {
  useRig.setState({ open: true });
  void refit();
}

/** Opens the panel, guesses the markers and turns the camera to the body (see `frontView`). */
export function openRigPanel(): void {
  if (!canRig()) {
    useUi
      .getState()
      .showToast('info', 'Rig is for a mesh without a skin: this file has one (Auto-bind reweights it).');
    return;
  }
  useRig.setState({ open: true });
  void refit().then(() => {
    useRig.setState((s) => ({ frontView: s.frontView + 1 }));
    return suggestQuadruped();
  });
}

/**
 * The panel's first guess found no standing character and the user has placed nothing: when the
 * mesh fits as a four-legged animal, Quadruped is picked and the view turns to its side (a Fox
 * opened on Humanoid asked for its wrists); otherwise the humanoid's message stays.
 */
async function suggestQuadruped(): Promise<void> {
  const s = useRig.getState();
  if (s.template !== 'humanoid' || !s.fitError) return;
  if (s.markers && MARKER_NAMES.some((n) => isUsers(s.markers![n]))) return;
  try {
    await editor.rig.fit({ template: 'quadruped' });
  } catch {
    return;
  }
  useRig.setState({ template: 'quadruped', armed: null, markers: null });
  await refit();
  useRig.setState((r) => ({ frontView: r.frontView + 1 }));
  useUi
    .getState()
    .showToast(
      'info',
      'This looks like a four-legged animal: fitted as a Quadruped (pick Humanoid for a standing character).',
    );
}

/** Picks a template, fits it, and turns the view to the body (front, or side for a quadruped). */
export function pickTemplate(t: RigUi['template']): void {
  useRig.setState({ template: t, armed: t === 'chain' ? 'chainFrom' : null });
  void refit().then(() => {
    if (t !== 'chain') useRig.setState((s) => ({ frontView: s.frontView + 1 }));
  });
}

/**
 * Quadruped: the head is at the other end (the shape misread a head held low or a tail held
 * high): fits again with the head toward the fitted tail, and turns the view to the side.
 */
export function turnQuadrupedRound(): void {
  // With no fit to turn (the shape could not tell its ends apart), the head goes toward the
  // file's +Z first (glTF's front), then each press turns it round.
  const front = editor.rig.preview?.frame.front ?? useRig.getState().headToward ?? [0, 0, -1];
  useRig.setState({ headToward: [-front[0], -front[1], -front[2]] });
  void refit().then(() => useRig.setState((s) => ({ frontView: s.frontView + 1 })));
}

/** The toolbar button: opens the panel, or closes it unless a rig runs. */
export function toggleRigPanel(): void {
  const s = useRig.getState();
  if (!s.open) openRigPanel();
  else if (s.progress === null) closeRigPanel();
}

export function closeRigPanel(): void {
  useRig.setState({ open: false, armed: null });
  editor.rig.clearPreview();
}

/** The markers the user gave (placed or mirrored), for the fit. */
function givenMarkers(): Partial<Record<MarkerName, Vec3>> {
  const markers = useRig.getState().markers;
  const out: Partial<Record<MarkerName, Vec3>> = {};
  if (!markers) return out;
  for (const n of MARKER_NAMES) {
    const { position, state } = markers[n];
    if (position && (state === 'placed' || state === 'mirrored')) out[n] = position;
  }
  return out;
}

/** The fit options of the panel's state. */
export function fitOptions() {
  const s = useRig.getState();
  if (s.template === 'quadruped') return { template: 'quadruped' as const, headToward: s.headToward };
  if (s.template === 'chain') {
    const { from, to, joints } = s.chain;
    return from && to ? { template: 'chain' as const, chain: { from, to, joints } } : null;
  }
  return { template: 'humanoid' as const, fingers: s.fingers, markers: givenMarkers() };
}

let inFlight: Promise<void> | null = null;
let again = false;

/** Fits again with the panel's markers (at most one fit at a time; the latest state wins). */
export function refit(): Promise<void> {
  if (inFlight) {
    again = true;
    return inFlight;
  }
  inFlight = (async () => {
    do {
      again = false;
      const options = fitOptions();
      if (!options || !canRig()) {
        editor.rig.clearPreview();
        break;
      }
      useRig.setState({ fitting: true });
      try {
        const t0 = performance.now();
        const fitted = await editor.rig.fit(options);
        adoptGuesses(fitted);
        useRig.setState({ fitError: null, fitMs: performance.now() - t0 });
      } catch (err) {
        useRig.setState({ fitError: (err as Error).message });
        const place = markersToPlace(err);
        if (place) askForMarkers(place.missing, place.guessed);
      }
    } while (again);
    useRig.setState({ fitting: false });
    inFlight = null;
  })();
  return inFlight;
}

/** The user's own markers (placed, mirrored), kept across refits. */
function isUsers(m: PanelMarker | undefined): m is PanelMarker & { position: Vec3 } {
  return !!m?.position && (m.state === 'placed' || m.state === 'mirrored');
}

/**
 * A fit that could not guess some markers (no arms found, say): those the mesh showed are shown
 * as guessed, the others wait to be placed, and the first of them is armed for the next click.
 */
function askForMarkers(missing: readonly MarkerName[], guessed: Partial<Record<MarkerName, Vec3>>): void {
  const s = useRig.getState();
  const markers = {} as Record<MarkerName, PanelMarker>;
  for (const n of MARKER_NAMES) {
    const kept = s.markers?.[n];
    const g = guessed[n];
    if (isUsers(kept)) markers[n] = kept;
    else if (g && !missing.includes(n)) markers[n] = { position: g, state: 'guessed' };
    else markers[n] = { position: null, state: 'missing' };
  }
  const first = MARKER_NAMES.find((n) => markers[n].state === 'missing');
  useRig.setState({ markers, armed: s.armed ?? first ?? null });
}

/** Markers still guessed take the fit's guess; placed and mirrored ones stay where they are. */
function adoptGuesses(fitted: FittedSkeleton): void {
  if (!fitted.markers) return;
  const old = useRig.getState().markers;
  const markers = {} as NonNullable<RigUi['markers']>;
  for (const n of MARKER_NAMES) {
    const kept = old?.[n];
    markers[n] = isUsers(kept) ? kept : { position: fitted.markers[n], state: 'guessed' };
  }
  useRig.setState({ markers });
}

/** The last click placed a marker the mesh did not show (see armNext). */
let placedMissing = false;

/**
 * Puts marker `name` at world point `p` (a click, or a drag): placed by the user; its partner
 * follows, mirrored, unless the user placed it too. Then refits (`fit` false: the caller will).
 */
export function placeMarker(name: Placing, p: Vec3, fit = true): void {
  const s = useRig.getState();
  if (name === 'chainFrom' || name === 'chainTo') {
    useRig.setState({ chain: { ...s.chain, [name === 'chainFrom' ? 'from' : 'to']: p } });
  } else {
    // A drag after the press keeps what the press placed.
    const before = s.markers?.[name].state ?? 'missing';
    if (before !== 'placed') placedMissing = before === 'missing';
    const markers = { ...(s.markers ?? noMarkers()), [name]: { position: p, state: 'placed' as const } };
    const partner = mirrorMarkerName(name);
    const frame = editor.rig.frame;
    if (s.symmetric && partner !== name && frame && markers[partner].state !== 'placed')
      markers[partner] = { position: mirrorWorldPoint(frame, p), state: 'mirrored' };
    useRig.setState({ markers });
  }
  if (fit) void refit();
}

/** Every marker waiting to be placed (a fit that could not even find the body's frame). */
function noMarkers(): Record<MarkerName, PanelMarker> {
  const out = {} as Record<MarkerName, PanelMarker>;
  for (const n of MARKER_NAMES) out[n] = { position: null, state: 'missing' };
  return out;
}

/** The marker "Place markers" starts with: the first the mesh did not show, else the first. */
export function firstToPlace(): MarkerName {
  const markers = useRig.getState().markers;
  return MARKER_NAMES.find((n) => markers?.[n].state === 'missing') ?? MARKER_NAMES[0];
}

/** After a click placed the armed marker: arms the next one missing, else still guessed (or none). */
export function armNext(): void {
  const s = useRig.getState();
  if (s.template === 'chain') {
    useRig.setState({ armed: s.armed === 'chainFrom' && !s.chain.to ? 'chainTo' : null });
    return;
  }
  // Markers the mesh did not show come first; once the last of them is placed, the user has
  // what the fit asked for (the guessed ones are theirs to drag, not to walk through again).
  const missing = MARKER_NAMES.find((n) => s.markers?.[n].state === 'missing');
  const next =
    missing ?? (placedMissing ? undefined : MARKER_NAMES.find((n) => s.markers?.[n].state === 'guessed'));
  useRig.setState({ armed: next ?? null });
}

/** Every marker back to the mesh's guess. */
export function guessAll(): void {
  useRig.setState({ markers: null, armed: null });
  void refit();
}

let cancelCurrent: (() => void) | null = null;

export function cancelRig(): void {
  cancelCurrent?.();
}

/** Fits with the panel's markers, skins and auto-binds: one undo step, progress and Cancel. */
export async function startRig(): Promise<RigReport | null> {
  const options = fitOptions();
  if (!options) {
    useUi.getState().showToast('warning', 'Place the chain’s start and end on the mesh first.');
    return null;
  }
  if (useRig.getState().progress !== null) return null;
  const { onProgress, stop } = progressPerFrame((progress) => useRig.setState({ progress }));
  useRig.setState({ progress: 0, result: null, armed: null });
  const from = editor.model;
  try {
    const vrm = options.template === 'humanoid' && useRig.getState().vrm;
    const job = editor.rig.rig({ ...options, vrm, onProgress });
    cancelCurrent = () => job.cancel();
    const report = await job.promise;
    riggedFrom = from;
    // The markers stay: an undo brings the mesh back with them, to nudge one and rig again.
    useRig.setState({
      result: { joints: report.joints, vertices: report.vertices, ms: report.ms, fitMs: report.fitMs },
    });
    // True of the rig only: its undo parks it (src/editor/model-notices.ts), its redo brings it back.
    const message = `Rigged with ${report.joints} joints and bound ${report.vertices} vertices: Ctrl+Z undoes it.`;
    editor.notify(aboutModel({ level: 'info', message }, editor.requireModel()));
    return report;
  } catch (err) {
    const e = err as Error;
    if (e.name !== 'AbortError') useUi.getState().showToast('error', `Rigging failed: ${e.message}`);
    return null;
  } finally {
    cancelCurrent = null;
    stop();
    useRig.setState({ progress: null });
  }
}
