"""A DTLTO distributor for the tests: runs ld.lld's backend jobs as
parallel processes on this machine.

ld.lld 22 with --thinlto-distributor=PROGRAM runs
    PROGRAM [--thinlto-distributor-arg=...]... JOBS.json
once per link and waits for it. JOBS.json holds
    {"common": {"linker_output": ..., "args": [compiler, arg, ...],
                "inputs": [...]},
     "jobs": [{"args": [...], "inputs": [...], "outputs": [...]}, ...]}
and the command of a job is common.args followed by job.args (the first
word of common.args is --thinlto-remote-compiler=, then its prepend args,
then the options ld.lld derives from its own, then
--thinlto-remote-compiler-arg= words). Paths are relative to the
directory ld.lld runs in, which is this program's. The distributor must
leave every job's outputs in place and exit 0, or exit non-zero; ld.lld
then reads the objects and links them.

This one runs up to --jobs=N jobs at a time (default: the number of
processors), prints each job's output in the order of the jobs (so that
what the backends print does not depend on which finished first), and
fails if a job fails or leaves an output missing, naming the job.
With --log=FILE it also writes the JSON it was given there, for tests
that look at what ld.lld sends.
"""

import concurrent.futures
import json
import os
import shlex
import subprocess
import sys


def run_job(command):
    done = subprocess.run(command, stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT)
    return done.returncode, done.stdout.decode(errors="replace")


def main(argv):
    jobs_at_once = os.cpu_count() or 1
    log = None
    for arg in argv[1:-1]:
        if arg.startswith("--jobs="):
            jobs_at_once = max(1, int(arg[len("--jobs="):]))
        elif arg.startswith("--log="):
            log = arg[len("--log="):]
        else:
            print("distributor: unknown argument %r" % arg, file=sys.stderr)
            return 2
    if len(argv) < 2:
        print("distributor: usage: distributor.py [--jobs=N] [--log=FILE] "
              "JOBS.json", file=sys.stderr)
        return 2
    with open(argv[-1]) as f:
        plan = json.load(f)
    if log:
        with open(log, "w") as f:
            json.dump(plan, f, indent=2)
            f.write("\n")

    common = plan["common"]["args"]
    commands = [common + job["args"] for job in plan["jobs"]]
    with concurrent.futures.ThreadPoolExecutor(jobs_at_once) as pool:
        results = list(pool.map(run_job, commands))

    failed = 0
    for job, command, (code, output) in zip(plan["jobs"], commands, results):
        sys.stderr.write(output)
        missing = [o for o in job["outputs"] if not os.path.exists(o)]
        if code != 0 or missing:
            failed += 1
            why = ("exit code %d" % code) if code != 0 else \
                  ("no %s" % ", ".join(missing))
            print("distributor: job failed (%s): %s"
                  % (why, " ".join(shlex.quote(w) for w in command)),
                  file=sys.stderr)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
