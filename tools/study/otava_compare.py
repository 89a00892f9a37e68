#!/usr/bin/env python3
"""Apache Otava beside perfgate on the same series (docs/measurements.md,
"Change-point triage").

    perfgate_triage_study --csv series.csv
    python3 tools/study/otava_compare.py OTAVA_CHECKOUT series.csv

OTAVA_CHECKOUT is a directory holding Otava's `otava` package (a clone of
github.com/apache/otava); only its signal processing is imported
(otava.analysis.compute_change_points, at Otava's defaults: window_len 50,
max_pvalue 0.001, min_magnitude 0), and it runs on the run medians in
seconds, as Otava would read them.  Needs numpy and scipy (Debian:
python3-numpy python3-scipy).

Both tools are scored here by the same rules as perfgate_triage_study: a
reported change at index i (the first run at the new level; a perfgate drift:
its range [first, last]) finds a true edge t when |i - t| <= 1 (a drift range
when t lies in [first - 1, last + 1]); a true drift [a, b] is found by any
change that reaches [a - 1, b + 1]; a change that finds nothing is a false
change.  Otava reports steps only.
"""

import argparse
import csv
import sys
import time
from collections import defaultdict


def parse_truth(text):
    """(edges, ramp) from the study's truth column: "a;b" or "first-last"."""
    if not text:
        return [], None
    if "-" in text:
        first, last = text.split("-")
        return [], (int(first), int(last))
    return [int(t) for t in text.split(";")], None


def parse_reported(text):
    """perfgate's changes: "i" a step, "first-last" a drift."""
    changes = []
    for item in filter(None, text.split(";")):
        if "-" in item:
            first, last = item.split("-")
            changes.append((int(first), int(last), True))
        else:
            changes.append((int(item), int(item), False))
    return changes


def covers(change, low, high):
    first, last, _ = change
    return first <= high + 1 and low <= last + 1


class Score:
    def __init__(self):
        self.series = self.edges = self.found = 0
        self.false_changes = self.series_with_false = self.as_drift = 0

    def add(self, edges, ramp, changes):
        self.series += 1
        matched = [False] * len(changes)

        def find(low, high):
            hit = False
            for k, change in enumerate(changes):
                if covers(change, low, high):
                    matched[k] = hit = True
            return hit

        if ramp is not None:
            self.edges += 1
            self.found += find(*ramp)
            self.as_drift += any(m and c[2] for m, c in zip(matched, changes))
        else:
            for edge in edges:
                self.edges += 1
                self.found += find(edge, edge)
            self.as_drift += sum(c[2] for c in changes)
        unmatched = matched.count(False)
        self.false_changes += unmatched
        self.series_with_false += unmatched > 0


def otava_changes(compute_change_points, medians):
    points, _ = compute_change_points(medians, window_len=50, max_pvalue=0.001, min_magnitude=0.0)
    return [(p.index, p.index, False) for p in points]


def percent(part, whole):
    return f"{100.0 * part / whole:.1f}%" if whole else "-"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("otava_checkout", help="directory holding Otava's `otava` package")
    parser.add_argument("series_csv", help="perfgate_triage_study --csv output")
    args = parser.parse_args()
    sys.path.insert(0, args.otava_checkout)
    try:
        from otava.analysis import compute_change_points
    except ImportError as error:
        print(f"otava_compare.py: {args.otava_checkout}: cannot import otava.analysis ({error})", file=sys.stderr)
        return 2

    scores = defaultdict(lambda: (Score(), Score()))
    order = []
    otava_seconds = 0.0
    with open(args.series_csv, newline="") as handle:
        for row in csv.DictReader(handle):
            key = (row["scenario"], int(row["runs"]))
            if key not in scores:
                order.append(key)
            edges, ramp = parse_truth(row["truth"])
            medians = [float(v) for v in row["medians"].split()]
            started = time.perf_counter()
            theirs = otava_changes(compute_change_points, medians)
            otava_seconds += time.perf_counter() - started
            ours, otava = scores[key]
            ours.add(edges, ramp, parse_reported(row["perfgate"]))
            otava.add(edges, ramp, theirs)

    print("| Scenario | Runs | Series | Edges | Found: perfgate | Otava | False changes: perfgate | Otava "
          "| Series with a false change: perfgate | Otava | perfgate drift called |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for key in order:
        ours, otava = scores[key]
        print(f"| {key[0]} | {key[1]} | {ours.series} | {ours.edges} "
              f"| {ours.found} ({percent(ours.found, ours.edges)}) | {otava.found} ({percent(otava.found, otava.edges)}) "
              f"| {ours.false_changes} | {otava.false_changes} "
              f"| {ours.series_with_false} | {otava.series_with_false} | {ours.as_drift} |")
    print(f"\nOtava's compute_change_points: {otava_seconds:.1f} s in all.")
    return 0


if __name__ == "__main__":
    sys.exit(main())
