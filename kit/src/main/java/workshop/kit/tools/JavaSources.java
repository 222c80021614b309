package workshop.kit.tools;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;

/** Compiles a learner's sources in this JVM, against this JVM's classpath, into a fresh folder. */
public final class JavaSources {

    private JavaSources() {}

    /** The .java files under a folder, sorted; none when it does not exist. */
    public static Stream<Path> javaFiles(Path dir) {
        if (!Files.isDirectory(dir)) {
            return Stream.empty();
        }
        try (Stream<Path> files = Files.walk(dir)) {
            return files.filter(p -> p.toString().endsWith(".java")).sorted().toList().stream();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * Compiles into classes (emptied first) and returns the errors, each as "File.java:line: message";
     * an empty list means it compiled.
     */
    public static List<String> compile(List<Path> sources, Path classes) {
        deleteRecursively(classes);
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        if (javac == null) {
            return List.of("This Java runtime has no compiler. Run the workshop with a JDK (17 or newer), not a JRE.");
        }
        DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
        try (StandardJavaFileManager fileManager = javac.getStandardFileManager(diagnostics, Locale.ROOT, null)) {
            Files.createDirectories(classes);
            List<String> options = List.of("-d", classes.toString(), "-classpath", System.getProperty("java.class.path"),
                    "-proc:none", "-g", "-nowarn", "-encoding", "UTF-8");
            boolean ok = javac.getTask(null, fileManager, diagnostics, options, null,
                    fileManager.getJavaFileObjectsFromPaths(sources)).call();
            if (ok) {
                return List.of();
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return diagnostics.getDiagnostics().stream()
                .filter(d -> d.getKind() == Diagnostic.Kind.ERROR)
                .map(d -> (d.getSource() == null ? "" : Path.of(d.getSource().toUri()).getFileName() + ":" + d.getLineNumber() + ": ")
                        + d.getMessage(Locale.ROOT))
                .toList();
    }

    /** The binary names of the classes compiled into a folder. */
    public static List<String> classNames(Path classes) {
        try (Stream<Path> files = Files.walk(classes)) {
            return files.filter(f -> f.toString().endsWith(".class")).sorted()
                    .map(f -> classes.relativize(f).toString().replace(java.io.File.separatorChar, '.').replaceAll("\\.class$", ""))
                    .toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void deleteRecursively(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
