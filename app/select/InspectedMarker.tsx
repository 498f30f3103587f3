import { useThree } from '@react-three/fiber';
import { useEffect, useMemo } from 'react';
import { BufferAttribute, BufferGeometry, Group, Points, PointsMaterial } from 'three';
import { useUi } from '../store.ts';
import { inspectedVertex, useSelectUi } from './select-store.ts';
import { onShownPositionsMoved, shownPositions } from './shown-positions.ts';

/**
 * The vertex the Inspector shows (pinned, or under the pointer in Select mode), marked in the
 * viewport where the mesh shows it (posed when posed): a white square in a dark one, bigger
 * than the selection's amber points and drawn over them, so it reads on any heat map colour.
 */
export function InspectedMarker() {
  const invalidate = useThree((s) => s.invalidate);
  const modelRev = useUi((s) => s.modelRev);
  const vertex = useSelectUi(inspectedVertex);
  const { group, position } = useMemo(() => {
    const position = new BufferAttribute(new Float32Array(3), 3);
    const geometry = new BufferGeometry();
    geometry.setAttribute('position', position);
    const group = new Group();
    // Outline first, then the core on top; both over everything (the marker must never hide).
    [
      { color: '#101418', size: 13, order: 20 },
      { color: '#ffffff', size: 7, order: 21 },
    ].forEach(({ color, size, order }) => {
      const p = new Points(
        geometry,
        new PointsMaterial({ color, size, sizeAttenuation: false, depthTest: false }),
      );
      p.renderOrder = order;
      p.frustumCulled = false;
      group.add(p);
    });
    group.name = 'inspected-vertex-marker';
    return { group, position };
  }, []);

  useEffect(() => {
    void modelRev;
    const place = () => {
      const src = vertex && shownPositions(vertex.primitive);
      const ok = !!src && vertex !== null && vertex.vertex * 3 + 2 < src.length;
      group.visible = ok;
      if (ok) {
        const v = vertex.vertex * 3;
        position.setXYZ(0, src[v], src[v + 1], src[v + 2]);
        position.needsUpdate = true;
      }
      invalidate();
    };
    place();
    return onShownPositionsMoved(place);
  }, [vertex, modelRev, group, position, invalidate]);

  useEffect(
    () => () => {
      for (const p of group.children as Points[]) (p.material as PointsMaterial).dispose();
      (group.children[0] as Points).geometry.dispose();
    },
    [group],
  );
  return <primitive object={group} />;
}
