/**
 * The messages between the fit client and its worker, and the worker's side as a plain function
 * (so it runs, and is tested, without a Worker). The worker keeps the last body it prepared
 * (frame, solid, medial tree) under the key the client gave its mesh, so markers dragged live
 * refit in milliseconds: only the first fit of a mesh sends the mesh and pays for the solid.
 */
import type { JobResponse } from '../../worker/worker-job.ts';
import type { FitMesh } from './fit-mesh.ts';
import {
  type FitSkeletonOptions,
  type FittedSkeleton,
  fitChainSkeleton,
  fitHumanoidSkeleton,
  type PreparedBody,
  prepareBody,
} from './fit-skeleton.ts';
import { NotAHumanoidError } from './markers.ts';
import { fitQuadrupedOnBody } from './quadruped/fit-quadruped.ts';
import { prepareQuadrupedBody, type QuadrupedBody } from './quadruped/quadruped-body.ts';

/** Fit options that cross the worker boundary (plain data). */
export type FitWireOptions = Omit<FitSkeletonOptions, 'front'>;

/** Client → worker. */
export interface FitRequest {
  type: 'fit';
  id: number;
  /** Names the mesh: the worker keeps the body prepared for the last key. */
  key: number;
  /** The mesh, when the worker may not have it (a new key). */
  mesh: FitMesh | null;
  options: FitWireOptions;
}

/** Worker → client. */
export type FitResponse = JobResponse<{ fitted: FittedSkeleton }>;

/** The worker's memory: the last mesh, its key, and the bodies prepared from it (per template kind). */
export interface FitCache {
  key: number;
  resolution: number | undefined;
  /** The template the body was prepared for (a humanoid's leaves its props out). */
  template: 'humanoid' | 'chain';
  /** The mesh of the last key, to prepare it again for the other template. */
  mesh: FitMesh | null;
  body: PreparedBody | null;
  quadruped: QuadrupedBody | null;
  /** The head direction the quadruped body was prepared with ('' for the shape's own). */
  quadrupedHead: string;
}

/** A fresh cache. */
export function fitCache(): FitCache {
  return {
    key: -1,
    resolution: undefined,
    template: 'humanoid',
    mesh: null,
    body: null,
    quadruped: null,
    quadrupedHead: '',
  };
}

/** Runs one request against `cache` and posts the fitted skeleton, or the error (name and message). */
export function handleFitRequest(
  request: FitRequest,
  post: (message: FitResponse) => void,
  cache: FitCache,
): void {
  const { id } = request;
  try {
    const template = request.options.template ?? 'humanoid';
    const o = request.options;
    if (cache.key !== request.key || !cache.mesh) {
      if (!request.mesh) throw new Error('the fit worker lost the mesh; fit again');
      Object.assign(cache, { key: request.key, mesh: request.mesh, body: null, quadruped: null });
    }
    if (cache.resolution !== o.resolution)
      Object.assign(cache, { resolution: o.resolution, body: null, quadruped: null });
    const mesh = cache.mesh!;
    let fitted: FittedSkeleton;
    if (template === 'quadruped') {
      const head = o.headToward ? o.headToward.join(',') : '';
      if (cache.quadrupedHead !== head) Object.assign(cache, { quadruped: null, quadrupedHead: head });
      cache.quadruped ??= prepareQuadrupedBody(mesh, o.resolution, o.headToward ?? null);
      post({ type: 'progress', id, fraction: 0.8 });
      fitted = fitQuadrupedOnBody(cache.quadruped);
    } else {
      if (!cache.body || cache.template !== template) {
        cache.body = prepareBody(mesh, { resolution: o.resolution, template });
        cache.template = template;
      }
      post({ type: 'progress', id, fraction: 0.8 });
      fitted =
        template === 'chain'
          ? fitChainSkeleton(cache.body, o.chain ?? failNoChain())
          : fitHumanoidSkeleton(cache.body, o);
    }
    post({ type: 'done', id, fitted });
  } catch (err) {
    const e = err instanceof Error ? err : new Error(String(err));
    // Markers the mesh could not show travel with the error: the user places those, keeps the rest.
    const detail =
      e instanceof NotAHumanoidError ? { missing: e.missing, guessed: e.guessed, frame: e.frame } : undefined;
    post({ type: 'error', id, name: e.name, message: e.message, detail });
  }
}

function failNoChain(): never {
  throw new RangeError('the chain template needs its two ends');
}
