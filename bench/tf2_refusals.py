#!/usr/bin/env python3
"""The tf2 rewrite of every program of the real-program set, statically: converted or
refused (with the reason the summary gives), and `compat.v1` left in the converted ones.
No program runs; bench/real_programs.py --sides tf2 runs the converted ones on both backends.

    python3 bench/tf2_refusals.py [--build build] [--manifest bench/real_programs.toml] [--list]

The files come from the cache bench/real_programs.py fills (`--fetch-only`); a program whose
file is missing is counted as missing. Prints one line per program with --list, then the
totals and the table of refusal reasons (most frequent first)."""
import argparse
import collections
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

import machine
import real_programs as rp

REASON = re.compile(r"not converted[^:]*: (.*)")


def program_file(manifest, prog):
    if prog.get("source") == "github":
        return rp.github_path(prog["repo"], prog["commit"], prog["path"])
    for a in manifest.get("artifact", []):
        if a["name"] == prog["artifact"]:
            return rp.CACHE / "src" / a["file"] / prog["path"]
    return None


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--build", default="build")
    ap.add_argument("--manifest", default=str(rp.ROOT / "bench" / "real_programs.toml"))
    ap.add_argument("--list", action="store_true", help="one line per program")
    args = ap.parse_args()
    tool = pathlib.Path(args.build).resolve() / "tfmigrate"
    manifest = tomllib.loads(pathlib.Path(args.manifest).read_text())
    reasons, rows = collections.Counter(), []
    converted = without = missing = 0
    for prog in manifest.get("program", []):
        src = program_file(manifest, prog)
        if src is None or not src.exists():
            missing += 1
            rows.append((prog["name"], "missing (python3 bench/real_programs.py --fetch-only)"))
            continue
        with tempfile.TemporaryDirectory() as d:
            # the program with what it imports from beside it, as bench/real_programs.py
            # runs it: a github program's companions, a PyPI program's whole artifact
            if prog.get("source") == "github":
                if rp.missing_github(prog):
                    missing += 1
                    rows.append((prog["name"], "missing (python3 bench/real_programs.py --fetch-only)"))
                    continue
                shutil.copytree(rp.assemble(prog), pathlib.Path(d) / "p", symlinks=True)
                copy = pathlib.Path(d) / "p" / src.name
            else:
                root = pathlib.Path(str(src)[: -len(prog["path"])])
                shutil.copytree(root, pathlib.Path(d) / "a", symlinks=True)
                copy = pathlib.Path(d) / "a" / prog["path"]
            r = subprocess.run([str(tool), "rewrite", "--level", "tf2", "--in-place", str(copy)],
                               capture_output=True, text=True)
            m = REASON.search(r.stdout + r.stderr)
            if m:
                reasons[m.group(1).strip()] += 1
                rows.append((prog["name"], "refused: " + m.group(1).strip()))
            else:
                converted += 1
                left = copy.read_text(errors="replace").count("compat.v1")
                without += left == 0
                rows.append((prog["name"], "converted, compat.v1 left: %d" % left))
    print(machine.describe())
    if args.list:
        for name, what in rows:
            print("%s\t%s" % (name, what))
    n = len(rows) - missing
    print("converted %d of %d programs (%d missing); %d of the converted without compat.v1"
          % (converted, n, missing, without))
    print("\n| tf2 rewrite: refusal reason | programs |\n|---|---:|")
    for reason, count in reasons.most_common():
        print("| %s | %d |" % (reason.replace("|", "\\|"), count))
    return 0


if __name__ == "__main__":
    sys.exit(main())
