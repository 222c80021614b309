///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//SOURCES ../exercises/src/given/java/workshop/lesson07d/*.java
//MAIN design_ticket_booking
//DESCRIPTION Design task after lesson 07: ticket booking from its brief, no seat sold twice

import java.time.Duration;
import java.time.Instant;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;
import workshop.lesson07d.TicketQuestions;
import workshop.lesson07d.Tickets;

/** The brief of Design Ticket Booking, read from its given code: the questions, the rules, the sizes, the data. */
class design_ticket_booking {

    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(design_ticket_booking::run);
    }

    static void run() {
        Story.title("07d", "design task: ticket booking");
        Story.say("""
                Lesson 07 booked a table without double booking: one conditional write decided who won. Here
                you design a whole service from its brief alone, as lesson 09's catalogue does: a ticket
                seller, whose buyers race for the same seats at the moment a show goes on sale. Nothing below
                names a table or a key; choosing them is the task.""");
        Story.section("The questions, at peak");
        // tag::brief[]
        TextTable questions = TextTable.of("", "question", "rate", "p99");
        for (TicketQuestions question : TicketQuestions.values()) {
            questions.row(question.name(), question.brief().question(), question.brief().rate(),
                    p99(question.brief().p99()));
        }
        questions.print();
        // end::brief[]
        Story.section("The rules");
        TicketQuestions.RULES.forEach(rule -> Story.say("- " + rule));
        Story.section("The sizes");
        long seatsPerEvent = (long) Tickets.MOST_SECTIONS * Tickets.MOST_SEATS_PER_SECTION;
        long ticketsPerFan = (long) Tickets.MOST_TICKETS_PER_BUYER_PER_YEAR * Tickets.YEARS_KEPT;
        Story.say("""
                The largest venue has %d sections of up to %,d seats: %,d seats an event. %,d events go on sale
                a year, %,d seats a year in all at that size, kept %d years. A keen fan buys %d tickets a year:
                %,d tickets kept. Which of these numbers bounds each partition you choose?""",
                Tickets.MOST_SECTIONS, Tickets.MOST_SEATS_PER_SECTION, seatsPerEvent, Tickets.EVENTS_PER_YEAR,
                seatsPerEvent * Tickets.EVENTS_PER_YEAR, Tickets.YEARS_KEPT, Tickets.MOST_TICKETS_PER_BUYER_PER_YEAR,
                ticketsPerFan);
        Story.section("The sample data (Tickets), at a fixed clock");
        Instant now = Tickets.NOW;
        long running = Tickets.holds().stream().filter(h -> h.expiresAt().isAfter(now)).count();
        long lapsed = Tickets.holds().size() - running;
        Story.say("""
                %d events of %d sections of %d seats: %,d seats, %,d of them sold, %d held at %s and %d held
                once and never paid (their holds expired, so those seats are free). TicketOracle computes the
                right answer to every sample from this data; the checker compares what your code returns
                with it.""", Tickets.EVENTS.size(), Tickets.SECTIONS.size(), Tickets.SEATS_PER_SECTION,
                Tickets.seats().size(), Tickets.sold().size(), running, now, lapsed);
        Story.section("The task");
        Story.say("""
                Write your design in exercises/src/main/java/workshop/lesson07d/TicketBooking.java: the
                tables, the code of each question, and the catalogue with a plan per question. The check runs
                the catalogue on the data, races buyers for one seat, and lets a hold of seconds lapse.""");
        RECAP.line("%d questions, the busiest %s: each busy one must read one partition",
                        TicketQuestions.values().length, TicketQuestions.T1.brief().rate())
                .line("the largest event: %,d seats; a keen fan's tickets: %,d in %d years", seatsPerEvent, ticketsPerFan,
                        Tickets.YEARS_KEPT)
                .line("the sample data: %,d seats, %,d sold, %d holds running and %d lapsed unpaid, whose seats"
                        + " are free again after %d minutes", Tickets.seats().size(), Tickets.sold().size(), running, lapsed,
                        Tickets.HOLD.toMinutes());
        RECAP.print("./jbang check 07d   (exercises/src/main/java/workshop/lesson07d); stuck? ./jbang hint 07d");
    }

    /** "20 ms", or "5 min" for a target of minutes. */
    static String p99(Duration target) {
        return target.compareTo(Duration.ofSeconds(1)) < 0 ? target.toMillis() + " ms" : target.toMinutes() + " min";
    }
}
