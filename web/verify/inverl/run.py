#!/usr/bin/python3
"""Runs GAE Lab's verify.py scripts in verl's own source, one checkout per release tag.

Not part of `go test` or CI (they have no torch): run it by hand through run.sh, which starts a
server and unpacks the tags. Each script is fetched from a running GAE Lab (--url), saved under
--out/<tag>/, and run as `PYTHONPATH=<checkout>:stubs python3 verify.py`; the table goes to
--out/results.md. verl's files are never edited: modules Debian lacks are stubbed (stubs/).
"""
import argparse
import concurrent.futures
import os
import re
import subprocess
import sys
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
STUBS = os.path.join(HERE, "stubs")
TAGS = ["v0.2", "v0.2.0.post1", "v0.2.0.post2", "v0.3.0.rc0", "v0.3.0.post0", "v0.3.0.post1", "v0.4.0",
        "v0.4.1", "v0.5.0", "v0.6.0", "v0.6.1", "v0.7.0", "v0.7.1", "v0.8.0", "v0.9.0"]
# A policy whose ratio is not 1 everywhere, so that the clip and the dual clip are exercised.
ACTOR_LP = "&".join("lp=" + x for x in ["-0.1", "-0.9", "-0.3", "-1.4", "-0.15", "-0.6"])
SCRIPTS = [  # (name, route and query without ver=)
    ("play seed-a", "/play/verify.py?v=3&p=seed-a"),
    ("play seed-b", "/play/verify.py?v=3&p=seed-b"),
    ("play seed-b low_var_kl", "/play/verify.py?v=3&p=seed-b&kl=low_var_kl"),
    ("play seed-b mse γ.9 λ.8", "/play/verify.py?v=3&p=seed-b&kl=mse&gamma=0.9&lam=0.8"),
    ("play pipeline", "/play/verify.py?v=3&p=pipeline"),
    ("play eos-padding", "/play/verify.py?v=3&p=eos-padding"),
    ("play v02-eos-leak", "/play/verify.py?v=3&p=v02-eos-leak"),
    ("play multi-turn", "/play/verify.py?v=3&p=multi-turn"),
    ("play kl-only", "/play/verify.py?v=3&p=kl-only"),
    ("play lambda-0", "/play/verify.py?v=3&p=lambda-0"),
    ("batch grpo-4", "/batch/verify.py?v=3&p=grpo-4"),
    ("batch mixed-lengths", "/batch/verify.py?v=3&p=mixed-lengths"),
    ("batch singleton", "/batch/verify.py?v=3&p=singleton"),
    ("batch all-equal", "/batch/verify.py?v=3&p=all-equal"),
    ("batch two-groups", "/batch/verify.py?v=3&p=two-groups"),
    ("batch outlier", "/batch/verify.py?v=3&p=outlier"),
    # Every reward equal and 3: REINFORCE++ whitens a constant; see RESULTS.md (fails from v0.3.0.post0).
    ("batch all-equal score 3", "/batch/verify.py?v=3&p=all-equal&score=3&score=3&score=3&score=3"),
    ("critic seed-b", "/update/critic/verify.py?v=3&p=seed-b"),
    ("critic eos-padding", "/update/critic/verify.py?v=3&p=eos-padding"),
    ("critic multi-turn", "/update/critic/verify.py?v=3&p=multi-turn"),
    ("actor seed-b", "/update/actor/verify.py?v=3&p=seed-b"),
    ("actor seed-b clipped", "/update/actor/verify.py?v=3&p=seed-b&" + ACTOR_LP),
    ("actor eos-padding", "/update/actor/verify.py?v=3&p=eos-padding"),
    ("actor multi-turn", "/update/actor/verify.py?v=3&p=multi-turn"),
]
LINE = re.compile(r"^(?P<name>.*?)\s+(?P<verdict>OK|DIFFERENT|ABSENT)\b.*?(?:max\|diff\| = (?P<diff>\S+))?$")
# Tags whose /inspect/{id}/verify.py runs on a batch made by verl itself (one upload each: the
# server's uploads come in bursts of 10), and a copy perturbed by 1e-2 that it must reject.
UPLOAD_TAGS = ["v0.2", "v0.3.0.rc0", "v0.3.0.post0", "v0.4.0", "v0.4.1", "v0.5.0", "v0.7.0", "v0.9.0"]
UPLOAD_NAMES = ["upload: verl's own batch", "upload perturbed 1e-2 (must fail)"]
GOLDEN_ATOL = 2e-6  # the golden README's float32-vs-float64 tolerance on O(1) quantities


def env_for(checkout):
    env = dict(os.environ, PYTHONPATH=checkout + os.pathsep + STUBS, PYTHONDONTWRITEBYTECODE="1")
    return env


def stubs_needed(checkout):
    """The stub modules verl's import of core_algos and torch_functional loads, each checked to be
    needed: hidden, the import fails."""
    probe = ("import sys; import verl.trainer.ppo.core_algos, verl.utils.torch_functional; "
             "print(' '.join(sorted({m.split('.')[0] for m, v in list(sys.modules.items()) "
             "if getattr(v, '__file__', None) and v.__file__.startswith(%r) and not m.startswith('_')})))" % STUBS)
    p = subprocess.run([sys.executable, "-c", probe], env=env_for(checkout), capture_output=True, text=True, timeout=300)
    if p.returncode != 0:
        return None, p.stderr.strip().splitlines()[-1:]
    loaded = p.stdout.split()
    needed = []
    for name in loaded:
        hide = ("import sys, importlib.abc\n"
                "class Hide(importlib.abc.MetaPathFinder):\n"
                "    def find_spec(self, n, p, t=None):\n"
                "        if n.split('.')[0] == %r: raise ModuleNotFoundError(n)\n"
                "sys.meta_path.insert(0, Hide())\n"
                "import verl.trainer.ppo.core_algos, verl.utils.torch_functional\n") % name
        if subprocess.run([sys.executable, "-c", hide], env=env_for(checkout), capture_output=True, timeout=300).returncode != 0:
            needed.append(name)
    return needed, []


def run_one(url, checkout, out, tag, name, query):
    path = os.path.join(out, tag, re.sub(r"[^A-Za-z0-9.-]+", "_", name) + ".py")
    sep = "&" if "?" in query else "?"
    with urllib.request.urlopen(url + query + sep + "ver=" + tag, timeout=120) as r:
        src = r.read()
    with open(path, "wb") as f:
        f.write(src)
    header = src.decode().splitlines()[2] if src.count(b"\n") > 2 else ""
    return run_script(path, [], checkout, tag, name, header)


def run_script(path, args, checkout, tag, name, header):
    p = subprocess.run([sys.executable, path] + args, env=env_for(checkout), capture_output=True, text=True, timeout=600)
    with open(os.path.join(os.path.dirname(path), re.sub(r"[^A-Za-z0-9.-]+", "_", name) + ".out"), "w") as f:
        f.write(p.stdout + ("\n--- stderr\n" + p.stderr if p.stderr else ""))
    checks, bad, worst = 0, [], 0.0
    for line in p.stdout.splitlines():
        m = LINE.match(line)
        if not m:
            continue
        checks += 1
        if m.group("verdict") == "DIFFERENT":
            bad.append(m.group("name").strip())
        if m.group("diff"):
            try:
                worst = max(worst, float(m.group("diff")))
            except ValueError:
                pass
    err = ""
    if p.returncode != 0 and not bad:
        err = (p.stderr.strip().splitlines() or ["exit %d" % p.returncode])[-1]
    return dict(tag=tag, name=name, rc=p.returncode, checks=checks, bad=bad, worst=worst, err=err,
                header=header, release_ok=("Expects verl " + tag + " ") in header)


def run_upload(url, checkout, out, tag):
    """Uploads a batch computed by verl at tag, fetches its verify.py, and runs it on that batch and
    on a perturbed copy: the first must pass, the second fail."""
    d = os.path.join(out, tag)
    files = [os.path.join(d, "upload.npz"), os.path.join(d, "upload_perturbed.npz")]
    for f, extra in zip(files, [[], ["1e-2"]]):
        subprocess.run([sys.executable, os.path.join(HERE, "make_batch.py"), f, tag] + extra, env=env_for(checkout),
                       check=True, capture_output=True, timeout=300)
    loc = subprocess.run(["curl", "-s", "-o", "/dev/null", "-w", "%{redirect_url}", "-F", "file=@" + files[0], url + "/inspect"],
                         check=True, capture_output=True, text=True).stdout
    m = re.search(r"/inspect/([^/?]+)(\?.*)?$", loc)
    if not m:
        raise RuntimeError("upload not accepted: " + loc)
    script = os.path.join(d, "upload_verify.py")
    with urllib.request.urlopen(url + "/inspect/" + m.group(1) + "/verify.py" + (m.group(2) or ""), timeout=120) as r, open(script, "wb") as f:
        src = r.read()
        f.write(src)
    header = src.decode().splitlines()[2]
    results = []
    for name, f, want in zip(UPLOAD_NAMES, files, [0, 1]):
        r = run_script(script, [f], checkout, tag, name, header)
        if want == 1:  # the negative control passes when the script fails on a difference
            r["rc"] = 0 if r["rc"] == 1 and r["bad"] else 1
            r["err"] = r["err"] or ("script accepted the perturbed batch" if r["rc"] else "")
            r["bad"] = [] if r["rc"] == 0 else r["bad"]
        results.append(r)
    return results


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--url", required=True, help="a running GAE Lab, e.g. http://127.0.0.1:18099")
    ap.add_argument("--checkouts", required=True, help="directory holding verl-<tag>/verl for every tag")
    ap.add_argument("--out", required=True)
    ap.add_argument("--tags", nargs="*", default=TAGS)
    ap.add_argument("--jobs", type=int, default=2)
    a = ap.parse_args()
    results, stubs = [], {}
    for tag in a.tags:
        os.makedirs(os.path.join(a.out, tag), exist_ok=True)
    with concurrent.futures.ThreadPoolExecutor(a.jobs) as pool:
        futs = [pool.submit(run_one, a.url.rstrip("/"), os.path.join(a.checkouts, "verl-" + tag), a.out, tag, n, q)
                for tag in a.tags for n, q in SCRIPTS]
        up_futs = [pool.submit(run_upload, a.url.rstrip("/"), os.path.join(a.checkouts, "verl-" + tag), a.out, tag)
                   for tag in a.tags if tag in UPLOAD_TAGS]
        stub_futs = {tag: pool.submit(stubs_needed, os.path.join(a.checkouts, "verl-" + tag)) for tag in a.tags}
        for f in futs:
            r = f.result()
            results.append(r)
            print("%-14s %-26s %s" % (r["tag"], r["name"], "pass" if r["rc"] == 0 else "FAIL " + (", ".join(r["bad"]) or r["err"])), flush=True)
        for f in up_futs:
            for r in f.result():
                results.append(r)
                print("%-14s %-26s %s" % (r["tag"], r["name"], "pass" if r["rc"] == 0 else "FAIL " + (", ".join(r["bad"]) or r["err"])), flush=True)
        for tag, f in stub_futs.items():
            stubs[tag] = f.result()
    write_table(a, results, stubs)
    sys.exit(0 if all(r["rc"] == 0 for r in results) else 1)


def write_table(a, results, stubs):
    names = [n for n, _ in SCRIPTS] + UPLOAD_NAMES
    by = {(r["tag"], r["name"]): r for r in results}
    lines = ["| script | " + " | ".join(a.tags) + " |", "|---|" + "---|" * len(a.tags)]
    for n in names:
        cells = []
        for tag in a.tags:
            r = by.get((tag, n))
            if r is None:
                cells.append("—")
                continue
            cell = ("pass %d" % r["checks"]) if r["rc"] == 0 else "**FAIL**"
            if not r["release_ok"]:
                cell += " (header!)"
            cells.append(cell)
        lines.append("| " + n + " | " + " | ".join(cells) + " |")
    lines += ["", "| tag | scripts passed | checks | largest max\\|diff\\| | ≤ 2e-6 | stubs needed |", "|---|---|---|---|---|---|"]
    for tag in a.tags:
        rs = [by[(tag, n)] for n in names if (tag, n) in by]
        worst = max(r["worst"] for r in rs if "perturbed" not in r["name"])
        needed, err = stubs[tag]
        lines.append("| %s | %d/%d | %d | %.3g | %s | %s |" % (
            tag, sum(r["rc"] == 0 for r in rs), len(rs), sum(r["checks"] for r in rs), worst,
            "yes" if worst <= GOLDEN_ATOL else "no", " ".join(needed) if needed is not None else "import fails: " + " ".join(err)))
    fails = [r for r in results if r["rc"] != 0 or not r["release_ok"]]
    if fails:
        lines += ["", "Failures:", ""]
        for r in fails:
            lines.append("- %s, %s: %s%s" % (r["tag"], r["name"], ", ".join(r["bad"]) or r["err"], "" if r["release_ok"] else "; header: " + r["header"]))
    big = [(r["worst"], r["tag"], r["name"]) for r in results if r["worst"] > GOLDEN_ATOL and "perturbed" not in r["name"]]
    if big:
        lines += ["", "Checks whose max|diff| is above 2e-6 (within the scripts' 1e-5):", ""]
        lines += ["- %s, %s: %.3g" % (t, n, w) for w, t, n in sorted(big, reverse=True)]
    with open(os.path.join(a.out, "results.md"), "w") as f:
        f.write("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
