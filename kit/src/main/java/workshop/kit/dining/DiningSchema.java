package workshop.kit.dining;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.SQLException;
import java.sql.Statement;
import java.time.LocalDate;
import java.time.LocalTime;
import java.time.ZoneId;
import java.util.List;

/**
 * The restaurant-booking model of lesson 07 in a relational store. Every table that a booking
 * touches starts its key with restaurant_id, so one booking stays inside one partition.
 * Slot times are the restaurant's local date and time; the restaurant row carries its zone.
 */
public final class DiningSchema {

    /** The statements that create the model, in order; lessons print them, tests run them. */
    public static final List<String> TABLES = List.of("""
            CREATE TABLE restaurants (
              restaurant_id BIGINT PRIMARY KEY, name VARCHAR(100) NOT NULL, city VARCHAR(60) NOT NULL,
              cuisine VARCHAR(40) NOT NULL, timezone VARCHAR(40) NOT NULL)""", """
            CREATE TABLE tables (
              restaurant_id BIGINT, table_id INT, seats INT NOT NULL,
              PRIMARY KEY (restaurant_id, table_id))""", """
            CREATE TABLE slots (
              restaurant_id BIGINT, slot_date DATE, slot_time TIME, table_id INT,
              seats INT NOT NULL, reservation_id UUID,  -- NULL: the table is free at this sitting
              PRIMARY KEY (restaurant_id, slot_date, slot_time, table_id))""", """
            CREATE TABLE reservations (
              restaurant_id BIGINT, reservation_id UUID, table_id INT NOT NULL, slot_date DATE NOT NULL,
              slot_time TIME NOT NULL, user_id BIGINT NOT NULL, party_size INT NOT NULL,
              status VARCHAR(12) NOT NULL, created_at TIMESTAMP WITH TIME ZONE NOT NULL,
              PRIMARY KEY (restaurant_id, reservation_id))""", """
            CREATE TABLE outbox (
              event_seq BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY, reservation_id UUID NOT NULL,
              version INT NOT NULL, kind VARCHAR(12) NOT NULL, user_id BIGINT NOT NULL,
              restaurant_name VARCHAR(100) NOT NULL, slot_date DATE NOT NULL, slot_time TIME NOT NULL,
              party_size INT NOT NULL)""", """
            CREATE TABLE user_reservations (
              user_id BIGINT, slot_date DATE, slot_time TIME, reservation_id UUID,
              -- A copy on purpose, so the diner's list needs no join. Source of truth: restaurants.name.
              -- Kept up by the rename job; stale until its next run after a rename: acceptable.
              restaurant_name VARCHAR(100) NOT NULL,
              party_size INT NOT NULL, status VARCHAR(12) NOT NULL, version INT NOT NULL,
              PRIMARY KEY (user_id, slot_date, slot_time, reservation_id))""");

    private DiningSchema() {}

    public static void create(Connection connection) throws SQLException {
        try (Statement ddl = connection.createStatement()) {
            for (String table : TABLES) {
                ddl.execute(table);
            }
        }
    }

    public static void addRestaurant(Connection connection, long restaurantId, String name, String city,
                                     String cuisine, ZoneId zone) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO restaurants (restaurant_id, name, city, cuisine, timezone) VALUES (?, ?, ?, ?, ?)")) {
            insert.setLong(1, restaurantId);
            insert.setString(2, name);
            insert.setString(3, city);
            insert.setString(4, cuisine);
            insert.setString(5, zone.getId());
            insert.executeUpdate();
        }
    }

    /** Tables numbered 1..n with the given seats. */
    public static void addTables(Connection connection, long restaurantId, int... seats) throws SQLException {
        try (PreparedStatement insert = connection.prepareStatement(
                "INSERT INTO tables (restaurant_id, table_id, seats) VALUES (?, ?, ?)")) {
            for (int table = 1; table <= seats.length; table++) {
                insert.setLong(1, restaurantId);
                insert.setInt(2, table);
                insert.setInt(3, seats[table - 1]);
                insert.addBatch();
            }
            insert.executeBatch();
        }
    }

    /** One free slot per table of the restaurant, per sitting, per day from {@code from}; returns the rows added. */
    public static int openSlots(Connection connection, long restaurantId, LocalDate from, int days,
                                List<LocalTime> sittings) throws SQLException {
        int added = 0;
        try (PreparedStatement insert = connection.prepareStatement("""
                INSERT INTO slots (restaurant_id, slot_date, slot_time, table_id, seats)
                SELECT restaurant_id, ?, ?, table_id, seats FROM tables WHERE restaurant_id = ?""")) {
            for (int day = 0; day < days; day++) {
                for (LocalTime sitting : sittings) {
                    insert.setObject(1, from.plusDays(day));
                    insert.setObject(2, sitting);
                    insert.setLong(3, restaurantId);
                    added += insert.executeUpdate();
                }
            }
        }
        return added;
    }
}
