#!/usr/bin/env python3
"""Split a github-action-benchmark history (data.js) into one Google Benchmark JSON file per run.

Usage: data_js_to_runs.py DATA_JS OUT_DIR

DATA_JS is the file the action publishes (`window.BENCHMARK_DATA = {...}`), whose
"entries" map each suite name to its runs in the order they were stored. For every run
of every suite this writes OUT_DIR/<NNNNN>-<suite-safe>.json (NNNNN counts runs from 1
across the file), a Google Benchmark results file with one iteration row per bench:
its value converted to nanoseconds as real_time and cpu_time. Benches whose unit is not
a time (ops/sec, bytes, allocs/op, ...) are skipped and counted. A Go compound unit
("ns/op\\t 0 B/op\\t ...") is read by its first word unless the run also holds the split
"<name> - ns/op" bench, which is then the one kept.

OUT_DIR/manifest.tsv has one line per file, in run order, after a '#' header:
file, commit id, ordinal, suite name, suite-safe name; the ordinal is 1 + the index of
the commit id in first-seen order within the suite, so reruns of a commit share it.
"""
import datetime
import json
import os
import re
import sys

NS_PER = {"ns": 1.0, "us": 1e3, "\u00b5s": 1e3, "\u03bcs": 1e3, "ms": 1e6, "s": 1e9}


def to_ns(value, unit):
    """The value in nanoseconds, or None when the unit is not a time."""
    words = unit.split()
    base = words[0].split("/")[0] if words else ""
    if base not in NS_PER or not isinstance(value, (int, float)) or isinstance(value, bool):
        return None
    return float(value) * NS_PER[base]


def main(argv):
    if len(argv) != 3:
        sys.exit(__doc__)
    text = open(argv[1], encoding="utf-8").read()
    data = json.loads(text[text.index("{"):].rstrip().rstrip(";"))
    os.makedirs(argv[2], exist_ok=True)
    manifest, number, kept, skipped = [], 0, 0, 0
    for suite, entries in data["entries"].items():
        safe = re.sub(r"[^A-Za-z0-9._-]+", "_", suite).strip("_") or "suite"
        ordinals = {}
        for entry in entries:
            number += 1
            commit = entry["commit"]["id"]
            ordinals.setdefault(commit, len(ordinals) + 1)
            names = {b["name"] for b in entry["benches"]}
            rows = []
            for bench in entry["benches"]:
                unit = str(bench.get("unit", ""))
                ns = to_ns(bench.get("value"), unit)
                split = unit.split()
                if ns is None or (len(split) > 1 and f"{bench['name']} - {split[0]}" in names):
                    skipped += 1
                    continue
                rows.append({"name": bench["name"], "run_name": bench["name"], "run_type": "iteration",
                             "repetitions": 1, "repetition_index": 0, "threads": 1, "iterations": 1,
                             "real_time": ns, "cpu_time": ns, "time_unit": "ns"})
            kept += len(rows)
            date = datetime.datetime.fromtimestamp(entry["date"] / 1000, datetime.timezone.utc)
            context = {"date": date.isoformat(timespec="seconds"), "host_name": "ci", "executable": suite,
                       "num_cpus": 2, "mhz_per_cpu": 0, "cpu_scaling_enabled": False, "caches": [],
                       "load_avg": [], "library_build_type": "release"}
            name = f"{number:05d}-{safe}.json"
            with open(os.path.join(argv[2], name), "w", encoding="utf-8") as out:
                json.dump({"context": context, "benchmarks": rows}, out, indent=1, ensure_ascii=False)
            manifest.append(f"{name}\t{commit}\t{ordinals[commit]}\t{suite}\t{safe}")
    with open(os.path.join(argv[2], "manifest.tsv"), "w", encoding="utf-8") as out:
        out.write("# file\tcommit\tordinal\tsuite\tsuite_safe\n" + "".join(line + "\n" for line in manifest))
    print(f"{number} run file(s), {kept} bench row(s) kept, {skipped} skipped (not a time unit, or a "
          f"Go compound unit whose split bench is there); manifest: {os.path.join(argv[2], 'manifest.tsv')}")


if __name__ == "__main__":
    main(sys.argv)
