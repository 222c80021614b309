package workshop.lesson09a;

import workshop.kit.model.ConceptualModel;
import workshop.kit.model.LogicalModel;
import workshop.kit.model.Workflow;

/**
 * Exercise 09a: the bike-share brief ({@link RideQuestions}) taken through the method's steps,
 * as data (workshop.kit.model). First what the data is, then what the app asks, then the tables.
 * The tests check your logical model by Chebotko's mapping rules (MappingRules.check), then build
 * it on the cluster, load {@link BikeShareData} and run each question: one partition, the right
 * answer. Compare with what the rules derive: MappingRules.derive(conceptual(), workflow()).
 */
public class BikeShareModel {

    /** Stations, riders and rides, with their keys, and how they relate (Entity, Relationship). */
    public ConceptualModel conceptual() {
        // TODO: ConceptualModel.of("bike share").with(Entity.of("Station").key(...).attributes(...)) ... and the relationships
        throw new UnsupportedOperationException("TODO: write the conceptual model");
    }

    /** B1 to B3 as queries: what each finds, fixes by =, searches by range, orders by; its rate and p99. */
    public Workflow workflow() {
        // TODO: Workflow.of("bike share", Query.of("B1", ...).finds(...).equal(...)...)
        throw new UnsupportedOperationException("TODO: write the workflow");
    }

    /** One table per question, each saying which it serves (LogicalTable.table(...)...serves("B1")). */
    public LogicalModel logical() {
        // TODO: LogicalModel.of(LogicalTable.table("...").partitionKey(...).clustering(..., Mark...)...)
        throw new UnsupportedOperationException("TODO: write the logical model");
    }
}
