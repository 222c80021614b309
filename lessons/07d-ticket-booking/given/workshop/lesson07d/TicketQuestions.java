package workshop.lesson07d;

import java.time.Duration;
import java.util.List;
import workshop.kit.catalogue.BriefQuestion;
import workshop.kit.catalogue.CatalogueCheck;
import workshop.kit.catalogue.QuestionInBrief;
import workshop.kit.catalogue.Rate;

/**
 * The brief of Design Ticket Booking: a ticket seller's questions, how often they come at peak
 * and how fast they must answer. The tables are yours. {@link Tickets} holds the sizes and the
 * sample data, {@link TicketOracle} the right answer to every sample.
 * The step before tables (lesson 09a): write the entities, keys and relationships, and each
 * question's equality, range and order attributes; workshop.kit.model.MappingRules derives keys.
 */
public enum TicketQuestions implements QuestionInBrief {
    T1("an event's unsold seats per section, in section order (the event page)",
            Rate.perSecond(2_000), Duration.ofMillis(20)),
    T2("a section's seats in seat order, each free, held or sold (the seat map)", Rate.perSecond(1_000), Duration.ofMillis(50)),
    T3("hold a free seat for a buyer; unpaid after " + Tickets.HOLD.toMinutes() + " minutes, it is free",
            Rate.perSecond(300), Duration.ofMillis(100)),
    T4("buy a seat the buyer holds: their ticket, counted on the event page", Rate.perSecond(100),
            Duration.ofMillis(200)),
    T5("a buyer's " + TicketOracle.NEWEST_TICKETS + " newest tickets, newest first (their account page)",
            Rate.perSecond(500), Duration.ofMillis(50)),
    T6("every ticket sold for an event (the organiser's sales report)", Rate.perDay(50), Duration.ofMinutes(5));

    /** What must hold whatever the design. */
    public static final List<String> RULES = List.of(
            "no seat is ever sold twice, even when buyers race for it",
            "a hold not paid within " + Tickets.HOLD.toMinutes() + " minutes frees the seat by itself: no job, no cleanup",
            "every busy question (" + CatalogueCheck.BUSY + " or more) reads one partition",
            String.format("no partition grows without end: %,d events a year, kept %d years", Tickets.EVENTS_PER_YEAR,
                    Tickets.YEARS_KEPT));

    private final BriefQuestion brief;

    TicketQuestions(String question, Rate rate, Duration p99) {
        this.brief = new BriefQuestion(question, rate, p99);
    }

    @Override
    public BriefQuestion brief() {
        return brief;
    }

    /**
     * Whether the catalogue declares it. A sale writes more than one table (the seat, the buyer's
     * tickets, the event page's count), which no one plan of the checker describes: the race test
     * grades T4 instead, and what the event page and the buyer's tickets show after it.
     */
    @Override
    public boolean catalogued() {
        return this != T4;
    }
}
