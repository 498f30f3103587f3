import { BufferAttribute } from 'three';
import type { EditorEvents } from '../../src/editor/editor.ts';
import { influenceCounts } from '../../src/tools/influence-counts.ts';
import { editor } from '../editor-instance.ts';
import { COUNT_MAX } from './count-colors.ts';
import { COUNT_ATTRIBUTE } from './count-material.ts';
import type { SkinSources } from './skin-sources.ts';
import type { ViewScene } from './view-scene.ts';

/** Changed vertices recounted on the spot (well under a millisecond). */
const IMMEDIATE_VERTICES = 16_384;
/** Wider changes are merged and recounted at most this often (ms) while painting. */
const WIDE_DELAY_MS = 100;

/**
 * The influence-count view's data: one byte per vertex (`influenceCount`, the count material's
 * attribute) and how many vertices have each count (the legend). The editor counts
 * (`editor.tools.checks.influenceCounts`); while painting only the changed ranges are recounted
 * and uploaded, and the totals adjusted by the counts that changed. Under the quantise
 * preview it counts the preview's weights, so it shows which influences unorm8 would drop.
 */
export class InfluenceCountView {
  private readonly attributes = new Map<number, BufferAttribute>();
  private readonly totals = new Array<number>(COUNT_MAX + 1).fill(0);
  private on = false;
  /** Changed ranges not yet recounted, per primitive: [start, end). */
  private readonly dirty = new Map<number, [number, number]>();
  private scratch = new Uint8Array(0);
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly scene: ViewScene,
    private readonly sources: SkinSources,
  ) {}

  get enabled(): boolean {
    return this.on;
  }

  /** Starts (a full count) or stops following the weights; the attribute stays attached. */
  setEnabled(on: boolean): void {
    this.on = on;
    if (on) this.recountAll();
  }

  /** Vertices with 0, 1, … COUNT_MAX influences over every drawn skinned primitive. */
  histogram(): number[] {
    return [...this.totals];
  }

  /** Recounts every primitive (on enable, and after a new quantise preview). */
  recountAll(): void {
    this.dirty.clear();
    if (!this.on || editor.model !== this.scene.model) return;
    this.totals.fill(0);
    for (const [primitive, geometries] of this.scene.geometries) {
      const n = this.scene.model.primitives[primitive].weights.vertexCount;
      let attribute = this.attributes.get(primitive);
      if (!attribute) {
        attribute = new BufferAttribute(new Uint8Array(n), 1);
        this.attributes.set(primitive, attribute);
        // One attribute shared by every geometry of the primitive: one upload.
        for (const g of geometries) g.setAttribute(COUNT_ATTRIBUTE, attribute);
      }
      const counts = attribute.array as Uint8Array;
      this.count(primitive, counts, 0, n);
      for (let v = 0; v < n; v++) this.totals[Math.min(counts[v], COUNT_MAX)]++;
      attribute.clearUpdateRanges();
      attribute.needsUpdate = true;
    }
  }

  /**
   * Marks the vertex ranges an edit changed. A small range (a dab on a mesh whose vertex order
   * follows the surface) is recounted at once; a wide one (a dab's first and last vertex far
   * apart in a big mesh) waits and is merged with the next ones, recounted at most every
   * WIDE_DELAY_MS, so the brush never pays for it. Calls `done` after a deferred recount.
   */
  update(changes: EditorEvents['weights'], done: () => void): void {
    if (!this.on || editor.model !== this.scene.model) return;
    let size = 0;
    for (const { primitive, start, end } of changes) {
      if (!this.attributes.has(primitive) || end <= start) continue;
      const d = this.dirty.get(primitive);
      this.dirty.set(primitive, d ? [Math.min(d[0], start), Math.max(d[1], end)] : [start, end]);
    }
    for (const [s, e] of this.dirty.values()) size += e - s;
    if (size <= IMMEDIATE_VERTICES) {
      this.flush();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = null;
      this.flush();
      done();
    }, WIDE_DELAY_MS);
  }

  /** Recounts the marked ranges: the editor counts into scratch, then changed counts are moved. */
  private flush(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (!this.on || editor.model !== this.scene.model) {
      this.dirty.clear();
      return;
    }
    for (const [primitive, [start, end]] of this.dirty) {
      const attribute = this.attributes.get(primitive)!;
      const counts = attribute.array as Uint8Array;
      const to = Math.min(end, counts.length);
      if (this.scratch.length < counts.length) this.scratch = new Uint8Array(counts.length);
      const fresh = this.scratch;
      this.count(primitive, fresh, start, to);
      for (let v = start; v < to; v++) {
        const was = counts[v];
        const now = fresh[v];
        if (was === now) continue;
        this.totals[Math.min(was, COUNT_MAX)]--;
        this.totals[Math.min(now, COUNT_MAX)]++;
        counts[v] = now;
      }
      attribute.addUpdateRange(start, to - start);
      attribute.needsUpdate = true;
    }
    this.dirty.clear();
  }

  dispose(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private count(primitive: number, out: Uint8Array, start: number, end: number): void {
    if (this.sources.previewing) influenceCounts(this.sources.weightsOf(primitive), out, start, end);
    else editor.tools.checks.influenceCounts(primitive, out, { start, end });
  }
}
