/**
 * stripSkin: turns a skinned file into a static one, in place on the Document: every skinned
 * mesh keeps the surface as the file's rest pose draws it (what engines show for the file left
 * alone), in world space on a node at the scene root; meshes hanging from joints (rigid props)
 * are baked to their world placement and moved to the scene root too; then the skins, every
 * joint node (and whatever else hangs below one) and the animation channels that drove them are
 * removed. What is left is a mesh with no skin and no joint nodes: the input `skinsmith rig
 * --replace` fits a new skeleton to, and what `bench:rig` makes of a rigged character.
 *
 * Morph targets are kept as they are (their deltas stay in the bind pose's frame).
 */
import type { Accessor, Document, Mesh, Node, Primitive } from '@gltf-transform/core';
import { Pose } from '../pose/pose.ts';
import { PoseMatrices } from '../pose/pose-matrices.ts';
import { restPositions } from '../pose/rest-positions.ts';
import { skeletonOf } from '../pose/skeleton.ts';
import { addEditNotes } from '../skeleton/edit-notes.ts';
import { bakeWorldTransform } from './bake-world-transform.ts';
import { disposeIfUnused, disposeMeshIfUnused } from './dispose-unused.ts';
import { followElementChanges, listElements } from './follow-node-changes.ts';
import { pruneEmptiedNodes, removeChannelsOf } from './prune-emptied-nodes.ts';
import { buildSkinnedModel, type SkinnedModel } from './skinned-model.ts';

/** What {@link stripSkin} removed. */
export interface StrippedSkin {
  skins: number;
  joints: number;
  /** Skinned mesh nodes now static at the scene root. */
  skinnedMeshes: number;
  /** Meshes that hung from a joint, now baked at the scene root. */
  propMeshes: number;
  /** Animation channels removed (they drove joints), and animations left empty and removed. */
  channels: number;
  animations: number;
}

/** The scenes a node is in (through its top ancestor); the default scene when none. */
function scenesOf(document: Document, node: Node) {
  let top = node;
  for (let p = node.getParentNode(); p; p = p.getParentNode()) top = p;
  const root = document.getRoot();
  const scenes = root.listScenes().filter((s) => s.listChildren().includes(top));
  if (scenes.length) return scenes;
  const fallback = root.getDefaultScene() ?? root.listScenes()[0] ?? document.createScene('Scene');
  return [fallback];
}

/** xyz accessor of `values` in the buffer of `like`. */
function vec3Accessor(document: Document, like: Accessor, values: Float32Array): Accessor {
  return document.createAccessor(like.getName()).setType('VEC3').setArray(values).setBuffer(like.getBuffer());
}

/**
 * Normals as the rest pose draws them: each turned by the 3×3 part of its blended skinning
 * matrix and made unit again (exact for rigidly bound vertices).
 */
function restNormals(
  primitive: Primitive,
  skinning: Float64Array,
  joints: Accessor,
  weights: Accessor,
  sets: [Accessor, Accessor][],
): Float32Array | null {
  const normal = primitive.getAttribute('NORMAL');
  if (normal?.getType() !== 'VEC3') return null;
  const count = normal.getCount();
  const out = new Float32Array(count * 3);
  const n = [0, 0, 0];
  const w = [0, 0, 0, 0];
  const j = [0, 0, 0, 0];
  const all: [Accessor, Accessor][] = [[joints, weights], ...sets];
  for (let v = 0; v < count; v++) {
    normal.getElement(v, n);
    let x = 0;
    let y = 0;
    let z = 0;
    for (const [J, W] of all) {
      J.getElement(v, j);
      W.getElement(v, w);
      for (let k = 0; k < 4; k++) {
        if (!(w[k] > 0)) continue;
        const o = j[k] * 16;
        x += w[k] * (skinning[o] * n[0] + skinning[o + 4] * n[1] + skinning[o + 8] * n[2]);
        y += w[k] * (skinning[o + 1] * n[0] + skinning[o + 5] * n[1] + skinning[o + 9] * n[2]);
        z += w[k] * (skinning[o + 2] * n[0] + skinning[o + 6] * n[1] + skinning[o + 10] * n[2]);
      }
    }
    const l = Math.hypot(x, y, z);
    if (l > 1e-12) {
      out[v * 3] = x / l;
      out[v * 3 + 1] = y / l;
      out[v * 3 + 2] = z / l;
    } else {
      out[v * 3] = n[0];
      out[v * 3 + 1] = n[1];
      out[v * 3 + 2] = n[2];
    }
  }
  return out;
}

/** The JOINTS_n/WEIGHTS_n pairs of a primitive, set 0 first. */
function weightSets(primitive: Primitive): [Accessor, Accessor][] {
  const out: [Accessor, Accessor][] = [];
  for (let i = 0; ; i++) {
    const J = primitive.getAttribute(`JOINTS_${i}`);
    const W = primitive.getAttribute(`WEIGHTS_${i}`);
    if (!J || !W) return out;
    out.push([J, W]);
  }
}

/** Takes the skinning attributes off a primitive (and disposes the accessors nothing else uses). */
function dropWeights(primitive: Primitive): void {
  for (const semantic of primitive.listSemantics()) {
    if (!/^(JOINTS|WEIGHTS)_\d+$/.test(semantic)) continue;
    const accessor = primitive.getAttribute(semantic)!;
    primitive.setAttribute(semantic, null);
    disposeIfUnused(accessor);
  }
}

function depthOf(node: Node): number {
  let d = 0;
  for (let p = node.getParentNode(); p; p = p.getParentNode()) d++;
  return d;
}

/** See the module comment. A file without skins is left as it is (all counts 0). */
export function stripSkin(
  document: Document,
  model: SkinnedModel = buildSkinnedModel(document),
): StrippedSkin {
  const root = document.getRoot();
  const skins = root.listSkins();
  const result: StrippedSkin = {
    skins: skins.length,
    joints: 0,
    skinnedMeshes: 0,
    propMeshes: 0,
    channels: 0,
    animations: 0,
  };
  if (skins.length === 0) return result;
  // What the source JSON names by index (a VRM's bones, springs) follows the nodes that go.
  const before = listElements(document);
  const replaced = new Map<Node | Mesh, Node | Mesh>();
  const skeleton = skeletonOf(model);
  const matrices = new PoseMatrices(skeleton).update(new Pose(skeleton.size, 'rest'));
  const rest = restPositions(model);
  const jointNodes = new Set<Node>(skins.flatMap((s) => s.listJoints()));
  result.joints = jointNodes.size;

  // 1. Skinned meshes: the rest-pose surface, on a fresh node at the scene root per skinned node
  //    (a mesh two skins share becomes two meshes, each drawn as its skin drew it).
  const skinnedNodes = root.listNodes().filter((n) => n.getSkin() && n.getMesh());
  const doneMeshes = new Set<unknown>();
  for (const node of skinnedNodes) {
    const skin = node.getSkin()!;
    const skinIndex = skins.indexOf(skin);
    const oldMesh = node.getMesh()!;
    const mesh = doneMeshes.has(oldMesh) ? oldMesh.clone() : oldMesh;
    if (mesh !== oldMesh) {
      for (const p of mesh.listPrimitives()) mesh.removePrimitive(p);
      for (const p of oldMesh.listPrimitives()) mesh.addPrimitive(p.clone());
    }
    doneMeshes.add(oldMesh);
    const meshIndex = root.listMeshes().indexOf(oldMesh);
    mesh.listPrimitives().forEach((primitive, k) => {
      const position = primitive.getAttribute('POSITION');
      const sets = weightSets(primitive);
      if (position && sets.length > 0) {
        const skinned = model.primitives.find(
          (p) => p.meshIndex === meshIndex && p.primitiveIndex === k && p.skins[0] === skinIndex,
        );
        const skinning = matrices.skinning[skinIndex];
        const normals = restNormals(primitive, skinning, sets[0][0], sets[0][1], sets.slice(1));
        if (skinned)
          primitive.setAttribute('POSITION', vec3Accessor(document, position, rest[skinned.id].slice()));
        if (normals)
          primitive.setAttribute(
            'NORMAL',
            vec3Accessor(document, primitive.getAttribute('NORMAL')!, normals),
          );
        disposeIfUnused(position);
      }
      dropWeights(primitive);
    });
    const placed = document.createNode(node.getName()).setMesh(mesh);
    for (const scene of scenesOf(document, node)) scene.addChild(placed);
    node.setMesh(null).setSkin(null);
    replaced.set(node, placed);
    result.skinnedMeshes++;
  }

  // 2. Meshes below a joint: baked where the rest pose puts them, at the scene root.
  const belowJoint = (node: Node): boolean => {
    for (let p = node.getParentNode(); p; p = p.getParentNode()) if (jointNodes.has(p)) return true;
    return false;
  };
  for (const node of root.listNodes()) {
    if (!node.getMesh() || node.getSkin() || !(jointNodes.has(node) || belowJoint(node))) continue;
    const baked = bakeWorldTransform(document, node.getMesh()!, node.getWorldMatrix());
    for (const primitive of baked.listPrimitives()) dropWeights(primitive);
    const placed = document.createNode(node.getName()).setMesh(baked);
    for (const scene of scenesOf(document, node)) scene.addChild(placed);
    const old = node.getMesh()!;
    replaced.set(node, placed).set(old, baked);
    node.setMesh(null);
    // The original, now drawn by no node, would stay in the file as an orphan (its vertices
    // counted, never drawn, never skinned by a rig).
    disposeMeshIfUnused(old);
    result.propMeshes++;
  }

  // 3. Skins, then the joints and everything below them; channels that drove them go with them.
  for (const skin of skins) {
    const ibm = skin.getInverseBindMatrices();
    skin.dispose();
    if (ibm) disposeIfUnused(ibm);
  }
  const doomed = new Set<Node>();
  const collect = (node: Node) => {
    doomed.add(node);
    for (const child of node.listChildren()) collect(child);
  };
  for (const joint of jointNodes) collect(joint);
  // Non-joint ancestors of the joints, deepest first (a child is always listed after its parent).
  const ancestors: Node[] = [];
  for (const joint of jointNodes) {
    for (let p = joint.getParentNode(); p && !jointNodes.has(p); p = p.getParentNode())
      if (!ancestors.includes(p)) ancestors.push(p);
  }
  ancestors.sort((a, b) => depthOf(b) - depthOf(a));
  const removed = removeChannelsOf(document, doomed, true);
  result.channels = removed.channels;
  result.animations = removed.animations;
  for (const node of doomed) if (!node.isDisposed()) node.dispose();
  // What that left empty goes too: the old skinned nodes, an Armature node, a group whose every
  // mesh moved to the scene root (with the channels that moved it: nothing follows it now).
  const pruned = pruneEmptiedNodes(document, [...skinnedNodes, ...ancestors]);
  result.channels += pruned.channels;
  result.animations += pruned.animations;
  addEditNotes(document, followElementChanges(document, before, replaced));
  return result;
}
