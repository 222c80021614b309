package workshop.kit.catalogue.dynamo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;
import software.amazon.awssdk.services.dynamodb.model.AttributeValue;
import workshop.kit.catalogue.Rate;

/**
 * One question a DynamoDB design answers, the counterpart of the Cassandra catalogue's
 * {@link workshop.kit.catalogue.AccessPattern}, built the same way:
 * {@code DynamoPattern.of("AP1", "...").rate(...).plan(...).servedBy(...)}. Beside its rate it may
 * carry what the brief says about sizes ({@link #sized}), how often its busiest key is asked
 * ({@link #busiestKey}) and, for a write, the item it writes ({@link #writing}); the plan review
 * judges those before any table exists.
 *
 * @param id         a short name ("AP1")
 * @param question   what is asked, in words
 * @param rate       how often, at peak
 * @param plan       the declared plan
 * @param samples    the serving code on realistic arguments, one run per sample
 * @param sizes      the brief's sizes of what it reads or writes; null when not declared
 * @param busiestKey how often the busiest single key is asked or written; null when the rate spreads over many keys
 * @param written    the item a write pattern writes, as the brief shapes it; null when not declared
 */
public record DynamoPattern(String id, String question, Rate rate, DynamoPlan plan, List<Sample> samples, Sizes sizes,
                            Rate busiestKey, Map<String, AttributeValue> written) {

    /** The serving code on one set of arguments; it must call the client the catalogue was given. */
    public record Sample(String label, Supplier<?> run) {}

    /**
     * How big the brief says things get: one item's bytes at their largest, and how many such items
     * one item collection (one partition key value) holds at its largest.
     */
    public record Sizes(long itemBytes, long itemsInCollection) {

        public long collectionBytes() {
            return itemBytes * itemsInCollection;
        }
    }

    public DynamoPattern {
        samples = List.copyOf(samples);
        written = written == null ? null : Map.copyOf(written);
    }

    public static DynamoPattern of(String id, String question) {
        return new DynamoPattern(id, question, null, null, List.of(), null, null, null);
    }

    public DynamoPattern rate(Rate newRate) {
        return new DynamoPattern(id, question, newRate, plan, samples, sizes, busiestKey, written);
    }

    public DynamoPattern plan(DynamoPlan newPlan) {
        return new DynamoPattern(id, question, rate, newPlan, samples, sizes, busiestKey, written);
    }

    /** Items up to this many bytes, up to this many in one item collection, as the brief says. */
    public DynamoPattern sized(long itemBytes, long itemsInCollection) {
        return new DynamoPattern(id, question, rate, plan, samples, new Sizes(itemBytes, itemsInCollection), busiestKey, written);
    }

    /** The busiest key's share of the rate: every call at this rate names the same partition key. */
    public DynamoPattern busiestKey(Rate onOneKey) {
        return new DynamoPattern(id, question, rate, plan, samples, sizes, onOneKey, written);
    }

    /** The item a write writes, with the attributes the brief gives it: its index copies are counted from it. */
    public DynamoPattern writing(Map<String, AttributeValue> item) {
        return new DynamoPattern(id, question, rate, plan, samples, sizes, busiestKey, item);
    }

    public DynamoPattern servedBy(String label, Supplier<?> run) {
        List<Sample> more = new ArrayList<>(samples);
        more.add(new Sample(label, run));
        return new DynamoPattern(id, question, rate, plan, more, sizes, busiestKey, written);
    }
}
