package workshop.testkit;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A stand-in for a session or client that forwards every call to the real one and runs the
 * test's own step just before or just after chosen calls. Tests use it to make a race certain:
 * another writer committing between the code's read and its write, or workers released together.
 */
public final class Interposed {

    /** What runs around a call; sees the method and its arguments. */
    @FunctionalInterface
    public interface Step {
        void run(Method method, Object[] args) throws Exception;
    }

    private Interposed() {}

    public static <T> T around(Class<T> type, T target, Step before, Step after) {
        InvocationHandler handler = (proxy, method, args) -> {
            Object[] arguments = args == null ? new Object[0] : args;
            before.run(method, arguments);
            Object result;
            try {
                result = method.invoke(target, args);
            } catch (InvocationTargetException e) {
                throw e.getCause();
            }
            after.run(method, arguments);
            return result;
        };
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
    }

    /** Nothing: for the side without a step. */
    public static void nothing(Method method, Object[] args) {}
}
