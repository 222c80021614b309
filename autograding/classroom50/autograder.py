# Generated from the lesson list by ./jbang generate; edit Lessons.java, not this file.
"""Classroom 50 autograder for the workshop (docs/classroom.md).

Classroom 50 runs it in the student's checkout. It starts the stores the checks use, grades
every lesson with ./jbang grade and copies the grade's result.json (schema classroom50/result/v1)
to the working directory, with the grade's summary as the release body. It exits 0 once it
graded, whatever the score; it exits 1 when the stores could not start, which Classroom 50
reports as an error, not as the student's 0.
"""
import os
import shutil
import subprocess
import sys
from pathlib import Path

# The lessons this assignment grades: every lesson with an exercise; trim it for fewer.
LESSONS = ["01", "02", "03", "04", "04b", "04c", "04d", "05", "06", "06d", "06e", "07", "07d", "08", "08d", "09", "09a", "10"]
GRADES = Path(".workshop/grades")

env = dict(os.environ)
# The submission instant of the contract: the graded commit's committer date, in UTC.
committed = subprocess.run(["git", "log", "-1", "--format=%cd", "--date=iso-strict-local"],
                           capture_output=True, text=True, env={**env, "TZ": "UTC"}).stdout.strip()
if committed:
    env["SUBMITTED_AT"] = committed.replace("+00:00", "Z")


def run(command):
    print("$ " + command, flush=True)
    return subprocess.run(command, shell=True, env=env).returncode


run("[ -x .workshop/python/bin/moto_server ] || { python3 -m venv .workshop/python && .workshop/python/bin/python -m pip install -q \"moto[server]==5.1.4\"; }")
if run("./jbang up") != 0:
    print("::error::The local Cassandra cluster did not start: no grade. Rerun the submission.")
    sys.exit(1)
run("./jbang grade " + " ".join(LESSONS) + " --out " + str(GRADES) + " --learner \"$OWNER\"")
run("./jbang down")
result = GRADES / "classroom50-result.json"
if not result.is_file():
    print("::error::The grade wrote no result: see the output above.")
    sys.exit(1)
shutil.copyfile(result, "result.json")
shutil.copyfile(GRADES / "summary.md", "release-body.md")
