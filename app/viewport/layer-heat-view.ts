import { BufferAttribute } from 'three';
import type { EditorEvents } from '../../src/editor/editor.ts';
import { editor } from '../editor-instance.ts';
import { LAYER_HEAT_ATTRIBUTE } from './heat-material.ts';
import type { ViewScene } from './view-scene.ts';

/**
 * The layer heat map's data: one float per vertex (`layerHeat`), the active weight layer's own
 * weight of the selected joint (0 where the layer has none), or its mask while the mask is
 * painted. The editor computes the values (`editor.layers.heatValues`); this keeps the attribute
 * filled while the view is on: whole on a new joint or layer change, the changed ranges per edit.
 */
export class LayerHeatView {
  private readonly attributes = new Map<number, BufferAttribute>();
  private on = false;
  private joint: number | null = null;

  constructor(private readonly scene: ViewScene) {}

  get enabled(): boolean {
    return this.on;
  }

  /** Starts (a full fill) or stops following the layers; the attribute stays attached. */
  setEnabled(on: boolean, joint: number | null): void {
    this.on = on;
    this.joint = joint;
    if (on) this.fillAll();
  }

  /** Fills every primitive (a new joint, another active layer, a layer operation). */
  fillAll(): void {
    if (!this.on || editor.model !== this.scene.model) return;
    for (const [primitive, geometries] of this.scene.geometries) {
      const n = this.scene.model.primitives[primitive].weights.vertexCount;
      let attribute = this.attributes.get(primitive);
      if (!attribute) {
        attribute = new BufferAttribute(new Float32Array(n), 1);
        this.attributes.set(primitive, attribute);
        for (const g of geometries) g.setAttribute(LAYER_HEAT_ATTRIBUTE, attribute);
      }
      editor.layers.heatValues(primitive, this.joint, attribute.array as Float32Array);
      attribute.clearUpdateRanges();
      attribute.needsUpdate = true;
    }
  }

  /** An edit: refills the changed ranges. */
  update(changes: EditorEvents['weights']): void {
    if (!this.on || editor.model !== this.scene.model) return;
    for (const { primitive, start, end } of changes) {
      const attribute = this.attributes.get(primitive);
      if (!attribute || end <= start) continue;
      const values = attribute.array as Float32Array;
      const to = Math.min(end, values.length);
      editor.layers.heatValues(primitive, this.joint, values, start, to);
      attribute.addUpdateRange(start, to - start);
      attribute.needsUpdate = true;
    }
  }
}
