package workshop.kit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.Deque;
import java.util.HashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * Which package of a source tree uses which, read from the code: imports (static ones too) and
 * names written out in full in the code (workshop.kit.cassandra.Room), never in comments or strings.
 * Only the tree's own packages count. Each edge keeps the classes and names that make it, so a
 * cycle can be reported as what to move.
 */
final class PackageGraph {

    /** One class's use of another package: the name it imports or writes out. */
    record Use(String className, String name, boolean imported) {

        @Override
        public String toString() {
            return className + (imported ? " imports " : " names ") + name;
        }
    }

    private static final Pattern PACKAGE = Pattern.compile("^\\s*package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile("^\\s*import\\s+(static\\s+)?([\\w.]+(?:\\.\\*)?)\\s*;", Pattern.MULTILINE);
    /** A dotted name not itself after a dot: a package, type or member written out in full. */
    private static final Pattern QUALIFIED = Pattern.compile("(?<![\\w.])[a-zA-Z_]\\w*(?:\\.\\w+)+");

    /** From package to package, each edge with its uses, sorted so a report reads the same every time. */
    private final Map<String, Map<String, Set<Use>>> edges = new TreeMap<>();
    private final Set<String> packages;

    private PackageGraph(Set<String> packages) {
        this.packages = packages;
    }

    /** The graph of the .java files under a source root (a module's src/main/java). */
    static PackageGraph of(Path sourceRoot) {
        try (Stream<Path> files = Files.walk(sourceRoot)) {
            Map<String, String> sources = new TreeMap<>();
            for (Path file : files.filter(p -> p.toString().endsWith(".java")).toList()) {
                sources.put(sourceRoot.relativize(file).toString().replace('\\', '/'), Files.readString(file));
            }
            return of(sources);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The graph of sources given by file name ("a/b/C.java"; the class is the file's name) and text. */
    static PackageGraph of(Map<String, String> sources) {
        Map<String, String> code = new TreeMap<>();
        Map<String, String> packageOf = new HashMap<>();
        sources.forEach((file, text) -> {
            String stripped = withoutCommentsAndLiterals(text);
            Matcher declared = PACKAGE.matcher(stripped);
            if (declared.find()) { // the default package cannot be imported, so it makes no edge
                code.put(file, stripped);
                packageOf.put(file, declared.group(1));
            }
        });
        PackageGraph graph = new PackageGraph(new TreeSet<>(packageOf.values()));
        code.forEach((file, text) -> {
            String from = packageOf.get(file);
            String className = Path.of(file).getFileName().toString().replaceFirst("\\.java$", "");
            graph.uses(className, text).forEach(use -> graph.add(from, use.getKey(), use.getValue()));
        });
        return graph;
    }

    /** The packages of this tree a source uses, such as a script in no package: its imports and names written out. */
    Set<String> usedBy(String source) {
        return uses("", withoutCommentsAndLiterals(source)).stream().map(Map.Entry::getKey).collect(Collectors.toCollection(TreeSet::new));
    }

    /** The packages of this tree a package uses directly. */
    Set<String> dependenciesOf(String from) {
        return Collections.unmodifiableSet(edges.getOrDefault(from, Map.of()).keySet());
    }

    /** Each use of one of this tree's packages in code already without comments and literals, with the package. */
    private List<Map.Entry<String, Use>> uses(String className, String code) {
        List<Map.Entry<String, Use>> uses = new ArrayList<>();
        Matcher imported = IMPORT.matcher(code);
        while (imported.find()) {
            String name = (imported.group(1) == null ? "" : "static ") + imported.group(2);
            packageOf(imported.group(2)).ifPresent(to -> uses.add(Map.entry(to, new Use(className, name, true))));
        }
        Matcher written = QUALIFIED.matcher(IMPORT.matcher(PACKAGE.matcher(code).replaceAll("")).replaceAll(""));
        while (written.find()) {
            String name = written.group();
            packageOf(name).ifPresent(to -> uses.add(Map.entry(to, new Use(className, name, false))));
        }
        return uses;
    }

    Set<String> packages() {
        return Collections.unmodifiableSet(packages);
    }

    /**
     * Every cycle, each as its packages in order with the first again at the end: for each edge,
     * the shortest way back to where it starts. So every edge a cycle runs through is named, and a
     * circle of three packages is one cycle, not three rotations of it.
     */
    List<List<String>> cycles() {
        Set<List<String>> cycles = new LinkedHashSet<>();
        edges.forEach((from, targets) -> targets.keySet().forEach(to ->
                shortestPath(to, from).ifPresent(back -> {
                    List<String> cycle = new ArrayList<>();
                    cycle.add(from);
                    cycle.addAll(back.subList(0, back.size() - 1));
                    cycles.add(startingAtTheFirst(cycle));
                })));
        return cycles.stream().sorted(Comparator.<List<String>>comparingInt(List::size).thenComparing(List::toString)).toList();
    }

    /** The cycle as a path, and under it each edge with the classes and names that make it: what to move. */
    String explain(List<String> cycle) {
        StringBuilder text = new StringBuilder(String.join(" -> ", cycle));
        for (int i = 0; i + 1 < cycle.size(); i++) {
            String from = cycle.get(i);
            String to = cycle.get(i + 1);
            text.append("\n    ").append(from).append(" -> ").append(to).append(": ")
                    .append(edges.get(from).get(to).stream().map(Use::toString).collect(Collectors.joining(", ")));
        }
        return text.toString();
    }

    /** The package of the tree a dotted name is in: its longest prefix that is one, followed by a type. */
    private Optional<String> packageOf(String name) {
        String[] parts = name.split("\\.");
        for (int end = parts.length - 1; end > 0; end--) {
            String prefix = String.join(".", List.of(parts).subList(0, end));
            String next = parts[end];
            if (packages.contains(prefix) && (next.equals("*") || Character.isUpperCase(next.charAt(0)))) {
                return Optional.of(prefix);
            }
        }
        return Optional.empty();
    }

    private void add(String from, String to, Use use) {
        if (!from.equals(to)) {
            edges.computeIfAbsent(from, f -> new TreeMap<>())
                    .computeIfAbsent(to, t -> new TreeSet<>(Comparator.comparing(Use::toString))).add(use);
        }
    }

    /** Breadth first, neighbours in order, so the same graph always gives the same path. */
    private Optional<List<String>> shortestPath(String start, String goal) {
        Map<String, String> cameFrom = new HashMap<>();
        Deque<String> queue = new ArrayDeque<>(List.of(start));
        cameFrom.put(start, start);
        while (!queue.isEmpty()) {
            String at = queue.removeFirst();
            if (at.equals(goal)) {
                List<String> path = new ArrayList<>();
                for (String step = goal; !step.equals(start); step = cameFrom.get(step)) {
                    path.add(0, step);
                }
                path.add(0, start);
                return Optional.of(path);
            }
            for (String next : edges.getOrDefault(at, Map.of()).keySet()) {
                if (cameFrom.putIfAbsent(next, at) == null) {
                    queue.addLast(next);
                }
            }
        }
        return Optional.empty();
    }

    /** One way to write each cycle: rotated to start at its first package in order, and closed. */
    private static List<String> startingAtTheFirst(List<String> open) {
        int first = open.indexOf(Collections.min(open));
        List<String> cycle = new ArrayList<>(open.subList(first, open.size()));
        cycle.addAll(open.subList(0, first));
        cycle.add(cycle.get(0));
        return List.copyOf(cycle);
    }

    /** The code with comments, strings, text blocks and characters blanked, so a name in them makes no edge. */
    static String withoutCommentsAndLiterals(String source) {
        StringBuilder code = new StringBuilder(source.length());
        int i = 0;
        while (i < source.length()) {
            int end;
            if (source.startsWith("//", i)) {
                end = source.indexOf('\n', i);
                end = end < 0 ? source.length() : end;
            } else if (source.startsWith("/*", i)) {
                end = source.indexOf("*/", i + 2);
                end = end < 0 ? source.length() : end + 2;
            } else if (source.startsWith("\"\"\"", i)) {
                end = source.indexOf("\"\"\"", i + 3);
                end = end < 0 ? source.length() : end + 3;
            } else if (source.charAt(i) == '"' || source.charAt(i) == '\'') {
                end = endOfQuoted(source, i);
            } else {
                code.append(source.charAt(i++));
                continue;
            }
            // Newlines stay, so a line-anchored import or package after a comment still starts its line.
            code.append(source.substring(i, end).replaceAll("[^\n]", " "));
            i = end;
        }
        return code.toString();
    }

    private static int endOfQuoted(String source, int open) {
        char quote = source.charAt(open);
        int i = open + 1;
        while (i < source.length() && source.charAt(i) != quote && source.charAt(i) != '\n') {
            i += source.charAt(i) == '\\' ? 2 : 1;
        }
        return Math.min(i + 1, source.length());
    }
}
