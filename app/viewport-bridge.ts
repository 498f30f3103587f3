import type { SkinnedModel } from '../src/gltf/skinned-model.ts';

/**
 * What the rest of the app (toolbar, shortcuts, scripting, tests) may ask of the viewport, which
 * registers the implementations when it mounts. Kept outside React so that scripts can await it.
 */
type Waiter = () => void;

let invalidateFn: () => void = () => {};
let frameAllFn: () => void = () => {};
let frameSelectedFn: () => void = () => {};
let boneScreenPointFn: (joint: number) => { x: number; y: number } | null = () => null;
let drawnPositionsFn: () => Map<number, Float32Array> = () => new Map();
const frameWaiters: Waiter[] = [];
let drawnModel: SkinnedModel | null = null;
const drawnWaiters: { model: SkinnedModel; resolve: Waiter; reject: (err: Error) => void }[] = [];

export const viewport = {
  /** Called by the viewport when it mounts. */
  register(api: {
    invalidate: () => void;
    frameAll: () => void;
    frameSelected: () => void;
    boneScreenPoint: (joint: number) => { x: number; y: number } | null;
    drawnPositions: () => Map<number, Float32Array>;
  }): void {
    drawnPositionsFn = api.drawnPositions;
    invalidateFn = api.invalidate;
    frameAllFn = api.frameAll;
    frameSelectedFn = api.frameSelected;
    boneScreenPointFn = api.boneScreenPoint;
  },
  invalidate(): void {
    invalidateFn();
  },
  frameAll(): void {
    frameAllFn();
  },
  frameSelected(): void {
    frameSelectedFn();
  },
  /** A point on the joint's bone in page (CSS pixel) coordinates, or null when it has none. */
  boneScreenPoint(joint: number): { x: number; y: number } | null {
    return boneScreenPointFn(joint);
  },
  /**
   * World positions three.js draws for each skinned primitive (by primitive id) now: its
   * SkinnedMesh's `applyBoneTransform` and world matrix, as the vertex shader computes them.
   */
  drawnPositions(): Map<number, Float32Array> {
    return drawnPositionsFn();
  },
  /** Resolves after the next frame is rendered (requests one). */
  nextFrame(): Promise<void> {
    return new Promise((resolve) => {
      frameWaiters.push(resolve);
      invalidateFn();
    });
  },
  /** Called by the viewport after every rendered frame. */
  rendered(): void {
    for (const resolve of frameWaiters.splice(0)) resolve();
  },
  /** Called by the viewport once a frame showing `model` has been rendered. */
  modelDrawn(model: SkinnedModel): void {
    drawnModel = model;
    for (let i = drawnWaiters.length - 1; i >= 0; i--) {
      if (drawnWaiters[i].model === model) drawnWaiters.splice(i, 1)[0].resolve();
    }
  },
  /** Called by the viewport when it cannot draw `model`. */
  modelFailed(model: SkinnedModel, error: Error): void {
    for (let i = drawnWaiters.length - 1; i >= 0; i--) {
      if (drawnWaiters[i].model === model) drawnWaiters.splice(i, 1)[0].reject(error);
    }
  },
  /** Resolves once `model` is on screen; rejects if the viewport cannot draw it. */
  whenDrawn(model: SkinnedModel): Promise<void> {
    if (drawnModel === model) return Promise.resolve();
    return new Promise((resolve, reject) => drawnWaiters.push({ model, resolve, reject }));
  },
  get drawnModel(): SkinnedModel | null {
    return drawnModel;
  },
};
