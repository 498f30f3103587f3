/**
 * diffDocuments: everything two glTF-Transform Documents differ in, except what export owns
 * (JOINTS_n/WEIGHTS_n, and `skin.skeleton` where the source's was invalid). Used by the round-trip
 * tests: source as read vs export as re-read. Returns human-readable differences ([] = equal).
 */
import type { Accessor, Document, Material, Property, Texture } from '@gltf-transform/core';

const OWNED = /^(JOINTS|WEIGHTS)_\d+$/;

function sameValue(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Accessor contents: type, component type, normalized, and every element, exactly. With `unit`
 * (NORMAL, TANGENT: export puts decoded vectors back at unit length), `b`'s xyz may be `a`'s
 * normalised, within float32 rounding.
 */
export function diffAccessors(a: Accessor | null, b: Accessor | null, where: string, unit = false): string[] {
  if (!a || !b) return a === b ? [] : [`${where}: ${a ? 'missing' : 'unexpected'} accessor`];
  const out: string[] = [];
  if (a.getType() !== b.getType()) out.push(`${where}: type ${a.getType()} vs ${b.getType()}`);
  if (a.getComponentType() !== b.getComponentType())
    out.push(`${where}: componentType ${a.getComponentType()} vs ${b.getComponentType()}`);
  if (a.getNormalized() !== b.getNormalized()) out.push(`${where}: normalized differs`);
  const x = a.getArray();
  const y = b.getArray();
  if (!x || !y || x.length !== y.length) {
    out.push(`${where}: length ${x?.length} vs ${y?.length}`);
    return out;
  }
  const size = a.getElementSize();
  for (let i = 0; i < x.length; i++) {
    if (unit && size >= 3 && i % size < 3) {
      const o = i - (i % size);
      const l = Math.hypot(x[o], x[o + 1], x[o + 2]);
      if (l > 0 && Math.abs(y[i] - x[i] / l) <= 2e-7) continue;
    }
    if (!Object.is(x[i], y[i]) && !(x[i] === y[i])) {
      out.push(`${where}: element ${i} ${x[i]} vs ${y[i]}`);
      break;
    }
  }
  return out;
}

/** Texture: name, MIME type and image bytes (URIs differ legitimately between GLB and .gltf). */
function diffTexture(a: Texture, b: Texture, where: string): string[] {
  const out: string[] = [];
  if (a.getName() !== b.getName()) out.push(`${where}: name`);
  if (a.getMimeType() !== b.getMimeType()) out.push(`${where}: mimeType`);
  const x = a.getImage();
  const y = b.getImage();
  if (!x || !y || x.byteLength !== y.byteLength || !x.every((v, i) => v === y[i]))
    out.push(`${where}: image bytes`);
  if (!sameValue(a.getExtras(), b.getExtras())) out.push(`${where}: extras`);
  return out;
}

const MATERIAL_SCALARS = [
  'getName',
  'getAlphaMode',
  'getAlphaCutoff',
  'getDoubleSided',
  'getBaseColorFactor',
  'getEmissiveFactor',
  'getMetallicFactor',
  'getRoughnessFactor',
  'getNormalScale',
  'getOcclusionStrength',
  'getExtras',
] as const;

const MATERIAL_TEXTURES = ['BaseColor', 'Emissive', 'Normal', 'Occlusion', 'MetallicRoughness'] as const;

function diffMaterial(a: Material, b: Material, ta: Texture[], tb: Texture[], where: string): string[] {
  const out: string[] = [];
  for (const getter of MATERIAL_SCALARS) {
    if (!sameValue(a[getter](), b[getter]())) out.push(`${where}: ${getter}`);
  }
  for (const slot of MATERIAL_TEXTURES) {
    const x = a[`get${slot}Texture`]();
    const y = b[`get${slot}Texture`]();
    if (ta.indexOf(x!) !== tb.indexOf(y!)) out.push(`${where}: ${slot} texture index`);
    const ix = a[`get${slot}TextureInfo`]();
    const iy = b[`get${slot}TextureInfo`]();
    if (ix && iy && !ix.equals(iy)) out.push(`${where}: ${slot} texture info`);
  }
  const ea = a.listExtensions().map((e) => e.extensionName);
  const eb = b.listExtensions().map((e) => e.extensionName);
  if (!sameValue(ea, eb)) out.push(`${where}: extensions ${ea} vs ${eb}`);
  return out;
}

const idx = <T extends Property>(list: T[], item: T | null) => (item ? list.indexOf(item) : -1);

/** Differences between the source document `a` and the re-imported export `b`. */
export function diffDocuments(a: Document, b: Document): string[] {
  const out: string[] = [];
  const ra = a.getRoot();
  const rb = b.getRoot();
  const { generator: _ga, ...assetA } = ra.getAsset();
  const { generator: _gb, ...assetB } = rb.getAsset();
  if (!sameValue(assetA, assetB)) out.push('asset');
  if (!sameValue(ra.getExtras(), rb.getExtras())) out.push('root extras');
  // Compression is how bytes are stored, not content: either side may have it or not.
  const compression = /draco|meshopt/i;
  const extA = ra
    .listExtensionsUsed()
    .map((e) => e.extensionName)
    .filter((n) => !compression.test(n));
  const extB = rb
    .listExtensionsUsed()
    .map((e) => e.extensionName)
    .filter((n) => !compression.test(n));
  if (!sameValue(extA.sort(), extB.sort())) out.push(`extensionsUsed ${extA} vs ${extB}`);

  const [na, nb] = [ra.listNodes(), rb.listNodes()];
  const [ma, mb] = [ra.listMeshes(), rb.listMeshes()];
  const [sa, sb] = [ra.listSkins(), rb.listSkins()];
  const [ca, cb] = [ra.listCameras(), rb.listCameras()];
  const [mta, mtb] = [ra.listMaterials(), rb.listMaterials()];
  const [ta, tb] = [ra.listTextures(), rb.listTextures()];
  const counts: [string, unknown[], unknown[]][] = [
    ['scenes', ra.listScenes(), rb.listScenes()],
    ['nodes', na, nb],
    ['meshes', ma, mb],
    ['skins', sa, sb],
    ['cameras', ca, cb],
    ['materials', mta, mtb],
    ['textures', ta, tb],
    ['animations', ra.listAnimations(), rb.listAnimations()],
  ];
  for (const [name, x, y] of counts)
    if (x.length !== y.length) out.push(`${name}: ${x.length} vs ${y.length}`);
  if (out.length) return out;

  ra.listScenes().forEach((s, i) => {
    const t = rb.listScenes()[i];
    if (s.getName() !== t.getName()) out.push(`scene ${i}: name`);
    if (
      !sameValue(
        s.listChildren().map((n) => idx(na, n)),
        t.listChildren().map((n) => idx(nb, n)),
      )
    )
      out.push(`scene ${i}: children`);
  });
  if (idx(ra.listScenes(), ra.getDefaultScene()) !== idx(rb.listScenes(), rb.getDefaultScene()))
    out.push('default scene');

  na.forEach((n, i) => {
    const m = nb[i];
    const w = `node ${i} (${n.getName()})`;
    if (n.getName() !== m.getName()) out.push(`${w}: name ${m.getName()}`);
    for (const get of ['getTranslation', 'getRotation', 'getScale', 'getWeights', 'getExtras'] as const)
      if (!sameValue(n[get](), m[get]())) out.push(`${w}: ${get}`);
    if (idx(ma, n.getMesh()) !== idx(mb, m.getMesh())) out.push(`${w}: mesh`);
    if (idx(sa, n.getSkin()) !== idx(sb, m.getSkin())) out.push(`${w}: skin`);
    if (idx(ca, n.getCamera()) !== idx(cb, m.getCamera())) out.push(`${w}: camera`);
    if (
      !sameValue(
        n.listChildren().map((c) => idx(na, c)),
        m.listChildren().map((c) => idx(nb, c)),
      )
    )
      out.push(`${w}: children`);
    const xa = n.listExtensions();
    const xb = m.listExtensions();
    if (xa.length !== xb.length || xa.some((e, k) => !e.equals(xb[k] as typeof e)))
      out.push(`${w}: extensions`);
  });

  ca.forEach((c, i) => {
    if (!c.equals(cb[i])) out.push(`camera ${i}`);
  });
  for (const [i, t] of ta.entries()) out.push(...diffTexture(t, tb[i], `texture ${i}`));
  for (const [i, m] of mta.entries()) out.push(...diffMaterial(m, mtb[i], ta, tb, `material ${i}`));

  ma.forEach((mesh, i) => {
    const other = mb[i];
    const w = `mesh ${i} (${mesh.getName()})`;
    if (mesh.getName() !== other.getName()) out.push(`${w}: name`);
    if (!sameValue(mesh.getWeights(), other.getWeights())) out.push(`${w}: weights`);
    // glTF-Transform writes morph target names as extras.targetNames (the common convention).
    const extras = { ...other.getExtras() };
    if (!('targetNames' in mesh.getExtras())) delete extras.targetNames;
    if (!sameValue(mesh.getExtras(), extras)) out.push(`${w}: extras`);
    const pa = mesh.listPrimitives();
    const pb = other.listPrimitives();
    if (pa.length !== pb.length) {
      out.push(`${w}: primitives ${pa.length} vs ${pb.length}`);
      return;
    }
    pa.forEach((p, k) => {
      const q = pb[k];
      const wp = `${w} primitive ${k}`;
      if (p.getMode() !== q.getMode()) out.push(`${wp}: mode`);
      if (idx(mta, p.getMaterial()) !== idx(mtb, q.getMaterial())) out.push(`${wp}: material`);
      if (!sameValue(p.getExtras(), q.getExtras())) out.push(`${wp}: extras`);
      out.push(...diffAccessors(p.getIndices(), q.getIndices(), `${wp} indices`));
      const semA = p.listSemantics().filter((s) => !OWNED.test(s));
      const semB = q.listSemantics().filter((s) => !OWNED.test(s));
      if (!sameValue(semA.sort(), semB.sort())) out.push(`${wp}: attributes ${semA} vs ${semB}`);
      for (const s of semA)
        out.push(
          ...diffAccessors(
            p.getAttribute(s),
            q.getAttribute(s),
            `${wp} ${s}`,
            s === 'NORMAL' || s === 'TANGENT',
          ),
        );
      const tgA = p.listTargets();
      const tgB = q.listTargets();
      if (tgA.length !== tgB.length) out.push(`${wp}: targets ${tgA.length} vs ${tgB.length}`);
      tgA.forEach((t, j) => {
        for (const s of t.listSemantics())
          out.push(
            ...diffAccessors(t.getAttribute(s), tgB[j]?.getAttribute(s) ?? null, `${wp} target ${j} ${s}`),
          );
      });
    });
  });

  sa.forEach((s, i) => {
    const t = sb[i];
    if (s.getName() !== t.getName()) out.push(`skin ${i}: name`);
    if (
      !sameValue(
        s.listJoints().map((n) => idx(na, n)),
        t.listJoints().map((n) => idx(nb, n)),
      )
    )
      out.push(`skin ${i}: joints`);
    out.push(...diffAccessors(s.getInverseBindMatrices(), t.getInverseBindMatrices(), `skin ${i} IBM`));
  });

  ra.listAnimations().forEach((anim, i) => {
    const other = rb.listAnimations()[i];
    const w = `animation ${i} (${anim.getName()})`;
    if (anim.getName() !== other.getName()) out.push(`${w}: name`);
    const [sma, smb] = [anim.listSamplers(), other.listSamplers()];
    const [cha, chb] = [anim.listChannels(), other.listChannels()];
    if (sma.length !== smb.length || cha.length !== chb.length) {
      out.push(`${w}: counts`);
      return;
    }
    sma.forEach((s, k) => {
      if (s.getInterpolation() !== smb[k].getInterpolation()) out.push(`${w} sampler ${k}: interpolation`);
      out.push(...diffAccessors(s.getInput(), smb[k].getInput(), `${w} sampler ${k} input`));
      out.push(...diffAccessors(s.getOutput(), smb[k].getOutput(), `${w} sampler ${k} output`));
    });
    cha.forEach((c, k) => {
      const d = chb[k];
      if (c.getTargetPath() !== d.getTargetPath()) out.push(`${w} channel ${k}: path`);
      if (idx(na, c.getTargetNode()) !== idx(nb, d.getTargetNode())) out.push(`${w} channel ${k}: node`);
      if (idx(sma, c.getSampler()) !== idx(smb, d.getSampler())) out.push(`${w} channel ${k}: sampler`);
    });
  });
  return out;
}
