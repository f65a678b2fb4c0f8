"""The tolerance policy (docs/tolerance.md) for the Python tools of this folder.

Every comparison of a result with a golden goes through `tfm_compare` (tools/tfm_compare.cc,
built next to `tfmigrate`), which runs the same C++ comparison as the conformance suite and
`tfmigrate diff`; nothing here knows a tolerance.

    import tolerance
    cmp = tolerance.Comparer(build_dir)            # or Comparer.next_to(path_of_tfmigrate)
    diffs = cmp.traces(golden_path, fresh_path, all_fields=True)   # [] when they agree
    diffs = cmp.text(expected_output, actual_output)
    diffs = cmp.values(expected_values, actual_values)
"""
import json
import os
import subprocess
import sys
import tempfile


class Comparer:
    def __init__(self, build_dir):
        self.tool = os.path.join(build_dir, "tfm_compare")
        if not os.access(self.tool, os.X_OK):
            sys.stderr.write("error: %s is missing: build the project first (cmake --build %s)\n"
                             % (self.tool, build_dir))
            sys.exit(2)
        self.reports = []  # the --report objects of every comparison made with report=True

    @classmethod
    def next_to(cls, tfmigrate):
        return cls(os.path.dirname(os.path.abspath(tfmigrate)))

    def _run(self, kind, expected_path, actual_path, flags=(), report=False):
        args = [self.tool, kind, expected_path, actual_path] + list(flags) + (["--report"] if report else [])
        p = subprocess.run(args, capture_output=True, text=True)
        if p.returncode not in (0, 1):
            raise RuntimeError("tfm_compare failed (exit %d): %s" % (p.returncode, p.stderr.strip()))
        lines = p.stdout.splitlines()
        if report and lines and lines[-1].startswith("report "):
            self.reports.append(json.loads(lines.pop()[len("report "):]))
        if p.returncode == 1 and not lines:
            lines = ["differs"]
        return lines if p.returncode == 1 else []

    def traces(self, expected_path, actual_path, all_fields=False, shapes_only=False, report=False):
        flags = (["--all-fields"] if all_fields else []) + (["--shapes-only"] if shapes_only else [])
        return self._run("traces", expected_path, actual_path, flags, report)

    def _with_files(self, kind, expected, actual, dump):
        with tempfile.TemporaryDirectory(prefix="tfm_compare_") as tmp:
            paths = []
            for name, content in (("expected", expected), ("actual", actual)):
                paths.append(os.path.join(tmp, name))
                with open(paths[-1], "w", encoding="utf-8") as f:
                    f.write(dump(content))
            return self._run(kind, *paths)

    def text(self, expected, actual):
        """Printed output, line by line: same text once numbers are masked, numbers agreeing."""
        return self._with_files("text", expected, actual, lambda s: s)

    def values(self, expected, actual):
        """Two lists of trace values ({"dtype", "shape", "values"})."""
        return self._with_files("values", expected, actual, json.dumps)


def worst(reports):
    """Merges --report objects: per dtype, the largest differences and margin of all."""
    out = {}
    for r in reports:
        for dtype, u in r.items():
            w = out.setdefault(dtype, {"compared": 0, "inexact": 0, "worst_abs": 0.0, "worst_rel": 0.0,
                                       "worst_margin": 0.0, "worst": ""})
            w["compared"] += u["compared"]
            w["inexact"] += u["inexact"]
            w["worst_abs"] = max(w["worst_abs"], u["worst_abs"])
            w["worst_rel"] = max(w["worst_rel"], u["worst_rel"])
            if (u["worst_margin"] or 0) > w["worst_margin"]:
                w["worst_margin"], w["worst"] = u["worst_margin"], u["worst"] + u.get("where", "")
    return out
