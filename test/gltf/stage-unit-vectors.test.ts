import { Document } from '@gltf-transform/core';
import { describe, expect, it } from 'vitest';
import { ExportStage } from '../../src/gltf/export/export-stage.ts';
import { stageUnitVectors } from '../../src/gltf/export/stage-container.ts';

describe('stageUnitVectors (decoded Draco/meshopt normals and tangents)', () => {
  it('puts float NORMAL and TANGENT xyz at unit length for the write, keeps w and zero vectors, and undoes', () => {
    const doc = new Document();
    const normals = new Float32Array([0, 0, 1.002, 0.6, 0.8, 0, 0, 0, 0]);
    const tangents = new Float32Array([0.999, 0, 0, -1, 0, 1, 0, 1, 0, 0, 0.5, 1]);
    const normal = doc.createAccessor().setType('VEC3').setArray(normals);
    const tangent = doc.createAccessor().setType('VEC4').setArray(tangents);
    const position = doc.createAccessor().setType('VEC3').setArray(new Float32Array(9));
    const prim = doc
      .createPrimitive()
      .setAttribute('POSITION', position)
      .setAttribute('NORMAL', normal)
      .setAttribute('TANGENT', tangent);
    doc.createMesh().addPrimitive(prim);
    const stage = new ExportStage();
    expect(stageUnitVectors(stage, doc)).toBe(2);
    expect(Array.from(normal.getArray()!)).toEqual([0, 0, 1, Math.fround(0.6), Math.fround(0.8), 0, 0, 0, 0]);
    const t = Array.from(tangent.getArray()!);
    expect(t.slice(0, 4)).toEqual([1, 0, 0, -1]); // w, the handedness, as it was
    expect(t.slice(4, 8)).toEqual([0, 1, 0, 1]);
    expect(t[10]).toBe(1);
    stage.restore();
    expect(normal.getArray()).toBe(normals);
    expect(tangent.getArray()).toBe(tangents);
    expect(Array.from(normals)).toEqual(Array.from(new Float32Array([0, 0, 1.002, 0.6, 0.8, 0, 0, 0, 0])));
  });

  it('leaves unit vectors and normalised-integer accessors alone', () => {
    const doc = new Document();
    const normal = doc
      .createAccessor()
      .setType('VEC3')
      .setArray(new Float32Array([0, 1, 0]));
    const packed = doc
      .createAccessor()
      .setType('VEC4')
      .setArray(new Int8Array([100, 0, 0, 127]))
      .setNormalized(true);
    doc
      .createMesh()
      .addPrimitive(doc.createPrimitive().setAttribute('NORMAL', normal).setAttribute('TANGENT', packed));
    expect(stageUnitVectors(new ExportStage(), doc)).toBe(0);
  });
});
