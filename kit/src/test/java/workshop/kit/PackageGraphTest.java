package workshop.kit;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The package graph on sources written here: what makes an edge, what does not, and how a cycle reads. */
class PackageGraphTest {

    @Test
    void aCycleIsNamedAsAPathWithTheClassesAndImportsOfEachEdge() {
        PackageGraph graph = PackageGraph.of(Map.of(
                "shop/orders/Order.java", """
                        package shop.orders;

                        import java.util.List;
                        import shop.billing.Invoice;

                        public record Order(List<Invoice> invoices) {}
                        """,
                "shop/billing/Invoice.java", """
                        package shop.billing;

                        import static shop.orders.Order.total;

                        public record Invoice(long cents) {}
                        """));
        List<List<String>> cycles = graph.cycles();
        assertEquals(List.of(List.of("shop.billing", "shop.orders", "shop.billing")), cycles);
        assertEquals("""
                shop.billing -> shop.orders -> shop.billing
                    shop.billing -> shop.orders: Invoice imports static shop.orders.Order.total
                    shop.orders -> shop.billing: Order imports shop.billing.Invoice""", graph.explain(cycles.get(0)));
    }

    @Test
    void aNameWrittenOutInFullInTheCodeIsAnEdgeAndANestedTypeIsInItsPackage() {
        PackageGraph graph = PackageGraph.of(Map.of(
                "a/A.java", "package a;\nimport b.B.Inner;\nclass A { Inner i; }\n",
                "b/B.java", "package b;\nclass B { Object a() { return a.A.class; } }\n"));
        assertEquals("""
                a -> b -> a
                    a -> b: A imports b.B.Inner
                    b -> a: B names a.A.class""", graph.explain(graph.cycles().get(0)));
    }

    @Test
    void aScriptInNoPackageUsesWhatItImportsAndNamesButNotWhatItsCommentsMention() {
        PackageGraph graph = PackageGraph.of(Map.of(
                "a/A.java", "package a;\nimport b.B;\nclass A { B b; }\n",
                "b/B.java", "package b;\nclass B {}\n",
                "c/C.java", "package c;\nclass C {}\n"));
        assertEquals(Set.of("a", "c"), graph.usedBy("""
                //SOURCES ../b/B.java
                import a.A;
                class script { Object c = c.C.class; }
                """));
        assertEquals(Set.of("b"), graph.dependenciesOf("a"));
        assertEquals(Set.of(), graph.dependenciesOf("b"));
    }

    @Test
    void commentsStringsAndOtherLibrariesMakeNoEdge() {
        PackageGraph graph = PackageGraph.of(Map.of(
                "a/A.java", """
                        package a;

                        import java.util.List;

                        /** Drawn by {@link b.B}. */
                        class A {
                            // b.B would make a cycle
                            char quote = '"';
                            String name = "b.B";
                            String block = \"""
                                    b.B
                                    \""";
                            List<String> names = List.of(name);
                        }
                        """,
                "b/B.java", "package b;\nimport a.A;\nclass B { A a; }\n"));
        assertEquals(List.of(), graph.cycles());
    }

    @Test
    void layersHaveNoCycleAndACircleOfThreeIsOneCycle() {
        String layered = "package top;\nimport middle.M;\nimport bottom.B;\nclass T {}\n";
        Map<String, String> layers = Map.of("top/T.java", layered,
                "middle/M.java", "package middle;\nimport bottom.B;\nclass M {}\n",
                "bottom/B.java", "package bottom;\nclass B {}\n");
        assertEquals(List.of(), PackageGraph.of(layers).cycles());

        Map<String, String> circle = Map.of("top/T.java", layered,
                "middle/M.java", "package middle;\nimport bottom.B;\nclass M {}\n",
                "bottom/B.java", "package bottom;\nclass B { middle.M m; }\n");
        assertEquals(List.of(List.of("bottom", "middle", "bottom")), PackageGraph.of(circle).cycles());

        Map<String, String> ring = Map.of("x/X.java", "package x;\nimport y.Y;\nclass X {}\n",
                "y/Y.java", "package y;\nimport z.Z;\nclass Y {}\n",
                "z/Z.java", "package z;\nimport x.X;\nclass Z {}\n");
        assertEquals(List.of(List.of("x", "y", "z", "x")), PackageGraph.of(ring).cycles());
    }
}
