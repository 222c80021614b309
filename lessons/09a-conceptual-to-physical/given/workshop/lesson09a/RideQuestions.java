package workshop.lesson09a;

import java.time.Duration;
import workshop.kit.catalogue.Rate;

/**
 * The brief of a bike-share app. Its data: stations (station_id text, station_name text,
 * district text), riders (rider_id text, rider_name text) and rides (ride_id text, started_at
 * timestamp, minutes int). A rider takes many rides; a ride starts at one station, which sees
 * many. Use these attribute names and types: {@link BikeShareData} gives its rows by them.
 * The questions below, their rates and targets; the model and the tables are yours.
 */
public enum RideQuestions {
    B1("a rider's rides, newest first", Rate.perSecond(1_500), Duration.ofMillis(20)),
    B2("the rides that started at a station between two times, newest first", Rate.perSecond(800), Duration.ofMillis(20)),
    B3("the stations of a district, by station name", Rate.perSecond(50), Duration.ofMillis(50));

    private final String question;
    private final Rate rate;
    private final Duration p99;

    RideQuestions(String question, Rate rate, Duration p99) {
        this.question = question;
        this.rate = rate;
        this.p99 = p99;
    }

    public String question() {
        return question;
    }

    public Rate rate() {
        return rate;
    }

    public Duration p99() {
        return p99;
    }
}
