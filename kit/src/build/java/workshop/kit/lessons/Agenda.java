package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.LocalTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import workshop.kit.Workshop;

/**
 * docs/agenda.md: a one-day track, a two-day track and a self-paced order, generated from the
 * lesson list and its minutes, so a new lesson lands in every track or the build says why not.
 */
public final class Agenda {

    /**
     * The one-day track: the path from a key that cannot answer to a catalogue checked on the
     * store, one lesson per idea. Everything else follows in the self-paced order.
     */
    static final Set<String> ESSENTIALS = Set.of("ring", "naive-table", "partition-by-conversation", "time-buckets",
            "chat-lists", "rare-queries", "dynamodb-keys", "reservations", "cursor-pagination",
            "access-pattern-catalogue", "replication-and-consistency");

    /** A teaching day: four blocks of two hours between a 15-minute break, lunch and another break. */
    static final List<Block> DAY = List.of(
            new Block(LocalTime.of(8, 30), 120, "break", 15),
            new Block(LocalTime.of(10, 45), 120, "lunch", 45),
            new Block(LocalTime.of(13, 30), 120, "break", 15),
            new Block(LocalTime.of(15, 45), 120, "", 0));

    /** A block of lessons and the pause after it (none after the last). */
    record Block(LocalTime start, int minutes, String after, int afterMinutes) {

        LocalTime end() {
            return start.plusMinutes(minutes);
        }
    }

    /** A lesson does not start in a block's last minutes: they go to questions instead. */
    static final int LAST_MINUTES_FOR_QUESTIONS = 10;

    /** One line of a day: a lesson or its continuation after a pause (lesson set), or a pause. */
    record Row(LocalTime at, String what, int minutes, Lesson lesson, boolean continued) {}

    /** Lessons placed in a track's days, and the ones left for learners on their own. */
    record Track(List<List<Row>> days, List<Lesson> onTheirOwn) {

        List<Lesson> placed() {
            return days.stream().flatMap(List::stream).filter(r -> r.lesson() != null && !r.continued())
                    .map(Row::lesson).toList();
        }
    }

    private Agenda() {}

    public static Path file() {
        return Workshop.root().resolve("docs/agenda.md");
    }

    static Track oneDay() {
        List<Lesson> essentials = Lessons.ALL.stream().filter(l -> ESSENTIALS.contains(l.id())).toList();
        Track track = fill(essentials, 1);
        List<Lesson> rest = Lessons.ALL.stream().filter(l -> !ESSENTIALS.contains(l.id())).toList();
        return new Track(track.days(), rest);
    }

    static Track twoDays() {
        return fill(Lessons.ALL, 2);
    }

    /**
     * Places the lessons in order; a lesson's exercise may go on after a break, but a lesson never
     * starts in a block's last minutes nor runs into the next day. An appendix that does not fit
     * the day goes to the learners' own time instead: it is a detour.
     */
    static Track fill(List<Lesson> lessons, int dayCount) {
        List<List<Row>> days = new ArrayList<>();
        List<Lesson> onTheirOwn = new ArrayList<>();
        Day day = new Day();
        for (Lesson lesson : lessons) {
            if (day.fits(lesson)) {
                day.place(lesson);
            } else if (lesson.appendix()) {
                onTheirOwn.add(lesson);
            } else if (days.size() + 1 < dayCount && new Day().fits(lesson)) {
                days.add(day.close());
                day = new Day();
                day.place(lesson);
            } else {
                throw new IllegalStateException(String.format("Lesson %s (%d min) does not fit in %d day(s) of %d"
                        + " teaching minutes: shorten a lesson, make it an appendix or leave it out of this track in %s",
                        lesson.number(), lesson.minutes(), dayCount, dayMinutes(), Agenda.class.getSimpleName()));
            }
        }
        days.add(day.close());
        return new Track(days, onTheirOwn);
    }

    /** A day being filled: the rows so far, the block it is in and the minutes used of that block. */
    private static final class Day {
        private final List<Row> rows = new ArrayList<>();
        private int block;
        private int used;

        boolean fits(Lesson lesson) {
            int b = block;
            int u = used;
            if (DAY.get(b).minutes() - u < LAST_MINUTES_FOR_QUESTIONS) {
                b++;
                u = 0;
            }
            int left = lesson.minutes();
            while (b < DAY.size()) {
                left -= DAY.get(b).minutes() - u;
                if (left <= 0) {
                    return true;
                }
                b++;
                u = 0;
            }
            return false;
        }

        void place(Lesson lesson) {
            if (DAY.get(block).minutes() - used < LAST_MINUTES_FOR_QUESTIONS) {
                nextBlock();
            }
            int left = lesson.minutes();
            boolean continued = false;
            while (left > 0) {
                if (used == DAY.get(block).minutes()) {
                    nextBlock();
                }
                int here = Math.min(left, DAY.get(block).minutes() - used);
                rows.add(new Row(now(), continued ? lesson.number() + " continued" : lesson.number() + " "
                        + lesson.title() + " (`./jbang " + lesson.alias() + "`)", here, lesson, continued));
                used += here;
                left -= here;
                continued = true;
            }
        }

        private LocalTime now() {
            return DAY.get(block).start().plusMinutes(used);
        }

        private void nextBlock() {
            Block current = DAY.get(block);
            if (used < current.minutes()) {
                rows.add(new Row(now(), "questions, stragglers catch up", current.minutes() - used, null, false));
            }
            rows.add(new Row(current.end(), current.after(), current.afterMinutes(), null, false));
            block++;
            used = 0;
        }

        List<Row> close() {
            Block current = DAY.get(block);
            if (used < current.minutes()) {
                rows.add(new Row(now(), "questions; a design review of a learner's design"
                        + " ([design-review.md](design-review.md))", current.minutes() - used, null, false));
            }
            rows.add(new Row(current.end(), "end of the day", 0, null, false));
            return rows;
        }
    }

    static int dayMinutes() {
        return DAY.stream().mapToInt(Block::minutes).sum();
    }

    public static String render() {
        StringBuilder out = new StringBuilder("""
                # Agenda

                Generated from the lesson list (`./jbang generate`; the build fails when this page and the
                list disagree). Each lesson's minutes include its exercise or quiz and are the sums of its
                deck's speaker-note timings. A day is four blocks of two hours: 8:30-10:30, 10:45-12:45,
                13:30-15:30 and 15:45-17:45. A lesson's exercise may go on after a break, but no lesson
                starts in a block's last 10 minutes (they are for questions) or runs into the next day.
                Lessons build on the ones before, so every track keeps their order.
                """);
        Track one = oneDay();
        out.append("\n## One day: the essentials\n\n")
                .append("One idea per lesson, from a key that cannot answer to a catalogue checked on the store; ")
                .append(hours(minutes(one.placed()))).append(" of lessons.\n\n");
        day(out, one.days().get(0));
        out.append("\nAfter the class, in this order, on their own (").append(hours(minutes(one.onTheirOwn())))
                .append("): ").append(String.join(", ", one.onTheirOwn().stream().map(Lesson::number).toList()))
                .append(".\n");
        Track two = twoDays();
        out.append("\n## Two days: everything\n\n").append("Every lesson and design task, ")
                .append(hours(minutes(two.placed()))).append(" in all.\n");
        for (int d = 0; d < two.days().size(); d++) {
            out.append("\n### Day ").append(d + 1).append("\n\n");
            day(out, two.days().get(d));
        }
        if (!two.onTheirOwn().isEmpty()) {
            out.append("\nAppendices left for the evening or afterwards (").append(hours(minutes(two.onTheirOwn())))
                    .append("): ").append(String.join(", ", two.onTheirOwn().stream().map(Lesson::number).toList()))
                    .append(".\n");
        }
        out.append("\n## Self-paced: every lesson in order\n\n")
                .append("| # | lesson | level | minutes | done by |\n|---|---|---|---|---|\n");
        int total = 0;
        for (Lesson lesson : Lessons.ALL) {
            total += lesson.minutes();
            out.append(String.format("| %s | %s | %s | %d | %s |%n", lesson.number(), lesson.title(),
                    lesson.level().label(), lesson.minutes(), hours(total)));
        }
        return out.toString();
    }

    private static void day(StringBuilder out, List<Row> rows) {
        out.append("| time | what | minutes |\n|---|---|---|\n");
        for (Row row : rows) {
            out.append(String.format("| %s | %s | %s |%n", clock(row.at()), row.what(),
                    row.minutes() == 0 ? "" : Integer.toString(row.minutes())));
        }
    }

    private static int minutes(List<Lesson> lessons) {
        return lessons.stream().mapToInt(Lesson::minutes).sum();
    }

    private static String clock(LocalTime time) {
        return time.getHour() + ":" + String.format("%02d", time.getMinute());
    }

    static String hours(int minutes) {
        return minutes < 60 ? minutes + " min" : minutes / 60 + " h " + minutes % 60 + " min";
    }

    public static void write() {
        try {
            Files.writeString(file(), render());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
