import fc from 'fast-check';
import {
  Box3,
  type Camera,
  OrthographicCamera,
  PerspectiveCamera,
  type Quaternion,
  type SkinnedMesh,
  Vector3,
} from 'three';
import { describe, expect, it } from 'vitest';
import { fitBox } from '../../app/viewport/camera-fit.ts';
import {
  applyPreset,
  type CameraPose,
  distanceForOrthoZoom,
  orbit,
  orthoZoomFor,
  pan,
  presetQuaternion,
  stepOrbit,
  turntableAngles,
  turntableQuaternion,
  VIEW_FOV,
  type ViewPreset,
  wheelZoomFactor,
  zoomOrthographicToward,
  zoomToward,
} from '../../app/viewport/camera-math.ts';
import { oppositePreset } from '../../app/viewport/view-preset.ts';
import { exportedGlb } from '../support/exporter-fixtures.ts';
import { loadWithThree } from '../support/three-consumer.ts';

const HEIGHT = 800;

/** A perspective camera at `position` looking at `target` (no roll), with its pose. */
function perspective(position = new Vector3(1, 2, 5), target = new Vector3(0, 1, 0)) {
  const camera = new PerspectiveCamera(VIEW_FOV, 1.5, 0.01, 1000);
  camera.position.copy(position);
  camera.lookAt(target);
  camera.updateMatrixWorld();
  const pose: CameraPose = {
    position: camera.position,
    quaternion: camera.quaternion,
    target: target.clone(),
  };
  return { camera, pose };
}

/** Where a world point lands on screen (NDC). */
function ndc(camera: Camera, p: Vector3): Vector3 {
  camera.updateMatrixWorld();
  return p.clone().project(camera);
}

const axis = (q: Quaternion, x: number, y: number, z: number) => new Vector3(x, y, z).applyQuaternion(q);
const close = (a: Vector3, b: Vector3, eps = 1e-9) => expect(a.distanceTo(b)).toBeLessThan(eps);

/** The target stays on the camera's axis, in front of it. */
function onAxis(pose: CameraPose) {
  const toTarget = pose.target.clone().sub(pose.position).normalize();
  close(toTarget, axis(pose.quaternion, 0, 0, -1), 1e-9);
}

const drags = fc.array(fc.tuple(fc.integer({ min: -400, max: 400 }), fc.integer({ min: -400, max: 400 })), {
  minLength: 1,
  maxLength: 12,
});

describe('turntable orbit', () => {
  it('never tilts the character: screen right stays level and up never points down, whatever the drags', () => {
    fc.assert(
      fc.property(drags, (moves) => {
        const { pose } = perspective();
        for (const [dx, dy] of moves) {
          orbit(pose, dx, dy, HEIGHT, 'turntable');
          expect(Math.abs(axis(pose.quaternion, 1, 0, 0).y)).toBeLessThan(1e-9);
          expect(axis(pose.quaternion, 0, 1, 0).y).toBeGreaterThanOrEqual(-1e-9);
          onAxis(pose);
        }
      }),
    );
  });

  it('a drag across the view height turns it once round the up axis, at the same distance', () => {
    const { pose } = perspective();
    const before = pose.position.clone();
    const distance = pose.position.distanceTo(pose.target);
    orbit(pose, HEIGHT / 4, 0, HEIGHT, 'turntable');
    // A quarter turn about +Y through the target; dragging right swings the camera to the left.
    const expected = before
      .clone()
      .sub(pose.target)
      .applyAxisAngle(new Vector3(0, 1, 0), -Math.PI / 2);
    close(pose.position.clone().sub(pose.target), expected, 1e-9);
    expect(pose.position.distanceTo(pose.target)).toBeCloseTo(distance, 12);
  });

  it('dragging down looks from above, and stops straight above (no flip over the top)', () => {
    const { pose } = perspective(new Vector3(0, 1, 5));
    orbit(pose, 0, 100, HEIGHT, 'turntable');
    expect(pose.position.y).toBeGreaterThan(pose.target.y);
    orbit(pose, 0, 5000, HEIGHT, 'turntable');
    close(axis(pose.quaternion, 0, 0, -1), new Vector3(0, -1, 0), 1e-9);
    // Straight above, the character's front is down the screen, as Blender's top view.
    close(axis(pose.quaternion, 0, 1, 0), new Vector3(0, 0, -1), 1e-9);
  });

  it('about a pivot off the view centre: the pivot stays where it is on screen', () => {
    fc.assert(
      fc.property(
        drags,
        fc.tuple(
          fc.double({ min: -1, max: 1, noNaN: true }),
          fc.double({ min: 0, max: 2, noNaN: true }),
          fc.double({ min: -1, max: 1, noNaN: true }),
        ),
        fc.constantFrom('turntable' as const, 'trackball' as const),
        (moves, [x, y, z], style) => {
          const { camera, pose } = perspective();
          const pivot = new Vector3(x, y, z);
          const before = ndc(camera, pivot);
          for (const [dx, dy] of moves) orbit(pose, dx, dy, HEIGHT, style, pivot);
          const after = ndc(camera, pivot);
          expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(1e-6);
          onAxis(pose);
        },
      ),
    );
  });

  it('levels a roll a trackball left (switching back to turntable stands the character up)', () => {
    const { pose } = perspective();
    // A circling drag rolls a trackball (the reason riggers keep it off).
    for (const [dx, dy] of [
      [200, 0],
      [0, 200],
      [-200, 0],
      [0, -200],
    ])
      orbit(pose, dx, dy, HEIGHT, 'trackball');
    expect(Math.abs(axis(pose.quaternion, 1, 0, 0).y)).toBeGreaterThan(0.05);
    orbit(pose, 1, 0, HEIGHT, 'turntable');
    expect(Math.abs(axis(pose.quaternion, 1, 0, 0).y)).toBeLessThan(1e-9);
  });
});

describe('turntable angles', () => {
  it('read back what made the orientation, from straight below to straight above', () => {
    for (const azimuth of [-3, -1.2, 0, 0.7, 2.9])
      for (const elevation of [-Math.PI / 2, -1, 0, 0.4, Math.PI / 2]) {
        const q = turntableQuaternion(azimuth, elevation);
        const back = turntableAngles(q);
        expect(back.azimuth).toBeCloseTo(azimuth, 9);
        expect(back.elevation).toBeCloseTo(elevation, 9);
      }
  });
});

describe('view presets (Blender numpad: 1 front, 3 right, 7 top; Ctrl the opposite)', () => {
  // Where the camera stands (from the target) and which way is up on screen, in glTF's +Y up, +Z front.
  const expected: Record<ViewPreset, { from: Vector3; up: Vector3 }> = {
    front: { from: new Vector3(0, 0, 1), up: new Vector3(0, 1, 0) },
    back: { from: new Vector3(0, 0, -1), up: new Vector3(0, 1, 0) },
    right: { from: new Vector3(1, 0, 0), up: new Vector3(0, 1, 0) },
    left: { from: new Vector3(-1, 0, 0), up: new Vector3(0, 1, 0) },
    top: { from: new Vector3(0, 1, 0), up: new Vector3(0, 0, -1) },
    bottom: { from: new Vector3(0, -1, 0), up: new Vector3(0, 0, 1) },
  };
  for (const preset of Object.keys(expected) as ViewPreset[]) {
    it(`${preset}: looks from ${expected[preset].from.toArray()} with ${expected[preset].up.toArray()} up, at the same distance`, () => {
      const { pose } = perspective();
      const distance = pose.position.distanceTo(pose.target);
      applyPreset(pose, preset);
      close(pose.position.clone().sub(pose.target).normalize(), expected[preset].from, 1e-12);
      close(axis(pose.quaternion, 0, 1, 0), expected[preset].up, 1e-12);
      expect(pose.position.distanceTo(pose.target)).toBeCloseTo(distance, 12);
      onAxis(pose);
    });
  }

  it('Ctrl gives the opposite side', () => {
    for (const preset of Object.keys(expected) as ViewPreset[]) {
      const from = axis(presetQuaternion(preset), 0, 0, 1);
      const opposite = axis(presetQuaternion(oppositePreset(preset)), 0, 0, 1);
      close(from.add(opposite), new Vector3(), 1e-12);
    }
  });
});

describe('numpad orbit steps (Blender: 4 / 6, 8 / 2, 9)', () => {
  /** Where the camera stands, seen from the target, as a unit vector. */
  const from = (pose: CameraPose) => pose.position.clone().sub(pose.target).normalize();

  it('six steps right from the front give the right view, six up the top view; the distance is kept', () => {
    const { pose } = perspective();
    const distance = pose.position.distanceTo(pose.target);
    applyPreset(pose, 'front');
    for (let i = 0; i < 6; i++) stepOrbit(pose, 'right');
    close(from(pose), new Vector3(1, 0, 0), 1e-12);
    applyPreset(pose, 'front');
    for (let i = 0; i < 6; i++) stepOrbit(pose, 'up');
    close(from(pose), new Vector3(0, 1, 0), 1e-12);
    // Straight above is as far as up goes (no flip over the top); down comes back.
    stepOrbit(pose, 'up');
    close(from(pose), new Vector3(0, 1, 0), 1e-12);
    for (let i = 0; i < 6; i++) stepOrbit(pose, 'down');
    close(from(pose), new Vector3(0, 0, 1), 1e-12);
    expect(pose.position.distanceTo(pose.target)).toBeCloseTo(distance, 10);
    onAxis(pose);
  });

  it('left undoes right, 24 steps go once round, and the opposite side twice is where it was', () => {
    const { pose } = perspective();
    const start = from(pose);
    stepOrbit(pose, 'right');
    expect(from(pose).angleTo(start)).toBeGreaterThan(0.1);
    stepOrbit(pose, 'left');
    close(from(pose), start, 1e-12);
    for (let i = 0; i < 24; i++) stepOrbit(pose, 'left');
    close(from(pose), start, 1e-10);
    stepOrbit(pose, 'opposite');
    close(from(pose), start.clone().negate(), 1e-12);
    stepOrbit(pose, 'opposite');
    close(from(pose), start, 1e-12);
    // The top view's opposite is the bottom view.
    applyPreset(pose, 'top');
    stepOrbit(pose, 'opposite');
    close(from(pose), new Vector3(0, -1, 0), 1e-12);
  });

  it('about a pivot off the view centre: the pivot stays where it is on screen, and the view stays level', () => {
    const { camera, pose } = perspective();
    const pivot = new Vector3(0.3, 1.4, 0.1);
    const before = ndc(camera, pivot);
    for (const step of ['right', 'up', 'left', 'left', 'down', 'opposite'] as const) {
      stepOrbit(pose, step, pivot);
      close(ndc(camera, pivot), before, 1e-9);
      expect(Math.abs(axis(pose.quaternion, 1, 0, 0).y)).toBeLessThan(1e-12);
    }
  });
});

describe('zoom toward the cursor', () => {
  it('perspective: the point under the cursor stays under it, and the distance scales', () => {
    fc.assert(
      fc.property(
        fc.tuple(
          fc.double({ min: -0.8, max: 0.8, noNaN: true }),
          fc.double({ min: -0.8, max: 0.8, noNaN: true }),
        ),
        fc.double({ min: 0.2, max: 5, noNaN: true }),
        fc.double({ min: 0.3, max: 3, noNaN: true }),
        ([sx, sy], depth, factor) => {
          const { camera, pose } = perspective();
          // A world point at screen (sx, sy), `depth` in front of the camera.
          const point = new Vector3(sx, sy, 0.5).unproject(camera).sub(camera.position).normalize();
          point.multiplyScalar(depth).add(camera.position);
          const before = ndc(camera, point);
          const distance = pose.position.distanceTo(pose.target);
          zoomToward(pose, point, factor);
          const after = ndc(camera, point);
          expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(1e-6);
          expect(pose.position.distanceTo(pose.target)).toBeCloseTo(distance * factor, 9);
          expect(pose.position.distanceTo(point)).toBeCloseTo(depth * factor, 9);
          onAxis(pose);
        },
      ),
    );
  });

  it('orthographic: the point stays under the cursor and the zoom changes by the factor', () => {
    const camera = new OrthographicCamera(-600, 600, 400, -400, -100, 100);
    camera.position.set(0.5, 1, 5);
    camera.lookAt(0.5, 1, 0);
    camera.zoom = 300;
    camera.updateProjectionMatrix();
    const pose: CameraPose = {
      position: camera.position,
      quaternion: camera.quaternion,
      target: new Vector3(0.5, 1, 0),
    };
    const point = new Vector3(0.9, 1.4, -0.3);
    const before = ndc(camera, point);
    camera.zoom = zoomOrthographicToward(pose, point, 0.5, camera.zoom);
    camera.updateProjectionMatrix();
    expect(camera.zoom).toBeCloseTo(600, 9);
    const after = ndc(camera, point);
    expect(Math.hypot(after.x - before.x, after.y - before.y)).toBeLessThan(1e-9);
    onAxis(pose);
  });

  it('the wheel: one notch (100 px) is 1.2× closer or farther; lines count as pixels; a flick is bounded', () => {
    expect(wheelZoomFactor(-100)).toBeCloseTo(1 / 1.2, 12);
    expect(wheelZoomFactor(100)).toBeCloseTo(1.2, 12);
    expect(wheelZoomFactor(3, 1)).toBeCloseTo(1.2 ** 0.99, 12);
    expect(wheelZoomFactor(5000)).toBeCloseTo(1.2 ** 3, 12);
    // Faster than three's OrbitControls (0.95 per notch), which the issue found slow.
    expect(1 / wheelZoomFactor(-100)).toBeGreaterThan(1 / 0.95);
  });
});

describe('pan and projections', () => {
  it('pan moves the scene with the pointer, by the world size of a pixel', () => {
    const { camera, pose } = perspective();
    const distance = pose.position.distanceTo(pose.target);
    const worldPerPixel = (2 * distance * Math.tan((VIEW_FOV * Math.PI) / 360)) / HEIGHT;
    const before = ndc(camera, pose.target.clone());
    const target = pose.target.clone();
    pan(pose, 40, -30, worldPerPixel);
    const after = ndc(camera, target);
    // NDC spans 2 over the height: 40 px right is 80/HEIGHT·aspect⁻¹ in x, 30 px up is 60/HEIGHT in y.
    expect(after.x - before.x).toBeCloseTo(80 / HEIGHT / camera.aspect, 9);
    expect(after.y - before.y).toBeCloseTo(60 / HEIGHT, 9);
    onAxis(pose);
  });

  it('orthographic zoom and perspective distance show the same size at the view centre', () => {
    for (const d of [0.01, 1, 250]) {
      const zoom = orthoZoomFor(d, HEIGHT);
      expect(distanceForOrthoZoom(zoom, HEIGHT)).toBeCloseTo(d, 9);
      // 1/zoom world units per pixel (R3F's pixel frustum) = the perspective's at distance d.
      expect(1 / zoom).toBeCloseTo((2 * d * Math.tan((VIEW_FOV * Math.PI) / 360)) / HEIGHT, 12);
    }
  });
});

describe('fitBox', () => {
  const box = new Box3(new Vector3(-0.9, 0, -0.2), new Vector3(0.9, 1.8, 0.25));
  const corners = () =>
    Array.from(
      { length: 8 },
      (_, i) =>
        new Vector3(
          i & 1 ? box.max.x : box.min.x,
          i & 2 ? box.max.y : box.min.y,
          i & 4 ? box.max.z : box.min.z,
        ),
    );
  const controls = () => ({ target: new Vector3(), update() {} });

  it('a fresh load looks at the front from above and aside, level (as lookAt with +Y up did)', () => {
    const camera = new PerspectiveCamera(VIEW_FOV, 1.6, 0.01, 1000);
    fitBox(camera, controls(), box, true);
    const reference = camera.clone();
    reference.lookAt(box.getCenter(new Vector3()));
    expect(camera.quaternion.angleTo(reference.quaternion)).toBeLessThan(1e-9);
    expect(camera.position.z).toBeGreaterThan(0);
    expect(camera.position.y).toBeGreaterThan(box.getCenter(new Vector3()).y);
  });

  it('keeps a top view a top view (the view direction parallel to up) and holds every corner', () => {
    const camera = new PerspectiveCamera(VIEW_FOV, 1.6, 0.01, 1000);
    const c = controls();
    fitBox(camera, c, box, true);
    const pose: CameraPose = { position: camera.position, quaternion: camera.quaternion, target: c.target };
    applyPreset(pose, 'top');
    const top = camera.quaternion.clone();
    fitBox(camera, c, box, false);
    expect(camera.quaternion.angleTo(top)).toBeLessThan(1e-12);
    for (const p of corners()) {
      const n = ndc(camera, p);
      expect(Math.max(Math.abs(n.x), Math.abs(n.y))).toBeLessThanOrEqual(1);
    }
  });

  it('fits an orthographic camera by its zoom, tightly, every corner inside', () => {
    const camera = new OrthographicCamera(-640, 640, 360, -360, -1, 1);
    const c = controls();
    const pose: CameraPose = { position: camera.position, quaternion: camera.quaternion, target: c.target };
    applyPreset(pose, 'front');
    fitBox(camera, c, box, false);
    let widest = 0;
    for (const p of corners()) {
      const n = ndc(camera, p);
      expect(Math.max(Math.abs(n.x), Math.abs(n.y))).toBeLessThanOrEqual(1);
      widest = Math.max(widest, Math.abs(n.x), Math.abs(n.y));
    }
    expect(widest).toBeGreaterThan(0.9);
    // It stands where the perspective camera showing the same would.
    expect(camera.position.distanceTo(c.target)).toBeCloseTo(distanceForOrthoZoom(camera.zoom, 720), 9);
  });
});

describe('the up axis is the character as drawn', () => {
  it('a Z-up file (FBX2glTF root rotation) stands along +Y in the scene, as the camera orbits it', async () => {
    const gltf = await loadWithThree({ name: 'zup.glb', bytes: await exportedGlb('z-up-root', 1500) });
    gltf.scene.updateMatrixWorld(true);
    let mesh: SkinnedMesh | undefined;
    gltf.scene.traverse((o) => {
      if ((o as SkinnedMesh).isSkinnedMesh) mesh ??= o as SkinnedMesh;
    });
    expect(mesh).toBeDefined();
    const size = new Box3().expandByObject(gltf.scene).getSize(new Vector3());
    // The mannequin is tallest along Y and faces +Z (its arms span X).
    expect(size.y).toBeGreaterThan(size.z * 2);
    expect(size.y).toBeGreaterThan(size.x * 0.8);
    expect(size.x).toBeGreaterThan(size.z * 2);
  });
});
