package workshop.kit.catalogue.dynamo;

import java.util.ArrayList;
import java.util.List;
import software.amazon.awssdk.core.SdkRequest;
import software.amazon.awssdk.core.interceptor.Context;
import software.amazon.awssdk.core.interceptor.ExecutionAttributes;
import software.amazon.awssdk.core.interceptor.ExecutionInterceptor;

/** Every request the metered client sent, as sent: the checker reads a run's consistency, index and filter from them. */
final class RequestLog implements ExecutionInterceptor {

    private final List<SdkRequest> sent = new ArrayList<>();

    @Override
    public void beforeExecution(Context.BeforeExecution context, ExecutionAttributes attributes) {
        synchronized (sent) {
            sent.add(context.request());
        }
    }

    int size() {
        synchronized (sent) {
            return sent.size();
        }
    }

    List<SdkRequest> since(int index) {
        synchronized (sent) {
            return new ArrayList<>(sent.subList(index, sent.size()));
        }
    }
}
