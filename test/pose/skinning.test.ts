/**
 * CPU skinning: linear blend equals `v' = Σ w_j M_j B_j^-1 v`, the bind pose gives the
 * mesh back exactly, the worked example riggers learn from, and three.js' own skinning (the GPU's
 * formula, run on the CPU by SkinnedMesh.applyBoneTransform) lands where ours does.
 */
import {
  Bone,
  BufferAttribute,
  BufferGeometry,
  Matrix4,
  Object3D,
  Quaternion,
  SkinnedMesh,
  Skeleton as ThreeSkeleton,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import { buildSkinnedModel } from '../../src/gltf/skinned-model.ts';
import { skinLinearBlend } from '../../src/pose/linear-blend.ts';
import { Pose } from '../../src/pose/pose.ts';
import { PoseMatrices } from '../../src/pose/pose-matrices.ts';
import { PosedMesh, posePositions } from '../../src/pose/posed-mesh.ts';
import { quatFromEulerDegrees } from '../../src/pose/quaternion.ts';
import { skeletonOf } from '../../src/pose/skeleton.ts';
import { skinPositions } from '../../src/pose/skinning.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { makeRig, makeRigDocument, type Q4, type RigOptions, referenceSkin, type V3 } from './rig-fixture.ts';

/** A tiny deterministic random source. */
function rng(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

function randomQuat(r: () => number): Q4 {
  const q = new Quaternion().setFromAxisAngle(
    new Vector3(r() - 0.5, r() - 0.5, r() - 0.5).normalize(),
    (r() - 0.5) * 2 * Math.PI,
  );
  return [q.x, q.y, q.z, q.w];
}

/** A random chain-and-branch rig of `n` joints under a rotated, translated ancestor. */
function randomRig(seed: number, n = 6, vertices = 40): RigOptions {
  const r = rng(seed);
  const joints = Array.from({ length: n }, (_, i) => ({
    name: `j${i}`,
    parent: i === 0 ? -1 : Math.floor(r() * i),
    translation: [r() - 0.5, r() + 0.2, r() - 0.5] as V3,
    rotation: randomQuat(r),
    scale: [1, 1, 1].map(() => 0.8 + 0.4 * r()) as V3,
  }));
  const positions: number[] = [];
  const influences: [number, number][][] = [];
  for (let v = 0; v < vertices; v++) {
    positions.push(r() * 2 - 1, r() * 3, r() * 2 - 1);
    const k = 1 + Math.floor(r() * 4);
    const raw = Array.from({ length: k }, () => r() + 0.05);
    const sum = raw.reduce((a, b) => a + b, 0);
    const used = new Set<number>();
    const list: [number, number][] = [];
    raw.forEach((w) => {
      let j = Math.floor(r() * n);
      while (used.has(j)) j = (j + 1) % n;
      used.add(j);
      list.push([j, w / sum]);
    });
    influences.push(list);
  }
  return {
    joints,
    ancestor: { translation: [0.3, -0.2, 0.1], rotation: randomQuat(r), scale: [1.5, 1.5, 1.5] },
    meshNode: { translation: [5, 0, -3], rotation: randomQuat(r) },
    positions,
    influences,
  };
}

/** Influences as the model stores them (repaired, sorted): read back per vertex. */
function modelInfluences(model: ReturnType<typeof makeRig>): [number, number][][] {
  const w = model.primitives[0].weights;
  return Array.from({ length: w.vertexCount }, (_, v) => w.influencesOf(v).map((i) => [i.joint, i.weight]));
}

describe('linear blend skinning', () => {
  it('the worked example: bound at (2,0,0), 90° about Z moves (5,0,0) to (2,3,0); the bind pose puts it back', () => {
    const model = makeRig({
      joints: [{ name: 'Joint', parent: -1, translation: [2, 0, 0] }],
      positions: [5, 0, 0],
      influences: [[[0, 1]]],
    });
    const skeleton = skeletonOf(model);
    const pose = new Pose(skeleton.size);
    quatFromEulerDegrees(0, 0, 90, pose.rotations, skeleton.slotOf(0) * 4);
    const bent = posePositions(model, pose)[0];
    expect(bent[0]).toBeCloseTo(2, 6);
    expect(bent[1]).toBeCloseTo(3, 6);
    expect(bent[2]).toBeCloseTo(0, 6);
    pose.reset();
    expect([...posePositions(model, pose)[0]]).toEqual([5, 0, 0]);
  });

  it('equals Σ w_j M_j B_j^-1 v on random rigs and poses (M_j from an independent three.js hierarchy)', () => {
    for (let seed = 1; seed <= 20; seed++) {
      const options = randomRig(seed);
      const model = makeRig(options);
      const skeleton = skeletonOf(model);
      const r = rng(seed * 31);
      const pose = new Pose(skeleton.size, 'rest');
      const offsets = options.joints.map(() => randomQuat(r));
      // Node 0 is the Armature: joint j is node j + 1.
      offsets.forEach((q, j) => {
        pose.rotations.set(q, skeleton.slotOf(j + 1) * 4);
      });

      // Independent world matrices: three.js Object3Ds with quaternion = rest · offset.
      const root = new Object3D();
      root.position.fromArray(options.ancestor!.translation!);
      root.quaternion.fromArray(options.ancestor!.rotation!);
      root.scale.fromArray(options.ancestor!.scale!);
      const objects = options.joints.map((j, i) => {
        const o = new Object3D();
        o.position.fromArray(j.translation!);
        o.quaternion.fromArray(j.rotation!).multiply(new Quaternion().fromArray(offsets[i]));
        o.scale.fromArray(j.scale!);
        return o;
      });
      options.joints.forEach((j, i) => {
        (j.parent >= 0 ? objects[j.parent] : root).add(objects[i]);
      });
      root.updateMatrixWorld(true);
      const world = new Float64Array(objects.length * 16);
      objects.forEach((o, i) => {
        world.set(o.matrixWorld.elements, i * 16);
      });

      const expected = referenceSkin(
        model.primitives[0].positions,
        modelInfluences(model),
        world,
        model.skins[0].inverseBindMatrices,
      );
      const got = posePositions(model, pose)[0];
      for (let k = 0; k < expected.length; k++) expect(got[k]).toBeCloseTo(expected[k], 4);
    }
  });

  it('gives the stored positions back bit for bit in the bind pose, and S_j = I exactly', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const model = makeRig(randomRig(seed, 8, 200));
      const skeleton = skeletonOf(model);
      const pose = new Pose(skeleton.size);
      const mesh = new PosedMesh(model).update(pose);
      expect(mesh.positions[0]).toEqual(model.primitives[0].positions);
      expect([...mesh.matrices.identity[0]].every((f) => f === 1)).toBe(true);
      // Posing then resetting lands back exactly too.
      pose.rotations.set([0, 0.6, 0, 0.8], 4);
      mesh.update(pose);
      expect(mesh.positions[0]).not.toEqual(model.primitives[0].positions);
      pose.reset();
      mesh.update(pose);
      expect(mesh.positions[0]).toEqual(model.primitives[0].positions);
    }
  });

  it('the plain sum (skinning.ts) also returns the bind pose exactly when M_j = B_j and weights sum to 1 exactly', () => {
    const positions = new Float32Array([1.1, 2.2, 3.3, -4.5, 0.25, 7]);
    const weights = new SkinWeights(
      2,
      4,
      new Uint16Array([0, 1, 0, 0, 1, 0, 0, 0]),
      new Float32Array([0.5, 0.5, 0, 0, 1, 0, 0, 0]),
    );
    const S = new Float32Array(32);
    for (const o of [0, 16]) S.set([1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1, 0, 0, 0, 0, 1], o);
    expect(skinPositions(positions, weights, S)).toEqual(positions);
    expect(skinLinearBlend(positions, weights, S, null, new Float32Array(6))).toEqual(positions);
  });

  it('a rest basis different from the bind pose: reset to bind gives the mesh; reset to rest moves it', () => {
    const options = randomRig(7);
    // Bind the mesh in a pose other than the nodes' rest: IBMs from turned joints.
    const bent = structuredClone(options);
    bent.joints[1].rotation = [0, 0, Math.SQRT1_2, Math.SQRT1_2];
    const ibmFrom = makeRig(bent).skins[0].inverseBindMatrices;
    const model = makeRig({ ...options, inverseBindMatrices: ibmFrom });
    const skeleton = skeletonOf(model);
    const bind = posePositions(model, new Pose(skeleton.size, 'bind'))[0];
    expect(bind).toEqual(model.primitives[0].positions);
    const rest = posePositions(model, new Pose(skeleton.size, 'rest'))[0];
    expect(rest).not.toEqual(model.primitives[0].positions);
    // The bind world of each joint is the inverse of its IBM.
    const m = new PoseMatrices(skeleton).update(new Pose(skeleton.size, 'bind'));
    const s = skeleton.slotOf(2);
    const product = new Matrix4().fromArray(m.worldOf(s)).multiply(new Matrix4().fromArray(ibmFrom, 16));
    expect(product.elements.map((x) => Math.round(x * 1e9) / 1e9 + 0)).toEqual(new Matrix4().elements);
  });

  it('lands where three.js skins the same rig (SkinnedMesh.applyBoneTransform, world space)', () => {
    for (let seed = 1; seed <= 5; seed++) {
      const options = randomRig(seed * 7);
      const doc = makeRigDocument(options);
      const model = buildSkinnedModel(doc);
      const skeleton = skeletonOf(model);
      const r = rng(seed);
      const pose = new Pose(skeleton.size);
      for (let j = 1; j < skeleton.size; j++) pose.rotations.set(randomQuat(r), j * 4);
      const matrices = new PoseMatrices(skeleton).update(pose);
      const ours = posePositions(model, pose)[0];

      // A three.js scene as GLTFLoader builds it: bones from our local TRS, mesh node with its
      // own transform, bound with an identity bindMatrix.
      const trs = new Float64Array(10);
      const objects = Array.from(skeleton.nodeIds, (_, s) => {
        const o = skeleton.isJoint[s] ? new Bone() : new Object3D();
        matrices.trsOf(pose, s, trs);
        o.position.fromArray(trs, 0);
        o.quaternion.fromArray(trs, 3);
        o.scale.fromArray(trs, 7);
        return o;
      });
      const scene = new Object3D();
      objects.forEach((o, s) => {
        (skeleton.parent[s] >= 0 ? objects[skeleton.parent[s]] : scene).add(o);
      });
      const prim = model.primitives[0];
      const mesh = new SkinnedMesh(new BufferGeometry());
      mesh.position.fromArray(options.meshNode!.translation!);
      mesh.quaternion.fromArray(options.meshNode!.rotation!);
      scene.add(mesh);
      const bones = model.skins[0].joints.map((id) => objects[skeleton.slotOf(id)] as Bone);
      const inverses = bones.map((_, j) =>
        new Matrix4().fromArray(model.skins[0].inverseBindMatrices, j * 16),
      );
      scene.updateMatrixWorld(true);
      mesh.bind(new ThreeSkeleton(bones, inverses), new Matrix4());
      scene.updateMatrixWorld(true);
      mesh.skeleton.update();
      const { joints, weights, influences: K } = prim.weights;
      mesh.geometry.setAttribute('position', new BufferAttribute(prim.positions, 3));
      mesh.geometry.setAttribute(
        'skinIndex',
        new BufferAttribute(new Uint16Array(joints.buffer, 0, K * prim.weights.vertexCount), K),
      );
      mesh.geometry.setAttribute('skinWeight', new BufferAttribute(weights, K));
      for (let v = 0; v < prim.weights.vertexCount; v++) {
        const p = new Vector3().fromArray(prim.positions, v * 3);
        mesh.applyBoneTransform(v, p);
        p.applyMatrix4(mesh.matrixWorld);
        expect(ours[v * 3]).toBeCloseTo(p.x, 4);
        expect(ours[v * 3 + 1]).toBeCloseTo(p.y, 4);
        expect(ours[v * 3 + 2]).toBeCloseTo(p.z, 4);
      }
      // Bound the three.js default way instead (bindMatrix = the mesh's world matrix): pass it.
      mesh.bind(mesh.skeleton, mesh.matrixWorld);
      scene.updateMatrixWorld(true);
      const withBind = posePositions(model, pose, { bindMatrix: mesh.matrixWorld.elements })[0];
      for (let v = 0; v < prim.weights.vertexCount; v++) {
        const p = new Vector3().fromArray(prim.positions, v * 3);
        mesh.applyBoneTransform(v, p);
        p.applyMatrix4(mesh.matrixWorld);
        expect(withBind[v * 3]).toBeCloseTo(p.x, 4);
        expect(withBind[v * 3 + 1]).toBeCloseTo(p.y, 4);
      }
    }
  });

  it("keeps the nodes' own TRS as the bind basis when the file's rest pose is its bind pose", () => {
    const model = makeRig(randomRig(11));
    const skeleton = skeletonOf(model);
    expect(skeleton.bind.trs).toEqual(skeleton.rest.trs);
    expect(skeleton.bind.local).toEqual(skeleton.rest.local);
  });
});
