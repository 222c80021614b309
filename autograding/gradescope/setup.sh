#!/usr/bin/env bash
# Generated from the lesson list by ./jbang generate; edit Lessons.java, not this file.
# Gradescope runs this once, as root, when it builds the autograder's image: Java 17, Python 3
# for moto, then everything the grade needs (jbang, the libraries, Cassandra 5.0.6, moto 5.1.4),
# so grading a submission needs no download.
set -euo pipefail
apt-get update -q
DEBIAN_FRONTEND=noninteractive apt-get install -y -q openjdk-17-jdk-headless python3 python3-venv git
cd /autograder/source/workshop
tools/prefetch
# One start and stop with the grading's heap makes the node's class archive (./jbang down
# keeps it); each submission's copy of the workshop reuses it, so its node starts faster.
WORKSHOP_NODE_HEAP_MB=512 ./jbang up --nodes 1 && ./jbang down
