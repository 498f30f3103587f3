// The oracle of e2e/wysiwyg.spec.ts: what plain three.js draws for a glTF file, in the rest pose,
// the bind pose (Skeleton.pose()), a pose given as local rotation offsets, or a clip frame sampled
// by AnimationMixer. World positions: mesh.matrixWorld · applyBoneTransform(v), as the shader does.
import { AnimationMixer, Quaternion, Vector3 } from 'three';
import { MeshoptDecoder } from 'three/addons/libs/meshopt_decoder.module.js';
import { DRACOLoader } from 'three/addons/loaders/DRACOLoader.js';
import { GLTFLoader } from 'three/addons/loaders/GLTFLoader.js';

let gltf = null;
let rest = new Map();
let mixer = null;

function nodeOf(object, associations) {
  for (let o = object; o; o = o.parent) {
    const ref = associations.get(o);
    if (ref && ref.nodes !== undefined) return ref.nodes;
  }
  return -1;
}

function restore() {
  if (mixer) {
    mixer.stopAllAction();
    mixer.uncacheRoot(gltf.scene);
    mixer = null;
  }
  for (const [object, trs] of rest) {
    object.position.copy(trs.p);
    object.quaternion.copy(trs.q);
    object.scale.copy(trs.s);
  }
  gltf.scene.updateMatrixWorld(true);
}

function skinnedMeshes() {
  const associations = gltf.parser.associations;
  const json = gltf.parser.json;
  const out = [];
  gltf.scene.traverse((o) => {
    if (!o.isSkinnedMesh) return;
    const ref = associations.get(o) ?? {};
    const node = nodeOf(o, associations);
    out.push({
      mesh: o,
      meshIndex: ref.meshes,
      primitiveIndex: ref.primitives ?? 0,
      node,
      skin: json.nodes[node]?.skin ?? -1,
    });
  });
  return out;
}

function drawn(entry) {
  const { mesh } = entry;
  const position = mesh.geometry.getAttribute('position');
  const v = new Vector3();
  const out = new Array(position.count * 3);
  for (let i = 0; i < position.count; i++) {
    v.fromBufferAttribute(position, i);
    mesh.applyBoneTransform(i, v);
    v.applyMatrix4(mesh.matrixWorld);
    out[i * 3] = v.x;
    out[i * 3 + 1] = v.y;
    out[i * 3 + 2] = v.z;
  }
  return out;
}

window.oracle = {
  async load(base64) {
    const bin = atob(base64);
    const bytes = new Uint8Array(bin.length);
    for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
    const loader = new GLTFLoader();
    loader.setDRACOLoader(new DRACOLoader().setDecoderPath('/__oracle/three/examples/jsm/libs/draco/'));
    loader.setMeshoptDecoder(MeshoptDecoder);
    gltf = await loader.parseAsync(bytes.buffer, '');
    // glTF requires unit rotation keyframes; some files store them 1e-4 off (SimpleSkin). The
    // editor normalises them as the spec says, three.js slerps them as stored: give three.js
    // unit keyframes so the clip frame compares the skinning, not the file's rounding.
    for (const clip of gltf.animations)
      for (const track of clip.tracks) {
        if (
          track.ValueTypeName !== 'quaternion' ||
          track.createInterpolant.isInterpolantFactoryMethodGLTFCubicSpline
        )
          continue;
        const v = track.values;
        for (let i = 0; i + 3 < v.length; i += 4) {
          const l = Math.hypot(v[i], v[i + 1], v[i + 2], v[i + 3]) || 1;
          for (let c = 0; c < 4; c++) v[i + c] /= l;
        }
      }
    rest = new Map();
    gltf.scene.traverse((o) =>
      rest.set(o, { p: o.position.clone(), q: o.quaternion.clone(), s: o.scale.clone() }),
    );
    gltf.scene.updateMatrixWorld(true);
    return { meshes: skinnedMeshes().length, clips: gltf.animations.map((c) => c.name) };
  },

  /** spec: {kind: 'rest' | 'bind'} | {kind: 'pose', rotations: [node, x, y, z, w][]} | {kind: 'clip', index, time} */
  async positions(spec) {
    restore();
    const meshes = skinnedMeshes();
    if (spec.kind === 'pose') {
      const byNode = new Map();
      gltf.scene.traverse((o) => {
        const n = gltf.parser.associations.get(o)?.nodes;
        if (n !== undefined && !byNode.has(n)) byNode.set(n, o);
      });
      for (const [node, x, y, z, w] of spec.rotations) {
        const o = byNode.get(node);
        if (o) o.quaternion.copy(rest.get(o).q).multiply(new Quaternion(x, y, z, w));
      }
      gltf.scene.updateMatrixWorld(true);
    } else if (spec.kind === 'clip') {
      mixer = new AnimationMixer(gltf.scene);
      mixer.clipAction(gltf.animations[spec.index]).play();
      mixer.setTime(spec.time);
      gltf.scene.updateMatrixWorld(true);
    } else if (spec.kind === 'bind') {
      // Each skeleton's bones at the inverse of their inverse bind matrices; where skins share a
      // joint, the first skin's matrices win (posed last).
      const skeletons = [...new Map(meshes.map((m) => [m.mesh.skeleton, m.skin])).entries()];
      skeletons.sort((a, b) => b[1] - a[1]);
      for (const [skeleton] of skeletons) skeleton.pose();
    }
    return meshes.map((m) => ({
      meshIndex: m.meshIndex,
      primitiveIndex: m.primitiveIndex,
      skin: m.skin,
      positions: drawn(m),
    }));
  },
};
window.oracleReady = true;
