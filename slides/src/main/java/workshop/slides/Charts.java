package workshop.slides;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import workshop.fixtures.chart.CostChart;
import workshop.kit.Workshop;
import workshop.kit.lessons.Lesson;
import workshop.kit.lessons.Lessons;

/**
 * Regenerates the charts the decks show from real runs: reruns each lesson that draws one (a chart
 * named lessonNN-... comes from lesson NN), then copies it from .workshop/charts next to the decks.
 * ./mvnw -q -pl slides -am verify -Pcharts               every chart the decks show, then the usual checks
 * ./mvnw -q -pl slides -am verify -Pcharts -Dlessons=01   only lesson 01's charts
 */
public final class Charts {

    private static final Pattern IMAGE = Pattern.compile("image::?([^\\[\\s]+\\.png)\\[");
    private static final Pattern LESSON_CHART = Pattern.compile("lesson(\\d{2})-.+\\.png");

    private Charts() {}

    public static void main(String... args) throws IOException, InterruptedException {
        List<String> lessons = Arrays.stream(args).flatMap(a -> Arrays.stream(a.split(",")))
                .map(String::strip).filter(a -> !a.isEmpty()).toList();
        Map<String, TreeSet<String>> chartsByLesson = new TreeMap<>();
        for (Deck deck : Decks.lessons()) {
            collectCharts(deck, chartsByLesson);
        }
        if (!lessons.isEmpty()) {
            chartsByLesson.keySet().retainAll(lessons);
        }
        for (Map.Entry<String, TreeSet<String>> entry : chartsByLesson.entrySet()) {
            Lesson lesson = Lessons.require(entry.getKey());
            run(lesson);
            for (String chart : entry.getValue()) {
                Path made = CostChart.chartsDir().resolve(chart);
                if (!Files.isRegularFile(made)) {
                    throw new IllegalStateException("./jbang " + lesson.alias() + " ran but did not write " + made
                            + "; check the name the lesson passes to CostChart.save against the deck's image:: line.");
                }
                Files.copy(made, Decks.charts().resolve(chart), StandardCopyOption.REPLACE_EXISTING);
                System.out.println("Copied " + chart + " from a fresh run of " + lesson.alias());
            }
        }
    }

    /** Adds the charts a deck shows to the map, under the lesson that draws them. */
    static void collectCharts(Deck deck, Map<String, TreeSet<String>> charts) {
        Matcher image;
        try {
            image = IMAGE.matcher(Files.readString(deck.source()));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        while (image.find()) {
            Matcher chart = LESSON_CHART.matcher(image.group(1));
            if (!chart.matches()) {
                throw new IllegalStateException(deck.source().getFileName() + " shows " + image.group(1)
                        + ": a chart's name must start with the lesson that draws it (lessonNN-...).");
            }
            charts.computeIfAbsent(chart.group(1), k -> new TreeSet<>()).add(image.group(1));
        }
    }

    private static void run(Lesson lesson) throws IOException, InterruptedException {
        System.out.println("Running ./jbang " + lesson.alias() + " for its charts...");
        Process process = new ProcessBuilder(Workshop.root().resolve("jbang").toString(), lesson.alias())
                .directory(Workshop.root().toFile())
                .redirectOutput(ProcessBuilder.Redirect.INHERIT).redirectError(ProcessBuilder.Redirect.INHERIT).start();
        process.getOutputStream().close(); // the lesson reads no input; the test JVM's stdin stays its own
        if (process.waitFor() != 0) {
            throw new IllegalStateException("./jbang " + lesson.alias() + " failed (exit " + process.exitValue()
                    + "); fix the lesson run first, then regenerate the charts.");
        }
    }
}
