/**
 * VRM avatars made in code: the fingered mannequin written as VRM 1.0 (VRMC_vrm with meta,
 * humanoid, firstPerson, lookAt and expressions over two morph targets; VRMC_springBone with a
 * hair chain and a head collider; VRMC_node_constraint on a forearm twist joint;
 * VRMC_materials_mtoon with a shade texture and a matcap texture no core material slot uses) or
 * as VRM 0.x (the one `VRM` extension: meta, humanoid, firstPerson, blend shapes, secondary
 * animation, material properties). What VRoid Studio and UniVRM write, in miniature.
 */
import { type Document, Format, type Node, WebIO } from '@gltf-transform/core';
import { zlibSync } from 'fflate';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { packGlb } from '../../src/gltf/export/write-export.ts';
import { vrm0BoneName, vrmBoneOfMixamoName } from '../../src/vrm/vrm-bones.ts';

// biome-ignore lint/suspicious/noExplicitAny: glTF JSON edited by hand, as an exporter writes it
type Json = Record<string, any>;

/** Options of {@link mannequinVrm}. */
export interface MannequinVrmOptions {
  version: '1.0' | '0.x';
  /** Roughly how many vertices the mannequin has (default 3000). */
  targetVertices?: number;
  /**
   * Adds glasses: an unskinned box mesh on a node under the Head joint, the node before the hair
   * chain and the mesh first in meshes[] (so skinning it, which moves it to the scene root,
   * renumbers the spring joints' nodes and the body's mesh).
   */
  accessory?: boolean;
}

/** The hair chain under the head (spring bones) and the twist joint (constrained), added to the skin. */
const EXTRA_JOINTS: { name: string; parent: string; at: [number, number, number] }[] = [
  { name: 'Hair1', parent: 'Head', at: [0, 1.72, -0.1] },
  { name: 'Hair2', parent: 'Hair1', at: [0, 1.64, -0.14] },
  { name: 'Hair3', parent: 'Hair2', at: [0, 1.56, -0.16] },
  { name: 'LeftForeArmTwist', parent: 'LeftForeArm', at: [0, 0, 0] },
];

/** The mannequin as a .vrm file (GLB bytes). */
export async function mannequinVrm(options: MannequinVrmOptions): Promise<Uint8Array> {
  const doc = vrmReadyMannequin(options.targetVertices ?? 3000, options.accessory ?? false);
  const { json, resources } = await new WebIO().writeJSON(doc, { format: Format.GLB });
  const j = json as Json;
  const node = (name: string): number => {
    const i = (j.nodes as Json[]).findIndex((n) => n.name === name);
    if (i < 0) throw new Error(`no node ${name}`);
    return i;
  };
  // The matcap is used by MToon alone: glTF-Transform writes its image but no texture for it.
  const matcapImage = (j.images as Json[]).findIndex((im) => im.name === 'Matcap');
  j.textures.push({ source: matcapImage, sampler: 0, name: 'MatcapTex' });
  const base = 0;
  const matcap = j.textures.length - 1;
  if (options.accessory) glassesMeshFirst(j);
  const body = node('MannequinBody');
  const bones: [string, number][] = (j.nodes as Json[]).flatMap((n, i) => {
    const bone = vrmBoneOfMixamoName(n.name ?? '');
    return bone ? [[bone, i] as [string, number]] : [];
  });
  if (options.version === '1.0') writeVrm1(j, { node, body, bones, base, matcap });
  else writeVrm0(j, { node, body, bones, base, matcap });
  const bin = resources[Object.keys(resources)[0]];
  return packGlb(j as never, bin);
}

interface Parts {
  node: (name: string) => number;
  body: number;
  bones: [string, number][];
  base: number;
  matcap: number;
}

function writeVrm1(j: Json, { node, body, bones, base, matcap }: Parts): void {
  j.extensionsUsed = [
    ...(j.extensionsUsed ?? []),
    'VRMC_vrm',
    'VRMC_springBone',
    'VRMC_node_constraint',
    'VRMC_materials_mtoon',
  ];
  j.extensions = {
    ...(j.extensions ?? {}),
    VRMC_vrm: {
      specVersion: '1.0',
      meta: {
        name: 'Skinsmith Mannequin',
        version: '1',
        authors: ['Skinsmith'],
        licenseUrl: 'https://vrm.dev/licenses/1.0/',
        avatarPermission: 'everyone',
        commercialUsage: 'personalNonProfit',
        creditNotation: 'required',
        modification: 'prohibited',
        thumbnailImage: 0,
      },
      humanoid: { humanBones: Object.fromEntries(bones.map(([bone, n]) => [bone, { node: n }])) },
      firstPerson: { meshAnnotations: [{ node: body, type: 'auto' }] },
      lookAt: {
        type: 'bone',
        offsetFromHeadBone: [0, 0.06, 0.05],
        rangeMapHorizontalInner: { inputMaxValue: 90, outputScale: 10 },
        rangeMapHorizontalOuter: { inputMaxValue: 90, outputScale: 10 },
        rangeMapVerticalDown: { inputMaxValue: 90, outputScale: 10 },
        rangeMapVerticalUp: { inputMaxValue: 90, outputScale: 10 },
      },
      expressions: {
        preset: {
          aa: {
            morphTargetBinds: [{ node: body, index: 0, weight: 1 }],
            isBinary: false,
            overrideBlink: 'block',
            overrideLookAt: 'none',
            overrideMouth: 'none',
          },
          blink: { morphTargetBinds: [{ node: body, index: 1, weight: 1 }] },
        },
        custom: {
          blush: {
            materialColorBinds: [{ material: 0, type: 'color', targetValue: [1, 0.8, 0.8, 1] }],
            textureTransformBinds: [{ material: 0, scale: [1, 1], offset: [0.1, 0] }],
          },
        },
      },
    },
    VRMC_springBone: {
      specVersion: '1.0',
      colliders: [
        { node: node('Head'), shape: { sphere: { offset: [0, 0.08, 0], radius: 0.1 } } },
        {
          node: node('LeftHandMiddle1'),
          shape: { capsule: { offset: [0, 0, 0], radius: 0.02, tail: [0.05, 0, 0] } },
        },
      ],
      colliderGroups: [
        { name: 'Head', colliders: [0] },
        { name: 'LeftFingers', colliders: [1] },
      ],
      springs: [
        {
          name: 'Hair',
          joints: ['Hair1', 'Hair2', 'Hair3'].map((n) => ({
            node: node(n),
            hitRadius: 0.02,
            stiffness: 1,
            gravityPower: 0,
            gravityDir: [0, -1, 0],
            dragForce: 0.4,
          })),
          colliderGroups: [0, 1],
        },
      ],
    },
  };
  // A strand that follows the one above it (a rotation constraint).
  j.nodes[node('Hair3')].extensions = {
    VRMC_node_constraint: {
      specVersion: '1.0',
      constraint: { rotation: { source: node('Hair2'), weight: 0.5 } },
    },
  };
  j.nodes[node('LeftForeArmTwist')].extensions = {
    VRMC_node_constraint: {
      specVersion: '1.0',
      constraint: { roll: { source: node('LeftHand'), rollAxis: 'X', weight: 0.5 } },
    },
  };
  j.materials[0].extensions = {
    ...(j.materials[0].extensions ?? {}),
    VRMC_materials_mtoon: {
      specVersion: '1.0',
      transparentWithZWrite: false,
      renderQueueOffsetNumber: 0,
      shadeColorFactor: [0.6, 0.6, 0.7],
      shadeMultiplyTexture: { index: base },
      shadingShiftFactor: 0,
      matcapFactor: [1, 1, 1],
      matcapTexture: { index: matcap },
      outlineWidthMode: 'none',
    },
  };
}

function writeVrm0(j: Json, { node, body, bones, base, matcap }: Parts): void {
  const mesh = j.nodes[body].mesh as number;
  j.extensionsUsed = [...(j.extensionsUsed ?? []), 'VRM'];
  j.extensions = {
    ...(j.extensions ?? {}),
    VRM: {
      exporterVersion: 'Skinsmith fixture',
      specVersion: '0.0',
      meta: {
        title: 'Skinsmith Mannequin Zero',
        version: '1',
        author: 'Skinsmith',
        allowedUserName: 'Everyone',
        violentUssageName: 'Disallow',
        sexualUssageName: 'Disallow',
        commercialUssageName: 'Disallow',
        licenseName: 'CC0',
        texture: base,
      },
      humanoid: {
        humanBones: bones.map(([bone, n]) => ({ bone: vrm0BoneName(bone), node: n, useDefaultValues: true })),
        armStretch: 0.05,
        legStretch: 0.05,
        upperArmTwist: 0.5,
        lowerArmTwist: 0.5,
        upperLegTwist: 0.5,
        lowerLegTwist: 0.5,
        feetSpacing: 0,
        hasTranslationDoF: false,
      },
      firstPerson: {
        firstPersonBone: node('Head'),
        firstPersonBoneOffset: { x: 0, y: 0.06, z: 0 },
        meshAnnotations: [{ mesh, firstPersonFlag: 'Auto' }],
        lookAtTypeName: 'Bone',
      },
      blendShapeMaster: {
        blendShapeGroups: [
          {
            name: 'A',
            presetName: 'a',
            binds: [{ mesh, index: 0, weight: 100 }],
            materialValues: [],
            isBinary: false,
          },
          {
            name: 'Blink',
            presetName: 'blink',
            binds: [{ mesh, index: 1, weight: 100 }],
            materialValues: [],
          },
        ],
      },
      secondaryAnimation: {
        boneGroups: [
          {
            comment: 'Hair',
            stiffiness: 1,
            gravityPower: 0,
            gravityDir: { x: 0, y: -1, z: 0 },
            dragForce: 0.4,
            center: -1,
            hitRadius: 0.02,
            bones: [node('Hair1')],
            colliderGroups: [0],
          },
        ],
        colliderGroups: [
          { node: node('Head'), colliders: [{ offset: { x: 0, y: 0.08, z: 0 }, radius: 0.1 }] },
        ],
      },
      materialProperties: [
        {
          name: j.materials[0].name,
          shader: 'VRM/MToon',
          renderQueue: 2000,
          floatProperties: { _ShadeShift: 0 },
          vectorProperties: { _Color: [1, 1, 1, 1] },
          textureProperties: { _MainTex: base, _SphereAdd: matcap },
          keywordMap: {},
          tagMap: { RenderType: 'Opaque' },
        },
      ],
    },
  };
}

/**
 * The fingered mannequin with what a VRM needs beyond it: a hair chain and a forearm twist joint
 * in its skin, two morph targets (aa, blink) on the body, a base colour texture and a matcap image.
 */
export function vrmReadyMannequin(targetVertices: number, accessory = false): Document {
  const data = buildMannequin({ targetVertices, fingers: true });
  const doc = mannequinToDocument(data);
  const root = doc.getRoot();
  const byName = new Map<string, Node>(root.listNodes().map((n) => [n.getName(), n]));
  const skin = root.listSkins()[0];
  const buffer = root.listBuffers()[0];
  if (accessory) addGlasses(doc, byName.get('Head')!);
  const world = (n: Node) => n.getWorldTranslation();
  const extraWorld: [number, number, number][] = [];
  for (const spec of EXTRA_JOINTS) {
    const parent = byName.get(spec.parent)!;
    let at = spec.at;
    if (spec.name === 'LeftForeArmTwist') {
      // Halfway along the forearm.
      const a = world(byName.get('LeftForeArm')!);
      const b = world(byName.get('LeftHand')!);
      at = [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2, (a[2] + b[2]) / 2];
    }
    const p = world(parent);
    const node = doc.createNode(spec.name).setTranslation([at[0] - p[0], at[1] - p[1], at[2] - p[2]]);
    parent.addChild(node);
    byName.set(spec.name, node);
    skin.addJoint(node);
    extraWorld.push(at);
  }
  const ibm = skin.getInverseBindMatrices()!;
  const old = ibm.getArray() as Float32Array;
  const next = new Float32Array(old.length + 16 * extraWorld.length);
  next.set(old);
  extraWorld.forEach((at, k) => {
    const o = old.length + 16 * k;
    next[o] = next[o + 5] = next[o + 10] = next[o + 15] = 1;
    next[o + 12] = -at[0];
    next[o + 13] = -at[1];
    next[o + 14] = -at[2];
  });
  ibm.setArray(next);

  // Morph targets on the face: aa opens the jaw (lower face down), blink lowers the brow.
  const mesh = root.listMeshes()[0];
  const prim = mesh.listPrimitives()[0];
  const P = prim.getAttribute('POSITION')!.getArray() as Float32Array;
  const n = P.length / 3;
  const aa = new Float32Array(n * 3);
  const blink = new Float32Array(n * 3);
  for (let v = 0; v < n; v++) {
    const y = P[v * 3 + 1];
    const z = P[v * 3 + 2];
    if (z > 0.05 && y > 1.5 && y < 1.58) aa[v * 3 + 1] = -0.01;
    if (z > 0.05 && y > 1.62 && y < 1.68) blink[v * 3 + 1] = -0.004;
  }
  for (const [name, delta] of [
    ['aa', aa],
    ['blink', blink],
  ] as const) {
    const accessor = doc.createAccessor(name).setType('VEC3').setArray(delta).setBuffer(buffer);
    prim.addTarget(doc.createPrimitiveTarget(name).setAttribute('POSITION', accessor));
  }
  mesh.setWeights([0, 0]).setExtras({ targetNames: ['aa', 'blink'] });

  // Textures: the base colour (also MToon's shade texture) and a matcap only MToon uses.
  const material = root.listMaterials()[0];
  const baseTexture = doc
    .createTexture('Base')
    .setImage(solidPng(200, 180, 170))
    .setMimeType('image/png');
  material.setBaseColorTexture(baseTexture);
  doc
    .createTexture('Matcap')
    .setImage(solidPng(90, 110, 160))
    .setMimeType('image/png');
  // Every vertex needs a UV for the texture: a planar front projection.
  const uv = new Float32Array(n * 2);
  for (let v = 0; v < n; v++) {
    uv[v * 2] = P[v * 3] + 0.5;
    uv[v * 2 + 1] = 1 - P[v * 3 + 1] / 2;
  }
  prim.setAttribute(
    'TEXCOORD_0',
    doc.createAccessor('TEXCOORD_0').setType('VEC2').setArray(uv).setBuffer(buffer),
  );
  return doc;
}

/** A box over the eyes (unskinned) on a child node of `head`. */
function addGlasses(doc: Document, head: Node): void {
  const at = head.getWorldTranslation();
  const [x0, x1, y0, y1, z0, z1] = [-0.07, 0.07, 1.6, 1.64, 0.06, 0.1];
  const corners: number[] = [];
  const normals: number[] = [];
  for (const x of [x0, x1])
    for (const y of [y0, y1])
      for (const z of [z0, z1]) {
        corners.push(x - at[0], y - at[1], z - at[2]);
        const n = [x === x0 ? -1 : 1, y === y0 ? -1 : 1, z === z0 ? -1 : 1];
        normals.push(...n.map((c) => c / Math.sqrt(3)));
      }
  // Corner k = 4·ix + 2·iy + iz; two outward triangles per face.
  const faces = [
    [0, 1, 3, 2],
    [4, 6, 7, 5],
    [0, 4, 5, 1],
    [2, 3, 7, 6],
    [0, 2, 6, 4],
    [1, 5, 7, 3],
  ];
  const indices = faces.flatMap(([a, b, c, d]) => [a, b, c, a, c, d]);
  const buffer = doc.getRoot().listBuffers()[0];
  const accessor = (name: string, type: 'VEC3' | 'SCALAR', array: Float32Array | Uint16Array) =>
    doc.createAccessor(name).setType(type).setArray(array).setBuffer(buffer);
  const primitive = doc
    .createPrimitive()
    .setAttribute('POSITION', accessor('GlassesPosition', 'VEC3', new Float32Array(corners)))
    .setAttribute('NORMAL', accessor('GlassesNormal', 'VEC3', new Float32Array(normals)))
    .setIndices(accessor('GlassesIndices', 'SCALAR', new Uint16Array(indices)));
  const node = doc.createNode('Glasses').setMesh(doc.createMesh('Glasses').addPrimitive(primitive));
  head.addChild(node);
}

/** Moves the Glasses mesh to meshes[0] (nodes' mesh indices follow). */
function glassesMeshFirst(j: Json): void {
  const g = (j.meshes as Json[]).findIndex((m) => m.name === 'Glasses');
  const [mesh] = j.meshes.splice(g, 1);
  j.meshes.unshift(mesh);
  for (const n of j.nodes as Json[])
    if (typeof n.mesh === 'number') n.mesh = n.mesh === g ? 0 : n.mesh < g ? n.mesh + 1 : n.mesh;
}

/** A 4×4 PNG of one colour (RGB). */
export function solidPng(r: number, g: number, b: number): Uint8Array {
  const size = 4;
  const raw = new Uint8Array(size * (1 + size * 3));
  for (let y = 0; y < size; y++) {
    const row = y * (1 + size * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < size; x++) raw.set([r, g, b], row + 1 + x * 3);
  }
  const chunk = (type: string, data: Uint8Array) => {
    const out = new Uint8Array(12 + data.length);
    const view = new DataView(out.buffer);
    view.setUint32(0, data.length);
    for (let i = 0; i < 4; i++) out[4 + i] = type.charCodeAt(i);
    out.set(data, 8);
    view.setUint32(8 + data.length, crc32(out.subarray(4, 8 + data.length)));
    return out;
  };
  const header = new Uint8Array(13);
  const hv = new DataView(header.buffer);
  hv.setUint32(0, size);
  hv.setUint32(4, size);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter set, no interlace
  const parts = [
    Uint8Array.of(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a),
    chunk('IHDR', header),
    chunk('IDAT', zlibSync(raw)),
    chunk('IEND', new Uint8Array(0)),
  ];
  const out = new Uint8Array(parts.reduce((s, p) => s + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
}

let crcTable: Uint32Array | null = null;
function crc32(bytes: Uint8Array): number {
  if (!crcTable) {
    crcTable = new Uint32Array(256);
    for (let n = 0; n < 256; n++) {
      let c = n;
      for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
      crcTable[n] = c >>> 0;
    }
  }
  let c = 0xffffffff;
  for (const b of bytes) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

/**
 * A .vrm with its nodes renamed by `rename` (name, index) — `bone_000`…: joints whose names say
 * nothing, so only the humanoid map tells which is the left arm.
 */
export function renamedVrm(bytes: Uint8Array, rename: (name: string, index: number) => string): Uint8Array {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const jsonLength = view.getUint32(12, true);
  const json = JSON.parse(new TextDecoder().decode(bytes.subarray(20, 20 + jsonLength))) as Json;
  (json.nodes as Json[]).forEach((n, i) => {
    n.name = rename(n.name ?? '', i);
  });
  const bin = bytes.subarray(
    20 + jsonLength + 8,
    20 + jsonLength + 8 + view.getUint32(20 + jsonLength, true),
  );
  return packGlb(json as never, bin);
}

/** Every node `bone_NNN` (its index), meshes and all. */
export const anonymousNames = (_name: string, i: number) => `bone_${String(i).padStart(3, '0')}`;
