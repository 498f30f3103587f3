/**
 * The proportions the fitter falls back on where the shape does not say, and the shares that
 * place the joints a surface cannot show (the hip joints inside the pelvis, the neck's base).
 * Measured on the mannequin's Mixamo-style skeleton and checked against the shared characters
 * by `npm run bench:rig`.
 */

/** Shares of the groin-to-chin span that place the mid-line joints. */
export const SPINE_PROPORTIONS = {
  /** Hips above the groin. */
  hips: 0.19,
  /** The thighs' joints above the groin. */
  upLeg: 0.11,
  /** The neck's base below the chin. */
  neck: 0.15,
  /** The head's joint above the chin. */
  head: 0.03,
  /** …or this share of the head's size above it, if more (chin to top, capped by its width). */
  headInHead: 0.08,
  /** Spine, Spine1, Spine2 along Hips → Neck (Mixamo's spacing). */
  spine: [0.2, 0.435, 0.705],
};

/** Shares of the arm and leg. */
export const LIMB_PROPORTIONS = {
  /** Fingertip to wrist, as a share of fingertip to shoulder. */
  hand: 0.23,
  /** Wrist to elbow, as a share of wrist to shoulder. */
  forearm: 0.47,
  /** Ankle to knee, as a share of ankle to the thigh's joint (heights). */
  shin: 0.5,
  /** The ankle joint above the point where the leg's middle line turns into the foot, in heights. */
  ankleLift: 0.012,
  /** Bends sharper than this (radians) place the elbow or knee. */
  bend: (22 * Math.PI) / 180,
};

/**
 * How far a groin marker may be from the crotch the mesh shows and still be taken as meaning it
 * (in heights): within `snap` the crotch is used (a click a little off where the legs meet);
 * between `snap` and `release` the two blend; past `release` the marker is taken as placed. The
 * groin is where the legs meet (Mixamo's marker, the hips and thighs a share of the torso above
 * it). Below the crotch the mesh shows, a marker soon says more than the mesh (a tunic or a coat
 * hides the crotch, a flap hanging between the legs fakes one higher up): `below`. Above it, a
 * click on the pelvis or in front of the thighs' joints still means where the legs meet (people
 * mark the groin anywhere from there up to the hip joints' height): `above`.
 */
export const GROIN_SNAP = {
  below: { snap: 0.02, release: 0.05 },
  above: { snap: 0.06, release: 0.12 },
};

/** The default snap of {@link snapToLandmark}: the groin's above the crotch. */
export const LANDMARK_SNAP = GROIN_SNAP.above;

/**
 * The chin's: the jaw line a profile shows is often not where the head should turn (a big
 * cartoon head, a helmet), so a chin marker placed off it is taken as meant.
 */
export const CHIN_SNAP = { snap: 0.02, release: 0.05 };
