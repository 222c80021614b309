package workshop.lesson09a;

import workshop.kit.catalogue.Mark;
import workshop.kit.model.ConceptualModel;
import workshop.kit.model.Entity;
import workshop.kit.model.LogicalModel;
import workshop.kit.model.LogicalTable;
import workshop.kit.model.Query;
import workshop.kit.model.Relationship;
import workshop.kit.model.Relationship.Cardinality;
import workshop.kit.model.Workflow;

/**
 * Reference solution. A ride is told apart by its ride_id, not by when it started: a group
 * undocks in one second. B1 and B2 each get a table of rides keyed by what they fix, ordered
 * newest first, with ride_id last so no ride replaces another; B3 a table of stations by district.
 */
public class BikeShareModel {

    // tag::conceptual[]
    public ConceptualModel conceptual() {
        return ConceptualModel.of("bike share")
                .with(Entity.of("Station").key("station_id text").attributes("station_name text", "district text"))
                .with(Entity.of("Rider").key("rider_id text").attributes("rider_name text"))
                .with(Entity.of("Ride").key("ride_id text").attributes("started_at timestamp", "minutes int"))
                .with(Relationship.of("takes", "Rider", Cardinality.ONE_TO_MANY, "Ride"))
                .with(Relationship.of("starts", "Station", Cardinality.ONE_TO_MANY, "Ride"));
    }
    // end::conceptual[]

    // tag::workflow[]
    public Workflow workflow() {
        return Workflow.of("bike share",
                query(RideQuestions.B1).finds("Ride").equal("rider_id").orderBy("started_at", Mark.DESCENDING),
                query(RideQuestions.B2).finds("Ride").equal("station_id").range("started_at").orderBy("started_at", Mark.DESCENDING),
                query(RideQuestions.B3).finds("Station").equal("district").orderBy("station_name", Mark.ASCENDING));
    }
    // end::workflow[]

    private static Query query(RideQuestions question) {
        return Query.of(question.name(), question.question()).rate(question.rate()).p99(question.p99());
    }

    // tag::logical[]
    public LogicalModel logical() {
        return LogicalModel.of(
                LogicalTable.table("rides_by_rider").partitionKey("rider_id").clustering("started_at", Mark.DESCENDING)
                        .clustering("ride_id", Mark.ASCENDING).columns("station_id", "minutes").serves("B1"),
                LogicalTable.table("rides_by_station").partitionKey("station_id").clustering("started_at", Mark.DESCENDING)
                        .clustering("ride_id", Mark.ASCENDING).columns("rider_id", "minutes").serves("B2"),
                LogicalTable.table("stations_by_district").partitionKey("district").clustering("station_name", Mark.ASCENDING)
                        .clustering("station_id", Mark.ASCENDING).serves("B3"));
    }
    // end::logical[]
}
