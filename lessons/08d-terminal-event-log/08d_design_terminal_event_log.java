///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../../kit/src/main/java/**/*.java
//SOURCES given/workshop/lesson08d/*.java
//MAIN design_terminal_event_log
//DESCRIPTION Design task after lesson 08: a terminal event log, cursor pages over day buckets

import java.time.LocalDate;
import java.time.ZoneOffset;
import java.util.Map;
import java.util.stream.Collectors;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson08d.EventOracle;
import workshop.lesson08d.EventQuestions;
import workshop.lesson08d.TerminalEvent;
import workshop.lesson08d.TerminalEvents;

/** The brief of Design a Terminal Event Log, from its given code: questions, rules, sizes, data. */
class design_terminal_event_log {

    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(design_terminal_event_log::run);
    }

    static void run() {
        Story.title("08d", "design task: a terminal event log");
        Story.say("""
                Lesson 08 paged a channel with a cursor across buckets its stub had named. Here you
                design a log from its brief alone: a payment service whose card terminals log every
                payment, decline, heartbeat and reboot, read back by a support screen page after
                page and by each merchant's dashboard. Nothing below names a table, a key or a
                bucket; choosing them is the task.""");
        Story.section("The questions, at peak");
        // tag::brief[]
        TextTable questions = TextTable.of("", "question", "rate", "p99");
        for (EventQuestions question : EventQuestions.values()) {
            questions.row(question.name(), question.brief().question(), question.brief().rate(),
                    question.brief().target());
        }
        questions.print();
        // end::brief[]
        Story.section("The rules");
        EventQuestions.RULES.forEach(rule -> Story.say("- " + rule));
        Story.section("The sizes");
        Story.say("""
                A busy checkout logs %,d events a day, %d bytes each as stored; a merchant has up to
                %d terminals. Events are kept %d days after they happened; the screens show the last
                %d. How many bytes does one partition gather in a day, a month, %d days, for a
                terminal and for a merchant? The widest bucket under 100 MB is your partition; its
                width decides how many partitions the longest walk back reads.""",
                TerminalEvents.BUSIEST_TERMINAL_PER_DAY,
                TerminalEvents.EVENT_BYTES, TerminalEvents.MOST_TERMINALS_PER_MERCHANT,
                TerminalEvents.KEPT.toDays(), TerminalEvents.SHOWN.toDays(),
                TerminalEvents.KEPT.toDays());
        Story.section("The sample data (TerminalEvents), at a fixed clock");
        Map<String, Long> perTerminal = TerminalEvents.events().stream()
                .collect(Collectors.groupingBy(TerminalEvent::terminalId, Collectors.counting()));
        long days = TerminalEvents.events().stream()
                .map(e -> LocalDate.ofInstant(e.at(), ZoneOffset.UTC)).distinct().count();
        TextTable terminals = TextTable.of("terminal", "merchant", "events", "shown at now",
                "the case");
        perTerminal.keySet().stream().sorted().forEach(terminal -> terminals.row(terminal,
                TerminalEvents.MERCHANT_OF.get(terminal), perTerminal.get(terminal),
                EventOracle.log(terminal).size(), theCase(terminal)));
        terminals.print();
        Story.say("""
                %,d events over %d UTC days up to %s, across the end of February. EventOracle
                computes the right answer to every sample from this data; the checker compares what
                your code returns with it. The busy terminal's 20th and 21st newest events share a
                millisecond (%s).""",
                TerminalEvents.events().size(), days, TerminalEvents.NOW,
                EventOracle.tie().get(0).at());
        Story.section("The task");
        Story.say("""
                Write your design in lessons/08d-terminal-event-log/src/workshop/lesson08d/EventLog.java: the
                tables, the code of each question, and the catalogue with a plan per question. The
                check runs the catalogue on the data, walks every page of the busy terminal, reads a
                silent terminal and an unknown one, and reads the TTL of every table the screens
                read.""");
        RECAP.line("%d questions, the busiest %s: a busy one reads a partition, or a bounded walk",
                        EventQuestions.values().length, EventQuestions.E3.brief().rate())
                .line("a busy terminal: %,d events a day of %d bytes; a merchant: %d terminals",
                        TerminalEvents.BUSIEST_TERMINAL_PER_DAY, TerminalEvents.EVENT_BYTES,
                        TerminalEvents.MOST_TERMINALS_PER_MERCHANT)
                .line("the sample data: %,d events of %d terminals, %d shown for the busy one,"
                        + " pages of %d",
                        TerminalEvents.events().size(), perTerminal.size(),
                        EventOracle.log(TerminalEvents.BUSY).size(), EventOracle.PAGE);
        RECAP.print("./jbang check 08d   (lessons/08d-terminal-event-log/src);"
                + " stuck? ./jbang hint 08d");
    }

    static String theCase(String terminal) {
        return switch (terminal) {
            case TerminalEvents.BUSY -> "busy, every day";
            case TerminalEvents.EARLY -> "5 events today";
            case TerminalEvents.SILENT -> "silent for over a week";
            case TerminalEvents.CLOSED_YESTERDAY -> "closed yesterday";
            default -> "";
        };
    }
}
