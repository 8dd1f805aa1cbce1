#!/usr/bin/env python3
"""Run CBMC 6.6 on the SV-COMP no-overflow / valid-memsafety sample and write a results CSV.

Usage:  python3 cbmc_properties.py [--only SUBSTRING] [--unwind N] [--timeout SECONDS] [--reparse] [--logs DIR]
        --reparse: do not run CBMC; rebuild both CSVs from the saved logs (*.log, *.time)

Command lines are the ones given in /work/shared/benchmarks/sv-comp-properties/README.md:
  no-overflow     : --no-standard-checks --no-assertions --signed-overflow-check
  valid-memsafety : --no-standard-checks --no-assertions --pointer-check --bounds-check --memory-leak-check
  both            : --unwind 10 --unwinding-assertions  plus --32 (ILP32) / --64 (LP64)
Runs are sequential (one CBMC process at a time).  Each run is wrapped as
  /usr/bin/time -v -o TIMEFILE timeout -k 5 120 cbmc ...
so wall seconds and peak RSS (KiB, max over cbmc and its gcc preprocessor) come from GNU time.

Outputs (next to this script):
  cbmc-6.6-properties-unwind10.csv          the requested CSV
  cbmc-6.6-properties-unwind10.details.csv  extra columns: exit code, status, all mapped subproperties
  target/cbmc-properties-logs/<task with / replaced by __>.<property>.log: CBMC output, in the
  repository's target folder (--logs DIR for another): not a fixed name in the shared temporary
  directory, which another user could create first and fill with logs --reparse would read (issue 41)
"""
import argparse
import csv
import os
import re
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
# The repository's sv-comp-bench/data folder, with ../shared beside the repository.
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared"))
CORPUS = os.path.join(SHARED, "benchmarks", "sv-comp-properties")
CBMC = os.path.join(SHARED, "tools", "cbmc-6.6.0", "cbmc")

PROP_FLAGS = {
    "no-overflow": ["--no-standard-checks", "--no-assertions", "--signed-overflow-check"],
    "valid-memsafety": ["--no-standard-checks", "--no-assertions", "--pointer-check",
                        "--bounds-check", "--memory-leak-check"],
}
DATA_MODEL = {"ILP32": "--32", "LP64": "--64"}

# "[main.overflow.1] line 4 arithmetic overflow on signed + in a + b: FAILURE"
# "[__CPROVER__start.memory-leak.1] dynamically allocated memory never freed in ...: FAILURE"
RESULT_RE = re.compile(r"^\[(?P<name>[^\]]+)\] (?:line \d+ )?(?P<desc>.*): (?P<status>SUCCESS|FAILURE|UNKNOWN|ERROR)$")


def is_unwinding(name, desc):
    return "unwinding assertion" in desc or ".unwind." in name


def subproperty_of(name, desc, prop):
    """Map a CBMC property to an SV-COMP subproperty (mirrors diffblue/cprover-sv-comp tool-wrapper.inc)."""
    if "memory-leak" in name or "dynamically allocated memory never freed" in desc \
            or "__CPROVER_memory_leak == NULL" in desc:
        return "valid-memtrack"
    if "memory-cleanup" in name or "__CPROVER_memory_cleanup" in desc:
        return "valid-memcleanup"
    if desc.startswith("dereference failure"):
        return "valid-deref"
    if re.match(r"array.* (lower|upper) bound", desc):
        return "valid-deref"
    if re.match(r"mem(cpy|set|move) (source region readable|destination region writeable)", desc):
        return "valid-deref"
    if desc in ("double free", "free argument must be NULL or valid pointer",
                "free called for stack-allocated object", "free argument has offset zero",
                "free argument must be dynamic object", "free called for new[] object"):
        return "valid-free"
    if desc == "realloc argument is dynamic object":
        return "valid-free"      # not mapped by the cprover-sv-comp wrapper (it would print plain FALSE)
    if desc.startswith("arithmetic overflow on signed") or desc.startswith("result of signed mod is not representable"):
        return "no-overflow"
    if desc.startswith("argument to abs must not be INT_MIN"):
        return "no-overflow"     # library precondition; the wrapper would print plain FALSE
    # anything else (e.g. pointer primitives, user assertions in library models)
    cls = name.split(".")[-2] if name.count(".") >= 2 else name
    return "other:" + cls


def parse_time(path):
    wall, rss = None, None
    try:
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line.startswith("Elapsed (wall clock) time"):
                    t = line.rsplit(" ", 1)[-1]
                    parts = [float(x) for x in t.split(":")]
                    wall = 0.0
                    for p in parts:
                        wall = wall * 60 + p
                elif line.startswith("Maximum resident set size (kbytes)"):
                    rss = int(line.rsplit(" ", 1)[-1])
    except OSError:
        pass
    return wall, rss


def exit_status_from_time(path):
    """Exit status of the timed command as recorded by GNU time ("Exit status: N")."""
    with open(path) as f:
        for line in f:
            line = line.strip()
            if line.startswith("Exit status:"):
                return int(line.split(":")[1])
    raise RuntimeError("no exit status in " + path)


def run_one(row, unwind, timeout, logdir, reparse=False):
    inp = os.path.join(CORPUS, row["input_file"])
    args = [CBMC, inp, DATA_MODEL[row["data_model"]]] + PROP_FLAGS[row["property"]] + \
        ["--unwind", str(unwind), "--unwinding-assertions"]
    tag = row["task"].replace("/", "__") + "." + row["property"]
    logf = os.path.join(logdir, tag + ".log")
    timef = os.path.join(logdir, tag + ".time")
    cmd = ["/usr/bin/time", "-v", "-o", timef, "timeout", "-k", "5", str(timeout)] + args
    if reparse:
        rc = exit_status_from_time(timef)
    else:
        with open(logf, "w") as out:
            out.write("# " + " ".join(args) + "\n")
            out.flush()
            proc = subprocess.run(cmd, stdout=out, stderr=subprocess.STDOUT)
        rc = proc.returncode
    wall, rss = parse_time(timef)
    with open(logf, errors="replace") as f:
        text = f.read()
    results = []
    for line in text.splitlines():
        m = RESULT_RE.match(line)
        if m:
            results.append((m.group("name"), m.group("desc"), m.group("status")))
    failed = [(n, d) for (n, d, s) in results if s == "FAILURE"]
    real_failed = [(n, d) for (n, d) in failed if not is_unwinding(n, d)]
    if rc == 124 or rc == 137:
        verdict, status = "unknown", "timeout"
    elif "VERIFICATION SUCCESSFUL" in text and rc == 0:
        verdict, status = "true", "ok"
    elif "VERIFICATION FAILED" in text and rc == 10:
        if real_failed:
            verdict, status = "false", "ok"
        else:
            verdict, status = "unknown", "unwinding-assertion-only"
    else:
        verdict, status = "unknown", "error(rc=%d)" % rc
    subs = [subproperty_of(n, d, row["property"]) for (n, d) in real_failed]
    first_sub = subs[0] if (verdict == "false" and subs) else ""
    return {
        "verdict": verdict,
        "status": status,
        "rc": rc,
        "first_sub": first_sub,
        "all_subs": ";".join(sorted(set(subs))),
        "failed_names": ";".join(n for (n, d) in failed),
        "seconds": "%.2f" % wall if wall is not None else "",
        "peak_kib": str(rss) if rss is not None else "",
        "n_unknown_status": sum(1 for r in results if r[2] == "UNKNOWN"),
    }


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", default=None)
    ap.add_argument("--unwind", type=int, default=10)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--out", default=os.path.join(HERE, "cbmc-6.6-properties-unwind10.csv"))
    ap.add_argument("--reparse", action="store_true")
    ap.add_argument("--logs", default=os.path.join(HERE, "..", "..", "target", "cbmc-properties-logs"))
    a = ap.parse_args()
    logdir = os.path.normpath(a.logs)
    os.makedirs(logdir, mode=0o700, exist_ok=True)
    with open(os.path.join(CORPUS, "index.csv")) as f:
        rows = list(csv.DictReader(f))
    if a.only:
        rows = [r for r in rows if a.only in r["task"]]
    details_path = a.out.replace(".csv", ".details.csv")
    with open(a.out, "w", newline="") as fo, open(details_path, "w", newline="") as fd:
        w = csv.writer(fo)
        wd = csv.writer(fd)
        w.writerow(["task", "property", "expected", "expected_subproperty", "unwind", "cbmc_verdict",
                    "cbmc_subproperty", "cbmc_failed_checks", "seconds", "peak_kib"])
        wd.writerow(["task", "property", "expected", "expected_subproperty", "cbmc_verdict", "status",
                     "exit_code", "cbmc_subproperty", "all_failed_subproperties", "n_results_unknown",
                     "seconds", "peak_kib"])
        for i, row in enumerate(rows):
            r = run_one(row, a.unwind, a.timeout, logdir, a.reparse)
            w.writerow([row["task"], row["property"], row["expected_verdict"], row["subproperty"],
                        a.unwind, r["verdict"], r["first_sub"], r["failed_names"], r["seconds"],
                        r["peak_kib"]])
            wd.writerow([row["task"], row["property"], row["expected_verdict"], row["subproperty"],
                         r["verdict"], r["status"], r["rc"], r["first_sub"], r["all_subs"],
                         r["n_unknown_status"], r["seconds"], r["peak_kib"]])
            fo.flush()
            fd.flush()
            print("[%d/%d] %s %s expected=%s cbmc=%s %s %ss" % (
                i + 1, len(rows), row["task"], row["property"], row["expected_verdict"], r["verdict"],
                r["first_sub"] or r["status"], r["seconds"]), flush=True)


if __name__ == "__main__":
    sys.exit(main())
