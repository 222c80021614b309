package workshop.kit.lessons;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
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
            "chat-lists", "dynamodb-keys", "reservations", "cursor-pagination", "access-pattern-catalogue");

    /** A teaching day: four blocks between a 15-minute break, lunch and another break, 7.5 hours in all. */
    static final List<Block> DAY = List.of(
            new Block(LocalTime.of(8, 30), 120, "break", 15),
            new Block(LocalTime.of(10, 45), 105, "lunch", 60),
            new Block(LocalTime.of(13, 30), 120, "break", 15),
            new Block(LocalTime.of(15, 45), 105, "", 0));

    /** A block of lessons and the pause after it (none after the last). */
    record Block(LocalTime start, int minutes, String after, int afterMinutes) {}

    /** Lessons placed in a track's days, and the ones left for learners on their own. */
    record Track(List<List<List<Lesson>>> days, List<Lesson> onTheirOwn) {

        List<Lesson> placed() {
            return days.stream().flatMap(List::stream).flatMap(List::stream).toList();
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
     * Places the lessons in order, each whole within one block. An appendix that does not fit the
     * block's time left goes to the learners' own time instead of opening a block: it is a detour.
     */
    static Track fill(List<Lesson> lessons, int dayCount) {
        List<List<List<Lesson>>> days = new ArrayList<>();
        List<Lesson> onTheirOwn = new ArrayList<>();
        List<Lesson> current = new ArrayList<>();
        int day = 0;
        int block = 0;
        int left = DAY.get(0).minutes();
        days.add(new ArrayList<>(List.of(current)));
        for (Lesson lesson : lessons) {
            if (lesson.minutes() > left && lesson.appendix()) {
                onTheirOwn.add(lesson);
                continue;
            }
            while (lesson.minutes() > left) {
                if (++block == DAY.size()) {
                    block = 0;
                    if (++day == dayCount) {
                        throw new IllegalStateException(String.format("Lesson %s (%d min) does not fit in %d day(s) of"
                                + " %d teaching minutes: shorten a lesson, make it an appendix or leave it out of this"
                                + " track in %s", lesson.number(), lesson.minutes(), dayCount, dayMinutes(),
                                Agenda.class.getSimpleName()));
                    }
                    days.add(new ArrayList<>());
                }
                current = new ArrayList<>();
                days.get(day).add(current);
                left = DAY.get(block).minutes();
            }
            current.add(lesson);
            left -= lesson.minutes();
        }
        return new Track(days, onTheirOwn);
    }

    static int dayMinutes() {
        return DAY.stream().mapToInt(Block::minutes).sum();
    }

    public static String render() {
        StringBuilder out = new StringBuilder("""
                # Agenda

                Generated from the lesson list (`./jbang generate`; the build fails when this page and the
                list disagree). Each lesson's minutes include its exercise or quiz and are the sums of its
                deck's speaker-note timings. A day is four blocks: 8:30-10:30, 10:45-12:30, 13:30-15:30 and
                15:45-17:30; a lesson never straddles a break, and the minutes a block has left over are
                for questions and stragglers. Lessons build on the ones before, so every track keeps their
                order.
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

    private static void day(StringBuilder out, List<List<Lesson>> blocks) {
        out.append("| time | what | minutes |\n|---|---|---|\n");
        for (int b = 0; b < blocks.size(); b++) {
            Block block = DAY.get(b);
            LocalTime at = block.start();
            for (Lesson lesson : blocks.get(b)) {
                out.append(String.format("| %s | %s %s (`./jbang %s`) | %d |%n", clock(at), lesson.number(),
                        lesson.title(), lesson.alias(), lesson.minutes()));
                at = at.plusMinutes(lesson.minutes());
            }
            LocalTime end = block.start().plusMinutes(block.minutes());
            boolean last = b == blocks.size() - 1;
            if (at.isBefore(end)) {
                out.append(String.format("| %s | %s | %d |%n", clock(at), last
                        ? "questions; a design review of a learner's design ([design-review.md](design-review.md))"
                        : "questions, stragglers catch up", Duration.between(at, end).toMinutes()));
            }
            out.append(String.format("| %s | %s | %s |%n", clock(end), last ? "end of the day" : block.after(),
                    last ? "" : Integer.toString(block.afterMinutes())));
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
