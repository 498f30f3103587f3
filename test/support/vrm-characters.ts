/**
 * Characters turned into VRM avatars in the test setup: a GLB whose joints map onto the VRM
 * humanoid — by Mixamo-style names (the mannequin's exporter conventions, `mixamorig:` included),
 * else by what the test poses find (src/pose/humanoid.ts: limbs by name or chain, the spine, a
 * neck and head by name) — is written back with a VRM 1.0 `VRMC_vrm` (meta, humanoid, first
 * person, an expression per morph target), `VRMC_springBone` (a spring over joints the humanoid
 * does not use, a collider on the head) and a `VRMC_node_constraint`, or as VRM 0.x (the one
 * `VRM` extension holding the same). A character whose joints give no consistent humanoid
 * (checkVrm: a required bone missing, a foot not below its shin) is not converted: the reason is
 * returned instead, for the test to say why it skipped it.
 */

import { packGlb } from '../../src/gltf/export/write-export.ts';
import { readDocument, readGltfJson } from '../../src/gltf/read-document.ts';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { resolveHumanoid, splitSide } from '../../src/pose/humanoid.ts';
import { Skeleton } from '../../src/pose/skeleton.ts';
import { vrm0BoneName, vrmBoneOfMixamoName } from '../../src/vrm/vrm-bones.ts';
import { checkVrm } from '../../src/vrm/vrm-checks.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited by hand, as an exporter writes it
type Json = Record<string, any>;

/** A character as a VRM, or why it is none. */
export type CharacterVrm =
  | {
      bytes: Uint8Array;
      /** Human bone → joint name (what must still hold after edits). */
      bones: Record<string, string>;
      /** Names of the spring's joints, root first (empty: the character has no joint to spare). */
      spring: string[];
    }
  | { skipped: string };

/** Human bone → node index of a character (Mixamo names first, then the test poses' roles). */
async function humanBones(bytes: Uint8Array, name: string): Promise<Map<string, number>> {
  const model = buildSkinnedModel(await readDocument({ name, bytes }));
  const out = new Map<string, number>();
  for (const joint of model.joints.values()) {
    const bone = vrmBoneOfMixamoName(joint.name);
    if (bone && !out.has(bone)) out.set(bone, joint.id);
  }
  const skeleton = new Skeleton(model);
  const h = resolveHumanoid(skeleton, new Map());
  const id = (slot: number) => (slot >= 0 ? skeleton.nodeIds[slot] : -1);
  const fill = (bone: string, node: number) => {
    if (node >= 0 && !out.has(bone) && ![...out.values()].includes(node)) out.set(bone, node);
  };
  const ROLES = [
    ['upperArm', 'UpperArm'],
    ['foreArm', 'LowerArm'],
    ['hand', 'Hand'],
    ['upperLeg', 'UpperLeg'],
    ['lowerLeg', 'LowerLeg'],
    ['foot', 'Foot'],
  ] as const;
  for (const [side, roles] of [
    ['left', h.left],
    ['right', h.right],
  ] as const)
    for (const [role, bone] of ROLES) fill(`${side}${bone}`, id(roles[role]));
  ['hips', 'spine', 'chest', 'upperChest'].forEach((bone, k) => {
    fill(bone, id(h.spine[k] ?? -1));
  });
  // Legs that hang from above the hips (a Body over Hips, Abdomen, Torso: Quaternius'): the joint
  // they and the spine share is the hips, and the spine chain moves up one.
  const parentOf = (id: number) => model.joints.get(id)?.parent ?? -1;
  const ancestors = (id: number) => {
    const out: number[] = [];
    for (let p = parentOf(id); p >= 0; p = parentOf(p)) out.push(p);
    return out;
  };
  const hips = out.get('hips');
  const leg = out.get('leftUpperLeg');
  if (hips !== undefined && leg !== undefined && !ancestors(leg).includes(hips)) {
    const shared = ancestors(leg).find((a) => ancestors(hips).includes(a));
    if (shared !== undefined && ![...out.values()].includes(shared)) {
      const chain = ['hips', 'spine', 'chest', 'upperChest'].map((b) => out.get(b));
      out.set('hips', shared);
      ['spine', 'chest', 'upperChest'].forEach((b, k) => {
        if (chain[k] !== undefined) out.set(b, chain[k]!);
      });
    }
  }
  // Neck and head by name: the first neck joint is the neck; a head joint, else the neck's last.
  const byDepth = [...model.joints.values()]
    .map((j) => ({ j, base: splitSide(j.name).base, depth: skeleton.depth[skeleton.slotOf(j.id)] }))
    .filter((x) => x.base)
    .sort((a, b) => a.depth - b.depth);
  const necks = byDepth.filter((x) => /^neck/.test(x.base));
  const head = byDepth.find((x) => /^head(?!top|end)/.test(x.base));
  if (necks.length) fill('neck', necks[0].j.id);
  fill('head', head ? head.j.id : necks.length > 1 ? necks[necks.length - 1].j.id : -1);
  return out;
}

/** The GLB's JSON and binary chunk. */
function splitGlb(bytes: Uint8Array): { json: Json; bin: Uint8Array } {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = readGltfJson('character.glb', bytes) as Json;
  const at = 20 + jsonLength;
  return { json, bin: bytes.subarray(at + 8, at + 8 + view.getUint32(at, true)) };
}

/** `bytes` (a GLB) as a VRM avatar of `version`, or why it cannot be one. */
export async function characterAsVrm(
  bytes: Uint8Array,
  name: string,
  version: '1.0' | '0.x',
): Promise<CharacterVrm> {
  if (new TextDecoder().decode(bytes.subarray(0, 4)) !== 'glTF') return { skipped: `${name} is not a GLB` };
  const bones = await humanBones(bytes, name);
  const { json, bin } = splitGlb(bytes);
  const nodes = json.nodes as Json[];
  const human = new Set(bones.values());
  const jointIds = new Set<number>((json.skins as Json[] | undefined)?.flatMap((s) => s.joints) ?? []);
  const parent = new Map<number, number>();
  nodes.forEach((n, i) => {
    for (const c of n.children ?? []) parent.set(c, i);
  });
  // A spring: the deepest joint the humanoid does not use, up through its unmapped ancestors (≤ 3).
  const depth = (i: number) => {
    let d = 0;
    for (let p = parent.get(i); p !== undefined; p = parent.get(p)) d++;
    return d;
  };
  const spare = [...jointIds].filter((i) => !human.has(i) && !nodes[i].mesh);
  const tip = spare.sort((a, b) => depth(b) - depth(a) || a - b)[0];
  const spring: number[] = [];
  for (
    let i: number | undefined = tip;
    i !== undefined && spare.includes(i) && spring.length < 3;
    i = parent.get(i)
  )
    spring.unshift(i);
  // A constraint on another spare joint, following its parent's rotation.
  const constrained = spare.find((i) => !spring.includes(i) && parent.has(i));
  const head = bones.get('head');
  const meshNode = nodes.findIndex((n) => n.mesh !== undefined);
  const targets = (json.meshes as Json[]).flatMap((m, mesh) =>
    Math.max(0, ...(m.primitives as Json[]).map((p) => p.targets?.length ?? 0)) > 0 ? [mesh] : [],
  );
  const morphNode = targets.length ? nodes.findIndex((n) => n.mesh === targets[0]) : -1;
  const morphNames: string[] = targets.length
    ? (json.meshes[targets[0]].extras?.targetNames ??
      json.meshes[targets[0]].primitives[0].targets.map((_: unknown, k: number) => `target${k}`))
    : [];

  if (version === '1.0') {
    json.extensions = {
      ...(json.extensions ?? {}),
      VRMC_vrm: {
        specVersion: '1.0',
        meta: { name, authors: ['Skinsmith tests'], licenseUrl: 'https://vrm.dev/licenses/1.0/' },
        humanoid: { humanBones: Object.fromEntries([...bones].map(([b, n]) => [b, { node: n }])) },
        ...(meshNode >= 0 ? { firstPerson: { meshAnnotations: [{ node: meshNode, type: 'both' }] } } : {}),
        ...(morphNames.length
          ? {
              expressions: {
                custom: Object.fromEntries(
                  morphNames.map((t, k) => [
                    `e_${t}`,
                    { morphTargetBinds: [{ node: morphNode, index: k, weight: 1 }] },
                  ]),
                ),
              },
            }
          : {}),
      },
      VRMC_springBone: {
        specVersion: '1.0',
        colliders:
          head === undefined ? [] : [{ node: head, shape: { sphere: { offset: [0, 0, 0], radius: 0.1 } } }],
        colliderGroups: head === undefined ? [] : [{ name: 'Head', colliders: [0] }],
        springs: spring.length
          ? [
              {
                name: 'Spare',
                joints: spring.map((n) => ({ node: n, hitRadius: 0.01, stiffness: 1, dragForce: 0.4 })),
                colliderGroups: head === undefined ? [] : [0],
              },
            ]
          : [],
      },
    };
    json.extensionsUsed = [...(json.extensionsUsed ?? []), 'VRMC_vrm', 'VRMC_springBone'];
    if (constrained !== undefined) {
      nodes[constrained].extensions = {
        ...(nodes[constrained].extensions ?? {}),
        VRMC_node_constraint: {
          specVersion: '1.0',
          constraint: { rotation: { source: parent.get(constrained), weight: 0.5 } },
        },
      };
      json.extensionsUsed.push('VRMC_node_constraint');
    }
  } else {
    const morphMesh = targets[0];
    json.extensions = {
      ...(json.extensions ?? {}),
      VRM: {
        specVersion: '0.0',
        meta: { title: name, author: 'Skinsmith tests', licenseName: 'CC0' },
        humanoid: {
          humanBones: [...bones].map(([b, n]) => ({
            bone: vrm0BoneName(b),
            node: n,
            useDefaultValues: true,
          })),
        },
        firstPerson: {
          firstPersonBone: head ?? -1,
          meshAnnotations: meshNode >= 0 ? [{ mesh: nodes[meshNode].mesh, firstPersonFlag: 'Auto' }] : [],
        },
        blendShapeMaster: {
          blendShapeGroups: morphNames.map((t, k) => ({
            name: t,
            binds: [{ mesh: morphMesh, index: k, weight: 100 }],
          })),
        },
        secondaryAnimation: {
          boneGroups: spring.length
            ? [
                {
                  comment: 'Spare',
                  stiffiness: 1,
                  dragForce: 0.4,
                  center: -1,
                  bones: [spring[0]],
                  colliderGroups: head === undefined ? [] : [0],
                },
              ]
            : [],
          colliderGroups:
            head === undefined
              ? []
              : [{ node: head, colliders: [{ offset: { x: 0, y: 0, z: 0 }, radius: 0.1 }] }],
        },
        materialProperties: [],
      },
    };
    json.extensionsUsed = [...(json.extensionsUsed ?? []), 'VRM'];
  }
  const problems = checkVrm(json);
  if (problems.length) return { skipped: `${name}: its joints make no VRM humanoid (${problems[0]})` };
  return {
    bytes: packGlb(json as never, bin),
    bones: Object.fromEntries([...bones].map(([b, n]) => [b, nodes[n].name])),
    spring: spring.map((n) => nodes[n].name),
  };
}
