/**
 * The chain template: a straight run of joints for a tail, a tentacle or a rope, named
 * `<prefix>1 … <prefix>N` with an end joint `<prefix>_End` at the tip.
 */
import type { TemplateJoint } from './humanoid.ts';

/** Options of {@link chainTemplate}. */
export interface ChainTemplateOptions {
  /** Joints that bend (the end joint comes on top). */
  joints?: number;
  /** Name prefix. */
  prefix?: string;
}

/** Defaults of {@link ChainTemplateOptions}. */
export const CHAIN_TEMPLATE_DEFAULTS: Required<ChainTemplateOptions> = { joints: 6, prefix: 'Chain' };

/** Most joints a chain may have. */
export const MAX_CHAIN_JOINTS = 64;

/** The chain template; see the module comment. */
export function chainTemplate(options: ChainTemplateOptions = {}): TemplateJoint[] {
  const { joints, prefix } = { ...CHAIN_TEMPLATE_DEFAULTS, ...options };
  if (!Number.isInteger(joints) || joints < 1 || joints > MAX_CHAIN_JOINTS)
    throw new RangeError(`a chain has 1 to ${MAX_CHAIN_JOINTS} joints (got ${joints})`);
  const out: TemplateJoint[] = [];
  for (let i = 0; i < joints; i++)
    out.push({ name: `${prefix}${i + 1}`, parent: i - 1, end: false, mirror: i });
  out.push({ name: `${prefix}_End`, parent: joints - 1, end: true, mirror: joints });
  return out;
}
