#!/usr/bin/env python3
"""Checks Chrome trace-event JSON files as Perfetto's legacy importer reads
them: valid JSON in the object form, every event with the fields of its
phase, times finite and non-negative, events sorted, complete slices on
one track nesting, every flow start matched by a finish with the same id,
and every pid/tid named by metadata.  Prints one line per file; exit 1 if
any file fails.

  tools/check-chrome-trace.py out/traces/*.trace.json
"""
import json
import math
import sys
from collections import defaultdict


def check(path):
    with open(path, encoding="utf-8") as f:
        doc = json.load(f)
    events = doc["traceEvents"]
    assert doc.get("displayTimeUnit") == "ns", "displayTimeUnit is not ns"
    named_pids, named_tracks, used = set(), set(), set()
    slices = defaultdict(list)
    flows = defaultdict(dict)
    last_ts = -1.0
    counts = defaultdict(int)
    for e in events:
        ph = e["ph"]
        counts[ph] += 1
        if ph == "M":
            if e["name"] == "process_name":
                named_pids.add(e["pid"])
            if e["name"] == "thread_name":
                named_tracks.add((e["pid"], e["tid"]))
            continue
        ts = e["ts"]
        assert isinstance(ts, (int, float)) and math.isfinite(ts) and ts >= 0, f"bad ts {ts}"
        assert ts >= last_ts, f"events not sorted at ts {ts}"
        last_ts = ts
        used.add((e["pid"], e["tid"]))
        if ph == "X":
            assert e["dur"] >= 0, "negative dur"
            slices[(e["pid"], e["tid"])].append((ts, ts + e["dur"], e["name"]))
        elif ph in ("s", "f"):
            flows[e["id"]][ph] = e
    for track, spans in slices.items():
        stack = []
        for start, end, name in spans:  # sorted by start, longer first
            while stack and stack[-1] <= start + 1e-9:
                stack.pop()
            assert not stack or end <= stack[-1] + 1e-6, f"slice {name!r} on {track} overlaps its parent"
            stack.append(end)
    for fid, ends in flows.items():
        assert set(ends) == {"s", "f"}, f"flow {fid} lacks an end"
        assert ends["f"].get("bp") == "e", f"flow {fid} finish without bp=e"
    for pid, tid in used:
        assert pid in named_pids, f"pid {pid} has no process_name"
        assert (pid, tid) in named_tracks, f"track {(pid, tid)} has no thread_name"
    return counts


def main():
    failed = 0
    for path in sys.argv[1:]:
        try:
            counts = check(path)
            print(f"ok   {path}: " + ", ".join(f"{k}={v}" for k, v in sorted(counts.items())))
        except Exception as error:  # one line per bad file
            failed += 1
            print(f"FAIL {path}: {error}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
