package workshop.kit.catalogue;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import workshop.kit.terminal.Words;

/**
 * The checker's rules, apart from the store so they can be read (and tested) on their own.
 * Declarations are judged before anything runs; a run is judged on what its trace shows.
 */
final class Rules {

    /** A latency this many times the p99 target is noted: a local cluster says nothing finer about production. */
    static final int ORDER_OF_MAGNITUDE = 10;

    private Rules() {}

    /** Problems with the declaration itself; a pattern with any is not run. */
    static List<String> declarationProblems(AccessPattern pattern, Rate busy) {
        List<String> problems = new ArrayList<>(planProblems(pattern, busy));
        Plan plan = pattern.plan();
        if (plan == null) {
            return problems;
        }
        if (plan.access() == Plan.Access.SEARCH && !pattern.samples().isEmpty()) {
            problems.add("declares a search index but gives Cassandra statements to run: if a key serves it, declare that key read.");
        }
        if (plan.access() != Plan.Access.SEARCH && pattern.samples().isEmpty()) {
            problems.add("declares " + plan.inWords() + " but no code that serves it: add .servedBy(\"a sample\", () -> ...).");
        }
        return problems;
    }

    /**
     * Problems a plan has on its own, before any code or table exists: no rate, no target, no
     * plan, a busy question no key serves, a partition that grows past the rule of thumb.
     */
    static List<String> planProblems(AccessPattern pattern, Rate busy) {
        List<String> problems = new ArrayList<>();
        if (pattern.rate() == null) {
            problems.add("declares no rate: how often is it asked at peak? .rate(Rate.perSecond(...))");
        }
        if (pattern.p99() == null) {
            problems.add("declares no p99 target: .p99(Duration.ofMillis(...))");
        }
        Plan plan = pattern.plan();
        if (plan == null) {
            problems.add("""
                    declares no plan, so no key serves it. Name the table whose key answers it \
                    (Plan.point or Plan.range), or say that it runs as a batch job or in a search index.""");
            return problems;
        }
        if (!plan.keyed() && pattern.rate() != null && pattern.rate().atLeast(busy)) {
            problems.add(String.format("""
                    is asked %s but no key serves it (declared: %s). Anything asked %s or more needs a \
                    table whose partition key is what the question names, read in the order it asks for.""",
                    pattern.rate(), plan.inWords(), busy));
        }
        growthProblem(pattern).ifPresent(problems::add);
        return problems;
    }

    /** A pattern served outside the store, judged on its declaration alone. */
    static PatternResult unrun(AccessPattern pattern) {
        return new PatternResult(pattern, "-", Verdict.EXPLAINED, List.of(pattern.plan().note()
                + ". No key serves it; asked " + pattern.rate() + ", it stays off the store's request path."), null);
    }

    /**
     * A judged run held to the brief's answer, when its sample carries one: a wrong answer fails
     * the run whatever its cost. A run that threw has no answer to compare.
     */
    static PatternResult answered(PatternResult judged, AccessPattern.Sample sample, Object returned) {
        if (sample.answer() == null || judged.observed() == null || judged.observed().error() != null) {
            return judged;
        }
        Optional<String> wrong = sample.answer().difference(returned);
        if (wrong.isEmpty()) {
            return new PatternResult(judged.pattern(), judged.sample(), judged.verdict(), judged.reasons(), judged.observed(),
                    judged.notes(), PatternResult.AnswerCheck.RIGHT);
        }
        List<String> reasons = new ArrayList<>(judged.verdict() == Verdict.FAILED ? judged.reasons() : List.of());
        reasons.add("answered wrong: it " + wrong.get() + " (The right answer is worked out from the sample data, apart from the tables.)");
        return new PatternResult(judged.pattern(), judged.sample(), Verdict.FAILED, reasons, judged.observed(), judged.notes(),
                PatternResult.AnswerCheck.WRONG);
    }

    /** A judged run that fails for these reasons too, found before it ran (a partition past the rule). */
    static PatternResult failedToo(PatternResult judged, List<String> reasons) {
        if (reasons.isEmpty()) {
            return judged;
        }
        List<String> all = new ArrayList<>(reasons);
        if (judged.verdict() == Verdict.FAILED) {
            all.addAll(judged.reasons());
        }
        return new PatternResult(judged.pattern(), judged.sample(), Verdict.FAILED, all, judged.observed(), judged.notes(),
                judged.answer());
    }

    static PatternResult judge(AccessPattern pattern, String sample, Observation seen, Rate busy) {
        Plan plan = pattern.plan();
        List<String> failures = new ArrayList<>();
        List<String> explanations = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        if (seen.error() != null) {
            failures.add("its code threw " + seen.error());
        } else if (seen.requests() == 0) {
            failures.add("""
                    ran no statement through the session the catalogue was given, so nothing could be \
                    measured (run its statements on that session, with execute or executeAsync).""");
        } else if (seen.unseen() > 0) {
            failures.add(String.format("""
                    was not measured: the store traced %s, the checker saw %d sent on the session the \
                    catalogue was given; the others ran on another session, so their tables and keys are \
                    unknown. Run every statement of a pattern on the session setUp received.""",
                    Words.count(seen.cost().statements(), "statement"), seen.statements()));
        } else if (!seen.cost().complete()) {
            failures.add(String.format("""
                    was not measured: %s still growing when the checker gave up (a busy machine), \
                    so its counts are only a lower bound. Run the check again.""",
                    seen.cost().unsettled() == 1 ? "1 trace was" : seen.cost().unsettled() + " traces were"));
        } else {
            Set<String> undeclared = new TreeSet<>(seen.tables());
            undeclared.removeAll(plan.tables());
            if (!undeclared.isEmpty()) {
                // The tables are not told apart by what was done to them: a read that also writes says both.
                failures.add((plan.access().writes() ? "wrote " : seen.wrote() ? "read or wrote " : "read ") + undeclared
                        + ", which its plan does not name (it names " + plan.tables() + ").");
            }
            if (seen.scanned() && plan.keyed()) {
                failures.add(String.format("""
                        is declared %s, but the store scanned %s on %s and read %,d rows: no key serves \
                        this pattern. Make what the question names the partition key of a table%s.""",
                        plan.inWords(), Words.count(seen.rangeScans(), "token range"), Words.count(seen.nodes().size(), "node"),
                        seen.rowsRead(), pattern.rate().atLeast(busy) ? "" : ", or declare it a batch job or a search index"));
            } else if (plan.access().writes()) {
                Writes.judge(plan, seen, failures, explanations);
            } else if (seen.wrote()) {
                failures.add(String.format("""
                        is declared %s, but it wrote (%s in the trace%s): a write is judged as one. Declare \
                        it Plan.write, Plan.loggedBatch, Plan.conditional or Plan.counter.""", plan.inWords(),
                        Words.count(seen.cost().partitionWrites(), "table write"),
                        seen.cost().conditional() ? ", " + Words.count(seen.cost().paxosSteps(), "Paxos step") : ""));
            } else if (plan.access() == Plan.Access.MULTI_GET) {
                judgeMultiGet(pattern, seen, busy, failures, explanations);
            } else if (plan.keyed()) {
                judgeKeyRead(pattern, seen, busy, failures, explanations);
            } else if (!seen.scanned()) {
                failures.add(String.format("""
                        is declared a batch job, but its statement read %s by key without scanning: a key \
                        serves it, so declare that key read instead.""", Words.count(seen.distinctPartitions(), "partition")));
            } else {
                explanations.add(String.format("%s. One run scanned %s on %s and read %,d rows; asked %s, that is work for a job, not for a request.",
                        plan.note(), Words.count(seen.rangeScans(), "token range"), Words.count(seen.nodes().size(), "node"),
                        seen.rowsRead(), pattern.rate()));
            }
            notes.addAll(scanNotes(seen));
        }
        Verdict verdict = !failures.isEmpty() ? Verdict.FAILED : !explanations.isEmpty() ? Verdict.EXPLAINED : Verdict.GREEN;
        return new PatternResult(pattern, sample, verdict, failures.isEmpty() ? explanations : failures, seen, notes);
    }

    /**
     * A partition past this many rows with no time column, no bucket in its key, no TTL and no
     * declared bound is a group whose members keep being added: nothing in the design stops it.
     */
    static final long GROUP_SIGNAL = 1_000;

    /** A declared growth past the rule of thumb: known from the brief's numbers, before any data exists. */
    static Optional<String> growthProblem(AccessPattern pattern) {
        Growth growth = pattern.growth();
        if (growth == null || !growth.tooBig() || !pattern.plan().keyed()) {
            return Optional.empty();
        }
        return Optional.of("reads partitions that grow to " + projected(growth));
    }

    /**
     * The one judgement of growth, declared or measured: "12,166,667 rows and 1.2 GB (100 bytes a row,
     * no time bucket, rows kept 2 years): past the rule of thumb ... A month bucket ... keeps each under it".
     */
    private static String projected(Growth growth) {
        return String.format("""
                %,d rows and %s (%d bytes a row, %s): past the rule of thumb of %,d rows or %s a partition, \
                and a partition lives whole on one node, so more nodes do not split it. %s.""",
                growth.rows(), Growth.size(growth.bytes()), growth.rowBytes(), growth.bound(), Growth.MOST_ROWS,
                Growth.size(Growth.MOST_BYTES), advice(growth));
    }

    /** The bucket that keeps a partition under the rule, and the TTL that would, when rows may expire. */
    private static String advice(Growth growth) {
        if (growth.most() > 0) {
            return "Split the group's partition key further (a shard number), so no partition holds all of it";
        }
        String bucket = growth.boundingBucket().map(width -> {
            Growth bucketed = growth.bucketedBy(width);
            return String.format("A %s bucket in the partition key keeps each under it (%,d rows, %s)",
                    Growth.bucketName(width), bucketed.rows(), Growth.size(bucketed.bytes()));
        }).orElse("Even an hour's bucket is past it: split the partition key further (a shard number)");
        long days = growth.daysWithinTheRule();
        return days < 1 ? bucket : bucket + String.format("; or, if its rows may expire, a TTL of %s keeps it under",
                Growth.length(Duration.ofDays(days)));
    }

    /**
     * A partition of the sample data the design does not bound, for a pattern that declares no
     * growth: one already past the rule of thumb; one whose rate, measured on its time column,
     * passes the rule within the table's TTL (two years when it has none); or a group with no
     * time column, no bucket and no TTL, past {@link #GROUP_SIGNAL} rows, that can only grow.
     */
    static Optional<String> measuredProblem(LargestPartition largest) {
        Optional<Growth> growth = largest.growth();
        String perDay = growth.map(g -> String.format("%s rows a day (by %s)", LargestPartition.perDay(g.rowsPerDay()),
                largest.timeColumn())).orElse("");
        String rate = " at the " + perDay.replace(" (by", " the data shows (by");
        if (largest.tooBig()) {
            String fix = growth.map(g -> advice(g) + rate)
                    .orElse("Its rows carry no time to bucket by: add a bucket or a shard number to the partition key");
            return Optional.of(String.format("""
                    reads %s, whose largest partition in the sample data already holds %,d rows and %s of values: \
                    past the rule of thumb of %,d rows or %s, and a partition lives whole on one node, so more \
                    nodes do not split it. %s.""", largest.table(), largest.rows(), Growth.size(largest.valueBytes()),
                    Growth.MOST_ROWS, Growth.size(Growth.MOST_BYTES), fix));
        }
        LargestPartition.Shape shape = largest.shape();
        if (growth.isPresent() && shape.bucket() == null && growth.get().tooBig()) {
            return Optional.of(String.format("reads %s, whose largest partition (%s) holds %,d rows now and gains %s: "
                    + "projected over the time its rows are kept, it reaches %s", largest.table(), largest.key(), largest.rows(),
                    perDay, projected(growth.get())));
        }
        if (shape.clustered() && largest.timeColumn() == null && shape.bucket() == null && shape.ttl().isZero()
                && largest.rows() > GROUP_SIGNAL) {
            return Optional.of(String.format("""
                    reads %s, whose largest partition (%s) holds %,d rows with no time column, no bucket in its \
                    key and no TTL: a group whose members keep being added, unbounded, and nothing in the design \
                    says how far it grows. Declare its bound from the brief: .growing(Growth.atMost(rows, \
                    bytesARow)), or .growing(Growth.perDay(rows, bytesARow)) if it grows with time.""",
                    largest.table(), largest.key(), largest.rows()));
        }
        return Optional.empty();
    }

    /** A declared growth within the rule of thumb, for the line of its plan: "a partition reaches 16.7 MB, 83,333 rows (a 5-day bucket)". */
    static Optional<String> growthSummary(AccessPattern pattern) {
        Growth growth = pattern.growth();
        if (growth == null || growth.tooBig()) {
            return Optional.empty();
        }
        return Optional.of(String.format("a partition reaches %s, %,d rows (%s)", Growth.size(growth.bytes()), growth.rows(),
                growth.bound()));
    }

    /** What the rows-read column cannot say about a scan on its own. */
    static List<String> scanNotes(Observation seen) {
        if (!seen.scanned()) {
            return List.of();
        }
        List<String> notes = new ArrayList<>();
        if (seen.filtering() && seen.rowsRead() <= seen.rowsReturned()) {
            // Filtered on a clustering column, the trace counts the rows that passed: the partitions visited stay unseen.
            notes.add(String.format("""
                    rows read may under-state this scan: it equals the rows returned, and with ALLOW FILTERING \
                    on a clustering column the store counts only the rows the filter let through, though it \
                    visited every partition in %s.""", Words.count(seen.rangeScans(), "token range")));
        } else if (seen.requests() > seen.statements() && seen.rowsRead() > seen.rowsReturned()) {
            notes.add(String.format("""
                    read %,d rows to return %,d, over %s: each page of a scan reads ahead into the next token \
                    ranges and drops what does not fit, and the next page reads those rows again.""",
                    seen.rowsRead(), seen.rowsReturned(), Words.count(seen.requests(), "page")));
        }
        return notes;
    }

    /** Runs of one sample that must all miss before a miss is noted, when the pattern's shape does not explain it. */
    static final int REPEATS = 3;

    /** Whether a run missed its target by an order of magnitude: the start of a latency note. */
    static boolean slow(AccessPattern pattern, Observation seen) {
        return seen.error() == null && seen.latency().compareTo(pattern.p99().multipliedBy(ORDER_OF_MAGNITUDE)) >= 0;
    }

    /**
     * A local cluster is not production: only a miss by an order of magnitude, measured repeatably,
     * says something about the design. One slow run on a busy machine says nothing; the note needs
     * {@link #REPEATS} runs that all missed, or a shape that explains the miss (a scan, requests in a row).
     *
     * @param seen      the first run, whose shape the note reads
     * @param latencies every run of the sample, the first included
     */
    static Optional<String> latencyNote(AccessPattern pattern, Observation seen, List<Duration> latencies) {
        Duration target = pattern.p99();
        Duration fastest = latencies.stream().min(Duration::compareTo).orElse(seen.latency());
        String shape = seen.scanned() ? ": a scan's time grows with the table"
                : seen.statements() > 1 && seen.mostInFlight() <= 1 ? ": its requests ran one after another" : "";
        if (fastest.compareTo(target.multipliedBy(ORDER_OF_MAGNITUDE)) < 0 || shape.isEmpty() && latencies.size() < REPEATS) {
            return Optional.empty();
        }
        return Optional.of(String.format("""
                took %s%s, %d times its p99 target of %s or more, on this machine's cluster with tracing on. \
                That is not production, but a miss this large rarely closes there%s.""",
                latencies.size() > 1 ? "at least " : "", Durations.millis(fastest)
                        + (latencies.size() > 1 ? " in each of " + latencies.size() + " runs" : ""),
                ORDER_OF_MAGNITUDE, Durations.target(target), shape));
    }

    private static void judgeMultiGet(AccessPattern pattern, Observation seen, Rate busy, List<String> failures,
                                      List<String> explanations) {
        Plan plan = pattern.plan();
        int reads = seen.statements();
        if (!seen.onePartitionPerRequest()) {
            failures.add(String.format("""
                    is declared %s, but %s read %s: an IN list makes one coordinator wait for every partition. \
                    Send one statement per key with executeAsync, then wait for all.""", plan.inWords(),
                    reads == 1 ? "its request" : "its " + reads + " requests", Words.count(seen.partitionReads(), "partition")));
            return;
        }
        if (reads > plan.mostPartitions()) {
            failures.add(String.format("is declared %s, but sent %d reads: bound it in the code, or declare the bound it needs.",
                    plan.inWords(), reads));
        }
        if (seen.rowsRead() > seen.partitionReads()) {
            failures.add(String.format("""
                    is declared %s, but read %,d rows from %s: bind every primary key column, one row per read.""",
                    plan.inWords(), seen.rowsRead(), Words.count(seen.distinctPartitions(), "partition")));
        }
        if (reads > 1 && seen.mostInFlight() < 2) {
            failures.add(String.format("""
                    is declared %s, but its %d reads ran one after another, never two at once: each waited for \
                    the last, so its latency is theirs added up. Send them all with executeAsync, then wait.""",
                    plan.inWords(), reads));
        }
        if (failures.isEmpty() && pattern.rate().atLeast(busy)) {
            explanations.add(String.format("""
                    sent %s side by side (up to %d at once), within the %d its plan allows: %s, %s read, %s \
                    returned. The answer waits for the slowest read: for a p99 of %s, each read must meet it \
                    at its %s, and that is why the bound matters.""", Words.count(reads, "read"), seen.mostInFlight(),
                    plan.mostPartitions(), Words.count(seen.distinctPartitions(), "partition"),
                    Words.count(seen.rowsRead(), "row"), String.format("%,d", seen.rowsReturned()),
                    Durations.target(pattern.p99()), slowestOf(plan.mostPartitions())));
        }
    }

    /** The percentile each of k parallel reads must meet for their slowest to meet a p99: 0.99^(1/k). */
    static String slowestOf(int k) {
        double tail = 100 * (1 - Math.pow(0.99, 1.0 / k));
        double rounded = new BigDecimal(tail).round(new MathContext(1)).doubleValue();
        return "p" + BigDecimal.valueOf(100 - rounded).stripTrailingZeros().toPlainString();
    }

    private static void judgeKeyRead(AccessPattern pattern, Observation seen, Rate busy, List<String> failures,
                                     List<String> explanations) {
        Plan plan = pattern.plan();
        boolean isBusy = pattern.rate().atLeast(busy);
        int touched = seen.distinctPartitions();
        boolean oneAtATime = seen.onePartitionPerRequest() && seen.mostInFlight() <= 1;
        if (touched > plan.mostPartitions()) {
            failures.add(String.format("""
                    is declared %s, but touched %d partitions on %s%s.""",
                    plan.inWords(), touched, Words.count(seen.nodes().size(), "node"),
                    seen.onePartitionPerRequest() ? "" : " (an IN list or an index reads many partitions in one request)"));
        }
        boolean declaredMerge = plan.access() == Plan.Access.MERGE && touched <= plan.mostPartitions()
                && seen.onePartitionPerRequest();
        if (declaredMerge && touched > plan.partitions() && seen.mostInFlight() < 2) {
            failures.add(String.format("""
                    is declared %s, but its %d reads ran one after another, never two at once: each waited for \
                    the last, so its latency is theirs added up. Send the slices with executeAsync, then wait.""",
                    plan.inWords(), seen.statements()));
        } else if (isBusy && declaredMerge && touched > 1) {
            explanations.add(String.format("""
                    read %d partitions, up to %d at once, within the %d its plan allows: %s. The answer waits \
                    for the slowest slice: for a p99 of %s, each read must meet it at its %s.""",
                    touched, seen.mostInFlight(), plan.mostPartitions(), plan.note(), Durations.target(pattern.p99()),
                    slowestOf(plan.mostPartitions())));
        } else if (isBusy && touched > 1) {
            boolean declaredWalk = plan.walks() && touched <= plan.mostPartitions() && oneAtATime;
            if (declaredWalk && plan.partitions() > 1) {
                // Its plan starts with several reads in a row: every run pays for them, not only the walks.
                explanations.add(String.format("""
                        read %d partitions one after another, within the %d its plan allows: %s. Every run \
                        reads at least %d (%s), each request waiting for the last, so its latency is theirs \
                        added up; the reads that walk further pay more.""",
                        touched, plan.mostPartitions(), plan.note(), plan.partitions(), String.join(" then ", plan.tables())));
            } else if (declaredWalk) {
                explanations.add(String.format("""
                        read %d partitions one after another, within the %d its plan allows: %s. Only the \
                        reads that walk pay for it; if they are more than 1 in 100, it shows in the p99.""",
                        touched, plan.mostPartitions(), plan.note()));
            } else if (oneAtATime) {
                failures.add(String.format("""
                        is asked %s and touched %d partitions, one request after another: each waits for \
                        the last. From %s on, a pattern reads one partition. If this is a walk back through \
                        time buckets, bound it and declare it: .walking(most, why); if not, give it a table \
                        whose partition holds the whole answer.""", pattern.rate(), touched, busy));
            } else if (seen.onePartitionPerRequest()) {
                failures.add(String.format("""
                        is asked %s and touched %d partitions in %d requests, up to %d at once: a fan-out, \
                        whose p99 is that of its slowest read, not a walk. If it reads rows by their whole \
                        keys, bounded, declare it: Plan.multiGet(table, most); if not, give it a table whose \
                        partition holds the whole answer.""", pattern.rate(), touched, seen.requests(), seen.mostInFlight()));
            } else {
                failures.add(String.format("""
                        is asked %s and touched %d partitions: a scatter-gather, whose p99 is the p99 of \
                        its slowest partition read. From %s on, a pattern reads one partition: give it a \
                        table whose partition holds the whole answer.""", pattern.rate(), touched, busy));
            }
        }
        if (plan.access() == Plan.Access.POINT && seen.rowsRead() > touched) {
            failures.add(String.format("""
                    is declared a point read (one row by its whole primary key) but read %,d rows from %s: \
                    bind every primary key column.""", seen.rowsRead(), Words.count(touched, "partition")));
        }
        if (seen.rowsRead() > seen.rowsReturned()) {
            failures.add(seen.everyReadLimited() ? String.format("""
                    read %,d rows from %s but its code used %,d, though every statement has a LIMIT: \
                    another LIMIT is not the fix. Ask each read for only the rows still missing, or keep \
                    the answer in fewer partitions.""", seen.rowsRead(), Words.count(touched, "partition"), seen.rowsReturned())
                    : String.format("""
                    read %,d rows but its code used %,d: put the limit in the statement (LIMIT, or a \
                    clustering range) so the store stops where the answer ends.""", seen.rowsRead(), seen.rowsReturned()));
        }
    }
}
