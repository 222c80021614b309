package workshop.kit.h2;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.sql.Connection;
import javax.sql.DataSource;

/**
 * A data source whose connections run a step just before each commit, with the transaction's
 * locks still held: a lesson uses it to keep a winner's claim open while a rival queues behind it,
 * without changing the code under demonstration.
 */
public final class BeforeCommit {

    private BeforeCommit() {}

    public static DataSource run(Runnable step, DataSource dataSource) {
        return proxy(DataSource.class, (method, args) -> {
            Object result = method.invoke(dataSource, args);
            return result instanceof Connection connection && method.getName().equals("getConnection")
                    ? holding(connection, step) : result;
        });
    }

    private static Connection holding(Connection connection, Runnable step) {
        return proxy(Connection.class, (method, args) -> {
            if (method.getName().equals("commit")) {
                step.run();
            }
            return method.invoke(connection, args);
        });
    }

    private interface Call {
        Object on(Method method, Object[] args) throws ReflectiveOperationException;
    }

    private static <T> T proxy(Class<T> type, Call call) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            try {
                return call.on(method, args);
            } catch (InvocationTargetException e) {
                throw e.getCause(); // what the real object threw, as it threw it
            }
        }));
    }
}
