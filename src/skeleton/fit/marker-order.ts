/**
 * checkMarkerOrder: markers that cannot belong to a standing character, caught before the fit
 * folds the skeleton into them. A chin clicked on a knee (the next marker's spot, in a hurry)
 * put the whole spine below the groin and the rig bound 70% of the body to the head. The
 * checks are the ones no pose a humanoid is rigged in breaks: the chin well above the groin,
 * the knees below it, each knee on its own side of the body.
 */
import { MarkerError, type MarkerName, markerLabel } from './markers.ts';

type Vec3 = [number, number, number];

/** The chin at least this share of the height above the groin (a chibi's: about a quarter). */
const CHIN_ABOVE_GROIN = 0.1;

/** A knee may cross the mid-plane by this share of the height (knees together). */
const KNEE_ACROSS = 0.03;

/**
 * Throws a {@link MarkerError} naming a given marker (one the user placed: `given`) that breaks
 * the order; canonical markers (x the character's left, y up), `height` the body's.
 */
export function checkMarkerOrder(
  markers: Record<MarkerName, Vec3>,
  given: (name: MarkerName) => boolean,
  height: number,
): void {
  const { chin, groin } = markers;
  if (chin[1] < groin[1] + CHIN_ABOVE_GROIN * height && (given('chin') || given('groin'))) {
    const name: MarkerName = given('chin') ? 'chin' : 'groin';
    throw new MarkerError(
      name,
      `the chin marker is ${chin[1] < groin[1] ? 'below' : 'barely above'} the groin marker: the chin goes on the tip of the jaw, the groin where the legs meet (move the ${markerLabel(name)} marker)`,
    );
  }
  for (const side of ['left', 'right'] as const) {
    const knee = `${side}Knee` as const;
    if (!given(knee)) continue;
    const p = markers[knee];
    if (p[1] >= groin[1])
      throw new MarkerError(
        knee,
        `the ${markerLabel(knee)} marker is above the groin marker: place it on the front of the ${side} knee`,
      );
    const across = side === 'left' ? -p[0] : p[0];
    if (across > KNEE_ACROSS * height)
      throw new MarkerError(
        knee,
        `the ${markerLabel(knee)} marker is on the character's ${side === 'left' ? 'right' : 'left'} leg (facing you, its left is on your right)`,
      );
  }
}
