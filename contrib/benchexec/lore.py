"""BenchExec tool-info module for Lore, a bounded model checker for C.

Lore is run as `lore verify [OPTIONS] --property PRP [--32|--64] FILE`.
Its last line on stdout is the verdict in SV-COMP's words: `TRUE`,
`FALSE(<property>)` or `UNKNOWN`, and its exit code is 0 (TRUE, UNKNOWN),
10 (FALSE), 2 (bad input or an option or property Lore refuses) or 101
(an internal error).

Use it from a checkout of Lore with
`PYTHONPATH=<checkout> benchexec bench.xml --tool-directory <checkout>`;
the module is `contrib.benchexec.lore` (see contrib/benchexec/README.md).
"""

import benchexec.result as result
import benchexec.tools.template

# The verdicts Lore prints, as BenchExec names them.
FALSE_RESULTS = {
    "FALSE(unreach-call)": result.RESULT_FALSE_REACH,
    "FALSE(no-overflow)": result.RESULT_FALSE_OVERFLOW,
    "FALSE(valid-deref)": result.RESULT_FALSE_DEREF,
    "FALSE(valid-free)": result.RESULT_FALSE_FREE,
    "FALSE(valid-memtrack)": result.RESULT_FALSE_MEMTRACK,
    "FALSE(valid-memcleanup)": result.RESULT_FALSE_MEMCLEANUP,
}

# Where a build or an installation keeps the binary, under the tool directory.
SUBDIRECTORIES = ["", "bin", "target/release"]


class Tool(benchexec.tools.template.BaseTool2):
    """Lore: bounded model checking of C, with SV-COMP's conventions."""

    def name(self):
        return "Lore"

    def executable(self, tool_locator):
        missing = None
        for subdir in SUBDIRECTORIES:
            try:
                return tool_locator.find_executable("lore", subdir=subdir)
            except benchexec.tools.template.ToolNotFoundException as e:
                missing = e
        raise missing

    def version(self, executable):
        # `lore --version` prints `lore 0.1.0`.
        return self._version_from_tool(executable, line_prefix="lore ")

    def cmdline(self, executable, options, task, rlimits):
        command = [executable, "verify", *options]
        if task.property_file:
            command += ["--property", task.property_file]
        data_model = (task.options or {}).get("data_model")
        if data_model == "ILP32":
            command.append("--32")
        elif data_model == "LP64":
            command.append("--64")
        elif data_model is not None:
            raise benchexec.tools.template.UnsupportedFeatureException(
                f"data model {data_model} (Lore reads ILP32 and LP64)"
            )
        # Lore's own time limit ends a run with a clean UNKNOWN a little
        # before BenchExec would kill it.
        if rlimits.cputime and "--timeout" not in options:
            command += ["--timeout", str(max(1, rlimits.cputime - 5))]
        return command + [task.single_input_file]

    def determine_result(self, run):
        code = run.exit_code.value
        last = run.output[-1].strip() if run.output else ""
        if code in (0, 10):
            if last == "TRUE":
                return result.RESULT_TRUE_PROP
            if last in FALSE_RESULTS:
                return FALSE_RESULTS[last]
            if last == "UNKNOWN":
                return result.RESULT_UNKNOWN
        if run.was_timeout:
            return result.RESULT_TIMEOUT
        if code == 2:
            # Bad input, or a property or option Lore refuses: say which.
            for line in run.output:
                if line.startswith("error:"):
                    return "ERROR (" + line[len("error:") :].strip()[:60] + ")"
            return "ERROR (bad input)"
        if code == 101:
            return "ERROR (internal error)"
        return result.RESULT_ERROR
