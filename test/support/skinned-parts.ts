/**
 * Cuts the mannequin's one skinned mesh into parts, each a mesh of its own with a skin of its
 * own over the same joint nodes — how modular characters and clothed characters are exported.
 * A vertex on the border of two parts is written into both (the parts touch there, at exactly
 * one position), so the cut surface is still closed as drawn.
 *
 * - `multi-skin`: four parts (trunk, each arm, legs), every skin listing every joint in another order.
 * - `garment-parts`: a clothed character — body (head and neck, hands, feet), shirt (torso and
 *   arms) and trousers (hips and legs), touching at the hem (a ring at the waist), the cuffs and
 *   the collar; the shirt's skin lists the joints backwards, the trousers' only the spine, hips
 *   and legs (the arms and head are not theirs), legs first.
 */
import type { Document, Material, Node } from '@gltf-transform/core';
import { Matrix4 } from 'three';
import type { MannequinData } from '../../src/character/index.ts';

/** One part: its triangles (offsets into the index list), the joints its skin lists, in order. */
export interface SkinnedPartSpec {
  name: string;
  /** Offsets of the part's triangles' first corner in the source index list. */
  triangles: readonly number[];
  /** Mannequin joint indices, in the order the part's skin lists them (JOINTS_0 indexes this). */
  joints: readonly number[];
  material?: Material | null;
  /** The skin's name (default: the part's name + "Skin"). */
  skin?: string;
  /**
   * Unused slots (weight 0) as joint 0 (the layout the validator prefers); default: the joint the
   * mannequin's slot names, in this skin's numbering (as some exporters leave them).
   */
  zeroUnused?: boolean;
}

/**
 * Replaces the document's single skinned mesh node `body` (its mesh, skin and accessors go) by
 * one node per spec: POSITION, NORMAL, JOINTS_0, WEIGHTS_0 and indices of the part's vertices,
 * and a skin with IBM = world⁻¹ of each joint it lists (`jointNodes`: the mannequin's joints).
 * Each part's vertices keep their mannequin weights; throws if a part's skin lacks a weighted joint.
 */
export function replaceWithParts(
  doc: Document,
  data: MannequinData,
  body: Node,
  jointNodes: readonly Node[],
  specs: readonly SkinnedPartSpec[],
): void {
  const r = doc.getRoot();
  const prim = body.getMesh()!.listPrimitives()[0];
  const tris = prim.getIndices()!.getArray()!;
  const buffer = r.listBuffers()[0];
  const scene = r.listScenes()[0];
  const J = jointNodes.length;
  for (const spec of specs) {
    const slotOf = new Int32Array(J).fill(-1);
    spec.joints.forEach((j, slot) => {
      slotOf[j] = slot;
    });
    const remap = new Map<number, number>();
    const pos: number[] = [];
    const nor: number[] = [];
    const jts: number[] = [];
    const wts: number[] = [];
    const idx: number[] = [];
    for (const t of spec.triangles) {
      for (let c = 0; c < 3; c++) {
        const v = tris[t + c];
        let local = remap.get(v);
        if (local === undefined) {
          local = remap.size;
          remap.set(v, local);
          pos.push(...data.positions.subarray(v * 3, v * 3 + 3));
          nor.push(...data.normals.subarray(v * 3, v * 3 + 3));
          for (let i = 0; i < 4; i++) {
            const w = data.weights[v * 4 + i];
            const slot = slotOf[data.joints[v * 4 + i]];
            if (w > 0 && slot < 0)
              throw new Error(`${spec.name}: its skin lacks ${data.jointNames[data.joints[v * 4 + i]]}`);
            jts.push(w === 0 && spec.zeroUnused ? 0 : Math.max(slot, 0));
            wts.push(w);
          }
        }
        idx.push(local);
      }
    }
    const acc = (name: string, type: 'VEC3' | 'VEC4' | 'SCALAR' | 'MAT4', a: Float32Array | Uint16Array) =>
      doc.createAccessor(name).setType(type).setArray(a).setBuffer(buffer);
    const k = spec.name;
    const part = doc
      .createPrimitive()
      .setAttribute('POSITION', acc(`POSITION_${k}`, 'VEC3', new Float32Array(pos)))
      .setAttribute('NORMAL', acc(`NORMAL_${k}`, 'VEC3', new Float32Array(nor)))
      .setAttribute('JOINTS_0', acc(`JOINTS_${k}`, 'VEC4', new Uint16Array(jts)))
      .setAttribute('WEIGHTS_0', acc(`WEIGHTS_${k}`, 'VEC4', new Float32Array(wts)))
      .setIndices(acc(`indices_${k}`, 'SCALAR', new Uint16Array(idx)))
      .setMaterial(spec.material === undefined ? prim.getMaterial() : spec.material);
    const ibm = new Float32Array(spec.joints.length * 16);
    spec.joints.forEach((j, slot) => {
      new Matrix4()
        .fromArray(jointNodes[j].getWorldMatrix())
        .invert()
        .toArray(ibm, slot * 16);
    });
    const skin = doc
      .createSkin(spec.skin ?? `${k}Skin`)
      .setInverseBindMatrices(acc(`ibm_${k}`, 'MAT4', ibm))
      .setSkeleton(jointNodes[0]);
    for (const j of spec.joints) skin.addJoint(jointNodes[j]);
    const mesh = doc.createMesh(k).addPrimitive(part);
    scene.addChild(doc.createNode(k).setMesh(mesh).setSkin(skin));
  }
  // The original single mesh goes (its material too, when no part took it).
  const oldSkin = body.getSkin()!;
  const oldMesh = body.getMesh()!;
  const oldIbm = oldSkin.getInverseBindMatrices();
  const oldMaterial = prim.getMaterial();
  const keepMaterial = specs.some((spec) => spec.material === undefined);
  body.dispose();
  oldSkin.dispose();
  for (const a of prim.listAttributes()) a.dispose();
  prim.getIndices()?.dispose();
  oldIbm?.dispose();
  prim.dispose();
  oldMesh.dispose();
  if (!keepMaterial) oldMaterial?.dispose();
}

/** Height of the hem, where the shirt meets the trousers (between Hips and Spine), metres. */
export const HEM_Y = 1.05;

/**
 * The triangles of each `garment-parts` part — 0 body (head and neck, hands, feet), 1 shirt,
 * 2 trousers — by where each triangle's centre is (offsets of their first corner, in order).
 */
export function garmentTriangles(data: MannequinData): number[][] {
  const tris = data.indices;
  const P = data.positions;
  const lists: number[][] = [[], [], []];
  for (let t = 0; t < tris.length; t += 3) {
    let x = 0;
    let y = 0;
    for (let c = 0; c < 3; c++) {
      x += P[tris[t + c] * 3] / 3;
      y += P[tris[t + c] * 3 + 1] / 3;
    }
    const ax = Math.abs(x);
    const head = ax < 0.1 && y > 1.47;
    const hand = ax > 0.66;
    const foot = y < 0.14;
    lists[head || hand || foot ? 0 : y >= HEM_Y ? 1 : 2].push(t);
  }
  return lists;
}

/**
 * The joints each `garment-parts` skin lists, in its order (mannequin joint indices): the body's
 * all, the shirt's all backwards, the trousers' the spine, hips and legs only, legs first.
 */
export function garmentSkinJoints(names: readonly string[]): number[][] {
  const all = names.map((_, j) => j);
  const lower = all.filter((j) => !/Arm|Hand|Shoulder|Neck|Head/.test(names[j]));
  const legs = (j: number) => /Leg|Foot|Toe/.test(names[j]);
  return [all, [...all].reverse(), [...lower.filter(legs), ...lower.filter((j) => !legs(j))]];
}

/** The specs of the `garment-parts` convention: body, shirt and trousers, with their colours. */
export function garmentPartSpecs(doc: Document, data: MannequinData): SkinnedPartSpec[] {
  const lists = garmentTriangles(data);
  const joints = garmentSkinJoints(data.jointNames);
  const material = (name: string, rgb: [number, number, number]) =>
    doc
      .createMaterial(name)
      .setBaseColorFactor([...rgb, 1])
      .setRoughnessFactor(0.8)
      .setMetallicFactor(0);
  return [
    { name: 'Body', triangles: lists[0], joints: joints[0], material: material('Skin', [0.8, 0.62, 0.5]) },
    {
      name: 'Shirt',
      triangles: lists[1],
      joints: joints[1],
      material: material('ShirtCloth', [0.2, 0.35, 0.65]),
      zeroUnused: true,
    },
    {
      name: 'Trousers',
      triangles: lists[2],
      joints: joints[2],
      material: material('TrousersCloth', [0.12, 0.14, 0.22]),
      zeroUnused: true,
    },
  ];
}
