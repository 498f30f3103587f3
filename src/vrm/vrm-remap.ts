/**
 * VRM's node indices through skeleton edits. VRM keeps its avatar in extensions that name nodes by
 * index — human bones, first-person mesh annotations, expressions' morph target binds (VRMC_vrm),
 * spring joints, colliders and spring centres (VRMC_springBone), constraint sources
 * (VRMC_node_constraint), and in VRM 0.x the same in one `VRM` extension — so an edit that removes
 * a node and renumbers the rest must renumber them too (src/skeleton/node-remap.ts calls these).
 * What named the removed node goes, with a note: an optional human bone leaves the map, a spring
 * joint or collider leaves its chain or group, an annotation, bind or constraint is dropped. A
 * required human bone cannot be removed at all: {@link vrmNodeRemovalRefusal} says why first.
 */
import { requiredVrmBones, vrm1BoneName, vrmBoneNeeds } from './vrm-bones.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const isIndex = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;

/** Node index before an edit → after it (-1: removed). */
type Remap = (index: number) => number;

/** Renumbers VRMC_vrm (in place); notes for what named a removed node. */
export function remapVrmcVrm(ext: unknown, remap: Remap): string[] {
  if (!isObject(ext)) return [];
  const notes: string[] = [];
  const bones = isObject(ext.humanoid) && isObject(ext.humanoid.humanBones) ? ext.humanoid.humanBones : null;
  if (bones) {
    for (const [bone, value] of Object.entries(bones)) {
      if (!isObject(value) || !isIndex(value.node)) continue;
      const to = remap(value.node);
      if (to >= 0) value.node = to;
      else {
        delete bones[bone];
        notes.push(`VRM humanoid: the ${bone} bone was on the deleted joint and is no longer mapped`);
      }
    }
    notes.push(...dropUnsupported(Object.keys(bones), (bone) => delete bones[bone]));
  }
  const fp =
    isObject(ext.firstPerson) && Array.isArray(ext.firstPerson.meshAnnotations) ? ext.firstPerson : null;
  if (fp) {
    fp.meshAnnotations = (fp.meshAnnotations as unknown[]).filter((a) => {
      if (!isObject(a) || !isIndex(a.node)) return true;
      const to = remap(a.node);
      if (to < 0) notes.push('VRM first person: an annotation of a deleted node was dropped');
      else a.node = to;
      return to >= 0;
    });
  }
  const expressions = isObject(ext.expressions) ? ext.expressions : null;
  for (const group of [expressions?.preset, expressions?.custom]) {
    if (!isObject(group)) continue;
    for (const [name, expression] of Object.entries(group)) {
      if (!isObject(expression) || !Array.isArray(expression.morphTargetBinds)) continue;
      expression.morphTargetBinds = (expression.morphTargetBinds as unknown[]).filter((b) => {
        if (!isObject(b) || !isIndex(b.node)) return true;
        const to = remap(b.node);
        if (to < 0) notes.push(`VRM expression ${name}: a morph target bind of a deleted node was dropped`);
        else b.node = to;
        return to >= 0;
      });
    }
  }
  return notes;
}

/** Renumbers VRMC_springBone (in place): joints, colliders and centres of removed nodes leave. */
export function remapVrmcSpringBone(ext: unknown, remap: Remap): string[] {
  if (!isObject(ext)) return [];
  const notes: string[] = [];
  // Colliders first: groups and springs name them by index.
  const colliders = Array.isArray(ext.colliders) ? (ext.colliders as unknown[]) : [];
  const colliderIndex: number[] = [];
  const keptColliders: unknown[] = [];
  colliders.forEach((c, i) => {
    const node = isObject(c) && isIndex(c.node) ? remap(c.node) : 0;
    if (node < 0) {
      colliderIndex[i] = -1;
      notes.push(`VRM spring bones: collider ${i} was on the deleted joint and was removed`);
      return;
    }
    if (isObject(c) && isIndex(c.node)) c.node = node;
    colliderIndex[i] = keptColliders.length;
    keptColliders.push(c);
  });
  if (Array.isArray(ext.colliders)) ext.colliders = keptColliders;
  const groups = Array.isArray(ext.colliderGroups) ? (ext.colliderGroups as unknown[]) : [];
  const groupIndex: number[] = [];
  const keptGroups: unknown[] = [];
  groups.forEach((g, i) => {
    if (isObject(g) && Array.isArray(g.colliders)) {
      g.colliders = (g.colliders as unknown[]).flatMap((c) =>
        isIndex(c) ? (colliderIndex[c] >= 0 ? [colliderIndex[c]] : []) : [c],
      );
      if ((g.colliders as unknown[]).length === 0) {
        groupIndex[i] = -1;
        notes.push(`VRM spring bones: collider group ${i} lost its last collider and was removed`);
        return;
      }
    }
    groupIndex[i] = keptGroups.length;
    keptGroups.push(g);
  });
  if (Array.isArray(ext.colliderGroups)) ext.colliderGroups = keptGroups;
  const springs = Array.isArray(ext.springs) ? (ext.springs as unknown[]) : [];
  const keptSprings = springs.filter((s, i) => {
    if (!isObject(s)) return true;
    const label = typeof s.name === 'string' && s.name ? `"${s.name}"` : `${i}`;
    if (Array.isArray(s.joints)) {
      s.joints = (s.joints as unknown[]).filter((j) => {
        if (!isObject(j) || !isIndex(j.node)) return true;
        const to = remap(j.node);
        if (to < 0) notes.push(`VRM spring bones: spring ${label} lost a joint on the deleted node`);
        else j.node = to;
        return to >= 0;
      });
      if ((s.joints as unknown[]).length === 0) {
        notes.push(`VRM spring bones: spring ${label} had no joint left and was removed`);
        return false;
      }
    }
    if (isIndex(s.center)) {
      const to = remap(s.center);
      if (to >= 0) s.center = to;
      else {
        delete s.center;
        notes.push(`VRM spring bones: spring ${label}'s centre was the deleted node (now the scene)`);
      }
    }
    if (Array.isArray(s.colliderGroups))
      s.colliderGroups = (s.colliderGroups as unknown[]).flatMap((g) =>
        isIndex(g) ? (groupIndex[g] >= 0 ? [groupIndex[g]] : []) : [g],
      );
    return true;
  });
  if (Array.isArray(ext.springs)) ext.springs = keptSprings;
  return notes;
}

/**
 * Unmaps, through `drop`, every bone of `mapped` (VRM 1.0 names) whose needed bone (vrmBoneNeeds:
 * a finger's distal needs its intermediate…) is no longer mapped, and the bones that need those in
 * turn: VRM forbids the one without the other. Returns a note for each.
 */
function dropUnsupported(mapped: string[], drop: (bone: string) => void): string[] {
  const left = new Set(mapped);
  const notes: string[] = [];
  for (let changed = true; changed; ) {
    changed = false;
    for (const bone of left) {
      const need = vrmBoneNeeds(bone);
      if (!need || left.has(need)) continue;
      left.delete(bone);
      drop(bone);
      notes.push(
        `VRM humanoid: the ${bone} bone needs ${need}, which is no longer mapped: ${bone} is unmapped too`,
      );
      changed = true;
    }
  }
  return notes;
}

/**
 * Renumbers a node's VRMC_node_constraint (in place); a constraint whose source was removed is
 * emptied (the caller drops an emptied extension).
 */
export function remapVrmcNodeConstraint(ext: unknown, remap: Remap, where: string): string[] {
  if (!isObject(ext) || !isObject(ext.constraint)) return [];
  for (const kind of ['roll', 'aim', 'rotation']) {
    const c = ext.constraint[kind];
    if (!isObject(c) || !isIndex(c.source)) continue;
    const to = remap(c.source);
    if (to >= 0) c.source = to;
    else {
      for (const key of Object.keys(ext)) delete ext[key];
      return [`VRM constraint on ${where}: its source was the deleted joint, so the constraint was removed`];
    }
  }
  return [];
}

/** Renumbers VRM 0.x's `VRM` extension (in place); `heirs` gives a removed node's children. */
export function remapVrm0(
  ext: unknown,
  remap: Remap,
  _where: string,
  heirs: (removed: number) => number[] = () => [],
): string[] {
  if (!isObject(ext)) return [];
  const notes: string[] = [];
  const humanoid = isObject(ext.humanoid) && Array.isArray(ext.humanoid.humanBones) ? ext.humanoid : null;
  if (humanoid) {
    humanoid.humanBones = (humanoid.humanBones as unknown[]).filter((b) => {
      if (!isObject(b) || !isIndex(b.node)) return true;
      const to = remap(b.node);
      if (to < 0)
        notes.push(
          `VRM humanoid: the ${String(b.bone)} bone was on the deleted joint and is no longer mapped`,
        );
      else b.node = to;
      return to >= 0;
    });
    const names = (humanoid.humanBones as unknown[]).flatMap((b) =>
      isObject(b) && typeof b.bone === 'string' ? [vrm1BoneName(b.bone)] : [],
    );
    const dropped = new Set<string>();
    notes.push(...dropUnsupported(names, (bone) => dropped.add(bone)));
    humanoid.humanBones = (humanoid.humanBones as unknown[]).filter(
      (b) => !(isObject(b) && typeof b.bone === 'string' && dropped.has(vrm1BoneName(b.bone))),
    );
  }
  const fp = isObject(ext.firstPerson) ? ext.firstPerson : null;
  if (fp && isIndex(fp.firstPersonBone)) {
    const to = remap(fp.firstPersonBone);
    if (to >= 0) fp.firstPersonBone = to;
    else {
      fp.firstPersonBone = -1;
      notes.push('VRM first person: its bone was the deleted joint');
    }
  }
  const secondary = isObject(ext.secondaryAnimation) ? ext.secondaryAnimation : null;
  if (secondary) {
    const groupIndex: number[] = [];
    if (Array.isArray(secondary.colliderGroups)) {
      const kept: unknown[] = [];
      (secondary.colliderGroups as unknown[]).forEach((g, i) => {
        const to = isObject(g) && isIndex(g.node) ? remap(g.node) : 0;
        if (to < 0) {
          groupIndex[i] = -1;
          notes.push(`VRM spring bones: collider group ${i} was on the deleted joint and was removed`);
          return;
        }
        if (isObject(g) && isIndex(g.node)) g.node = to;
        groupIndex[i] = kept.length;
        kept.push(g);
      });
      secondary.colliderGroups = kept;
    }
    if (Array.isArray(secondary.boneGroups)) {
      secondary.boneGroups = (secondary.boneGroups as unknown[]).filter((g, i) => {
        if (!isObject(g)) return true;
        const label = typeof g.comment === 'string' && g.comment ? `"${g.comment}"` : `${i}`;
        if (Array.isArray(g.bones)) {
          // A group lists the roots of its chains: a deleted root's children root them now.
          g.bones = (g.bones as unknown[]).flatMap((b) => {
            if (!isIndex(b)) return [b];
            const to = remap(b);
            if (to >= 0) return [to];
            const next = heirs(b);
            notes.push(
              next.length
                ? `VRM spring bones: bone group ${label}'s root was the deleted joint: its children root the chain now`
                : `VRM spring bones: bone group ${label} lost a root on the deleted joint`,
            );
            return next;
          });
          if ((g.bones as unknown[]).length === 0) {
            notes.push(`VRM spring bones: bone group ${label} had no bone left and was removed`);
            return false;
          }
        }
        if (isIndex(g.center)) {
          const to = remap(g.center);
          g.center = to;
          if (to < 0) notes.push(`VRM spring bones: bone group ${label}'s centre was the deleted joint`);
        }
        if (Array.isArray(g.colliderGroups))
          g.colliderGroups = (g.colliderGroups as unknown[]).flatMap((c) =>
            isIndex(c) ? (groupIndex[c] >= 0 ? [groupIndex[c]] : []) : [c],
          );
        return true;
      });
    }
  }
  return notes;
}

/**
 * Why node `index` may not be removed from a VRM (given its glTF JSON, or the kept part of it):
 * it is a required human bone. Null otherwise.
 */
export function vrmNodeRemovalRefusal(json: Readonly<Json>, index: number): string | null {
  const ext = isObject(json.extensions) ? json.extensions : null;
  const bones: [string, unknown, '1.0' | '0.x'][] = [];
  if (
    ext &&
    isObject(ext.VRMC_vrm) &&
    isObject(ext.VRMC_vrm.humanoid) &&
    isObject(ext.VRMC_vrm.humanoid.humanBones)
  )
    for (const [bone, value] of Object.entries(ext.VRMC_vrm.humanoid.humanBones))
      bones.push([bone, isObject(value) ? value.node : undefined, '1.0']);
  if (ext && isObject(ext.VRM) && isObject(ext.VRM.humanoid) && Array.isArray(ext.VRM.humanoid.humanBones))
    for (const value of ext.VRM.humanoid.humanBones as unknown[])
      if (isObject(value) && typeof value.bone === 'string')
        bones.push([vrm1BoneName(value.bone), value.node, '0.x']);
  for (const [bone, node, version] of bones) {
    if (node === index && requiredVrmBones(version).has(bone))
      return `It is the VRM avatar's ${bone} bone, which every VRM must have: delete another joint, or map ${bone} to another joint first.`;
  }
  return null;
}

/**
 * Renumbers the meshes VRM 0.x's `VRM` extension names (in place): blend shape binds and first
 * person annotations, by mesh index. A bind or annotation of a removed mesh is dropped, with a note.
 */
export function remapVrm0Meshes(ext: unknown, remap: Remap): string[] {
  if (!isObject(ext)) return [];
  const notes: string[] = [];
  const follow = (list: unknown[], what: string) =>
    list.filter((b) => {
      if (!isObject(b) || !isIndex(b.mesh)) return true;
      const to = remap(b.mesh);
      if (to < 0) notes.push(`VRM ${what} of a removed mesh was dropped`);
      else b.mesh = to;
      return to >= 0;
    });
  const master = isObject(ext.blendShapeMaster) ? ext.blendShapeMaster : null;
  for (const group of Array.isArray(master?.blendShapeGroups) ? (master.blendShapeGroups as unknown[]) : [])
    if (isObject(group) && Array.isArray(group.binds))
      group.binds = follow(group.binds, `blend shape ${String(group.name ?? '')}: a bind`);
  const fp = isObject(ext.firstPerson) ? ext.firstPerson : null;
  if (fp && Array.isArray(fp.meshAnnotations))
    fp.meshAnnotations = follow(fp.meshAnnotations, 'first person: an annotation');
  return notes;
}
