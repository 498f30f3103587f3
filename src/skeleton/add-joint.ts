/**
 * addJoint: a new joint as the child of a joint, at a world point, oriented like its parent
 * (identity local rotation, unit scale), in every skin that lists the parent, with no weights.
 * Its IBM in each skin is W_N⁻¹ · S_P (S_P = W_P · IBM_P, the parent's skinning matrix at the
 * stored pose): weight later painted from the parent onto it moves no vertex at rest.
 */
import type { Node } from '@gltf-transform/core';
import type { SkinnedModel } from '../gltf/skinned-model.ts';
import { invert, mul, NodeWorlds, transformPoint } from './frames.ts';
import { readInverseBinds, writeInverseBinds } from './inverse-binds.ts';
import {
  type EditOutcome,
  freeName,
  requireFinite,
  requireFreeName,
  requireJoint,
} from './skeleton-checks.ts';

/**
 * Adds to every skin that lists `parent` a joint `child` (already placed under its parent in the
 * node tree), with the IBM that gives it the parent's skinning matrix. `worlds` must hold both.
 */
export function addToParentSkins(model: SkinnedModel, parent: Node, child: Node, worlds: NodeWorlds): void {
  const doc = model.document;
  const Wp = worlds.worldOf(parent);
  const Wn = worlds.worldOf(child);
  for (const skin of doc.getRoot().listSkins()) {
    const joints = skin.listJoints();
    const j = joints.indexOf(parent);
    if (j < 0) continue;
    const ibm = readInverseBinds(skin);
    const S = mul(Wp, ibm.subarray(j * 16, j * 16 + 16));
    const next = new Float64Array(ibm.length + 16);
    next.set(ibm);
    next.set(mul(invert(Wn), S), ibm.length);
    skin.addJoint(child);
    writeInverseBinds(doc, skin, next);
  }
}

/** Adds a joint named `name` (default: the parent's name, made unique) under `parent` at world point `at`. */
export function addJoint(
  model: SkinnedModel,
  parent: number,
  at: readonly number[],
  name?: string,
): EditOutcome & { id: number } {
  requireFinite(at, 3, 'The position');
  const info = requireJoint(model, parent);
  const jointName = name === undefined ? freeName(model, `${info.name}_child`) : requireFreeName(model, name);
  const doc = model.document;
  const worlds = new NodeWorlds(doc);
  const local = transformPoint(invert(worlds.world(parent)), at);
  const node = doc.createNode(jointName).setTranslation(local);
  info.node.addChild(node);
  const after = new NodeWorlds(doc);
  addToParentSkins(model, info.node, node, after);
  const id = doc.getRoot().listNodes().indexOf(node);
  return { changed: true, created: [id], notes: [], id };
}
