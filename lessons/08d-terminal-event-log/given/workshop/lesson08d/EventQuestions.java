package workshop.lesson08d;

import java.time.Duration;
import java.util.List;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.QuestionInBrief;
import workshop.kit.catalogue.Rate;

/**
 * The brief of Design a Terminal Event Log: a payment service's questions about what its card
 * terminals log, how often they come at peak and how fast they must answer. The tables are yours.
 * {@link TerminalEvents} holds the sizes and the sample data, {@link EventOracle} the right answer
 * to every sample.
 * The step before tables (lesson 09a): write the entities, keys and relationships, and each
 * question's equality, range and order attributes; workshop.kit.model.MappingRules derives keys.
 */
public enum EventQuestions implements QuestionInBrief {
    E1("a terminal's last " + TerminalEvents.SHOWN.toDays() + " days of events, newest first, "
            + EventOracle.PAGE + " a page (support screen)", Rate.perSecond(1_000), Duration.ofMillis(50)),
    E2("a merchant's " + EventOracle.PAGE + " newest events of the last " + TerminalEvents.SHOWN.toDays()
            + " days, any terminal (dashboard)", Rate.perSecond(600), Duration.ofMillis(50)),
    E3("a terminal logs an event, shown by E1 and E2 from then on",
            Rate.perSecond(5_000), Duration.ofMillis(20));

    /** What must hold whatever the design. */
    public static final List<String> RULES = List.of(
            "an event is deleted " + TerminalEvents.KEPT.toDays()
                    + " days after it happened, by itself: no job, no cleanup",
            "the screens show the last " + TerminalEvents.SHOWN.toDays()
                    + " days only: no read looks further back, even for a silent terminal",
            "each page starts where the last one stopped: no event twice, none skipped, even when"
                    + " events share a millisecond; the app never reads the cursor",
            "every busy question (" + CatalogueCheck.BUSY + " or more) reads one partition, or walks"
                    + " back one partition at a time no further than the screens look",
            String.format("no partition passes 100 MB: a terminal logs up to %,d events a day of %d"
                    + " bytes, a merchant has up to %d terminals", TerminalEvents.BUSIEST_TERMINAL_PER_DAY,
                    TerminalEvents.EVENT_BYTES, TerminalEvents.MOST_TERMINALS_PER_MERCHANT));

    private final BriefQuestion brief;

    EventQuestions(String question, Rate rate, Duration p99) {
        this.brief = new BriefQuestion(question, rate, p99);
    }

    @Override
    public BriefQuestion brief() {
        return brief;
    }

    /**
     * Whether the catalogue declares it. Logging an event writes every table that shows it, which
     * no one plan of the checker describes: a test grades E3 by what E1 and E2 show after it.
     */
    @Override
    public boolean catalogued() {
        return this != E3;
    }
}
