/**
 * The report after a bind (src/bind/bind-report.ts), and auto-bind on the Mixamo-named mannequin:
 * end joints get no weight, the head bone owns the face, both sides bind alike, and the report
 * sees a face bound to the neck, an end joint weighted on one side, a joint with no weight.
 */
import { describe, expect, it } from 'vitest';
import { autobind } from '../../src/bind/autobind.ts';
import { type BindReportInput, bindReport } from '../../src/bind/bind-report.ts';
import { bindGroupsOfModel, type ModelBindGroup, remapJoints } from '../../src/bind/model-input.ts';
import { buildMannequin, mannequinToDocument } from '../../src/character/index.ts';
import { modelFindings } from '../../src/editor/bind-findings.ts';
import { buildSkinnedModel, type SkinnedModel } from '../../src/gltf/skinned-model.ts';
import { SkinWeights } from '../../src/skin/skin-weights.ts';
import { EXPORTER_CONVENTIONS, exportedAs } from '../support/exporter-fixtures.ts';

/** The fingered mannequin (Mixamo names, HeadTop_End, finger tips, Toe_End) as a loaded file. */
const data = buildMannequin({ targetVertices: 12_000, fingers: true });
const model = buildSkinnedModel(mannequinToDocument(data), { influences: 4 });
const [group] = bindGroupsOfModel(model);
const names = group.jointIds.map((id) => model.joints.get(id)?.name ?? '');
const index = (name: string) => names.indexOf(name);
const END = /_End$|Hand(Thumb|Index|Middle|Ring|Pinky)4$/;

/** The model's weights of primitive k in the group's joint order. */
function groupWeights(m: SkinnedModel, g: ModelBindGroup, k: number): SkinWeights {
  const inverse = new Int32Array(g.jointIds.length);
  g.jointMaps[k].forEach((skinIndex, i) => {
    if (skinIndex >= 0) inverse[skinIndex] = i;
  });
  return remapJoints(m.primitives[g.primitives[k]].weights, inverse);
}

function reportOf(weights: SkinWeights[]) {
  const input: BindReportInput = {
    positions: group.input.primitives.map((p) => p.positions),
    indices: group.input.primitives.map((p) => p.indices),
    weights,
    joints: group.input.joints,
  };
  return bindReport(input);
}

describe('model-input: end joints and partners from the names', () => {
  it('flags every Mixamo end joint and pairs Left/Right joints', () => {
    group.input.joints.forEach((j, i) => {
      expect(!!j.end, names[i]).toBe(END.test(names[i]));
      if (names[i].startsWith('Left')) expect(names[j.partner ?? -1]).toBe(names[i].replace('Left', 'Right'));
    });
  });
});

describe('auto-bind of the fingered mannequin', () => {
  const result = autobind(group.input);
  const w = result.weights[0];
  const jointCount = names.length;

  it('gives no weight to any end joint', () => {
    for (let v = 0; v < w.vertexCount; v++) {
      for (let i = v * w.influences; i < (v + 1) * w.influences; i++) {
        if (w.weights[i] > 0) expect(END.test(names[w.joints[i]]), names[w.joints[i]]).toBe(false);
      }
    }
  });

  it('binds the face (front of the head, above the chin) to Head', () => {
    const head = index('Head');
    let face = 0;
    let onHead = 0;
    for (let v = 0; v < w.vertexCount; v++) {
      const [x, y, z] = data.positions.subarray(v * 3, v * 3 + 3);
      if (y < 1.62 || z < 0.04 || Math.abs(x) > 0.06) continue;
      face++;
      if (w.weightOf(v, head) > 0.9) onHead++;
    }
    expect(face).toBeGreaterThan(30);
    expect(onHead).toBe(face);
  });

  it('binds both sides alike: each vertex as its mirror image, each joint as its partner', () => {
    let total = 0;
    const mass = new Float64Array(jointCount);
    for (let v = 0; v < w.vertexCount; v++) {
      const m = data.mirror[v];
      let d = 0;
      for (let j = 0; j < jointCount; j++) {
        d += Math.abs(w.weightOf(v, j) - w.weightOf(m, group.input.joints[j].partner ?? j));
        mass[j] += w.weightOf(v, j);
      }
      total += d / 2;
    }
    expect(total / w.vertexCount).toBeLessThan(2e-3);
    for (let j = 0; j < jointCount; j++) {
      const k = group.input.joints[j].partner ?? j;
      expect(Math.abs(mass[j] - mass[k]), names[j]).toBeLessThanOrEqual(
        0.02 * Math.max(mass[j], mass[k]) + 0.5,
      );
    }
  });

  it('reports nothing wrong', () => {
    expect(result.report).toEqual([]);
  });
});

describe('bindReport', () => {
  const own = [groupWeights(model, group, 0)];

  it("finds nothing in the mannequin's own weights", () => {
    expect(reportOf(own)).toEqual([]);
  });

  it('finds the face bound to Neck while the head bone runs through it', () => {
    const w = own[0].clone();
    const head = index('Head');
    const neck = index('Neck');
    for (let v = 0; v < w.vertexCount; v++) {
      if (data.positions[v * 3 + 1] < 1.5 || data.positions[v * 3 + 2] < 0) continue;
      for (let i = v * w.influences; i < (v + 1) * w.influences; i++)
        if (w.joints[i] === head) w.joints[i] = neck;
    }
    const far = reportOf([w]).filter((it) => it.kind === 'far');
    expect(far.map((it) => [names[it.joint], names[it.other]])).toEqual([['Neck', 'Head']]);
    expect(far[0].vertices).toBeGreaterThan(50);
    // The vertex to frame is on the face.
    expect(data.positions[far[0].vertex * 3 + 1]).toBeGreaterThan(1.5);
  });

  it('finds an end joint weighted on one side only', () => {
    const w = own[0].clone();
    const tip = index('LeftHandIndex4');
    const last = index('LeftHandIndex3');
    for (let i = 0; i < w.joints.length; i++) if (w.joints[i] === last) w.joints[i] = tip;
    const items = reportOf([w]);
    expect(items.map((it) => [it.kind, names[it.joint], names[it.other]])).toContainEqual([
      'asymmetric',
      'RightHandIndex4',
      'LeftHandIndex4',
    ]);
  });

  it('finds a deforming joint that holds no weight, but not a joint left out as outside the mesh', () => {
    const w = own[0].clone();
    const fore = index('LeftForeArm');
    const arm = index('LeftArm');
    for (let i = 0; i < w.joints.length; i++) if (w.joints[i] === fore) w.joints[i] = arm;
    const items = reportOf([w]);
    expect(items.find((it) => it.kind === 'unweighted')?.joint).toBe(fore);
    const hips = index('Hips');
    const noHips = own[0].clone();
    for (let i = 0; i < noHips.joints.length; i++)
      if (noHips.joints[i] === hips) noHips.joints[i] = index('Spine');
    const withOutside = bindReport({
      positions: [data.positions],
      indices: [data.indices],
      weights: [noHips],
      joints: group.input.joints,
      outside: [hips],
    });
    expect(withOutside.filter((it) => it.kind === 'unweighted')).toEqual([]);
  });
});

describe('auto-bind on every exporter convention', () => {
  // Without inverse bind matrices every joint binds at the origin (glTF's identity): there is no
  // bind pose to bind to, and the report says so rather than leaving the result unremarked.
  const withBindPose = EXPORTER_CONVENTIONS.filter((c) => c !== 'no-ibm');

  it('no-ibm: the report lists the joints the degenerate bind left without weight', () => {
    const m = buildSkinnedModel(exportedAs('no-ibm'), { influences: 4 });
    const [g] = bindGroupsOfModel(m);
    const items = autobind(g.input).report;
    expect(items.filter((it) => it.kind === 'unweighted').length).toBeGreaterThan(5);
  });

  it.each(withBindPose)('%s: end joints unweighted, the report clean', (convention) => {
    const m = buildSkinnedModel(exportedAs(convention), { influences: 4 });
    const groups = bindGroupsOfModel(m);
    const results = groups.map((g) => {
      const jointNames = g.jointIds.map((id) => m.joints.get(id)?.name ?? '');
      // HeadTop_End and the Toe_Ends, as far as the group's skin lists them.
      const ends = g.input.joints.flatMap((j, i) => (j.end ? [jointNames[i]] : []));
      expect(ends).toEqual(jointNames.filter((n) => n.endsWith('_End')));
      expect(ends.length).toBeGreaterThanOrEqual(2);
      const result = autobind(g.input);
      result.weights.forEach((sw) => {
        for (let i = 0; i < sw.weights.length; i++)
          if (sw.weights[i] > 0) expect(jointNames[sw.joints[i]]).not.toMatch(/_End$/);
      });
      return result;
    });
    // One report over every part: a joint one part's skin lists but another part weights is fine.
    const findings = modelFindings(
      m,
      groups,
      results.map((r) => r.report),
      results.map((r) => r.weights),
    );
    expect(findings).toEqual([]);
  });

  it('garment-parts: body, shirt and trousers bind as one body, the trousers folded onto their own skin', () => {
    const m = buildSkinnedModel(exportedAs('garment-parts'), { influences: 4 });
    const groups = bindGroupsOfModel(m);
    // The trousers' skin lists a subset of the body's joints: one group, one voxel solid.
    expect(groups.length).toBe(1);
    const [g] = groups;
    expect(g.primitives.length).toBe(m.primitives.length);
    for (const map of g.jointMaps) for (const j of map) expect(j).toBeGreaterThanOrEqual(0);
    const result = autobind(g.input);
    const trousers = g.primitives.findIndex((p) => m.primitives[p].mesh.getName().includes('Trousers'));
    expect(trousers).toBeGreaterThanOrEqual(0);
    const own = m.skins[m.primitives[g.primitives[trousers]].skins[0]].joints;
    const sw = remapJoints(result.weights[trousers], g.jointMaps[trousers]);
    const byJoint = new Map<string, number>();
    for (let i = 0; i < sw.weights.length; i++) {
      if (sw.weights[i] < 0.5) continue;
      const name = m.joints.get(own[sw.joints[i]])?.name ?? '';
      byJoint.set(name, (byJoint.get(name) ?? 0) + 1);
    }
    // Alone, an open shell, every leg bone fell outside it and the trousers went to the Hips.
    expect(byJoint.get('LeftUpLeg') ?? 0).toBeGreaterThan(50);
    expect(byJoint.get('RightLeg') ?? 0).toBeGreaterThan(50);
  });

  it('the report over several groups drops a joint one group leaves without weight when another weights it', () => {
    const m = buildSkinnedModel(exportedAs('garment-parts'), { influences: 4 });
    const [g] = bindGroupsOfModel(m);
    const result = autobind(g.input);
    const spine = g.jointIds.findIndex((id) => m.joints.get(id)?.name === 'Spine');
    const item = {
      kind: 'unweighted' as const,
      joint: spine,
      other: -1,
      vertices: 0,
      ratio: 0,
      primitive: -1,
      vertex: -1,
    };
    const empty = result.weights.map((w) => new SkinWeights(w.vertexCount, w.influences));
    // Alone, the group that weighted nothing reports Spine; beside one that weights it, no more.
    expect(modelFindings(m, [g], [[item]], [empty]).map((f) => f.kind)).toEqual(['unweighted']);
    expect(modelFindings(m, [g, g], [[item], []], [empty, result.weights])).toEqual([]);
  });
});
