//DEPS org.apache.cassandra:java-driver-core:4.19.2
//DEPS org.slf4j:slf4j-api:2.0.20
//DEPS org.slf4j:slf4j-simple:2.0.20
//DEPS me.tongfei:progressbar:0.10.1
//DEPS info.picocli:picocli:4.7.7
//DEPS software.amazon.awssdk:dynamodb:2.57.8
//DEPS software.amazon.awssdk:url-connection-client:2.57.8
//RUNTIME_OPTIONS -XX:+IgnoreUnrecognizedVMOptions --sun-misc-unsafe-memory-access=allow --enable-native-access=ALL-UNNAMED
/**
 * The kit: stores, cost probes, terminal output, processes and the catalogue, shared by every
 * lesson and tool (the lessons' domains are in the fixtures module). Lessons and tools compile its
 * sources with jbang, which takes the kit's libraries from the //DEPS lines above, the one place
 * they are listed for scripts; Maven takes them from kit/pom.xml, and KitDependenciesTest keeps the
 * two lists the same.
 *
 * <p>The //RUNTIME_OPTIONS line reaches every script's JVM the same way. On Java 24 and newer the
 * JVM warns, on the learner's terminal, when a library calls sun.misc.Unsafe's memory access
 * (the driver's shaded Guava) or loads native code (jnr, for the driver's process id); the two
 * options allow both, silently. Java 17 knows the second and not the first, which would stop it;
 * -XX:+IgnoreUnrecognizedVMOptions lets it pass over that one (jbang's advice for such options).
 */
package workshop.kit;
