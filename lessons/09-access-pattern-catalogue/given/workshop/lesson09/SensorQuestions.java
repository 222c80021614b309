package workshop.lesson09;

import java.time.Duration;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Rate;

/**
 * What the sensor application asks, how often at peak, and how fast it must answer: the product
 * side of the catalogue. Given: the tests hold your catalogue to these rates and targets.
 * The step before tables (lesson 09a): write the entities, keys and relationships, and each
 * question's equality, range and order attributes; workshop.kit.model.MappingRules derives keys.
 */
public enum SensorQuestions {
    S1("the 50 newest readings of a sensor, newest first (its live graph)", Rate.perSecond(10_000), Duration.ofMillis(50)),
    S2("every reading of a sensor on one day, oldest first (a day chart)", Rate.perSecond(1_000), Duration.ofMillis(100)),
    S3("the latest reading of every sensor at a site (the site dashboard)", Rate.perSecond(2_000), Duration.ofMillis(50)),
    S4("the sensors that went above the alert threshold in a month (a compliance report)", Rate.perMonth(1), Duration.ofHours(1)),
    S5("sensors whose description contains some words (the search box)", Rate.perSecond(20), Duration.ofMillis(500)),
    S6("one reading, by sensor and exact time (the link in an alert)", Rate.perSecond(5), Duration.ofMillis(100));

    private final String question;
    private final Rate rate;
    private final Duration p99;

    SensorQuestions(String question, Rate rate, Duration p99) {
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

    /** The question as an access pattern with its rate and target; you add the plan and the code that serves it. */
    public AccessPattern pattern() {
        return AccessPattern.of(name(), question).rate(rate).p99(p99);
    }
}
