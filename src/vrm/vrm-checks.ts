/**
 * checkVrm: is a written VRM consistent? Every index its extensions hold is in range (nodes,
 * meshes, morph targets, materials, textures, colliders, collider groups), every required human
 * bone is mapped, no node is two bones, and each bone's node descends from the bone VRM puts above
 * it (hips → spine → chest → … → head; arms under the chest, legs under the hips, fingers under
 * the hand). Our own check, since the glTF-Validator does not know VRM: run on every VRM export
 * in the tests, and by `skinsmith validate` on a .vrm.
 */
import { requiredVrmBones, vrm1BoneName, vrmBoneAncestors, vrmBoneNeeds } from './vrm-bones.ts';

type Json = Record<string, unknown>;
const isObject = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Problems found in a VRM's glTF JSON (empty: consistent); [] for a file that is not a VRM. */
export function checkVrm(json: Json): string[] {
  const ext = isObject(json.extensions) ? json.extensions : {};
  const problems: string[] = [];
  const nodes = list(json.nodes);
  const meshes = list(json.meshes);
  const materials = list(json.materials);
  const textures = list(json.textures);
  const images = list(json.images);
  const index = (v: unknown, count: number, what: string, where: string) => {
    if (!(typeof v === 'number' && Number.isInteger(v) && v >= 0 && v < count))
      problems.push(`${where}: ${what} ${JSON.stringify(v)} is out of range (${count})`);
  };
  const morphTargets = (mesh: unknown) =>
    Math.max(
      0,
      ...list(isObject(mesh) ? mesh.primitives : []).map((p) => list(isObject(p) ? p.targets : []).length),
    );
  const textureInfo = (info: unknown, where: string) => {
    if (isObject(info)) index(info.index, textures.length, 'texture', where);
  };

  // Parents of nodes, for the bone order.
  const parent = new Int32Array(nodes.length).fill(-1);
  nodes.forEach((n, i) => {
    for (const c of list(isObject(n) ? n.children : []))
      if (typeof c === 'number' && c < nodes.length) parent[c] = i;
  });
  const bones = new Map<string, number>();

  const vrm1 = isObject(ext.VRMC_vrm) ? ext.VRMC_vrm : null;
  const vrm0 = isObject(ext.VRM) ? ext.VRM : null;
  if (!vrm1 && !vrm0) return [];
  if (vrm1) {
    const humanBones =
      isObject(vrm1.humanoid) && isObject(vrm1.humanoid.humanBones) ? vrm1.humanoid.humanBones : {};
    for (const [bone, value] of Object.entries(humanBones)) {
      const node = isObject(value) ? value.node : undefined;
      index(node, nodes.length, 'node', `VRMC_vrm humanoid ${bone}`);
      if (typeof node === 'number') bones.set(bone, node);
    }
    const fp = isObject(vrm1.firstPerson) ? vrm1.firstPerson : {};
    list(fp.meshAnnotations).forEach((a, i) => {
      index(isObject(a) ? a.node : undefined, nodes.length, 'node', `VRMC_vrm firstPerson annotation ${i}`);
    });
    if (isObject(vrm1.meta) && vrm1.meta.thumbnailImage !== undefined)
      index(vrm1.meta.thumbnailImage, images.length, 'image', 'VRMC_vrm meta thumbnailImage');
    const expressions = isObject(vrm1.expressions) ? vrm1.expressions : {};
    for (const group of [expressions.preset, expressions.custom]) {
      if (!isObject(group)) continue;
      for (const [name, e] of Object.entries(group)) {
        if (!isObject(e)) continue;
        list(e.morphTargetBinds).forEach((b, i) => {
          if (!isObject(b)) return;
          const where = `VRMC_vrm expression ${name} bind ${i}`;
          index(b.node, nodes.length, 'node', where);
          const node = typeof b.node === 'number' ? nodes[b.node] : undefined;
          const mesh = isObject(node) && typeof node.mesh === 'number' ? meshes[node.mesh] : undefined;
          if (!mesh) problems.push(`${where}: node ${JSON.stringify(b.node)} has no mesh`);
          else index(b.index, morphTargets(mesh), 'morph target', where);
        });
        for (const key of ['materialColorBinds', 'textureTransformBinds'])
          list(e[key]).forEach((b, i) => {
            index(
              isObject(b) ? b.material : undefined,
              materials.length,
              'material',
              `VRMC_vrm expression ${name} ${key} ${i}`,
            );
          });
      }
    }
  }
  if (vrm0) {
    const humanoid = isObject(vrm0.humanoid) ? vrm0.humanoid : {};
    list(humanoid.humanBones).forEach((b, i) => {
      if (!isObject(b) || typeof b.bone !== 'string') return;
      index(b.node, nodes.length, 'node', `VRM humanoid ${b.bone}`);
      const bone = vrm1BoneName(b.bone);
      if (bones.has(bone) && !vrm1) problems.push(`VRM humanoid: ${b.bone} is mapped twice (entry ${i})`);
      if (typeof b.node === 'number' && !vrm1) bones.set(bone, b.node);
    });
    const fp = isObject(vrm0.firstPerson) ? vrm0.firstPerson : {};
    if (fp.firstPersonBone !== undefined && fp.firstPersonBone !== -1)
      index(fp.firstPersonBone, nodes.length, 'node', 'VRM firstPerson firstPersonBone');
    list(fp.meshAnnotations).forEach((a, i) => {
      index(isObject(a) ? a.mesh : undefined, meshes.length, 'mesh', `VRM firstPerson annotation ${i}`);
    });
    const master = isObject(vrm0.blendShapeMaster) ? vrm0.blendShapeMaster : {};
    list(master.blendShapeGroups).forEach((g, i) => {
      if (!isObject(g)) return;
      list(g.binds).forEach((b, k) => {
        if (!isObject(b)) return;
        const where = `VRM blend shape ${String(g.name ?? i)} bind ${k}`;
        index(b.mesh, meshes.length, 'mesh', where);
        if (typeof b.mesh === 'number' && meshes[b.mesh])
          index(b.index, morphTargets(meshes[b.mesh]), 'morph target', where);
      });
    });
    const secondary = isObject(vrm0.secondaryAnimation) ? vrm0.secondaryAnimation : {};
    const groups = list(secondary.colliderGroups);
    groups.forEach((g, i) => {
      index(isObject(g) ? g.node : undefined, nodes.length, 'node', `VRM collider group ${i}`);
    });
    list(secondary.boneGroups).forEach((g, i) => {
      if (!isObject(g)) return;
      for (const b of list(g.bones)) index(b, nodes.length, 'node', `VRM bone group ${i}`);
      if (g.center !== undefined && g.center !== -1)
        index(g.center, nodes.length, 'node', `VRM bone group ${i} center`);
      for (const c of list(g.colliderGroups))
        index(c, groups.length, 'collider group', `VRM bone group ${i}`);
    });
    list(vrm0.materialProperties).forEach((m, i) => {
      const props = isObject(m) && isObject(m.textureProperties) ? m.textureProperties : {};
      for (const [key, t] of Object.entries(props))
        index(t, textures.length, 'texture', `VRM material ${i} ${key}`);
    });
    if (isObject(vrm0.meta) && vrm0.meta.texture !== undefined && vrm0.meta.texture !== -1)
      index(vrm0.meta.texture, textures.length, 'texture', 'VRM meta texture');
  }
  const springs = isObject(ext.VRMC_springBone) ? ext.VRMC_springBone : null;
  if (springs) {
    const colliders = list(springs.colliders);
    colliders.forEach((c, i) => {
      index(isObject(c) ? c.node : undefined, nodes.length, 'node', `VRMC_springBone collider ${i}`);
    });
    const groups = list(springs.colliderGroups);
    groups.forEach((g, i) => {
      for (const c of list(isObject(g) ? g.colliders : []))
        index(c, colliders.length, 'collider', `VRMC_springBone collider group ${i}`);
    });
    list(springs.springs).forEach((s, i) => {
      if (!isObject(s)) return;
      list(s.joints).forEach((j, k) => {
        index(
          isObject(j) ? j.node : undefined,
          nodes.length,
          'node',
          `VRMC_springBone spring ${i} joint ${k}`,
        );
      });
      if (s.center !== undefined) index(s.center, nodes.length, 'node', `VRMC_springBone spring ${i} center`);
      for (const g of list(s.colliderGroups))
        index(g, groups.length, 'collider group', `VRMC_springBone spring ${i}`);
    });
  }
  nodes.forEach((n, i) => {
    const c = isObject(n) && isObject(n.extensions) ? n.extensions.VRMC_node_constraint : undefined;
    const constraint = isObject(c) && isObject(c.constraint) ? c.constraint : {};
    for (const kind of ['roll', 'aim', 'rotation']) {
      const k = constraint[kind];
      if (isObject(k)) index(k.source, nodes.length, 'node', `VRMC_node_constraint on node ${i} (${kind})`);
    }
  });
  materials.forEach((m, i) => {
    const mtoon = isObject(m) && isObject(m.extensions) ? m.extensions.VRMC_materials_mtoon : undefined;
    if (!isObject(mtoon)) return;
    for (const [key, v] of Object.entries(mtoon))
      if (key.endsWith('Texture')) textureInfo(v, `VRMC_materials_mtoon on material ${i} ${key}`);
  });

  // The humanoid itself.
  for (const bone of requiredVrmBones(vrm1 ? '1.0' : '0.x'))
    if (!bones.has(bone)) problems.push(`VRM humanoid: the required ${bone} bone is not mapped`);
  for (const bone of bones.keys()) {
    const need = vrmBoneNeeds(bone);
    if (need && !bones.has(need))
      problems.push(`VRM humanoid: ${bone} is mapped without ${need}, which it needs`);
  }
  const owner = new Map<number, string>();
  for (const [bone, node] of bones) {
    const other = owner.get(node);
    if (other) problems.push(`VRM humanoid: node ${node} is both ${other} and ${bone}`);
    owner.set(node, bone);
  }
  for (const [bone, node] of bones) {
    const above = vrmBoneAncestors(bone).find((b) => bones.has(b));
    if (!above) continue;
    const want = bones.get(above)!;
    let p = parent[node] ?? -1;
    const seen = new Set<number>();
    while (p >= 0 && p !== want && !seen.has(p)) {
      seen.add(p);
      p = parent[p];
    }
    if (p !== want)
      problems.push(`VRM humanoid: ${bone} (node ${node}) is not below ${above} (node ${want})`);
  }
  return problems;
}
