import type { VrmInfo } from '../../src/vrm/vrm-json.ts';
import './vrm.css';

/** Joint id → human bone of the open VRM (empty for plain glTF), for the joint tree. */
export function humanBonesOf(vrm: VrmInfo | null): Map<number, string> {
  return new Map(vrm ? [...vrm.humanBones].map(([bone, node]) => [node, bone]) : []);
}

/**
 * A human bone's name as the badge shows it: the side as L or R before the rest
 * ("leftUpperArm" → "L upperArm"), so a narrow tree still tells the shoulder from the upper arm.
 */
export function shortHumanBone(bone: string): string {
  const side = /^(left|right)([A-Z].*)$/.exec(bone);
  if (!side) return bone;
  return `${side[1] === 'left' ? 'L' : 'R'} ${side[2][0].toLowerCase()}${side[2].slice(1)}`;
}

/** The VRM human bone a joint is, as a small badge on its row of the joint tree. */
export function HumanBoneBadge({ bone }: { bone: string }) {
  return (
    <span
      className="human-bone"
      data-human-bone={bone}
      title={`VRM human bone: ${bone} (the avatar's humanoid map; mirror pairs and test poses follow it)`}
    >
      {shortHumanBone(bone)}
    </span>
  );
}
