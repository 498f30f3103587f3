import type { VrmInfo } from '../../src/vrm/vrm-json.ts';
import './vrm.css';

/** Joint id → human bone of the open VRM (empty for plain glTF), for the joint tree. */
export function humanBonesOf(vrm: VrmInfo | null): Map<number, string> {
  return new Map(vrm ? [...vrm.humanBones].map(([bone, node]) => [node, bone]) : []);
}

/** The VRM human bone a joint is, as a small badge on its row of the joint tree. */
export function HumanBoneBadge({ bone }: { bone: string }) {
  return (
    <span
      className="human-bone"
      data-human-bone={bone}
      title={`VRM human bone: ${bone} (the avatar's humanoid map; mirror pairs and test poses follow it)`}
    >
      {bone}
    </span>
  );
}
