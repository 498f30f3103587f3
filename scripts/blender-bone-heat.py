"""Blender's bone heat ("Automatic Weights") on glTF files, timed, for docs/autobind-quality.md.

Peer timing and weights only, never a test dependency. Run headless under the heavy lock:

    flock /tmp/skinsmith-heavy.lock blender -b --factory-startup \\
        --python scripts/blender-bone-heat.py -- --out tmp/blender.json [--heuristic TEMPERANCE] \\
        [--runs 3] FILE.glb...

For each file: import it (Blender's glTF importer, the given bone heuristic), then for each
armature strip the weights of the meshes it deforms and time `parent_set(type='ARMATURE_AUTO')`
alone (the operator a rigger runs; import and cleanup are not timed), `--runs` times (the
weights of the last run are kept). Writes, per file, the operator's milliseconds per run and,
per mesh object, its vertices in glTF axes (mesh-local) with the weights bone heat gave them, so
`scripts/bench-bind.ts --blender tmp/blender.json` can score them with the same yardstick as
ours (vertices matched by position).
"""
import json
import sys
import time

import bpy
import numpy

# Debian's Blender 3.4 glTF importer still uses numpy's removed `np.bool` alias.
if not hasattr(numpy, "bool"):
    numpy.bool = bool


def args():
    argv = sys.argv[sys.argv.index("--") + 1 :] if "--" in sys.argv else []
    out = "blender.json"
    heuristic = "TEMPERANCE"
    runs = 3
    files = []
    i = 0
    while i < len(argv):
        if argv[i] == "--out":
            out = argv[i + 1]
            i += 2
        elif argv[i] == "--heuristic":
            heuristic = argv[i + 1]
            i += 2
        elif argv[i] == "--runs":
            runs = int(argv[i + 1])
            i += 2
        else:
            files.append(argv[i])
            i += 1
    return out, heuristic, runs, files


def deformed_meshes(armature):
    """Mesh objects with an Armature modifier pointing at `armature`."""
    out = []
    for obj in bpy.data.objects:
        if obj.type != "MESH":
            continue
        if any(m.type == "ARMATURE" and m.object == armature for m in obj.modifiers):
            out.append(obj)
    return out


def strip(meshes):
    """Removes the weights and armature binding, keeping each mesh where it is."""
    for obj in meshes:
        obj.vertex_groups.clear()
        for m in [m for m in obj.modifiers if m.type == "ARMATURE"]:
            obj.modifiers.remove(m)
        world = obj.matrix_world.copy()
        obj.parent = None
        obj.matrix_world = world


def bind(armature, meshes):
    """parent_set ARMATURE_AUTO with the meshes selected and the armature active; ms."""
    bpy.ops.object.mode_set(mode="OBJECT") if bpy.context.object else None
    bpy.ops.object.select_all(action="DESELECT")
    for obj in meshes:
        obj.select_set(True)
    armature.select_set(True)
    bpy.context.view_layer.objects.active = armature
    t0 = time.perf_counter()
    bpy.ops.object.parent_set(type="ARMATURE_AUTO")
    return (time.perf_counter() - t0) * 1000


def dump(obj):
    """Vertices in glTF axes (Blender x, y, z → glTF x, z, −y) with their weights by bone name."""
    names = {g.index: g.name for g in obj.vertex_groups}
    verts = []
    for v in obj.data.vertices:
        co = v.co
        w = [[names[g.group], round(g.weight, 6)] for g in v.groups if g.weight > 0]
        verts.append([co.x, co.z, -co.y, w])
    return {"name": obj.name, "mesh": obj.data.name, "vertices": verts}


def main():
    out, heuristic, runs, files = args()
    results = []
    for path in files:
        bpy.ops.wm.read_factory_settings(use_empty=True)
        try:
            bpy.ops.import_scene.gltf(filepath=path, bone_heuristic=heuristic)
        except Exception as err:  # a file Blender cannot read (Draco without its library)
            print(f"BONEHEAT {path} {heuristic} import failed: {str(err).splitlines()[-1]}")
            continue
        entry = {"file": path, "heuristic": heuristic, "ms": [], "meshes": []}
        armatures = [o for o in bpy.data.objects if o.type == "ARMATURE"]
        total = [0.0] * runs
        for armature in armatures:
            meshes = deformed_meshes(armature)
            if not meshes:
                continue
            for r in range(runs):
                strip(meshes)
                total[r] += bind(armature, meshes)
            entry["meshes"] += [dump(m) for m in meshes]
        entry["ms"] = total
        entry["vertices"] = sum(len(m["vertices"]) for m in entry["meshes"])
        print(f"BONEHEAT {path} {heuristic} vertices={entry['vertices']} ms={[round(t, 1) for t in total]}")
        results.append(entry)
    with open(out, "w") as f:
        json.dump(results, f)


main()
