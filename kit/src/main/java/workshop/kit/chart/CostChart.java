package workshop.kit.chart;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.markers.SeriesMarkers;
import workshop.kit.Workshop;

/**
 * A cost curve (rows read against table size, against page depth...) drawn from measurements
 * and saved as a PNG under .workshop/charts, where the slides pick it up.
 */
public final class CostChart {

    private final String title;
    private final String xLabel;
    private final String yLabel;
    private final Map<String, List<double[]>> series = new LinkedHashMap<>();
    private boolean logAxes;

    public CostChart(String title, String xLabel, String yLabel) {
        this.title = title;
        this.xLabel = xLabel;
        this.yLabel = yLabel;
    }

    /** Log scales on both axes, for sizes that grow by factors of ten. */
    public CostChart logarithmic() {
        this.logAxes = true;
        return this;
    }

    public CostChart point(String seriesName, double x, double y) {
        series.computeIfAbsent(seriesName, k -> new ArrayList<>()).add(new double[] {x, y});
        return this;
    }

    public static Path chartsDir() {
        return Workshop.stateDir().resolve("charts");
    }

    /** Writes name.png under .workshop/charts and returns its path. */
    public Path save(String name) {
        System.setProperty("java.awt.headless", "true");
        XYChart chart = new XYChartBuilder().width(900).height(520).title(title).xAxisTitle(xLabel).yAxisTitle(yLabel).build();
        chart.getStyler().setXAxisLogarithmic(logAxes).setYAxisLogarithmic(logAxes)
                .setLegendPosition(org.knowm.xchart.style.Styler.LegendPosition.InsideNW);
        series.forEach((label, points) -> chart.addSeries(label,
                points.stream().mapToDouble(p -> p[0]).toArray(),
                points.stream().mapToDouble(p -> Math.max(p[1], logAxes ? 0.5 : p[1])).toArray())
                .setMarker(SeriesMarkers.CIRCLE));
        try {
            Files.createDirectories(chartsDir());
            Path file = chartsDir().resolve(name + ".png");
            BitmapEncoder.saveBitmap(chart, file.toString(), BitmapEncoder.BitmapFormat.PNG);
            return file;
        } catch (IOException e) {
            throw new UncheckedIOException("Cannot write chart " + name, e);
        }
    }
}
