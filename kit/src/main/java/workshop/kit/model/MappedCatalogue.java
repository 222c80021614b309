package workshop.kit.model;

import com.datastax.oss.driver.api.core.CqlSession;
import java.util.List;
import java.util.Map;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.TableShape;

/**
 * A catalogue built from a conceptual model and a workflow, so {@code ./jbang catalogue --plan}
 * reviews and draws the logical model before any table exists, and {@code ./jbang catalogue}
 * builds the physical tables, loads the sample rows and checks every query on the store. Write
 * the model, the workflow, the sample rows and each query's sample values; the logical model is
 * the one the mapping rules derive unless {@link #logical()} says otherwise.
 */
public abstract class MappedCatalogue implements Catalogue {

    private CqlSession session;

    public abstract ConceptualModel conceptual();

    public abstract Workflow workflow();

    /** The logical model: by default what the mapping rules derive from the model and the workflow. */
    public LogicalModel logical() {
        return MappingRules.derive(conceptual(), workflow());
    }

    /** The sample data, each row as the attributes it carries by name (see {@link PhysicalTables#load}). */
    protected abstract List<Map<String, Object>> rows();

    /** The values one run of the query binds: its equality values in its order, then a range's two bounds. */
    protected abstract List<Object> sample(Query query);

    @Override
    public String name() {
        return workflow().name();
    }

    @Override
    public void setUp(CqlSession newSession) {
        session = newSession;
        PhysicalTables.create(session, conceptual(), logical());
        PhysicalTables.load(session, logical(), name(), rows());
    }

    /** Each query planned on its table, served by its statement on the sample values; the statements are prepared when run. */
    @Override
    public List<AccessPattern> patterns() {
        LogicalModel logical = logical();
        Workflow workflow = workflow();
        return logical.patterns(workflow).stream().map(pattern -> {
            Query query = workflow.query(pattern.id()).orElseThrow();
            List<Object> values = sample(query);
            return pattern.servedBy(values.toString(),
                    () -> session.execute(session.prepare(logical.select(query)).bind(values.toArray())).all());
        }).toList();
    }

    @Override
    public List<TableShape> plannedTables() {
        return logical().shapes(conceptual());
    }
}
