package workshop.kit.dynamo;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttribute;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;
import software.amazon.awssdk.services.dynamodb.model.ConditionalCheckFailedException;
import software.amazon.awssdk.services.dynamodb.model.CreateTableRequest;
import software.amazon.awssdk.services.dynamodb.model.DeleteTableRequest;
import software.amazon.awssdk.services.dynamodb.model.TransactionCanceledException;
import software.amazon.awssdk.services.dynamodb.model.UpdateTableRequest;
import workshop.kit.dynamo.ItemImages.Ref;

/**
 * Costs the data calls a client makes while a measurement is open, from the request and the
 * response, by AWS's formula: each call goes to the recorder of its operation family (query and
 * scan, gets, writes, transactions). Writes are billed by the larger of the item before and after,
 * so the old items are sized before the call runs: one read more per write, which is why a call no
 * measurement covers (loading a test's rows, say) is not costed at all. Failed conditional writes
 * and cancelled transactions still cost the old item's size, as on AWS; other refused calls cost
 * nothing. Against real AWS, AWS's own figure is kept beside ours. Not modelled: the extra writes
 * to a global secondary index.
 */
final class CostRecorder implements ExecutionInterceptor {

    private static final ExecutionAttribute<Map<Ref, Long>> SIZES_BEFORE = new ExecutionAttribute<>("workshop.sizes-before");
    private static final ExecutionAttribute<Boolean> COSTED = new ExecutionAttribute<>("workshop.costed");

    private final ItemImages images;
    private final boolean askAws;
    private final List<OperationCosts> families;
    private final List<DynamoCost> costs = new ArrayList<>();
    private final AtomicInteger measurements = new AtomicInteger();

    CostRecorder(ItemImages images, boolean askAws) {
        this.images = images;
        this.askAws = askAws;
        this.families = List.of(new QueryScanCosts(images.plain()), new GetCosts(images), new WriteCosts(images),
                new TransactionCosts(images));
    }

    /**
     * Opens a measurement (they may overlap, from several threads): the calls that start from now
     * until it ends are costed. Returns where its costs begin, for {@link #since}.
     */
    int startMeasurement() {
        measurements.incrementAndGet();
        return recorded();
    }

    void endMeasurement() {
        measurements.decrementAndGet();
    }

    /** Whether the calls go to real AWS (which is then asked for its own figure). */
    boolean realAws() {
        return askAws;
    }

    int recorded() {
        synchronized (costs) {
            return costs.size();
        }
    }

    List<DynamoCost> since(int index) {
        synchronized (costs) {
            return new ArrayList<>(costs.subList(index, costs.size()));
        }
    }

    /** Against real AWS, asks for its own figure too. */
    @Override
    public SdkRequest modifyRequest(Context.ModifyRequest context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        return askAws ? familyOf(request).map(f -> f.askingForCapacity(request)).orElse(request) : request;
    }

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        if (measurements.get() == 0) {
            return;
        }
        attributes.putAttribute(COSTED, Boolean.TRUE);
        SdkRequest request = context.request();
        familyOf(request).map(f -> f.itemsWritten(request)).filter(refs -> !refs.isEmpty())
                .ifPresent(refs -> attributes.putAttribute(SIZES_BEFORE, images.sizes(refs)));
    }

    @Override
    public void afterExecution(Context.AfterExecution context, ExecutionAttributes attributes) {
        SdkRequest request = context.request();
        if (costed(attributes)) {
            familyOf(request).ifPresent(f -> record(request, f.cost(request, context.response(), attributes.getAttribute(SIZES_BEFORE))));
        }
        tableChangedBy(request).ifPresent(images::forget);
    }

    @Override
    public void onExecutionFailure(Context.FailedExecution context, ExecutionAttributes attributes) {
        if (!costed(attributes)) {
            return;
        }
        SdkRequest request = context.request();
        boolean conditionFailed = context.exception() instanceof ConditionalCheckFailedException
                || context.exception() instanceof TransactionCanceledException;
        familyOf(request).flatMap(f -> f.refused(request, attributes.getAttribute(SIZES_BEFORE), conditionFailed))
                .ifPresent(cost -> record(request, cost));
    }

    private static boolean costed(ExecutionAttributes attributes) {
        return Boolean.TRUE.equals(attributes.getAttribute(COSTED));
    }

    private Optional<OperationCosts> familyOf(SdkRequest request) {
        return families.stream().filter(f -> f.covers(request)).findFirst();
    }

    /** A table created, changed or deleted: its key schema may have changed. */
    private static Optional<String> tableChangedBy(SdkRequest request) {
        if (request instanceof CreateTableRequest c) {
            return Optional.of(c.tableName());
        } else if (request instanceof DeleteTableRequest d) {
            return Optional.of(d.tableName());
        } else if (request instanceof UpdateTableRequest u) {
            return Optional.of(u.tableName());
        }
        return Optional.empty();
    }

    /**
     * Kept with the tables and indexes the request named. Emulators may answer a ConsumedCapacity
     * nobody asked for: only AWS's own counts.
     */
    private void record(SdkRequest request, DynamoCost cost) {
        DynamoCost kept = new DynamoCost(cost.requestsByOperation(), cost.itemsRead(), cost.itemsReturned(), cost.readUnits(),
                cost.itemsWritten(), cost.writeUnits(), cost.rejected(), askAws ? cost.awsUnits() : null, Target.of(request));
        synchronized (costs) {
            costs.add(kept);
        }
    }
}
