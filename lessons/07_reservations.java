///usr/bin/env jbang "$0" "$@" ; exit $?
//JAVA 17+
//SOURCES ../kit/src/main/java/**/*.java
//MAIN reservations
//DESCRIPTION Lesson 07: reservations without double booking (H2, then Cassandra's lightweight transactions and DynamoDB's conditional writes)

import static workshop.kit.cassandra.Keyspaces.schema;

import com.datastax.oss.driver.api.core.ConsistencyLevel;
import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromN;
import static software.amazon.awssdk.services.dynamodb.model.AttributeValue.fromS;

import java.sql.Connection;
import java.sql.SQLException;
import java.time.Clock;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.UUID;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.stream.IntStream;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.ScalarAttributeType;
import software.amazon.awssdk.services.dynamodb.model.UpdateItemRequest;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Cassandra;
import workshop.kit.cassandra.ConditionalWrites;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.cassandra.PaxosVariant;
import workshop.kit.concurrent.Contenders;
import workshop.kit.concurrent.SideBySide;
import workshop.kit.cost.Measured;
import workshop.kit.cost.QueryCost;
import workshop.kit.cost.TracingSession;
import workshop.kit.dining.DiningSchema;
import workshop.kit.dining.SlotBookings;
import workshop.kit.dining.SlotBookings.Answer;
import workshop.kit.dining.SlotBookings.Outcome;
import workshop.kit.dining.SlotBookings.Request;
import workshop.kit.dining.ViewRelay;
import workshop.kit.dynamo.BatchLoader;
import workshop.kit.dynamo.Dynamo;
import workshop.kit.dynamo.Metered;
import workshop.kit.dynamo.MeteredClient;
import workshop.kit.dynamo.Tables;
import workshop.kit.h2.H2;
import workshop.kit.h2.MemoryDatabase;
import workshop.kit.h2.Sql;
import workshop.kit.terminal.Failures;
import workshop.kit.terminal.Recap;
import workshop.kit.terminal.Story;
import workshop.kit.terminal.TextTable;

class reservations {

    static final String KS = "lesson07";
    static final int PARTITIONS = 8;
    static final long LE_SEPT = 1;
    static final int TABLE_SEVEN = 7;
    static final LocalTime HALF_SEVEN = LocalTime.of(19, 30);
    /** Seats of tables 1..20: table 7 seats four. */
    static final int[] SEATS = {2, 2, 2, 2, 4, 4, 4, 4, 4, 4, 4, 4, 6, 6, 6, 6, 8, 8, 10, 12};
    static final List<LocalTime> SITTINGS = IntStream.range(0, 8).mapToObj(i -> LocalTime.of(17, 30).plusMinutes(30L * i)).toList();
    static final int DAYS = 60;
    static final Clock CLOCK = Clock.systemUTC();

    /** Each section adds what it measured. */
    static final Recap RECAP = Recap.measured();

    public static void main(String... args) {
        Failures.guard(reservations::run);
    }

    static void run() throws Exception {
        Story.title("07", "reservations without double booking");
        Story.say("""
                A booking site for restaurants. Two diners press "book" for the same table at the same sitting
                within a few milliseconds of each other; exactly one of them may get it. Everything else in this
                lesson follows from where the rows that decide that question live.""");
        accessPatterns();
        sizing();
        LocalDate evening = LocalDate.now(CLOCK.withZone(ZoneId.of("Europe/Paris"))).plusDays(3);
        List<Integer> naivePartitions = doubleBooking(evening);
        candidateKeys(naivePartitions);
        try (MemoryDatabase db = MemoryDatabase.open("lesson07")) {
            SlotBookings bookings = new SlotBookings(db, CLOCK);
            model(db, evening);
            sameRaceAgain(db, bookings, evening);
            underLoad(db, bookings, evening);
            badInput(db, bookings, evening);
            view(db, bookings, evening);
        }
        cassandra(evening);
        dynamo(evening);
        RECAP.print("./jbang check 07   (exercises/src/main/java/workshop/lesson07), then ./jbang lesson08");
    }

    static void accessPatterns() {
        Story.section("The questions, busiest first");
        TextTable.of("question", "rate", "key it needs")
                .row("open slots at a restaurant, on a date, for a party", "1,000/s", "restaurant, date")
                .row("book a table at a sitting", "50/s", "restaurant, date, time, table")
                .row("tonight's bookings at one restaurant", "low", "restaurant, date")
                .row("a diner's upcoming reservations", "moderate", "user (a second table)")
                .row("restaurants by city and cuisine", "search", "none: a search index")
                .print();
    }

    static void sizing() {
        Story.section("Peak rates, from daily volumes");
        long searchesPerDay = 20_000_000, bookingsPerDay = 1_000_000;
        double peakHourShare = 0.18;
        long searchPeak = Math.round(searchesPerDay * peakHourShare / 3_600);
        long bookingPeak = Math.round(bookingsPerDay * peakHourShare / 3_600);
        TextTable.of("per day", "average", "at peak (busiest hour: 18% of the day)")
                .row(String.format("%,d searches", searchesPerDay), String.format("%,.0f/s", searchesPerDay / 86_400.0),
                        String.format("%,d/s", searchPeak))
                .row(String.format("%,d bookings", bookingsPerDay), String.format("%,.1f/s", bookingsPerDay / 86_400.0),
                        String.format("%,d/s", bookingPeak))
                .print();
        Story.say("""
                A product owner speaks in days; a store is sized for its busiest second. Dividing by 86,400
                gives the average, but diners search and book in the evening: assume the busiest hour
                carries about 18%% of the day (a figure to replace with the real traffic's once there is
                some). That turns %,d searches and %,d bookings a day into about %,d and %,d a second.""",
                searchesPerDay, bookingsPerDay, searchPeak, bookingPeak);
        RECAP.line("peak rates: %,d searches and %,d bookings a day -> about %,d and %,d a second", searchesPerDay,
                bookingsPerDay, searchPeak, bookingPeak);

        Story.section("Sizing, from its inputs");
        long restaurants = 50_000, tables = 20, sittings = SITTINGS.size(), days = DAYS, slotBytes = 50;
        long slotRows = restaurants * tables * sittings * days;
        long bookingBytes = 200;
        long peak = searchPeak + bookingPeak;
        TextTable.of("what", "arithmetic", "result")
                .row("slot rows", String.format("%,d restaurants x %d tables x %d sittings x %d days", restaurants, tables, sittings, days),
                        String.format("%,d rows", slotRows))
                .row("slot data", String.format("%,d rows x %d bytes", slotRows, slotBytes), gigabytes(slotRows * slotBytes))
                .row("bookings a year", String.format("%,d a day x 365 x %d bytes", bookingsPerDay, bookingBytes),
                        gigabytes(bookingsPerDay * 365 * bookingBytes))
                .row("operations at peak", String.format("%,d open-slot reads/s + %,d bookings/s", searchPeak, bookingPeak),
                        String.format("%,d/s", peak))
                .print();
        Story.say("""
                A few tens of gigabytes and about a thousand operations a second: one relational primary with
                read replicas carries this. The data fits; what can go wrong is correctness under concurrency.""");
    }

    static String gigabytes(long bytes) {
        return String.format("%,.0f GB", bytes / 1e9);
    }

    // ---------------------------------------------------------------- the bug, reproduced

    /** The team's first design: reservations spread over 8 databases by a hash of reservation_id. */
    static List<Integer> doubleBooking(LocalDate evening) throws Exception {
        Story.section("The first design: reservations hash-partitioned by reservation_id over " + PARTITIONS + " databases");
        List<MemoryDatabase> partitions = new ArrayList<>();
        try {
            for (int p = 0; p < PARTITIONS; p++) {
                MemoryDatabase partition = MemoryDatabase.open("lesson07_p" + p);
                partitions.add(partition);
                try (Connection connection = partition.connect()) {
                    Sql.update(connection, """
                            CREATE TABLE reservations (
                              reservation_id UUID PRIMARY KEY, restaurant_id BIGINT, table_id INT, slot_date DATE,
                              slot_time TIME, user_id BIGINT, party_size INT)""");
                }
            }
            UUID ana = UUID.nameUUIDFromBytes("ana".getBytes());
            UUID ben = otherPartitionThan(ana);
            // Both diners must have checked before either inserts: that is the moment the race is about.
            CountDownLatch bothChecked = new CountDownLatch(2);
            UUID[] diners = {ana, ben};
            List<long[]> seenAndInserted = Contenders.race(2, d -> () -> {
                MemoryDatabase partition = partitions.get(partitionOf(diners[d]));
                try (Connection connection = partition.connect()) {
                    connection.setAutoCommit(false);
                    // tag::check-then-insert[]
                    long seen = Sql.count(connection, """
                            SELECT COUNT(*) FROM reservations
                            WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?""",
                            LE_SEPT, evening, HALF_SEVEN, TABLE_SEVEN);
                    bothChecked.countDown();
                    bothChecked.await();
                    int inserted = seen > 0 ? 0 : Sql.update(connection,
                            "INSERT INTO reservations VALUES (?, ?, ?, ?, ?, ?, ?)",
                            diners[d], LE_SEPT, TABLE_SEVEN, evening, HALF_SEVEN, 100L + d, 2);
                    // end::check-then-insert[]
                    connection.commit();
                    return new long[] {seen, inserted};
                }
            });
            TextTable race = TextTable.of("diner", "reservation_id", "partition", "bookings of table 7 it saw", "rows inserted");
            for (int d = 0; d < 2; d++) {
                race.row(d == 0 ? "Ana" : "Ben", diners[d].toString().substring(0, 8), "p" + partitionOf(diners[d]),
                        seenAndInserted.get(d)[0], seenAndInserted.get(d)[1]);
            }
            race.print();
            long total = 0;
            for (MemoryDatabase partition : partitions) {
                try (Connection connection = partition.connect()) {
                    total += Sql.count(connection, "SELECT COUNT(*) FROM reservations"
                            + " WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?",
                            LE_SEPT, evening, HALF_SEVEN, TABLE_SEVEN);
                }
            }
            Story.say("""
                    Counted over all %d partitions afterwards: %d reservations for table 7 at 19:30 on %s. Each
                    booking checked its own partition, found nothing, and committed; neither could see the other,
                    and no transaction spans two databases. The latch in this script only makes sure both checks
                    happen before either insert, so the double booking shows on every run; in production two
                    requests a few milliseconds apart do the same.""", PARTITIONS, total, evening);
            RECAP.line("hash-partitioned by reservation_id: %d reservations for one table at one sitting", total);
            return List.of(partitionOf(ana), partitionOf(ben));
        } finally {
            for (MemoryDatabase partition : partitions) {
                partition.close();
            }
        }
    }

    static int partitionOf(Object key) {
        return Math.floorMod(key.hashCode(), PARTITIONS);
    }

    static UUID otherPartitionThan(UUID first) {
        for (int n = 0; ; n++) {
            UUID candidate = UUID.nameUUIDFromBytes(("ben" + n).getBytes());
            if (partitionOf(candidate) != partitionOf(first)) {
                return candidate;
            }
        }
    }

    static void candidateKeys(List<Integer> reservationPartitions) {
        Story.section("Candidate partition keys, and why each loses but one");
        long[] users = {100, 101};
        TextTable.of("partition key", "the two bookings land in", "why it loses")
                .row("hash(reservation_id)", "p" + reservationPartitions.get(0) + " and p" + reservationPartitions.get(1),
                        "each checks only its own rows: double booking")
                .row("user_id", "p" + partitionOf(users[0]) + " and p" + partitionOf(users[1]),
                        "two diners, two partitions: the same race")
                .row("city", "one partition", "a big city's restaurants all in one: hot spot")
                .row("restaurant_id", "one, with the slot row", "wins: the slot row decides, in one transaction")
                .print();
    }

    // ---------------------------------------------------------------- the model that cannot double book

    static void model(MemoryDatabase db, LocalDate evening) throws SQLException {
        Story.section("The model: everything a booking touches starts with restaurant_id");
        DiningSchema.TABLES.forEach(ddl -> System.out.println(ddl + ";"));
        int slots = 0;
        try (Connection connection = db.connect()) {
            DiningSchema.create(connection);
            Object[][] restaurants = {
                    {LE_SEPT, "Le Sept", "Lyon", "French", "Europe/Paris"},
                    {2L, "Osteria Due", "Milan", "Italian", "Europe/Rome"},
                    {3L, "Sushi San", "Tokyo", "Japanese", "Asia/Tokyo"}};
            for (Object[] r : restaurants) {
                DiningSchema.addRestaurant(connection, (long) r[0], (String) r[1], (String) r[2], (String) r[3], ZoneId.of((String) r[4]));
                DiningSchema.addTables(connection, (long) r[0], SEATS);
                slots += DiningSchema.openSlots(connection, (long) r[0], evening.minusDays(1), DAYS, SITTINGS);
            }
            Story.say("""
                    %d restaurants, %d tables each, %d sittings a day for %d days: %,d slot rows, one per table per
                    sitting, in each restaurant's local date and time (its zone is on the restaurant row). A free
                    slot has reservation_id NULL.""", restaurants.length, SEATS.length, SITTINGS.size(), DAYS, slots);
            String openSlots = """
                    SELECT slot_time, table_id, seats FROM slots
                    WHERE restaurant_id = ? AND slot_date = ? AND reservation_id IS NULL AND seats >= ?
                    ORDER BY slot_time, table_id""";
            int found = Sql.list(connection, row -> row.getInt(2), openSlots, LE_SEPT, evening, 4).size();
            long scanned = H2.rowsScanned(connection, openSlots, LE_SEPT, evening, 4);
            TextTable.of("query", "rows in slots", "rows scanned", "rows returned")
                    .row("open slots, Le Sept, " + evening + ", party of 4", slots, scanned, found)
                    .print();
            Story.say("""
                    The busiest question reads one contiguous range of the primary key: H2 scanned %d rows for a
                    day of %d slots (%d tables x %d sittings), already in time order, out of %,d. The other days and
                    the other restaurants are never touched.""",
                    scanned, SEATS.length * SITTINGS.size(), SEATS.length, SITTINGS.size(), slots);
        }
    }

    /** The two diners again, now against the slot row: Ana's claim is in flight when Ben's arrives. */
    static void sameRaceAgain(MemoryDatabase db, SlotBookings bookings, LocalDate evening) throws Exception {
        Story.section("The same race against the new model");
        Request ana = new Request(UUID.randomUUID(), LE_SEPT, evening, HALF_SEVEN, TABLE_SEVEN, 100, 2);
        Request ben = new Request(UUID.randomUUID(), LE_SEPT, evening, HALF_SEVEN, TABLE_SEVEN, 101, 2);
        CountDownLatch anaClaimed = new CountDownLatch(1);
        CountDownLatch benQueued = new CountDownLatch(1);
        CompletableFuture<Answer> anaAnswer = CompletableFuture.supplyAsync(() -> bookings.book(ana, () -> {
            anaClaimed.countDown();
            await(benQueued);
        }));
        await(anaClaimed);
        CompletableFuture<Answer> benAnswer = CompletableFuture.supplyAsync(() -> bookings.book(ben));
        boolean benWaited = db.awaitBlockedSessions(1, benAnswer::isDone);
        benQueued.countDown();
        TextTable.of("diner", "UPDATE ... WHERE reservation_id IS NULL changed", "waited for a row lock", "answer")
                .row("Ana", anaAnswer.join().rowsChanged() + " row", "no", anaAnswer.join().outcome().describe())
                .row("Ben", benAnswer.join().rowsChanged() + " rows", benWaited ? "yes" : "no", benAnswer.join().outcome().describe())
                .print();
        Story.say("""
                Ana's UPDATE claimed the slot row and her transaction was still open (this script holds it open
                until H2 reports Ben's session as blocked). Ben's UPDATE had to wait for her row lock; when she
                committed, H2 tested his WHERE clause again, found reservation_id no longer NULL, and changed
                nothing. Zero rows changed is the answer: someone else has the table, 409 Conflict. The
                reservation row and the outbox event were written in Ana's transaction, with the slot.""");
    }

    static void underLoad(MemoryDatabase db, SlotBookings bookings, LocalDate evening) throws SQLException {
        Story.section("Under load");
        Request slot = new Request(null, LE_SEPT, evening, LocalTime.of(20, 0), TABLE_SEVEN, 0, 2);
        List<Answer> fifty = Contenders.race(50, d -> () -> bookings.book(slot.forDiner(200 + d)));
        Map<Outcome, Long> tally = SlotBookings.tally(fifty);
        TextTable.of("contenders on one slot", "booked (201)", "told it is taken (409)", "reservations for the slot")
                .row(50, tally.get(Outcome.BOOKED), tally.get(Outcome.TAKEN), count(db,
                        "SELECT COUNT(*) FROM reservations WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?",
                        LE_SEPT, evening, slot.time(), TABLE_SEVEN))
                .print();

        List<Request> slots = new ArrayList<>();
        for (int day = 1; slots.size() < 300; day++) {
            for (LocalTime sitting : SITTINGS) {
                for (int table = 1; table <= SEATS.length && slots.size() < 300; table += 2) {
                    slots.add(new Request(null, 2, evening.plusDays(day), sitting, table, 0, 2));
                }
            }
        }
        int threads = 8, each = 500;
        // Seeded choices: the same attempts on every run, released together.
        List<Map<Outcome, Long>> perThread = Contenders.race(threads, t -> () -> {
            Random random = new Random(t);
            List<Answer> answers = new ArrayList<>();
            for (int i = 0; i < each; i++) {
                answers.add(bookings.book(slots.get(random.nextInt(slots.size())).forDiner(1_000 + t)));
            }
            return SlotBookings.tally(answers);
        });
        long booked = perThread.stream().mapToLong(m -> m.get(Outcome.BOOKED)).sum();
        long taken = perThread.stream().mapToLong(m -> m.get(Outcome.TAKEN)).sum();
        String loadDiners = "user_id BETWEEN 1000 AND " + (1_000 + threads - 1);
        long reservations = count(db, "SELECT COUNT(*) FROM reservations WHERE " + loadDiners);
        long matching = count(db, "SELECT COUNT(*) FROM reservations r JOIN slots s ON s.reservation_id = r.reservation_id"
                + " AND s.restaurant_id = r.restaurant_id AND s.slot_date = r.slot_date AND s.slot_time = r.slot_time"
                + " AND s.table_id = r.table_id WHERE r." + loadDiners);
        long events = count(db, "SELECT COUNT(*) FROM outbox WHERE " + loadDiners);
        TextTable.of("attempts", "slots", "booked", "told 409", "reservation rows", "held by their slot", "outbox events")
                .row(threads * each, slots.size(), booked, taken, reservations, matching, events)
                .print();
        if (booked != slots.size() || reservations != booked || matching != booked || events != booked
                || booked + taken != (long) threads * each) {
            throw new IllegalStateException("An invariant broke under load: see the table above");
        }
        Story.say("""
                Checked after the run: one winner per slot (%d slots, %d bookings), every other attempt told
                409, every reservation row is the one its slot holds (no double booking), and every booking
                has its outbox event (none lost).""", slots.size(), booked);
        RECAP.line("%,d booking attempts by %d threads on %d slots: %d booked, %,d told 409, no slot held twice",
                threads * each, threads, slots.size(), booked, taken);
    }

    static void badInput(MemoryDatabase db, SlotBookings bookings, LocalDate evening) throws SQLException {
        Story.section("Requests that can never succeed: an error, and nothing written");
        String written = "SELECT (SELECT COUNT(*) FROM reservations) + (SELECT COUNT(*) FROM outbox)"
                + " + (SELECT COUNT(*) FROM slots WHERE reservation_id IS NOT NULL)";
        TextTable table = TextTable.of("request", "answer", "rows written");
        Object[][] cases = {
                {"a party of 6 at table 7 (4 seats)", new Request(UUID.randomUUID(), LE_SEPT, evening.plusDays(2), HALF_SEVEN, TABLE_SEVEN, 300, 6)},
                {"table 7 at 19:45 (no such sitting)", new Request(UUID.randomUUID(), LE_SEPT, evening.plusDays(2), LocalTime.of(19, 45), TABLE_SEVEN, 300, 2)},
                {"table 7 at 19:30, a week ago", new Request(UUID.randomUUID(), LE_SEPT, evening.minusDays(7), HALF_SEVEN, TABLE_SEVEN, 300, 2)}};
        for (Object[] c : cases) {
            long before = count(db, written);
            Answer answer = bookings.book((Request) c[1]);
            table.row(c[0], answer.outcome().describe(), count(db, written) - before);
        }
        table.print();
        Story.say("""
                The date is checked against the restaurant's own clock: its zone is on the restaurant row, and
                slot times are local. A sitting is over when the local time in that zone has passed it.""");
    }

    // ---------------------------------------------------------------- the diner's list: a view fed by events

    static void view(MemoryDatabase db, SlotBookings bookings, LocalDate evening) throws SQLException {
        Story.section("The diner's list: user_reservations, fed from the outbox");
        Story.say("""
                "My reservations" needs a key by user_id, but a booking's transaction lives in the restaurant's
                partition. So the booking writes an outbox row in that same transaction, a relay reads the outbox
                in order, and a view updater upserts user_reservations, keyed (user_id, slot_date, slot_time,
                reservation_id), with the restaurant's name copied in so the list needs no join.""");
        long diner = 501;
        ViewRelay relay = new ViewRelay(db);
        int earlier = relay.deliverNew();
        Story.say("The relay starts by applying the %,d events of the bookings made so far in this lesson.", earlier);
        for (long restaurant = 1; restaurant <= 3; restaurant++) {
            bookings.book(new Request(UUID.randomUUID(), restaurant, evening.plusDays(restaurant + 10), HALF_SEVEN, 3, diner, 2));
        }
        TextTable list = TextTable.of("step", "bookings", "in the list", "view rows", "events waiting");
        list.row("3 bookings; relay delivers " + relay.deliverNew() + " events", truth(db, diner), relay.listed(diner),
                relay.rows(diner), relay.lag());
        relay.redeliverLast();
        list.row("the last event delivered again", truth(db, diner), relay.listed(diner), relay.rows(diner), relay.lag());
        for (int n = 0; n < 2; n++) {
            Answer answer = bookings.book(new Request(UUID.randomUUID(), LE_SEPT, evening.plusDays(20 + n), HALF_SEVEN, 5, diner, 2));
            list.row("updater stopped; a booking: " + answer.outcome().describe(), truth(db, diner), relay.listed(diner),
                    relay.rows(diner), relay.lag());
        }
        list.row("updater started; delivers " + relay.deliverNew() + " events", truth(db, diner), relay.listed(diner),
                relay.rows(diner), relay.lag());
        list.print();
        Story.say("""
                A duplicate changes nothing: the upsert takes effect only when the event's version is newer than
                the row's. With the updater stopped, bookings still succeed; only the list lags, by exactly the
                events waiting in the outbox, and it catches up from there with nothing lost. Meanwhile the
                app shows a new booking from its own 201 answer until the list has it.""");
        renamed(db);
    }

    /** The copied restaurant name: a rename leaves it stale in every diner's list until the rename job runs. */
    static void renamed(MemoryDatabase db) throws SQLException {
        Story.section("A copy on purpose: the restaurant's name in user_reservations");
        Story.say("""
                user_reservations carries the restaurant's name so the diner's list needs no join: one
                partition, every row ready to show. The schema records why and how stale it may be: the
                source of truth is restaurants.name; a rename job updates the copies; until it runs after a
                rename, a list may show the old name, which is acceptable for a name. Measured:""");
        String copiesOfLeSept = "SELECT COUNT(*) FROM user_reservations WHERE reservation_id IN"
                + " (SELECT reservation_id FROM reservations WHERE restaurant_id = ?)";
        String stale = copiesOfLeSept + " AND restaurant_name <> (SELECT name FROM restaurants WHERE restaurant_id = ?)";
        TextTable steps = TextTable.of("step", "copies of the name", "stale copies", "rows the job wrote");
        steps.row("before", count(db, copiesOfLeSept, LE_SEPT), count(db, stale, LE_SEPT, LE_SEPT), "-");
        try (Connection connection = db.connect()) {
            Sql.update(connection, "UPDATE restaurants SET name = ? WHERE restaurant_id = ?", "Le Sept Lyon", LE_SEPT);
        }
        steps.row("Le Sept renamed Le Sept Lyon", count(db, copiesOfLeSept, LE_SEPT), count(db, stale, LE_SEPT, LE_SEPT), "-");
        int written;
        try (Connection connection = db.connect()) {
            // The rename job: the restaurant's own partition lists its reservations, and so its diners' rows.
            written = Sql.update(connection, """
                    UPDATE user_reservations SET restaurant_name = (SELECT name FROM restaurants WHERE restaurant_id = ?)
                    WHERE reservation_id IN (SELECT reservation_id FROM reservations WHERE restaurant_id = ?)""",
                    LE_SEPT, LE_SEPT);
        }
        long left = count(db, stale, LE_SEPT, LE_SEPT);
        steps.row("the rename job ran", count(db, copiesOfLeSept, LE_SEPT), left, written);
        steps.print();
        Story.say("""
                One UPDATE of one row made %d copies stale; the job found them through the restaurant's own
                reservations and rewrote each in its diner's partition: %d writes for one rename. Copy a
                field when the read that needs it is busy and fans out, and its staleness can be named and
                tolerated; keep the fact's one home, and the job that rebuilds the copies.""", written, written);
        RECAP.line("a rename left %d copied names stale until the rename job wrote %d rows; %d stale after it",
                written, written, left);
    }

    static long truth(MemoryDatabase db, long diner) throws SQLException {
        return count(db, "SELECT COUNT(*) FROM reservations WHERE user_id = ?", diner);
    }

    // ---------------------------------------------------------------- Cassandra: a lightweight transaction

    static void cassandra(LocalDate evening) {
        Story.section("The same booking in Cassandra: a lightweight transaction");
        Story.say("""
                Cassandra has no transaction around a read and a write. It has a conditional write instead:
                UPDATE ... IF reservation_id = null runs Paxos among the partition's replicas, so testing the
                condition and applying the write happen as one step. The slots table keeps one partition per
                restaurant and day, so "open slots on a date" is one partition and a booking touches one.""");
        Cassandra cassandra = Cassandra.findOrStart();
        try (CqlSession session = cassandra.connect()) {
            Keyspaces.recreateAndUse(session, KS);
            session.execute(schema("""
                    CREATE TABLE slots (
                      restaurant_id bigint, slot_date date, slot_time time, table_id int,
                      seats int, reservation_id uuid, user_id bigint,
                      PRIMARY KEY ((restaurant_id, slot_date), slot_time, table_id))"""));
            PreparedStatement insert = session.prepare(
                    "INSERT INTO slots (restaurant_id, slot_date, slot_time, table_id, seats) VALUES (?, ?, ?, ?, ?)");
            int perDay = SEATS.length * SITTINGS.size();
            int days = 4;
            BulkWriter.write(session, "opening " + perDay * days + " slots", (long) perDay * days, i -> {
                int n = (int) (i % perDay);
                return insert.bind(LE_SEPT, evening.plusDays(i / perDay), SITTINGS.get(n / SEATS.length), n % SEATS.length + 1,
                        SEATS[n % SEATS.length]);
            });
            String where = " WHERE restaurant_id = ? AND slot_date = ? AND slot_time = ? AND table_id = ?";
            PreparedStatement plain = session.prepare("UPDATE slots SET reservation_id = ?, user_id = ?" + where);
            PreparedStatement conditional = session.prepare("UPDATE slots SET reservation_id = ?, user_id = ?" + where
                    + " IF reservation_id = null AND seats >= ?");
            TracingSession traced = new TracingSession(session);
            session.execute(plain.bind(UUID.randomUUID(), 1L, LE_SEPT, evening.plusDays(3), HALF_SEVEN, 1)); // warm-up, not measured

            Measured<Boolean> plainWrite = traced.measure(() -> traced.execute(
                    plain.bind(UUID.randomUUID(), 100L, LE_SEPT, evening, HALF_SEVEN, 8)).wasApplied());
            Measured<Boolean> anaWrite = traced.measure(() -> traced.execute(
                    conditional.bind(UUID.randomUUID(), 100L, LE_SEPT, evening, HALF_SEVEN, TABLE_SEVEN, 2)).wasApplied());
            Measured<Boolean> benWrite = traced.measure(() -> traced.execute(
                    conditional.bind(UUID.randomUUID(), 101L, LE_SEPT, evening, HALF_SEVEN, TABLE_SEVEN, 2)).wasApplied());
            TextTable costs = TextTable.of("write", "applied", "requests", "Paxos steps", "table writes", "Paxos writes",
                    "rows read");
            costRow(costs, "plain UPDATE, table 8", plainWrite);
            costRow(costs, "UPDATE IF, Ana, table 7", anaWrite);
            costRow(costs, "UPDATE IF, Ben, table 7", benWrite);
            costs.print();
            Story.say("""
                    Counted from each trace. A plain write is one mutation. The conditional write that won went
                    through %d Paxos steps: a replica promised a ballot, the coordinator read the current row to
                    test the condition, a replica accepted the proposal, and a replica committed it. Each step
                    is a round trip from coordinator to replicas (here coordinator %s and replica %s, one copy
                    of each row). The first three wait for a majority of the replicas; the commit waits only
                    for the statement's own consistency level. Ben's write found the condition false: %d
                    steps, Paxos state written, nothing written to slots. %s""",
                    anaWrite.cost().paxosSteps(), anaWrite.cost().coordinators(), anaWrite.cost().nodesRead(),
                    benWrite.cost().paxosSteps(), PaxosVariant.sentence(session));

            int samples = 100;
            // Alternating the two kinds, so a busy moment on the machine slows both alike.
            double[] medians = SideBySide.medianMillis(samples, List.of(
                    i -> session.execute(plain.bind(UUID.randomUUID(), 1L, LE_SEPT, evening.plusDays(1),
                            SITTINGS.get(i % SITTINGS.size()), i / SITTINGS.size() % SEATS.length + 1)),
                    i -> session.execute(conditional.bind(UUID.randomUUID(), 1L, LE_SEPT, evening.plusDays(2),
                            SITTINGS.get(i % SITTINGS.size()), i / SITTINGS.size() % SEATS.length + 1, 1))));
            TextTable.of("write", "samples", "median latency (ms)")
                    .row("plain UPDATE", samples, medians[0])
                    .row("UPDATE ... IF reservation_id = null", samples, medians[1])
                    .print();
            Story.say("""
                    Untraced, one write at a time, on free slots, the two kinds alternating so a busy moment
                    slows both alike: the conditional write's median is %.1fx the plain write's here. Take the
                    ratio as a rough guide (on a busy machine it moves from run to run); the step counts above
                    are what stays. With one replica living on the coordinator, the Paxos steps never leave
                    the node; with three replicas, three of the four steps wait for a majority over the
                    network and the commit for the statement's consistency level, where a plain write waits
                    once. Worth it for 50 bookings a second; not a default for every write.""",
                    medians[1] / medians[0]);

            int diners = 12;
            LocalTime nine = LocalTime.of(21, 0);
            PreparedStatement holder = session.prepare("SELECT reservation_id FROM slots" + where);
            List<Boolean> applied = Contenders.race(diners, d -> () -> {
                UUID mine = UUID.randomUUID();
                try {
                    return session.execute(conditional.bind(mine, 300L + d, LE_SEPT, evening.plusDays(3), nine, TABLE_SEVEN, 2))
                            .wasApplied();
                } catch (RuntimeException e) {
                    if (!ConditionalWrites.outcomeUnknown(e)) {
                        throw e;
                    }
                    // Contention left the outcome unknown: a serial read settles it.
                    return mine.equals(session.execute(holder.bind(LE_SEPT, evening.plusDays(3), nine, TABLE_SEVEN)
                            .setConsistencyLevel(ConsistencyLevel.SERIAL)).one().getUuid(0));
                }
            });
            Story.say("%d diners released at once on table 7 at 21:00: %d applied, %d told the table is taken.",
                    diners, applied.stream().filter(a -> a).count(), applied.stream().filter(a -> !a).count());
            RECAP.line("Cassandra: a conditional UPDATE took %d Paxos steps where a plain one took 0; of %d diners"
                    + " racing, %d won", anaWrite.cost().paxosSteps(), diners, applied.stream().filter(a -> a).count());
        }
    }

    // ---------------------------------------------------------------- DynamoDB: a conditional write

    static void dynamo(LocalDate evening) {
        Story.section("The same booking in DynamoDB: a conditional write");
        Story.say("""
                DynamoDB tests a condition and applies the write as one step inside the partition that holds
                the item, with no extra round trip. The slots table keeps the same layout: pk "<restaurant>#<date>"
                (one partition per restaurant and day, so "open slots on a date" is one Query), sk
                "<time>#<table>". A booking is an UpdateItem with ConditionExpression
                attribute_exists(pk) AND attribute_not_exists(reservation_id) AND seats >= :party.""");
        Dynamo dynamo = Dynamo.findOrStart();
        String slots = dynamo.table("lesson07_slots");
        try (MeteredClient db = dynamo.meteredClient()) {
            Tables.recreate(dynamo, db.plain(), Tables.keyed(slots, "pk", ScalarAttributeType.S, "sk", ScalarAttributeType.S).build());
            int perDay = SEATS.length * SITTINGS.size();
            BatchLoader.put(db.plain(), slots, "opening " + perDay + " slots", perDay, i -> Map.of(
                    "pk", fromS(slotPartition(evening)), "sk", fromS(slotSort(SITTINGS.get((int) i / SEATS.length), (int) i % SEATS.length + 1)),
                    "seats", fromN(Integer.toString(SEATS[(int) i % SEATS.length])), "zone", fromS("Europe/Paris")));

            Metered<Boolean> plain = db.measure(() -> {
                db.client().updateItem(u -> u.tableName(slots).key(slotKey(evening, HALF_SEVEN, 8))
                        .updateExpression("SET reservation_id = :r, user_id = :u")
                        .expressionAttributeValues(Map.of(":r", fromS(UUID.randomUUID().toString()), ":u", fromN("99"))));
                return true;
            });
            // Measured as a whole: the two requests overlap, so neither can be timed apart from the other.
            Metered<List<Boolean>> race = db.measure(() -> Contenders.race(2,
                    d -> () -> bookSlot(db, slots, evening, HALF_SEVEN, TABLE_SEVEN, 100 + d, 2)));
            TextTable.of("diner", "UpdateItem ... ConditionExpression on table 7")
                    .row("Ana", race.value().get(0) ? "applied" : "ConditionalCheckFailedException")
                    .row("Ben", race.value().get(1) ? "applied" : "ConditionalCheckFailedException")
                    .print();
            TextTable.of("write", "requests", "items written", "write units (formula)")
                    .row("plain UpdateItem (table 8)", plain.cost().requestsText(), plain.cost().itemsWritten(), plain.cost().writeUnitsText())
                    .row("Ana and Ben, conditional, racing", race.cost().requestsText(), race.cost().itemsWritten(),
                            race.cost().writeUnitsText())
                    .print();
            long winners = race.value().stream().filter(a -> a).count();
            Story.say("""
                    Ana and Ben were released at the same moment: %d write applied, the other came back as
                    ConditionalCheckFailedException, which is the 409. Each attempt costs what the plain write
                    costs: one request, billed by the larger of the slot item before and after it (under 1 KB,
                    so one write unit). The loser pays its unit too: a failed condition is still billed for the
                    item it tested. Where Cassandra's lightweight transaction needs several Paxos round trips, the
                    condition here is evaluated by the partition's leader, which orders writes to its items.""",
                    winners);

            int diners = 12;
            LocalTime nine = LocalTime.of(21, 0);
            Metered<List<Boolean>> crowd = db.measure(() -> Contenders.race(diners,
                    d -> () -> bookSlot(db, slots, evening, nine, TABLE_SEVEN, 300 + d, 2)));
            String holder = db.plain().getItem(g -> g.tableName(slots).key(slotKey(evening, nine, TABLE_SEVEN)).consistentRead(true))
                    .item().get("user_id").n();
            Story.say("""
                    %d diners released at once on table 7 at 21:00: %d applied, %d refused; the slot holds user %s.
                    All %d attempts together: %s, %s write units.""",
                    diners, crowd.value().stream().filter(a -> a).count(), crowd.value().stream().filter(a -> !a).count(), holder,
                    diners, crowd.cost().requestsText(), crowd.cost().writeUnitsText());
            RECAP.line("DynamoDB: a ConditionExpression, one request per attempt; of %d diners racing, %d won",
                    diners, crowd.value().stream().filter(a -> a).count());
        }
    }

    /** Claims the slot if it exists, is free and seats the party; false when the condition failed. */
    static boolean bookSlot(MeteredClient db, String slots, LocalDate date, LocalTime time, int table, long user, int party) {
        UpdateItemRequest claim = UpdateItemRequest.builder().tableName(slots).key(slotKey(date, time, table))
                .updateExpression("SET reservation_id = :r, user_id = :u")
                .conditionExpression("attribute_exists(pk) AND attribute_not_exists(reservation_id) AND seats >= :party")
                .expressionAttributeValues(Map.of(":r", fromS(UUID.randomUUID().toString()), ":u", fromN(Long.toString(user)),
                        ":party", fromN(Integer.toString(party))))
                .build();
        try {
            db.client().updateItem(claim);
            return true;
        } catch (ConditionalCheckFailedException taken) {
            return false;
        }
    }

    static Map<String, AttributeValue> slotKey(LocalDate date, LocalTime time, int table) {
        return Map.of("pk", fromS(slotPartition(date)), "sk", fromS(slotSort(time, table)));
    }

    static String slotPartition(LocalDate date) {
        return LE_SEPT + "#" + date;
    }

    /** Fixed width, so text order is time order, then table order. */
    static String slotSort(LocalTime time, int table) {
        return String.format("%s#%02d", time, table);
    }

    static void costRow(TextTable table, String write, Measured<Boolean> measured) {
        QueryCost cost = measured.cost();
        table.row(write, measured.value() ? "yes" : "no", cost.requests(), cost.paxosSteps(), cost.partitionWrites(),
                cost.paxosWrites(), cost.rowsRead());
    }

    static long count(MemoryDatabase db, String sql, Object... parameters) throws SQLException {
        try (Connection connection = db.connect()) {
            return Sql.count(connection, sql, parameters);
        }
    }

    static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }
}
