#!/usr/bin/env python3
"""Checks perfgate's published JSON Schemas (docs/schemas) against real files.

1. Each schema is a valid draft 2020-12 schema, with $id, title, and a
   description on every property.
2. Every perfgate results file under baselines/ and tests/fixtures validates.
3. Fuzz-corpus files that perfgate's own reader accepts validate too (the
   schema is not stricter than the reader on them).
4. Files written just now by this build validate (and perfgate reads them):
   a suite binary in record mode (results) and in gate mode (results +
   comparison, with a planted regression, so re-measurement and suggestions
   are in it), a baseline pooled by `perfgate baseline promote`, and
   `perfgate compare` of fixtures and of the host runs given a traced
   pass's fields (per-kernel comparisons).  Parts of the formats that none
   of them reached fail the check (EXPECTED_PATHS).
5. Broken files (a wrong verdict, a string for a number, a missing required
   property, ...) are rejected, by the schema and by perfgate's reader alike.

Uses only what python3-jsonschema 4.10 (Debian bookworm) offers.  Exits 77
with the reason when jsonschema is not importable; 1 on any failure.
"""

import argparse
import copy
import json
import os
import pathlib
import subprocess
import sys
import tempfile

SKIP = 77

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError as error:  # the test's SKIP_RETURN_CODE
    print(f"SKIPPED: python3-jsonschema (>= 4.0, draft 2020-12) is not importable by {sys.executable}: {error}; "
          "install it with: apt-get install python3-jsonschema")
    sys.exit(SKIP)

RESULTS = "perfgate/results"
COMPARISON = "perfgate/comparison"
HOST_CASES = "^cpu_gemm/blocked/256/|^cpu_elementwise/(fused|unfused)/1048576/"
PLANTED = "cpu_gemm/blocked/256"

CONDITIONS = ("if", "then", "else", "not", "anyOf")

failures = []


def fail(message):
    failures.append(message)
    print(f"FAIL: {message}")


def load_json(path):
    with open(path, encoding="utf-8") as f:
        return json.load(f)


def schema_kind(document):
    return document.get("schema") if isinstance(document, dict) else None


def error_text(error):
    where = "/".join(str(p) for p in error.absolute_path) or "(top)"
    message = error.message if len(error.message) <= 240 else error.message[:240] + "..."
    return f"{where}: {message}"


def properties_without_description(schema, where="#"):
    """Every property schema (under any 'properties') must say what it is.
    Conditions (if/then/else, not, anyOf) restate properties only to test
    them, so they are not walked."""
    missing = []
    if isinstance(schema, dict):
        for name, sub in schema.get("properties", {}).items():
            if not isinstance(sub, dict) or "description" not in sub:
                missing.append(f"{where}/properties/{name}")
        for key, sub in schema.items():
            if key not in CONDITIONS and isinstance(sub, (dict, list)):
                missing += properties_without_description(sub, f"{where}/{key}")
    elif isinstance(schema, list):
        for i, sub in enumerate(schema):
            missing += properties_without_description(sub, f"{where}/{i}")
    return missing


def load_validator(path):
    schema = load_json(path)
    try:
        Draft202012Validator.check_schema(schema)
    except jsonschema.exceptions.SchemaError as error:
        fail(f"{path}: not a valid draft 2020-12 schema: {error.message}")
        return None
    for key in ("$schema", "$id", "title", "description"):
        if key not in schema:
            fail(f"{path}: has no {key}")
    if schema.get("$schema") != "https://json-schema.org/draft/2020-12/schema":
        fail(f"{path}: $schema is not draft 2020-12")
    for where in properties_without_description(schema):
        fail(f"{path}: property {where} has no description")
    return Draft202012Validator(schema)


def check_valid(validator, path, document=None):
    document = load_json(path) if document is None else document
    errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
    for error in errors[:5]:
        fail(f"{path}: {error_text(error)}")
    return not errors


def check_invalid(validator, label, document):
    errors = list(validator.iter_errors(document))
    if not errors:
        fail(f"{label}: the schema accepted it")
    else:
        print(f"ok: {label}: rejected ({error_text(errors[0])})")


def run(command, env=None, expect=(0,)):
    shown = " ".join(str(c) for c in command)
    done = subprocess.run([str(c) for c in command], env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                          text=True, errors="replace")
    if done.returncode not in expect:
        fail(f"`{shown}` exited {done.returncode} (expected {expect}):\n{done.stdout[-3000:]}")
    return done.returncode


def reader_accepts(cli, path, kind, scratch):
    """Whether perfgate's own reader takes the file: `baseline show` exits 0
    or 2; `perfgate report` exits with the gate's code of what it read (0, 1,
    2 or 77), so there a refusal is its one error line."""
    if kind == RESULTS:
        command = [cli, "baseline", "show", path]
        expected = (0, 2)
    else:
        command = [cli, "report", path, "--markdown", scratch / "reader-check.md"]
        expected = (0, 1, 2, 77)
    done = subprocess.run([str(c) for c in command], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                          errors="replace")
    if done.returncode not in expected:
        fail(f"`{' '.join(map(str, command))}` exited {done.returncode}: {done.stdout[-1000:]}")
    return done.returncode != 2 or "perfgate: error:" not in done.stdout


def committed_files(source, validators):
    """Baselines and fixtures that are perfgate files."""
    checked = 0
    roots = [source / "baselines", source / "tests" / "fixtures"]
    for path in sorted(p for root in roots for p in root.rglob("*.json")):
        try:
            document = load_json(path)
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue  # not JSON Python reads: no perfgate file
        kind = schema_kind(document)
        if kind in validators:
            check_valid(validators[kind], path, document)
            checked += 1
    return checked


def corpus_files(source, validators, cli, scratch):
    """Every corpus file perfgate's reader accepts must validate."""
    accepted = rejected = 0
    for path in sorted((source / "tests" / "fuzz" / "corpus").rglob("*.json")):
        try:
            document = load_json(path)
        except (ValueError, UnicodeDecodeError, RecursionError):
            continue  # deep nesting, bad UTF-8: fuzz inputs, no perfgate file
        kind = schema_kind(document)
        if kind not in validators:
            continue
        if reader_accepts(cli, path, kind, scratch):
            accepted += 1
            check_valid(validators[kind], path, document)
        else:
            rejected += 1
    print(f"corpus: {accepted} files perfgate reads checked, {rejected} it refuses left out")
    if accepted == 0:
        fail("no corpus file was read by perfgate: the corpus check checked nothing")


def fresh_files(suite, cli, source, work):
    """Runs this build's suite binary and perfgate; returns {path: kind}."""
    written = {}
    # The caller's history database, suite choice or CI must not change the run.
    env = {k: v for k, v in os.environ.items() if k != "CI" and not k.startswith("PERFGATE_")}
    base = work / "base.results.json"
    run([suite, f"--benchmark_filter={HOST_CASES}", "--benchmark_repetitions=8", "--perfgate_mode=record",
         f"--perfgate_results={base}"], env=env)
    written[base] = RESULTS
    gate = work / "gate"
    written.update(live_gate_files(suite, cli, env, work / "noisy"))
    env = dict(env, PERFGATE_ALLOW_FAULT_INJECTION="1", PERFGATE_HOST_PLANT_FACTOR="10", PERFGATE_HOST_PLANT_SLOWDOWN=PLANTED)
    # The planted 2x slowdown of one case fails the gate (exit 1) after it is
    # re-measured; a 25% threshold keeps the other cases' drift out of it.
    run([suite, f"--benchmark_filter={HOST_CASES}", "--benchmark_repetitions=8", f"--perfgate_baseline={base}",
         "--perfgate_threshold=25", f"--perfgate_out_dir={gate}"], env=env, expect=(0, 1))
    written[gate / "host.results.json"] = RESULTS
    written[gate / "host.comparison.json"] = COMPARISON
    # Two runs pooled into a baseline: 'rounds' appear.
    baselines = work / "baselines"
    run([cli, "baseline", "promote", base, gate / "host.results.json", "--baseline-dir", baselines, "--force"])
    written.update({p: RESULTS for p in baselines.rglob("host.json")})
    # Offline comparisons of committed files: GPU results with derived
    # figures, Google Benchmark aggregates (judged from summaries), NVBench
    # with skipped states.
    pairs = [("h100-elementwise", source / "baselines/nvidia-h100-80gb-hbm3/elementwise.json",
              source / "tests/fixtures/h100/elementwise.results.json"),
             ("gbench-aggregates", source / "tests/fixtures/gbench_1_9/report_aggregates_only_base.json",
              source / "tests/fixtures/gbench_1_9/report_aggregates_only_current.json"),
             ("nvbench", source / "tests/fixtures/real/nvbench__test_ref.json",
              source / "tests/fixtures/real/nvbench__test_cmp.json")]
    for label, before, after in pairs:
        out = work / f"{label}.comparison.json"
        run([cli, "compare", before, after, "--json", out], expect=(0, 1))
        written[out] = COMPARISON
    # No GPU here to trace: the host runs get a traced pass's fields, so the
    # writer's per-kernel comparison (pairs, NEW and REMOVED kernels) is checked.
    traced = {}
    for side, results, only_here in (("base", base, "old_kernel"), ("current", gate / "host.results.json", "new_kernel")):
        traced[side] = work / f"traced-{side}.results.json"
        traced[side].write_text(json.dumps(with_traced_pass(load_json(results), only_here)), encoding="utf-8")
        written[traced[side]] = RESULTS
    out = work / "traced.comparison.json"
    run([cli, "compare", traced["base"], traced["current"], "--json", out], expect=(0, 1))
    written[out] = COMPARISON
    return written


def live_gate_files(suite, cli, env, work):
    """The live gate's rounds: the test-only noisy case (seeds from a
    sequence file, as tests/e2e/live_gate_e2e_test.cpp draws them), whose
    slowdown the run leaves undecided and two re-measurement rounds decide,
    so that the comparison holds 'remeasured'.  Returns {path: kind}."""
    work.mkdir()
    seeds = work / "seeds"
    seeds.write_text("93000\n", encoding="utf-8")
    env = dict(env, PERFGATE_ALLOW_FAULT_INJECTION="1", PERFGATE_HOST_NOISE="heavy-tailed:10",
               PERFGATE_HOST_NOISE_SEQUENCE=str(seeds))
    rounds = [work / f"round{i}.results.json" for i in range(3)]
    for file in rounds:
        run([suite, "--benchmark_filter=^host/noise/", "--perfgate_mode=record", f"--perfgate_results={file}"], env=env)
    run([cli, "baseline", "promote", *rounds, "--baseline-dir", work / "baselines", "--force"])
    baseline = next((work / "baselines").rglob("host.json"), work / "missing.json")
    out = work / "gate"
    run([suite, "--benchmark_filter=^host/noise/", f"--perfgate_baseline={baseline}", f"--perfgate_out_dir={out}"],
        env=dict(env, PERFGATE_HOST_NOISE="heavy-tailed:10:20"), expect=(1,))
    comparison = out / "host.comparison.json"
    if comparison.exists() and '"remeasured"' not in comparison.read_text(encoding="utf-8"):
        fail(f"{comparison}: the live gate's run holds no 'remeasured' case: the schema check checked none")
    return {comparison: COMPARISON, baseline: RESULTS}


def with_traced_pass(results, only_here):
    """Kernels, copies and trace as --perfgate_trace records them: two
    kernels per call, durations following the case's own samples."""
    iterations = 10
    for b in results["benchmarks"]:
        launch_ns = [s * 1e9 / 2 for s in b.get("samples", [])][:100]
        if not launch_ns:
            continue
        kernels = [{"name": "work_kernel", "calls": 2 * iterations, "median_ns": sorted(launch_ns)[len(launch_ns) // 2],
                    "samples_ns": launch_ns},
                   {"name": only_here, "calls": iterations, "median_ns": 1000.0, "samples_ns": [1000.0] * len(launch_ns)}]
        b["kernels"] = kernels
        b["copies"] = [{"direction": "HtoD", "count": iterations, "bytes": 4096 * iterations},
                       {"direction": "memset", "count": 1, "bytes": 1 << 20}]
        b["trace"] = {"path": f"traces/{b['name'].replace('/', '_')}.trace.json", "iterations": iterations,
                      "dropped_records": 0}
    return results


# Parts of the formats the fresh files must reach, or their checks above
# would have checked nothing for them.
EXPECTED_PATHS = {"benchmarks.rounds", "figures", "benchmarks.recheck", "benchmarks.from_summaries", "suggestions",
                  "benchmarks.evidence.run_spread", "counts", "settings", "benchmarks.kernels.evidence",
                  "benchmarks.kernels.calls_changed", "benchmarks.copies", "benchmarks.trace.path", "status",
                  "gated_cases", "cases"}


def property_paths(document, prefix=""):
    """Dotted paths of every property present (array items share their array's path)."""
    paths = set()
    if isinstance(document, dict):
        for key, value in document.items():
            path = f"{prefix}{key}"
            paths.add(path)
            paths |= property_paths(value, path + ".")
    elif isinstance(document, list):
        for item in document:
            paths |= property_paths(item, prefix)
    return paths


def check_fresh(validators, written, cli, work):
    seen = set()
    for path, kind in written.items():
        if not path.is_file():
            fail(f"{path}: was not written")
            continue
        if not reader_accepts(cli, path, kind, work):
            fail(f"{path}: perfgate's own reader refuses it")
        if schema_kind(load_json(path)) != kind:
            fail(f"{path}: is not a {kind} file")
            continue
        if check_valid(validators[kind], path):
            print(f"ok: {path} ({kind})")
        seen |= property_paths(load_json(path))
    for missing in sorted(EXPECTED_PATHS - seen):
        fail(f"no freshly written file has '{missing}': that part of the schemas went unchecked")


def mutated(document, change):
    broken = copy.deepcopy(document)
    change(broken)
    return broken


def first_with(items, key):
    return next(item for item in items if item.get(key) is not None)


def negative_cases(results, comparison):
    """(label, kind, document) that both the schema and the reader refuse."""
    def wrong_verdict(c):
        c["benchmarks"][0]["verdict"] = "SLOWER"

    def string_sample(r):
        first_with(r["benchmarks"], "samples")["samples"][0] = "0.001"

    def no_fingerprint(r):
        del r["fingerprint"]

    def no_confirmation(c):
        del c["benchmarks"][0]["confirmation"]

    def string_iterations(r):
        r["benchmarks"][0]["iterations"] = "100"

    def bad_device_kind(r):
        r["fingerprint"]["kind"] = "tpu"

    def no_settings(c):
        del c["settings"]

    def negative_sample(r):
        first_with(r["benchmarks"], "samples")["samples"][0] = -0.001

    def samples_and_summary(r):
        first_with(r["benchmarks"], "samples")["summary"] = {"count": 3, "mean": 0.001, "stdev": 0.0}

    def nothing_measured(r):
        first_with(r["benchmarks"], "samples")["samples"] = []

    def bad_spread_source(c):
        first_with(c["benchmarks"], "evidence")["evidence"]["run_spread"]["source"] = "guess"

    return [("results with a string sample", RESULTS, mutated(results, string_sample)),
            ("results with string iterations", RESULTS, mutated(results, string_iterations)),
            ("results without fingerprint", RESULTS, mutated(results, no_fingerprint)),
            ("results with device kind 'tpu'", RESULTS, mutated(results, bad_device_kind)),
            ("results with a negative sample", RESULTS, mutated(results, negative_sample)),
            ("results with samples and a summary", RESULTS, mutated(results, samples_and_summary)),
            ("results with a measured case without samples", RESULTS, mutated(results, nothing_measured)),
            ("comparison with verdict 'SLOWER'", COMPARISON, mutated(comparison, wrong_verdict)),
            ("comparison without a confirmation", COMPARISON, mutated(comparison, no_confirmation)),
            ("comparison without settings", COMPARISON, mutated(comparison, no_settings)),
            ("comparison with run_spread source 'guess'", COMPARISON, mutated(comparison, bad_spread_source))]


def check_negatives(validators, cli, written, work):
    fresh = {kind: next(p for p, k in written.items() if k == kind and p.is_file()) for kind in (RESULTS, COMPARISON)}
    results, comparison = load_json(fresh[RESULTS]), load_json(fresh[COMPARISON])
    for i, (label, kind, document) in enumerate(negative_cases(results, comparison)):
        check_invalid(validators[kind], label, document)
        path = work / f"broken-{i}.json"
        path.write_text(json.dumps(document), encoding="utf-8")
        if reader_accepts(cli, path, kind, work):
            fail(f"{label}: perfgate's reader accepted it, the schema did not: they disagree")
    # And the untouched documents pass, so the rejections above are the mutations'.
    for kind, document in ((RESULTS, results), (COMPARISON, comparison)):
        if list(validators[kind].iter_errors(document)):
            fail(f"{fresh[kind]}: the unbroken document does not validate")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--source-dir", type=pathlib.Path, required=True)
    parser.add_argument("--suite", type=pathlib.Path, required=True, help="a built host suite binary (perf_host)")
    parser.add_argument("--cli", type=pathlib.Path, required=True, help="the built perfgate program")
    args = parser.parse_args()
    source = args.source_dir.resolve()
    print(f"jsonschema from {jsonschema.__file__} (python {sys.version.split()[0]})")
    validators = {RESULTS: load_validator(source / "docs/schemas/perfgate-results.schema.json"),
                  COMPARISON: load_validator(source / "docs/schemas/perfgate-comparison.schema.json")}
    if None in validators.values():
        return 1
    with tempfile.TemporaryDirectory(prefix="perfgate-schema-") as folder:
        work = pathlib.Path(folder)
        checked = committed_files(source, validators)
        print(f"committed: {checked} baseline and fixture files validated")
        if checked == 0:
            fail("no committed results file was found to validate")
        corpus_files(source, validators, args.cli, work)
        written = fresh_files(args.suite, args.cli, source, work)
        check_fresh(validators, written, args.cli, work)
        if all(p.is_file() for p in written):
            check_negatives(validators, args.cli, written, work)
    if failures:
        print(f"{len(failures)} schema check(s) failed")
        return 1
    print("every schema check passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
