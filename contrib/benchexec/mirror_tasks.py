"""Writes BenchExec-ready task files for a folder of SV-COMP tasks.

The tasks beside this repository (../shared/benchmarks/sv-comp) list
properties whose .prp files are not shipped with them (coverage,
termination, ...), and BenchExec refuses a task that names a property
file it cannot find. This writes, under OUT (e.g. target/sv-comp-tasks),
one .yml per task keeping only the properties whose files exist, with the
input files named by absolute path, and the .prp files beside them; the
C files are not copied. A full sv-benchmarks checkout needs none of this.

Usage: python3 contrib/benchexec/mirror_tasks.py ../shared/benchmarks/sv-comp target/sv-comp-tasks
"""

import glob
import os
import shutil
import sys

import yaml


def main():
    source, out = (os.path.abspath(a) for a in sys.argv[1:3])
    for prp in glob.glob(os.path.join(source, "c", "properties", "*.prp")):
        target = os.path.join(out, "c", "properties", os.path.basename(prp))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        shutil.copyfile(prp, target)
    count = 0
    for path in sorted(glob.glob(os.path.join(source, "c", "*", "*.yml"))):
        folder = os.path.dirname(path)
        with open(path) as f:
            task = yaml.safe_load(f)
        files = task["input_files"]
        files = [files] if isinstance(files, str) else files
        task["input_files"] = [os.path.join(folder, f) for f in files]
        task["properties"] = [
            p
            for p in task["properties"]
            if os.path.exists(os.path.join(folder, p["property_file"]))
        ]
        target = os.path.join(out, os.path.relpath(path, source))
        os.makedirs(os.path.dirname(target), exist_ok=True)
        with open(target, "w") as f:
            yaml.safe_dump(task, f, sort_keys=False)
        count += 1
    print(f"{count} tasks written under {out}")


if __name__ == "__main__":
    main()
