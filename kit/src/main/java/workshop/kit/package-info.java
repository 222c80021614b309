//DEPS org.apache.cassandra:java-driver-core:4.19.2
//DEPS org.slf4j:slf4j-api:2.0.20
//DEPS org.slf4j:slf4j-simple:2.0.20
//DEPS me.tongfei:progressbar:0.10.1
//DEPS com.h2database:h2:2.3.232
//DEPS org.knowm.xchart:xchart:3.8.8
//DEPS software.amazon.awssdk:dynamodb:2.57.8
//DEPS software.amazon.awssdk:url-connection-client:2.57.8
/**
 * The kit: stores, cost probes, terminal output and charts, shared by every lesson and tool.
 * Lessons and tools compile its sources with jbang, which takes the kit's libraries from the
 * //DEPS lines above, the one place they are listed for scripts; Maven takes them from
 * kit/pom.xml, and KitDependenciesTest keeps the two lists the same.
 */
package workshop.kit;
