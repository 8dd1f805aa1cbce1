#!/usr/bin/env python3
"""Run CBMC 6.6 on an SV-COMP unreach-call corpus (the layout of ../shared/benchmarks/sv-comp*:
index.csv with task, input_file, expected_verdict, data_model) and write a results CSV in the
format `sv-comp-bench verify --cbmc` reads (task,expected,unwind,cbmc_verdict,seconds,peak_kib).

Usage:  python3 cbmc_unreach.py CORPUS OUT.csv [--unwind N] [--timeout SECONDS] [--jobs N]

Command line, as the corpora's READMEs give it:
  cbmc INPUT --32|--64 --no-standard-checks --unwind N --unwinding-assertions
Each run is wrapped as  /usr/bin/time -v -o TIMEFILE timeout -k 5 T cbmc ...  so wall seconds
and peak RSS (KiB) come from GNU time. With --jobs 2 two runs share the machine (the seconds
are then those of a loaded machine, as Lore's are in the benchmark's own parallel run).
Verdicts: true (VERIFICATION SUCCESSFUL), false (VERIFICATION FAILED with a failing
reach_error/assertion, not only an unwinding assertion), unknown (only unwinding assertions
of loops or recursion fail), timeout, error.
--recheck-false: run CBMC again only on the rows of an existing OUT.csv that say false and
rewrite their verdicts (their seconds are kept).
"""
import argparse
import concurrent.futures
import csv
import os
import re
import subprocess
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
SHARED = os.path.normpath(os.path.join(HERE, "..", "..", "..", "shared"))
CBMC = os.path.join(SHARED, "tools", "cbmc-6.6.0", "cbmc")


def run_one(corpus, row, unwind, timeout, folder):
    task = row["task"]
    source = os.path.join(corpus, row["input_file"])
    model = "--64" if row.get("data_model", "ILP32") == "LP64" else "--32"
    timefile = os.path.join(folder, task.replace("/", "__") + ".time")
    cmd = ["/usr/bin/time", "-v", "-o", timefile, "timeout", "-k", "5", str(timeout), CBMC,
           source, model, "--no-standard-checks", "--unwind", str(unwind), "--unwinding-assertions"]
    out = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                         errors="replace")
    seconds, peak = float(timeout), 0
    try:
        text = open(timefile).read()
        m = re.search(r"Elapsed \(wall clock\) time \(h:mm:ss or m:ss\): (?:(\d+):)?(\d+):([\d.]+)", text)
        if m:
            seconds = int(m.group(1) or 0) * 3600 + int(m.group(2)) * 60 + float(m.group(3))
        m = re.search(r"Maximum resident set size \(kbytes\): (\d+)", text)
        if m:
            peak = int(m.group(1))
    except OSError:
        pass
    log = out.stdout
    if out.returncode in (124, 137) or "Timeout" in log and "VERIFICATION" not in log:
        verdict = "timeout"
    elif "VERIFICATION SUCCESSFUL" in log:
        verdict = "true"
    elif "VERIFICATION FAILED" in log:
        failing = [l for l in log.splitlines() if l.rstrip().endswith(": FAILURE")]
        # Unwinding assertions of loops ([f.unwind.N]) and of recursion
        # ([f.recursion] "recursion unwinding assertion") are not errors.
        real = [l for l in failing if "unwinding assertion" not in l]
        verdict = "false" if real else "unknown"
    else:
        verdict = "error"
    return {"task": task, "expected": row["expected_verdict"], "unwind": unwind,
            "cbmc_verdict": verdict, "seconds": f"{seconds:.2f}", "peak_kib": peak}


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("corpus")
    ap.add_argument("out")
    ap.add_argument("--unwind", type=int, default=10)
    ap.add_argument("--timeout", type=int, default=120)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--recheck-false", action="store_true")
    a = ap.parse_args()
    rows = list(csv.DictReader(open(os.path.join(a.corpus, "index.csv"))))
    if a.recheck_false:
        old = list(csv.DictReader(open(a.out)))
        false = {r["task"] for r in old if r["cbmc_verdict"] == "false"}
        by_task = {r["task"]: r for r in rows}
        with tempfile.TemporaryDirectory(prefix="lore-cbmc-") as folder:
            with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
                again = list(pool.map(lambda t: run_one(a.corpus, by_task[t], a.unwind, a.timeout, folder), sorted(false)))
        verdicts = {r["task"]: r["cbmc_verdict"] for r in again}
        for r in old:
            r["cbmc_verdict"] = verdicts.get(r["task"], r["cbmc_verdict"])
        with open(a.out, "w", newline="") as f:
            w = csv.DictWriter(f, fieldnames=["task", "expected", "unwind", "cbmc_verdict", "seconds", "peak_kib"])
            w.writeheader()
            w.writerows(old)
        print(f"{len(again)} false rows checked again in {a.out}")
        return
    with tempfile.TemporaryDirectory(prefix="lore-cbmc-") as folder:
        with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
            results = list(pool.map(lambda r: run_one(a.corpus, r, a.unwind, a.timeout, folder), rows))
    with open(a.out, "w", newline="") as f:
        w = csv.DictWriter(f, fieldnames=["task", "expected", "unwind", "cbmc_verdict", "seconds", "peak_kib"])
        w.writeheader()
        for r in results:
            w.writerow(r)
    print(f"{len(results)} tasks written to {a.out}")


if __name__ == "__main__":
    main()
