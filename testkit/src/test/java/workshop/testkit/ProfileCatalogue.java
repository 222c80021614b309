package workshop.testkit;

import com.datastax.oss.driver.api.core.CqlSession;
import com.datastax.oss.driver.api.core.cql.AsyncResultSet;
import com.datastax.oss.driver.api.core.cql.PreparedStatement;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.stream.IntStream;
import workshop.kit.cassandra.BulkWriter;
import workshop.kit.cassandra.Keyspaces;
import workshop.kit.catalogue.AccessPattern;
import workshop.kit.catalogue.Catalogue;
import workshop.kit.catalogue.Plan;
import workshop.kit.catalogue.Rate;

/**
 * docs/catalogue.md's second worked example: a page of posts shows its 20 authors' names, read side by
 * side with executeAsync, and a user renames themselves with one write. Its report: the multi-get
 * explained (asked 2,000/s, its answer waits for the slowest of 20 reads), the write green.
 */
public class ProfileCatalogue implements Catalogue {

    static final int USERS = 2_000;
    static final int AUTHORS_ON_A_PAGE = 20;

    private CqlSession session;
    private PreparedStatement nameOf;
    private PreparedStatement rename;

    @Override
    public String name() {
        return "profiles";
    }

    @Override
    public void setUp(CqlSession session) {
        this.session = session;
        session.execute(Keyspaces.schema("CREATE TABLE IF NOT EXISTS profiles (user_id text PRIMARY KEY, name text)"));
        PreparedStatement insert = session.prepare("INSERT INTO profiles (user_id, name) VALUES (?, ?)");
        BulkWriter.write(session, "profiles", USERS, i -> insert.bind("u" + i, "user " + i));
        nameOf = session.prepare("SELECT name FROM profiles WHERE user_id = ?");
        rename = session.prepare("UPDATE profiles SET name = ? WHERE user_id = ?");
    }

    /** The names of a page's authors: every read sent before the first answer is awaited. */
    List<String> authorNames(List<String> authors) {
        List<CompletableFuture<AsyncResultSet>> reads = authors.stream()
                .map(id -> session.executeAsync(nameOf.bind(id)).toCompletableFuture()).toList();
        return reads.stream().map(CompletableFuture::join).map(page -> page.one().getString("name")).toList();
    }

    @Override
    public List<AccessPattern> patterns() {
        List<String> page = IntStream.range(0, AUTHORS_ON_A_PAGE).mapToObj(i -> "u" + i * 97).toList();
        return List.of(
                AccessPattern.of("A1", "the names of a page's 20 authors").rate(Rate.perSecond(2_000)).p99(Duration.ofMillis(50))
                        .plan(Plan.multiGet("profiles", AUTHORS_ON_A_PAGE))
                        .servedBy("a page", () -> authorNames(page)),
                AccessPattern.of("A2", "a user renames themselves").rate(Rate.perSecond(50)).p99(Duration.ofMillis(50))
                        .plan(Plan.write("profiles"))
                        .servedBy("u7", () -> session.execute(rename.bind("Ana", "u7"))));
    }
}
