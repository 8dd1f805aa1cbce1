"""Checks the tool-info module with BenchExec itself.

Runs Lore, with the command line the module builds, on one TRUE and one
FALSE task of an SV-COMP task folder, then runs BenchExec's own
`python3 -m benchexec.test_tool_info` on the module with both outputs and
checks what it reports: the version, the command line for a task, and
the results parsed (true, false(unreach-call)). The command lines for a
task definition are shown for one of the testsuite's tasks.

Usage, from the repository root, in an environment with BenchExec:
    python3 contrib/benchexec/check_tool_info.py ../shared/benchmarks/sv-comp
"""

import os
import subprocess
import sys

import yaml
from benchexec.tools.template import BaseTool2

sys.path.insert(0, os.getcwd())
from contrib.benchexec.lore import Tool  # noqa: E402

TASKS = [
    ("c/bitvector-regression/signextension-2.yml", "true"),
    ("c/bitvector-regression/signextension-1.yml", "false(unreach-call)"),
]


def task_of(path):
    """The BenchExec task for a task file and its unreach-call property."""
    with open(path) as f:
        definition = yaml.safe_load(f)
    folder = os.path.dirname(path)
    files = definition["input_files"]
    files = [files] if isinstance(files, str) else files
    prp = next(
        os.path.join(folder, p["property_file"])
        for p in definition["properties"]
        if p["property_file"].endswith("unreach-call.prp")
    )
    return BaseTool2.Task.with_files(
        [os.path.join(folder, f) for f in files],
        property_file=prp,
        options=definition.get("options"),
    )


def main():
    root = sys.argv[1]
    out = "target/benchexec"
    os.makedirs(out, exist_ok=True)
    tool = Tool()
    executable = tool.executable(BaseTool2.ToolLocator(tool_directory="."))
    outputs = []
    for name, _ in TASKS:
        command = tool.cmdline(
            executable, [], task_of(os.path.join(root, name)), BaseTool2.ResourceLimits()
        )
        print("running", " ".join(command))
        run = subprocess.run(command, capture_output=True, text=True)
        path = os.path.join(out, os.path.basename(name) + ".txt")
        with open(path, "w") as f:
            f.write(run.stdout)
        outputs.append(path)
    checked = subprocess.run(
        [
            sys.executable,
            "-m",
            "benchexec.test_tool_info",
            "contrib.benchexec.lore",
            "--tool-directory",
            ".",
            "--no-container",
            # A task of our own: test_tool_info reads every property file
            # a task lists, and the shared tasks list some not shipped.
            "--task-definition",
            "testsuite/cases/tasks/overflow_and_reach.yml",
            "--tool-output",
            *outputs,
        ],
        capture_output=True,
        text=True,
        env={**os.environ, "PYTHONPATH": os.getcwd()},
    )
    log = checked.stdout + checked.stderr
    print(log)
    version = subprocess.run(
        [executable, "--version"], capture_output=True, text=True
    ).stdout.split()[-1]
    failures = []
    if checked.returncode != 0:
        failures.append(f"test_tool_info exited with {checked.returncode}")
    if f"Version: “{version}”" not in log:
        failures.append(f"the module did not report version {version}")
    if "'verify', '--property'" not in log or "'--32'" not in log:
        failures.append("no command line with --property and --32 for the task")
    lines = log.splitlines()
    parsed = [
        lines[i + 1].strip().strip("“”")
        for i, line in enumerate(lines[:-1])
        if line.startswith("Result of")
    ]
    expected = [verdict for _, verdict in TASKS]
    if parsed != expected:
        failures.append(f"parsed results {parsed}, not {expected}")
    for f in failures:
        print("error:", f, file=sys.stderr)
    sys.exit(1 if failures else 0)


if __name__ == "__main__":
    main()
