package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.SimpleStatement;
import com.datastax.oss.driver.api.core.cql.Statement;
import com.datastax.oss.driver.api.core.metadata.Node;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Supplier;

/**
 * A stand-in for a session that, while a test says so, sends every statement the code under test
 * runs to one chosen coordinator, with a timeout of its own: how a test reads through the replica
 * that missed writes, or keeps a frozen node from coordinating, whatever levels the code sets.
 * Outside {@link #through} it forwards everything unchanged.
 */
public final class RoutedSession {

    private record Route(Node node, Duration timeout) {}

    private final AtomicReference<Route> route = new AtomicReference<>();
    private final CqlSession session;

    private RoutedSession(CqlSession target) {
        this.session = (CqlSession) Proxy.newProxyInstance(CqlSession.class.getClassLoader(),
                new Class<?>[] {CqlSession.class}, (proxy, method, args) -> {
                    Route current = route.get();
                    Method call = method;
                    Object[] arguments = args;
                    if (current != null && method.getName().startsWith("execute") && args != null && args.length == 1) {
                        Statement<?> statement = args[0] instanceof String cql ? SimpleStatement.newInstance(cql)
                                : args[0] instanceof Statement<?> given ? given : null;
                        if (statement != null) {
                            call = CqlSession.class.getMethod(method.getName(), Statement.class);
                            arguments = new Object[] {statement.setNode(current.node()).setTimeout(current.timeout())};
                        }
                    }
                    try {
                        return call.invoke(target, arguments);
                    } catch (InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
    }

    public static RoutedSession around(CqlSession target) {
        return new RoutedSession(target);
    }

    /** The session to give the code under test. */
    public CqlSession session() {
        return session;
    }

    /** Runs the work with every statement coordinated by this node, each given at most this long. */
    public <T> T through(Node node, Duration timeout, Supplier<T> work) {
        route.set(new Route(node, timeout));
        try {
            return work.get();
        } finally {
            route.set(null);
        }
    }
}
