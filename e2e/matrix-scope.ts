/**
 * Which rows of the per-model e2e matrices run. Locally every exporter convention and shared
 * model runs; in CI (CI=true) a representative subset does — three conventions (transforms on the
 * mesh node, a Z-up root, a character of three skins) and four shared characters (one skin, an
 * animal, two multi-skin ones) — beside the Node versions of the same checks over every file
 * (test/interaction, test/pose/wysiwyg.test.ts, test/editor/*-real-files.test.ts), to keep the
 * suite within its time. `npm run test:e2e:matrix` (SKINSMITH_E2E_FULL=1) runs every row, and so
 * does SKINSMITH_MODELS_DIR (your own characters).
 */
const FULL = !process.env.CI || process.env.SKINSMITH_E2E_FULL === '1' || !!process.env.SKINSMITH_MODELS_DIR;

const CI_CONVENTIONS = new Set(['mesh-node-trs', 'z-up-root', 'garment-parts']);
const CI_MODELS = new Set(['CesiumMan', 'Fox', 'RobotExpressive', 'QuaterniusPlatformerCharacter']);

/** True when the matrix row for exporter convention or shared model `name` runs here. */
export function inMatrix(name: string): boolean {
  return FULL || CI_CONVENTIONS.has(name) || CI_MODELS.has(name);
}

/** Why a row is skipped (for test.skip). */
export const OUT_OF_SCOPE =
  'CI runs a representative subset of this matrix: npm run test:e2e:matrix runs every row';
