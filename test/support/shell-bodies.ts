/**
 * Characters built of overlapping shells (not product code): the mannequin with closed balls
 * inside it at joints, as Mixamo's X Bot and Y Bot are built (joint shells inside the limbs'),
 * or as a skin under tight clothes. Their surfaces lie enclosed in the body's volume, where a
 * garment's fill would hold the legs' inner faces.
 */

import type { MannequinVariant } from '../../src/character/index.ts';
import { addGarmentNode, buildMannequinVariant, mannequinToDocument } from '../../src/character/index.ts';
import { sphereMesh } from './assembled-bodies.ts';
import { caseOf, FITTED_NAMES, type RigCase } from './rig-quality.ts';

/**
 * The mannequin with a ball of `radius` (share of its height) around each of `joints` (its
 * skeleton's names), each ball a separate mesh node.
 */
export function jointBallsRigCase(
  variant: MannequinVariant,
  radius: number,
  joints: readonly string[] = ['Hips', 'Spine', 'LeftUpLeg', 'RightUpLeg'],
  targetVertices = 6000,
): RigCase {
  const data = buildMannequinVariant(variant, targetVertices);
  const bare = caseOf('bare', mannequinToDocument(data), FITTED_NAMES);
  const document = mannequinToDocument(data);
  for (const name of joints) {
    const centre = bare.artist.positions[bare.artist.names.indexOf(name)] as [number, number, number];
    const ball = sphereMesh(centre, radius * bare.height);
    addGarmentNode(document, {
      kind: 'shirt',
      name: `${name} ball`,
      positions: ball.positions,
      normals: new Float32Array(ball.positions.length),
      indices: ball.indices,
      offset: 0,
      bodyVertex: new Int32Array(ball.positions.length / 3).fill(-1),
    });
  }
  return caseOf(
    `mannequin ${variant.build} ${variant.pose}-pose with balls at its joints`,
    document,
    FITTED_NAMES,
  );
}
