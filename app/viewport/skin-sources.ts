import type { BufferAttribute, BufferGeometry, InterleavedBufferAttribute } from 'three';
import type { EditorEvents } from '../../src/editor/editor.ts';
import type { SkinWeights } from '../../src/skin/skin-weights.ts';
import { bindSkinAttributes, rebindSkinArrays, SKIN_ATTRIBUTES, uploadSkinRange } from './skin-attributes.ts';
import type { ViewScene } from './view-scene.ts';

type AttributeSet = Map<string, BufferAttribute | InterleavedBufferAttribute>;

function takeAttributes(geometry: BufferGeometry): AttributeSet {
  const set: AttributeSet = new Map();
  for (const name of SKIN_ATTRIBUTES) {
    const attribute = geometry.getAttribute(name) as BufferAttribute | InterleavedBufferAttribute;
    if (attribute) set.set(name, attribute);
  }
  return set;
}

function putAttributes(geometry: BufferGeometry, set: AttributeSet): void {
  for (const name of SKIN_ATTRIBUTES) geometry.deleteAttribute(name);
  for (const [name, attribute] of set) geometry.setAttribute(name, attribute);
}

/**
 * Which weights the GPU skins and heat-maps each primitive with: the editor's own arrays, or,
 * while the quantise preview is on, the preview's copies. The editor's attribute objects are put
 * aside while previewing and put back as they were when it ends (then uploaded whole, since edits
 * made meanwhile were not); the preview's arrays and attributes are kept and refilled by the next
 * preview, so toggling and recomputing allocate no new GPU buffers.
 */
export class SkinSources {
  private readonly previewed = new Set<number>();
  /** The preview's weights per primitive: the first copy made, refilled in place afterwards. */
  private readonly held = new Map<number, SkinWeights>();
  private readonly editorAttributes = new Map<BufferGeometry, AttributeSet>();
  private readonly previewAttributes = new Map<BufferGeometry, AttributeSet>();

  constructor(private readonly scene: ViewScene) {
    // A scene drawn in place for another model (a skeleton edit: redrawInPlace) draws that
    // model's weight arrays, whatever the previous scene's sources put back on the way out.
    for (const [primitive, geometries] of scene.geometries) {
      const weights = scene.model.primitives[primitive]?.weights;
      if (weights) for (const g of geometries) rebindSkinArrays(g, weights);
    }
  }

  /** Whether any primitive shows preview weights. */
  get previewing(): boolean {
    return this.previewed.size > 0;
  }

  /** The weights `primitive` is drawn with now. */
  weightsOf(primitive: number): SkinWeights {
    const held = this.previewed.has(primitive) ? this.held.get(primitive) : undefined;
    return held ?? this.scene.model.primitives[primitive].weights;
  }

  /** Draws `copies` (primitive → weights) instead of the editor's weights. */
  showPreview(copies: ReadonlyMap<number, SkinWeights>): void {
    for (const [primitive, geometries] of this.scene.geometries) {
      const copy = copies.get(primitive);
      if (!copy) continue;
      let held = this.held.get(primitive);
      if (!held || held.vertexCount !== copy.vertexCount || held.influences !== copy.influences) {
        held = copy;
        this.held.set(primitive, held);
        for (const g of geometries) this.previewAttributes.delete(g);
      } else {
        held.joints.set(copy.joints);
        held.weights.set(copy.weights);
      }
      for (const g of geometries) {
        if (!this.editorAttributes.has(g)) this.editorAttributes.set(g, takeAttributes(g));
        const kept = this.previewAttributes.get(g);
        if (kept) {
          putAttributes(g, kept);
          uploadSkinRange(g, held, 0, held.vertexCount);
        } else {
          bindSkinAttributes(g, held);
          this.previewAttributes.set(g, takeAttributes(g));
        }
      }
      this.previewed.add(primitive);
    }
  }

  /** Back to the editor's own weights, exactly the attributes they had before the preview. */
  showEditor(): void {
    if (!this.previewing) return;
    for (const [g, set] of this.editorAttributes) putAttributes(g, set);
    this.editorAttributes.clear();
    for (const primitive of this.previewed) {
      const weights = this.scene.model.primitives[primitive].weights;
      for (const g of this.scene.geometries.get(primitive) ?? [])
        uploadSkinRange(g, weights, 0, weights.vertexCount);
    }
    this.previewed.clear();
  }

  /**
   * Uploads the vertex ranges an edit changed. A previewed primitive waits for its next preview
   * (the preview shows what export would make of the weights, recomputed after edits).
   */
  upload(changes: EditorEvents['weights']): void {
    for (const { primitive, start, end } of changes) {
      if (this.previewed.has(primitive)) continue;
      const weights = this.scene.model.primitives[primitive]?.weights;
      if (!weights) continue;
      for (const g of this.scene.geometries.get(primitive) ?? []) uploadSkinRange(g, weights, start, end);
    }
  }

  /** Puts the editor's attributes back (before the scene's geometries are disposed). */
  dispose(): void {
    this.showEditor();
  }
}
